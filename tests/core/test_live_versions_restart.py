"""Live versions only grow, across a Redis restart too: a topic's first version is the time of its
first change (microseconds), so after Redis lost every hash the next version is still above any a
browser holds (it once started again from 1: a client with since=5 missed changes). A real
redis-server of the test's own, restarted; the machine's Redis is never touched."""

from __future__ import annotations

import time

import pytest

from core import live
from support.redis_server import REDIS, RedisServer

pytestmark = pytest.mark.skipif(REDIS is None, reason="needs redis-server")


@pytest.fixture
def redis_live(tmp_path, settings):
    server = RedisServer(tmp_path)
    server.start()
    settings.LIVE_REDIS_URL = server.url
    live._backends.clear()
    yield server
    server.stop()
    live._backends.clear()


def test_versions_keep_growing_after_redis_restarts(redis_live):
    topic = "event:77"
    assert live.version(topic) == 0
    live._publish(topic, '{"n":1}', None)
    first = live.version(topic)
    assert first > 1_700_000_000 * 10**6  # microseconds since 1970: a time
    assert first < 2**53  # a JavaScript number
    for n in range(2, 6):
        live._publish(topic, f'{{"n":{n}}}', None)
    before = live.version(topic)
    assert before == first + 4  # then one a change
    redis_live.stop()
    redis_live.start()  # empty: every hash is gone
    live._backends.clear()  # a new connection (the old breaker saw the outage)
    assert live.version(topic) == 0
    time.sleep(0.001)
    live._publish(topic, '{"n":6}', None)
    after, data = live.latest(topic)
    assert after > before
    assert data == {"n": 6}


def test_a_reader_waits_for_a_free_connection_instead_of_failing(redis_live, settings):
    """The live server runs each poll in a thread of its own (ASGI): with more callers than the
    pool's connections at once, the next waits for one (redis-py 8's plain pool refused with
    "Too many connections", so 400 phones polling one process got errors)."""
    import threading

    settings.LIVE_REDIS_CONNECTIONS = 1
    live._backends.clear()
    backend = live.backend()
    live._publish("event:78", '{"n":1}', None)
    held = backend._redis.connection_pool.get_connection()  # the only connection, taken
    answers = []
    reader = threading.Thread(target=lambda: answers.append(backend.latest("event:78")))
    reader.start()
    time.sleep(0.1)
    assert answers == []  # waiting, not failed
    backend._redis.connection_pool.release(held)
    reader.join(timeout=5)
    assert [data for _v, data in answers] == ['{"n":1}']
