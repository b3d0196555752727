"""A Redis cache that degrades to a miss while Redis is unreachable, and the breaker it uses.

What Tandem keeps in the cache is derived (rendered pages, their generations), so with Redis down
a read is a miss and a write is dropped: pages are rendered from the database, slower but right.
Each call waits at most the socket timeouts (``OPTIONS``: ``socket_connect_timeout``,
``socket_timeout``, half a second by default); after a failure the breaker keeps the cache
"down" for ``retry_after`` seconds, so requests do not each wait for a timeout, then one call
tries Redis again.

    CACHES = {"default": {"BACKEND": "core.cache.ResilientRedisCache", "LOCATION": REDIS_URL}}
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

log = logging.getLogger(__name__)


class Breaker:
    """Open (skip the dependency) for ``retry_after`` seconds after a failure."""

    def __init__(self, name: str, retry_after: float) -> None:
        self.name = name
        self.retry_after = retry_after
        self._open_until = 0.0
        self._lock = threading.Lock()

    @property
    def closed(self) -> bool:
        """True when the dependency may be tried."""
        return time.monotonic() >= self._open_until

    def failed(self, exc: BaseException) -> None:
        with self._lock:
            was_closed = self.closed
            self._open_until = time.monotonic() + self.retry_after
        if was_closed:
            log.warning("%s unreachable (%s): skipped for %ss", self.name, exc, self.retry_after)

    def reset(self) -> None:
        self._open_until = 0.0


def _failures() -> tuple[type[BaseException], ...]:
    from redis.exceptions import RedisError

    return (RedisError, OSError)


class KeptClients(RedisCacheClient):
    """Django's Redis cache client, keeping one ``redis.Redis`` per connection pool: Django's
    makes a new one for every call, and building one (its table of reply callbacks) cost more
    CPU than the call's round trip. A ``redis.Redis`` is safe to share between threads: each
    command takes a connection from the pool."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)  # type: ignore[attr-defined]  # django-stubs lacks RedisCache's private pool helpers
        client = self._clients.get(index)
        if client is None:
            pool = self._get_connection_pool(write)  # type: ignore[attr-defined]  # django-stubs lacks RedisCache's private pool helpers
            client = self._clients[index] = self._client(connection_pool=pool)  # type: ignore[attr-defined]  # django-stubs lacks RedisCache's private pool helpers
        return client


class ResilientRedisCache(RedisCache):
    """django.core.cache.backends.redis.RedisCache whose failures are misses (see module)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        params = dict(params)
        options = dict(params.get("OPTIONS") or {})
        retry_after = float(options.pop("retry_after", 5))
        options.setdefault("socket_connect_timeout", 0.5)
        options.setdefault("socket_timeout", 0.5)
        # A blocking pool: on the live server each request's sync part runs in a thread of its
        # own, and more callers than connections wait for one (up to the socket timeout)
        # instead of failing, which would open the breaker for every request of the process.
        options.setdefault("pool_class", "redis.BlockingConnectionPool")
        options.setdefault("max_connections", 50)
        options.setdefault("timeout", options["socket_timeout"])
        params["OPTIONS"] = options
        super().__init__(server, params)
        self._class = KeptClients
        self.breaker = Breaker("the cache (Redis)", retry_after)

    def _guarded(self, call, default):
        if not self.breaker.closed:
            return default
        try:
            return call()
        except _failures() as exc:
            self.breaker.failed(exc)
            return default

    def get(self, key, default=None, version=None):
        return self._guarded(
            lambda: super(ResilientRedisCache, self).get(key, default, version), default
        )

    def get_many(self, keys, version=None):
        return self._guarded(lambda: super(ResilientRedisCache, self).get_many(keys, version), {})

    def has_key(self, key, version=None):
        return self._guarded(lambda: super(ResilientRedisCache, self).has_key(key, version), False)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(
            lambda: super(ResilientRedisCache, self).add(key, value, timeout, version), False
        )

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._guarded(
            lambda: super(ResilientRedisCache, self).set(key, value, timeout, version), None
        )

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(
            lambda: super(ResilientRedisCache, self).set_many(data, timeout, version), list(data)
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(
            lambda: super(ResilientRedisCache, self).touch(key, timeout, version), False
        )

    def delete(self, key, version=None):
        return self._guarded(lambda: super(ResilientRedisCache, self).delete(key, version), False)

    def delete_many(self, keys, version=None):
        self._guarded(lambda: super(ResilientRedisCache, self).delete_many(keys, version), None)

    def incr(self, key, delta=1, version=None):
        """As Django's; with Redis down the key is "not there" (ValueError), like an evicted one."""
        missing = object()
        value = self._guarded(
            lambda: super(ResilientRedisCache, self).incr(key, delta, version), missing
        )
        if value is missing:
            raise ValueError(f"Key '{key}' not found (the cache is unreachable).")
        return value

    def incr_or_start(self, keys, start: int, timeout: int) -> bool:
        """Add 1 to each key, a missing one first set to ``start`` (kept ``timeout`` seconds):
        one round trip for all the keys. False when the cache is down (nothing was done)."""

        def call() -> bool:
            client = self._cache.get_client(write=True)  # type: ignore[attr-defined]  # get_client is RedisCache's (this module's subclass), not BaseCache's
            pipe = client.pipeline(transaction=False)
            for key in keys:
                name = self.make_and_validate_key(key)
                pipe.set(name, start, nx=True, ex=timeout)
                pipe.incr(name)
            pipe.execute()
            return True

        return self._guarded(call, False)

    def clear(self):
        return self._guarded(lambda: super(ResilientRedisCache, self).clear(), False)

    def ping(self) -> bool:
        """Whether Redis answers now (for /healthz): tried even while the breaker is open."""
        try:
            client = self._cache.get_client(write=False)  # type: ignore[attr-defined]  # get_client is RedisCache's (this module's subclass), not BaseCache's
            return bool(client.ping())
        except _failures() as exc:
            self.breaker.failed(exc)
            return False
