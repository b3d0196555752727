"""The card data update run by a real Celery worker over Redis (as the compose `beat` service
queues it each day), against a local server shaped like Scryfall."""

import pytest

from decklists.models import CatalogueImport
from support.celery_worker import celery_worker, require_redis, run_client, worker_env
from support.scryfall_server import FILE_NAME, SAMPLE, FixtureServer

_SEND = """
import django
django.setup()
from decklists.tasks import update_cards
print(update_cards.apply_async(queue="{queue}").get(timeout=90))
"""


@pytest.mark.postgres
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_real_celery_worker_imports_the_current_card_data():
    require_redis()
    with FixtureServer(SAMPLE.read_bytes()) as server:
        env = worker_env() | {"TANDEM_SCRYFALL_BULK_DATA_URL": f"{server.url}/bulk-data"}
        with celery_worker(env) as queue:
            client = run_client(_SEND.format(queue=queue), env)
    assert f"26 cards read from {FILE_NAME}" in client.stdout
    record = CatalogueImport.objects.get(kind="cards", source=FILE_NAME)
    assert record.data_date.isoformat() == "2026-11-22"
    assert server.requests == ["/bulk-data", f"/files/{FILE_NAME}"]
