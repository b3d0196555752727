"""The card data kept current (docs/rules.md "Card data and legal"): the scheduled task and the
organizer's "Update now" import Scryfall's bulk file when it changed, through a local server
shaped like Scryfall (never the internet); a failure keeps the old data and says why."""

import pytest
from django.conf import settings
from django.test import Client, override_settings

from config.celery import app
from decklists import tasks
from decklists.models import Card, CatalogueImport
from decklists.services import card_updates
from support import factories
from support.catalogue import catalogue  # noqa: F401
from support.scryfall_server import FILE_NAME, SAMPLE, FixtureServer

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def server():
    with FixtureServer(SAMPLE.read_bytes()) as running:
        with override_settings(SCRYFALL_BULK_DATA_URL=f"{running.url}/bulk-data"):
            yield running


def test_the_daily_schedule_runs_the_update_task():
    entry = settings.CELERY_BEAT_SCHEDULE["update-cards"]
    assert entry["task"] == "decklists.update_cards"
    assert entry["task"] in app.tasks
    assert entry["schedule"].hour == {settings.CARD_UPDATE_HOUR}


def test_the_task_imports_a_changed_file_once_and_records_what_changed(server):
    cards = Card.objects.count()
    text = tasks.update_cards()
    assert "26 cards read from oracle-cards-20261122100000.json (data of 2026-11-22)" in text
    record = CatalogueImport.objects.filter(kind="cards").latest("id")
    assert (record.source, record.data_date.isoformat()) == (FILE_NAME, "2026-11-22")
    assert record.cards_read == 26
    assert record.created + record.updated <= 26
    assert Card.objects.count() == cards  # the sample's cards are known: updated, not added
    assert "up to date" in tasks.update_cards()  # the same file: nothing downloaded
    assert server.requests[-1] == "/bulk-data"


def test_a_failed_download_keeps_the_old_data_and_says_why():
    before = CatalogueImport.objects.filter(kind="cards").latest("id")
    cards = Card.objects.count()
    with override_settings(SCRYFALL_BULK_DATA_URL="http://127.0.0.1:9/bulk-data"):
        text = tasks.update_cards()
    assert "Could not reach" in text
    assert CatalogueImport.objects.filter(kind="cards").latest("id") == before
    assert Card.objects.count() == cards
    failure = card_updates.last_failure()
    assert failure is not None
    assert "Could not reach" in failure.note
    page = Client().get("/catalogue/").content.decode()
    assert "failed and the card data stayed as it was" in page


def test_an_organizer_presses_update_now_and_sees_the_result(server, world):
    client = Client()
    client.force_login(world.alice)
    page = client.get(f"/events/{world.event.pk}/decklists/").content.decode()
    assert "Update the card data now" in page  # the shipped data is older than 90 days
    answer = client.post("/catalogue/update/", {"next": f"/events/{world.event.pk}/decklists/"})
    assert answer.status_code == 302
    assert answer["Location"] == f"/events/{world.event.pk}/decklists/"
    page = client.get(answer["Location"]).content.decode()
    assert "26 cards read from oracle-cards-20261122100000.json" in page
    assert "Card data of 2026-11-22" in page


def test_update_now_is_refused_to_others_and_goes_nowhere_else(server, world):
    client = Client()
    client.force_login(world.charlie)
    assert client.post("/catalogue/update/").status_code == 403
    assert not CatalogueImport.objects.filter(source=FILE_NAME).exists()
    owner = Client()
    root = factories.user("root")
    root.is_superuser = True
    root.save(update_fields=["is_superuser"])
    owner.force_login(root)
    answer = owner.post("/catalogue/update/", {"next": "https://example.org/"})
    assert answer["Location"] == "/catalogue/"  # never a redirect off the site
