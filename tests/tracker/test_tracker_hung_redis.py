"""A hung Redis (paused with SIGSTOP: it accepts connections and answers nothing) costs a phone's
write at most one short timeout, then nothing: the live publish has a timeout of
LIVE_REDIS_TIMEOUT_MS and a breaker like the cache's (core/live.py). Writes are answered and
stored regardless. A real redis-server of the test's own; the machine's is never touched."""

from __future__ import annotations

import time

import pytest

from core import live
from support.redis_server import REDIS, RedisServer
from tracker.models import GameEvent

pytestmark = pytest.mark.skipif(REDIS is None, reason="needs redis-server")

API = "/api/v1"


@pytest.fixture
def hung_redis(tmp_path, settings):
    server = RedisServer(tmp_path)
    server.start()
    settings.LIVE_REDIS_URL = server.url
    settings.LIVE_REDIS_TIMEOUT_MS = 500
    settings.LIVE_REDIS_RETRY_SECONDS = 30
    live._backends.clear()
    yield server
    server.resume()
    server.stop()
    live._backends.clear()


@pytest.mark.django_db(transaction=True)
def test_writes_with_a_hung_redis_are_answered_at_once_after_one_short_timeout(
    hung_redis, table, seated
):
    from django.test import Client

    phone = Client(HTTP_X_TEAM_KEY=table.team_a.access_key)
    url = f"{API}/matches/{table.pk}/game/events/"

    def send(n: int):
        body = {"type": "life", "player": seated[0][0], "amount": -1, "client_id": f"c{n}"}
        started = time.perf_counter()
        response = phone.post(url, body, content_type="application/json")
        return response, time.perf_counter() - started

    response, _ = send(0)
    assert response.status_code == 201
    assert live.version(f"table:{table.pk}") >= 1  # published while Redis answered
    hung_redis.pause()
    times = []
    for n in range(1, 21):
        response, took = send(n)
        assert response.status_code == 201
        times.append(took)
    assert times[0] < 1.5  # one timeout (0.5 s) and the write itself
    assert max(times[1:]) < 0.3, times  # the breaker is open: no write waits for Redis
    assert GameEvent.objects.filter(match=table).count() == 21


def test_a_publish_to_a_hung_redis_waits_one_timeout_then_is_skipped(hung_redis):
    live._publish("event:1", "{}", None)
    assert live.version("event:1") >= 1
    hung_redis.pause()
    started = time.perf_counter()
    live._publish("event:1", "{}", None)
    first = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(50):
        live._publish("event:1", "{}", None)
    rest = time.perf_counter() - started
    assert 0.4 < first < 1.0
    assert rest < 0.05
    assert not live.backend().breaker.closed
