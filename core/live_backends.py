"""The two stores of live versions (core.live): in this process (the embedded default) or in
Redis, shared by every server process over one pub/sub channel. core.live chooses one
(``backend()``) and holds the hubs that fan a change out to this process's streams; a backend
hands each change to every hub registered in ``HUBS``."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings

# core.live's hubs, one per event loop (core.live.hub): each has deliver_threadsafe(changes)
HUBS: dict[int, Any] = {}


@dataclass(frozen=True)
class Counters:
    """Redis counters a writer advances with its publish (core.pagecache's generations): each
    key + 1, a missing one first set to ``start`` (kept ``timeout`` seconds). Where ``url`` is
    the Redis of the live versions, in the same round trip as the publish; elsewhere (another
    Redis, no Redis) ``otherwise()`` advances them."""

    url: str
    keys: tuple[str, ...]
    start: int
    timeout: int
    otherwise: Callable[[], object]


def _frame(topic: str, v: int, payload: str) -> bytes:
    """One SSE event; built once per change and shared by every client of the process."""
    return f'id: {v}\ndata: {{"topic":"{topic}","version":{v},"data":{payload}}}\n\n'.encode()


class MemoryBackend:
    """Versions and fan-out inside this process (the embedded default: one server process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._topics: dict[str, tuple[int, str]] = {}

    def publish(self, topic: str, payload: str, counters: Counters | None = None) -> int:
        return self.publish_many([(topic, payload, ())])[0]

    def publish_many(self, changes: list[tuple[str, str, tuple[Counters, ...]]]) -> list[int]:
        """Each change's new version, under one lock, handed to each hub in one call."""
        out = []
        with self._lock:
            for topic, payload, _counters in changes:
                v = self._topics.get(topic, (0, ""))[0] + 1
                self._topics[topic] = (v, payload)
                out.append((topic, v, payload))
        for hub in list(HUBS.values()):
            hub.deliver_threadsafe(out)
        return [v for _topic, v, _payload in out]

    def latest(self, topic: str) -> tuple[int, str]:
        return self._topics.get(topic, (0, "{}"))

    async def alatest(self, topic: str) -> tuple[int, str]:
        return self.latest(topic)


# INCR the version, keep the data and publish, in one round trip and atomically, so the order of
# versions is the order of messages on the channel. KEYS[1] topic hash; ARGV channel, topic, data,
# the hash's lifetime. KEYS[2...]: Counters advanced as well (ARGV start and lifetime). ARGV[7]:
# now in microseconds, a topic's first version (see RedisBackend).
_PUBLISH_LUA = """
local v = redis.call('HINCRBY', KEYS[1], 'v', 1)
if v == 1 then
  v = tonumber(ARGV[7])
  redis.call('HSET', KEYS[1], 'v', ARGV[7])
end
local vs = string.format('%d', v)
redis.call('HSET', KEYS[1], 'd', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[1], vs .. ' ' .. ARGV[2] .. ' ' .. ARGV[3])
for i = 2, #KEYS do
  redis.call('SET', KEYS[i], ARGV[5], 'NX', 'EX', ARGV[6])
  redis.call('INCR', KEYS[i])
end
return v
"""
_KEEP_SECONDS = 14 * 24 * 3600

# The same for many topics in one call, and one message on the channel for them all (a line per
# change): a round published to 4,096 teams is one command to pack and one message for each
# server's hub to read. KEYS: the topics' hashes; ARGV channel, lifetime, now (as above), then
# topic and data of each change.
_PUBLISH_MANY_LUA = """
local lines, versions = {}, {}
for i = 1, #KEYS do
  local v = redis.call('HINCRBY', KEYS[i], 'v', 1)
  if v == 1 then
    v = tonumber(ARGV[3])
    redis.call('HSET', KEYS[i], 'v', ARGV[3])
  end
  local topic, data = ARGV[2 + 2 * i], ARGV[3 + 2 * i]
  redis.call('HSET', KEYS[i], 'd', data)
  redis.call('EXPIRE', KEYS[i], ARGV[2])
  lines[i] = string.format('%d', v) .. ' ' .. topic .. ' ' .. data
  versions[i] = v
end
redis.call('PUBLISH', ARGV[1], table.concat(lines, '\\n'))
return versions
"""


class RedisBackend:
    """Versions in Redis hashes, changes over one pub/sub channel shared by every process.

    A topic's first version is the time of its first change in microseconds, then + 1 a change:
    after Redis restarts (or a topic's hash expires) the versions go on from the time, above any
    a browser holds, instead of again from 1 (which a client with since=5 would wait past).
    Below 2**53 (a JavaScript number) until the year 2255."""

    def __init__(self, url: str, channel: str) -> None:
        import redis

        from core.cache import Breaker

        self.url, self.channel = url, channel
        # Short timeouts and a breaker (like the cache's, core/cache.py): a publish runs after a
        # write's commit, inside its request; Redis down or hung costs the write at most one
        # timeout, then nothing while the breaker is open (_publish).
        seconds = settings.LIVE_REDIS_TIMEOUT_MS / 1000
        # A blocking pool: the live server answers each poll in a thread of its own, and more
        # callers than connections wait for one (up to the timeout) instead of failing.
        pool = redis.BlockingConnectionPool.from_url(
            url,
            max_connections=settings.LIVE_REDIS_CONNECTIONS,
            timeout=seconds,
            socket_timeout=seconds,
            socket_connect_timeout=seconds,
        )
        self._redis = redis.Redis(connection_pool=pool)
        self.breaker = Breaker("live updates (Redis)", settings.LIVE_REDIS_RETRY_SECONDS)
        self._script = self._redis.register_script(_PUBLISH_LUA)
        self._script_many = self._redis.register_script(_PUBLISH_MANY_LUA)
        self._async: dict[int, object] = {}  # one async client per event loop

    def key(self, topic: str) -> str:
        return f"{self.channel}:t:{topic}"

    def _call(self, topic: str, payload: str, counters: tuple[Counters, ...], client) -> Any:
        keys = [self.key(topic), *(key for c in counters for key in c.keys)]
        start, timeout = (counters[0].start, counters[0].timeout) if counters else (0, 0)
        args: list[str | int] = [self.channel, topic, payload, _KEEP_SECONDS, start, timeout]
        args.append(time.time_ns() // 1000)
        return self._script(keys=keys, args=args, client=client)

    def publish(self, topic: str, payload: str, counters: Counters | None = None) -> int:
        together = () if counters is None else (counters,)
        return int(self._call(topic, payload, together, self._redis))

    def publish_many(self, changes: list[tuple[str, str, tuple[Counters, ...]]]) -> list[int]:
        """Many changes in one round trip: those without Counters in one script call (one
        message on the channel), the others' scripts beside it in the same pipeline."""
        if len(changes) == 1:
            topic, payload, counters = changes[0]
            return [int(self._call(topic, payload, counters, self._redis))]
        plain = [(topic, payload) for topic, payload, counters in changes if not counters]
        with self._redis.pipeline(transaction=False) as pipe:
            if plain:
                args: list[str | int] = [self.channel, _KEEP_SECONDS, time.time_ns() // 1000]
                for topic, payload in plain:
                    args += [topic, payload]
                keys = [self.key(topic) for topic, _payload in plain]
                self._script_many(keys=keys, args=args, client=pipe)
            for topic, payload, counters in changes:
                if counters:
                    self._call(topic, payload, counters, pipe)
            answers = pipe.execute()
        versions = {}
        if plain:
            versions = {topic: int(v) for (topic, _d), v in zip(plain, answers[0], strict=True)}
        kept = iter(answers[1:] if plain else answers)
        return [
            int(next(kept)) if counters else versions[topic]
            for topic, _payload, counters in changes
        ]

    def latest(self, topic: str) -> tuple[int, str]:
        return _decode_hash(self._redis.hmget(self.key(topic), "v", "d"))

    def async_client(self):
        import redis.asyncio

        loop = asyncio.get_running_loop()
        client = self._async.get(id(loop))
        if client is None:
            pool = redis.asyncio.BlockingConnectionPool.from_url(
                self.url, max_connections=32, timeout=10, socket_connect_timeout=5
            )
            client = redis.asyncio.Redis(connection_pool=pool)
            self._async = {id(loop): client}  # a new loop (tests) replaces the old client
        return client

    async def alatest(self, topic: str) -> tuple[int, str]:
        return _decode_hash(await self.async_client().hmget(self.key(topic), "v", "d"))

    async def amget(self, topics: list[str]) -> list[tuple[int, str]]:
        client = self.async_client()
        async with client.pipeline(transaction=False) as pipe:
            for topic in topics:
                pipe.hmget(self.key(topic), "v", "d")
            return [_decode_hash(row) for row in await pipe.execute()]


def _decode_hash(row) -> tuple[int, str]:
    v, d = row
    return (int(v), d.decode()) if v is not None else (0, "{}")
