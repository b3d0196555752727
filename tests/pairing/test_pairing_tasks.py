"""The pairing task: publishing a round renders its pairings into the cache (round start is
served from it), eagerly in-process without a broker, or by a real Celery worker over Redis."""

from pathlib import Path

import pytest
from django.core.cache import cache

from pairing import rendering, services
from support.celery_worker import celery_worker, require_redis, run_client, worker_env
from support.rounds import event_with_teams

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_publishing_renders_the_public_pairings_into_the_cache(
    django_capture_on_commit_callbacks, settings
):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    event, teams = event_with_teams(6)
    round_ = services.round_pair_next(event=event)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_publish(round_=round_)
    for view in rendering.VIEWS:
        html = cache.get(rendering.cache_key(round_, view, staff=False))
        assert html is not None
        assert all(team.name in html for team in teams)
        assert 'name="team"' not in html  # the public view has no staff controls


_SEND = """
import django
django.setup()
from django.core.cache import cache
from pairing import rendering
from pairing.models import Round
from pairing.tasks import warm_pairings
assert warm_pairings.apply_async(args=[{round_id}], queue="{queue}").get(timeout=90) is True
round_ = Round.objects.get(pk={round_id})
print(cache.get(rendering.cache_key(round_, "table", staff=False)))
"""


@pytest.mark.postgres
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_real_celery_worker_warms_the_pairings_over_redis():
    require_redis()
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    env = worker_env()
    with celery_worker(env) as queue:
        client = run_client(_SEND.format(queue=queue, round_id=round_.pk), env)
        assert all(team.name in client.stdout for team in teams)
        assert 'id="table-1"' in client.stdout
