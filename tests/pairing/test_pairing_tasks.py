"""The pairing task: publishing a round renders its pairings into the cache (round start is
served from it), eagerly in-process without a broker, or by a real Celery worker over Redis."""

import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection

from pairing import rendering, services
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


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


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
    if not _redis_up():
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and Redis is not reachable on 127.0.0.1:6379")
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    s = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "CELERY_"))}
    env |= {
        "DATABASE_URL": f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/14",
        "CELERY_RESULT_BACKEND": "redis://127.0.0.1:6379/15",
        "REDIS_URL": "redis://127.0.0.1:6379/13",  # the cache the web tier reads
    }
    queue = f"tandem-test-{uuid.uuid4().hex[:8]}"
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
         "--queues", queue, "--without-gossip", "--without-mingle", "--loglevel", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        client = subprocess.run(
            [sys.executable, "-c", _SEND.format(queue=queue, round_id=round_.pk)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert client.returncode == 0, client.stderr
        assert all(team.name in client.stdout for team in teams)
        assert 'id="table-1"' in client.stdout
    finally:
        worker.terminate()
        worker.wait(timeout=30)
