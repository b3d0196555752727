"""Redis down degrades the site instead of breaking it: the cache is a miss (core.cache), a task
that cannot be queued runs in-process without the request waiting long (core.tasks), /healthz
says which dependency is down. A real redis-server of the test's own, on a free port, is
stopped and started again (the machine's Redis is never touched)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client

from core import pagecache
from pairing import services
from support.redis_server import RedisServer
from support.rounds import event_with_teams

ROOT = Path(__file__).resolve().parents[2]
REDIS = shutil.which("redis-server")
pytestmark = pytest.mark.skipif(REDIS is None, reason="needs redis-server")


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


def _timed_get(client: Client, url: str):
    started = time.perf_counter()
    response = client.get(url)
    return response, time.perf_counter() - started


@pytest.mark.django_db
def test_pages_answer_from_the_database_while_the_cache_is_down(redis_server, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.ResilientRedisCache",
            "LOCATION": redis_server.url,
            "OPTIONS": {"retry_after": 1},
        }
    }
    pagecache.local.clear()
    event, _teams = event_with_teams(8)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    match = first.matches.filter(team_b__isnull=False).select_related("team_a").first()
    urls = [
        f"/events/{event.pk}/rounds/1/",
        f"/events/{event.pk}/standings/",
        f"/t/{match.team_a.access_key}/",
    ]
    for url in urls:
        assert Client().get(url).status_code == 200
    assert cache.get_many([f"pagegen:team:{match.team_a_id}"])  # Redis holds the generations

    redis_server.stop()
    pagecache.local.clear()  # what this process kept aside, the pages come from the database
    for url in urls:
        response, seconds = _timed_get(Client(), url)
        assert response.status_code == 200, url
        assert seconds < 3, (url, seconds)
    # A write goes on too: its after-commit receivers cannot bump the generations, logged only.
    services.match_report_result(
        match=match, team=match.team_a, games_a=1, games_b=0, games_drawn=0
    )
    assert "You reported" in Client().get(urls[2]).content.decode()
    health = Client().get("/healthz")
    assert health.status_code == 200
    assert health.json()["status"] == "degraded"
    assert health.json()["checks"]["cache"] == "down"

    redis_server.start()
    time.sleep(1.1)  # the breaker's retry_after
    cache.set("back", 1, 30)
    assert cache.get("back") == 1
    assert Client().get("/healthz").json()["checks"]["cache"] == "ok"
    assert "You reported" in Client().get(urls[2]).content.decode()


SCRIPT = textwrap.dedent(
    """
    import json, os, sys, time
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from django.test import Client
    from pairing import services
    from pairing.models import Round
    from tournament.services import events as svc
    from tournament.services import teams as team_svc

    out = {}
    organizer = get_user_model().objects.create_user("org", password="correct-horse-9")
    event = svc.event_create(organizer=organizer, name="Outage", structure="sealed",
                             swiss_rounds=3)
    for i in range(8):
        team_svc.team_register(event=event, name=f"Team {i}",
                               players=[{"name": f"A{i}"}, {"name": f"B{i}"}])
    services.round_pair_next(event=event, by=organizer)
    staff = Client()
    staff.force_login(organizer)
    out["health_up"] = Client().get("/healthz").json()
    sys.stdout.write("READY\\n"); sys.stdout.flush()
    sys.stdin.readline()  # the test stops Redis now
    started = time.perf_counter()
    response = staff.post(f"/events/{event.pk}/rounds/1/publish/")
    out["publish_status"] = response.status_code
    out["publish_seconds"] = time.perf_counter() - started
    out["published"] = Round.objects.get(event=event, number=1).published
    started = time.perf_counter()
    out["pairings_status"] = Client().get(f"/events/{event.pk}/rounds/1/").status_code
    out["pairings_seconds"] = time.perf_counter() - started
    health = Client().get("/healthz")
    out["health_down"] = [health.status_code, health.json()]
    sys.stdout.write("DOWN\\n"); sys.stdout.flush()
    sys.stdin.readline()  # the test starts Redis again
    time.sleep(1.2)
    out["health_back"] = Client().get("/healthz").json()
    print(json.dumps(out))
    """
)


def test_publishing_with_the_broker_and_cache_down_answers_quickly(redis_server, tmp_path):
    """With Redis as broker, result backend and cache (docker-compose's setup), publishing a round
    while Redis is down answers at once (the warm-up task runs in-process), the round is
    published, its pairings page answers, /healthz says "degraded"; back up, "ok"."""
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'outage.sqlite3'}",
        TANDEM_VAR_DIR=str(tmp_path / "var"),
        TANDEM_PLAIN_STATIC="1",
        CELERY_BROKER_URL=redis_server.url,
        CELERY_RESULT_BACKEND=redis_server.url,
        REDIS_URL=redis_server.url,
        LIVE_REDIS_URL=redis_server.url,
        PYTHONPATH=str(ROOT),
    )
    env.pop("TEST_DATABASE_NAME", None)
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdin is not None
    assert proc.stdout.readline().strip() == "READY"
    redis_server.stop()
    proc.stdin.write("go\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == "DOWN"
    redis_server.start()
    proc.stdin.write("go\n")
    proc.stdin.flush()
    out = json.loads(proc.stdout.readline())
    proc.wait(timeout=30)
    assert out["health_up"]["status"] == "ok", out
    assert out["publish_status"] == 302, out
    assert out["published"] is True
    assert out["publish_seconds"] < 5, out
    assert out["pairings_status"] == 200, out
    assert out["pairings_seconds"] < 3, out
    code, body = out["health_down"]
    assert code == 200, out
    assert body["status"] == "degraded"
    assert body["checks"] == {
        "database": "ok",
        "cache": "down",
        "broker": "down",
        "worker": "unknown",  # no shared cache to read its heartbeat from
    }
    assert out["health_back"]["status"] == "ok", out


def test_more_callers_than_connections_wait_for_one_and_are_not_a_miss(redis_server):
    """More threads at once than the pool's connections (the live server's requests) wait for a
    free one: a plain pool would refuse ("Too many connections"), count it as Redis down and
    serve every request of the process uncached for a while."""
    import threading

    from core.cache import ResilientRedisCache

    shared = ResilientRedisCache(redis_server.url, {"OPTIONS": {"max_connections": 1}})
    shared.set("k", "v")
    client = shared._cache.get_client()
    held = client.connection_pool.get_connection()  # the only connection, taken
    got = []
    reader = threading.Thread(target=lambda: got.append(shared.get("k")))
    reader.start()
    time.sleep(0.1)
    assert got == []  # waiting
    client.connection_pool.release(held)
    reader.join(timeout=5)
    assert got == ["v"]
    assert shared.breaker.closed
