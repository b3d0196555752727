"""A tracker event's two Redis writes in one round trip: the live publish advances the page-cache
generations of the table's teams (core.live.Counters, core.pagecache.generation_counters), and
where the cache is elsewhere the generations are bumped by the cache (pagecache.bump_together);
either way every scope gets a new generation. Needs Redis on 127.0.0.1:6379 (db 5)."""

import os
import socket
import uuid

import pytest

from core import live, pagecache

REDIS = "redis://127.0.0.1:6379/5"
pytestmark = pytest.mark.django_db(transaction=True)  # publish runs at once, outside a transaction


@pytest.fixture
def redis_url() -> str:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=2):
            return REDIS
    except OSError:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and Redis is not reachable on 127.0.0.1:6379")
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")


@pytest.fixture
def redis_cache(settings, redis_url):
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.ResilientRedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": f"test-{uuid.uuid4().hex[:8]}",
        }
    }
    settings.LIVE_CHANNEL = f"test-counters-{uuid.uuid4().hex[:8]}"
    return redis_url


def scopes() -> list[str]:
    return [f"team:{uuid.uuid4().hex[:8]}", f"team:{uuid.uuid4().hex[:8]}"]


def test_the_publish_advances_the_generations_in_the_same_redis(settings, redis_cache):
    settings.LIVE_REDIS_URL = redis_cache
    names = scopes()
    before = pagecache.generations(*names)
    assert before is not None
    counters = pagecache.generation_counters(*names)
    assert counters is not None
    assert counters.url == redis_cache
    bumped_elsewhere: list[int] = []
    counters = live.Counters(
        counters.url, counters.keys, counters.start, counters.timeout, lambda: bumped_elsewhere
    )
    live.publish("table:1", {"seq": 7}, counters=counters)
    after = pagecache.generations(*names)
    assert after is not None
    assert all(a == b + 1 for a, b in zip(after, before, strict=True))
    assert live.latest("table:1")[1] == {"seq": 7}
    assert bumped_elsewhere == []  # one script did both


def test_missing_generations_start_fresh(settings, redis_cache):
    settings.LIVE_REDIS_URL = redis_cache
    names = scopes()  # never read: no generation yet
    counters = pagecache.generation_counters(*names)
    assert counters is not None
    live.publish("table:2", {"seq": 1}, counters=counters)
    after = pagecache.generations(*names)
    assert after == (counters.start + 1, counters.start + 1)


def test_live_elsewhere_bumps_by_the_cache(settings, redis_cache):
    settings.LIVE_REDIS_URL = ""  # the versions in the process: the counters are not there
    names = scopes()
    before = pagecache.generations(*names)
    assert before is not None
    counters = pagecache.generation_counters(*names)
    assert counters is not None
    live.publish("table:3", {"seq": 2}, counters=counters)
    after = pagecache.generations(*names)
    assert after is not None
    assert all(a == b + 1 for a, b in zip(after, before, strict=True))


def test_bump_together_on_the_redis_cache(redis_cache):
    names = scopes()
    before = pagecache.generations(*names)
    assert before is not None
    pagecache.bump_together(*names)
    pagecache.bump_together(names[0])
    after = pagecache.generations(*names)
    assert after == (before[0] + 2, before[1] + 1)


def test_without_a_redis_cache_there_are_no_counters_and_bump_together_bumps(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    names = scopes()
    assert pagecache.generation_counters(*names) is None
    before = pagecache.generations(*names)
    assert before is not None
    pagecache.bump_together(*names)
    assert pagecache.generations(*names) == (before[0] + 1, before[1] + 1)
