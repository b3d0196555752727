"""Live updates: one mechanism for every page that changes while people look at it.

Writers announce a change of a *topic* (``"round:12"``, ``"match:345"``, ``"event:7"``)::

    from core import live
    live.publish("match:345", {"life": [20, 17]})   # inside the service's transaction

``publish`` waits for the transaction to commit (``transaction.on_commit``): a rolled-back write
announces nothing. Each topic has a version that only grows (``version(topic)``) and keeps the
data of its latest change, so a client that reconnects gets at least the latest state it missed.

Readers subscribe to ``/live/<kind>/<id>/``: a Server-Sent Events stream under the ASGI server
(uvicorn), with ``Last-Event-ID`` or ``?since=<version>`` on reconnect, a comment line as heartbeat
every ``LIVE_HEARTBEAT_SECONDS`` and an end after ``LIVE_STREAM_SECONDS`` (the browser reconnects
and is authorized again). ``/live/<kind>/<id>/version?since=<version>`` is the polling fallback:
204 (or 304 for a matching ``If-None-Match``) when nothing changed, else the latest version as JSON.
Under WSGI (tests, a plain WSGI server) the stream answers what changed since ``since`` and closes,
so EventSource degrades to polling by itself.

Who may read a topic is decided per kind, once at subscribe time::

    live.register_kind("round", lambda request, topic_id: can_see_round(request, topic_id))

An unknown kind, a malformed id or ``False`` answer 404.

Transport between processes: with ``LIVE_REDIS_URL`` (default ``REDIS_URL``) versions are Redis
hashes and changes go over one Redis pub/sub channel; each server process holds *one* subscription
and fans messages out in-process to its clients of each topic. Without Redis (the embedded default)
versions and fan-out stay in the process, so the server must run one process (``./tandem serve``
does that by itself).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import threading
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Iterator

from django.conf import settings
from django.db import InterfaceError, OperationalError, connections, transaction
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.urls import path

from core import timing
from core.live_backends import (
    HUBS,
    Counters,
    MemoryBackend,
    RedisBackend,
    _frame,
)

log = logging.getLogger(__name__)

Authorize = Callable[[HttpRequest, str], bool]
_KIND = r"[a-z][a-z0-9_]{0,31}"
_ID = r"[A-Za-z0-9_-]{1,64}"
_TOPIC_RE = re.compile(rf"^({_KIND}):({_ID})$")
_ID_RE = re.compile(rf"^{_ID}$")
_QUEUE = 64  # changes kept for a client that reads slowly; older ones are dropped (data is state)

# --- access -----------------------------------------------------------------------------------

_kinds: dict[str, Authorize] = {}


def register_kind(kind: str, authorize: Authorize) -> None:
    """Let topics ``<kind>:<id>`` be subscribed to by callers for whom ``authorize`` is true."""
    if not re.fullmatch(_KIND, kind):
        raise ValueError(f"bad topic kind {kind!r}")
    _kinds[kind] = authorize


def unregister_kind(kind: str) -> None:
    _kinds.pop(kind, None)


def _check_topic(topic: str) -> None:
    if not isinstance(topic, str) or not _TOPIC_RE.match(topic):
        raise ValueError(f"bad live topic {topic!r}: expected '<kind>:<id>' such as 'round:12'")


# --- versions and publishing --------------------------------------------------------------------


def publish(topic: str, data: dict | None = None, *, counters: Counters | None = None) -> None:
    """Announce a change of ``topic`` once the current transaction commits (at once outside one),
    advancing ``counters`` with it."""
    _check_topic(topic)
    payload = json.dumps(data or {}, separators=(",", ":"), default=str)
    transaction.on_commit(lambda: _publish(topic, payload, counters), robust=True)


# --- one notice per topic, in one round trip ----------------------------------------------------
#
# Inside ``batch()`` (a request: PublishOnceMiddleware) the changes published after each commit are
# kept, one per topic (its latest data), and sent together when the batch ends: a round paired
# and published in one request tells each of its 4,096 teams once, in one Redis pipeline, instead
# of twice with one round trip each.

_batch = threading.local()


@contextlib.contextmanager
def batch() -> Iterator[None]:
    """Keep the changes published in the block and send them when it ends, each topic once (with
    its latest data; Counters of every change of it advanced), all in one Redis pipeline or, in
    the process, in one pass. Blocks nest: the outermost one sends."""
    if getattr(_batch, "pending", None) is not None:
        yield
        return
    _batch.pending = {}
    try:
        yield
    finally:
        pending, _batch.pending = _batch.pending, None
        if pending:
            with timing.phase("live publishes"):
                _send(
                    [
                        (topic, payload, tuple(counters))
                        for topic, (payload, counters) in pending.items()
                    ]
                )


class PublishOnceMiddleware:
    """Every change a request publishes (after its commits) is sent once per topic at the end of
    the request, in one round trip (``batch``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with batch():
            return self.get_response(request)


def publish_each(topics: Iterable[str], data: dict | None = None) -> None:
    """``publish(topic, data)`` for each of many topics (a round's 4,096 teams): the data
    encoded once and one after-commit callback for them all."""
    topics = list(dict.fromkeys(topics))
    for topic in topics:
        _check_topic(topic)
    payload = json.dumps(data or {}, separators=(",", ":"), default=str)

    def publish_all() -> None:
        if getattr(_batch, "pending", None) is not None:
            for topic in topics:
                _publish(topic, payload, None)
            return
        with timing.phase("live publishes"):
            _send([(topic, payload, ()) for topic in topics])

    transaction.on_commit(publish_all, robust=True)


def _publish(topic: str, payload: str, counters: Counters | None) -> None:
    """After the commit, inside the write's request: into the open batch, else sent now."""
    pending = getattr(_batch, "pending", None)
    if pending is not None:
        kept = pending.pop(topic, None)  # re-inserted: the order of the latest changes
        advanced = kept[1] if kept is not None else []
        if counters is not None:
            advanced.append(counters)
        pending[topic] = (payload, advanced)
        return
    with timing.phase("live publishes"):
        _send([(topic, payload, () if counters is None else (counters,))])


def _send(changes: list[tuple[str, str, tuple[Counters, ...]]]) -> None:
    """Send changes (topic, data, Counters) in one pass. With Redis it waits at most
    LIVE_REDIS_TIMEOUT_MS; a failure (down or hung) opens the breaker and later publishes are
    skipped at once for LIVE_REDIS_RETRY_SECONDS: the write is answered regardless, and its
    readers catch up from their next version check."""
    source = backend()
    url = source.url if isinstance(source, RedisBackend) else None
    sent = []
    for topic, payload, counters in changes:
        together = tuple(c for c in counters if c.url == url)
        for c in counters:
            if c.url != url:
                c.otherwise()
        sent.append((topic, payload, together))
    if isinstance(source, RedisBackend) and not source.breaker.closed:
        return
    try:
        source.publish_many(sent)
    except _redis_failures() as exc:
        if isinstance(source, RedisBackend):
            source.breaker.failed(exc)
        else:  # pragma: no cover (the in-process backend does not fail)
            raise


def _redis_failures() -> tuple[type[BaseException], ...]:
    from redis.exceptions import RedisError

    return (RedisError, OSError)


def version(topic: str) -> int:
    """The topic's current version: 0 before its first change, then growing by one a change
    (from 1 in the process, from the time of the first change with Redis: RedisBackend)."""
    _check_topic(topic)
    return backend().latest(topic)[0]


def latest(topic: str) -> tuple[int, dict]:
    """The topic's current version and the data of its latest change."""
    _check_topic(topic)
    v, payload = backend().latest(topic)
    return v, json.loads(payload)


_backends: dict[tuple[str, str], MemoryBackend | RedisBackend] = {}


def backend() -> MemoryBackend | RedisBackend:
    url = getattr(settings, "LIVE_REDIS_URL", "") or ""
    channel = getattr(settings, "LIVE_CHANNEL", "tandem:live")
    found = _backends.get((url, channel))
    if found is None:
        found = RedisBackend(url, channel) if url else MemoryBackend()
        _backends[(url, channel)] = found
    return found


# --- streams that end when their credential does ----------------------------------------------

_END = "end:"  # a change of topic "end:<tag>" ends the streams authorized with that tag


def key_tag(key: str) -> str:
    """The tag of the streams opened with a team key (never the key itself: it goes to Redis)."""
    import hashlib

    return "key" + hashlib.sha256(key.encode()).hexdigest()[:40]


def end_streams_of_key(key: str) -> None:
    """The streams opened with this team key end once the current transaction commits, in every
    server process (the key was renewed: the old one reads nothing more, not even for the
    LIVE_STREAM_SECONDS a stream otherwise lasts)."""
    publish(_END + key_tag(key))


def _request_tag(request: HttpRequest) -> str | None:
    key = request.GET.get("key") or request.headers.get("X-Team-Key")
    return key_tag(key) if key else None


# --- the hub: one per process and event loop --------------------------------------------------


class Subscription:
    """One client's pending changes of one topic; filled by the hub, drained by the stream."""

    __slots__ = ("topic", "pending", "_event", "reset", "tag", "ended")

    def __init__(self, topic: str, tag: str | None = None) -> None:
        self.topic = topic
        self.pending: deque[tuple[int, bytes]] = deque(maxlen=_QUEUE)
        self._event = asyncio.Event()
        self.reset = False
        self.tag = tag  # the credential it was authorized with (key_tag), when one can end
        self.ended = False

    def end(self) -> None:
        self.ended = True
        self._event.set()

    def push(self, v: int, frame: bytes) -> None:
        self.pending.append((v, frame))
        self._event.set()

    async def wait(self, timeout: float) -> list[tuple[int, bytes]]:
        """The changes that arrived, waiting up to ``timeout`` seconds for one (else [])."""
        if not self.pending:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._event.wait()
        self._event.clear()
        items = list(self.pending)
        self.pending.clear()
        return items


class Hub:
    """Fans the changes of this process's one subscription out to its clients, by topic."""

    def __init__(self, loop: asyncio.AbstractEventLoop, source: MemoryBackend | RedisBackend):
        self.loop, self.source = loop, source
        self.topics: dict[str, set[Subscription]] = {}
        self.tagged: dict[str, set[Subscription]] = {}
        self.listener: asyncio.Task | None = None
        self._ready: asyncio.Event | None = None

    @property
    def clients(self) -> int:
        return sum(len(s) for s in self.topics.values())

    async def subscribe(self, topic: str, tag: str | None = None) -> Subscription:
        sub = Subscription(topic, tag)
        self.topics.setdefault(topic, set()).add(sub)
        if tag is not None:
            self.tagged.setdefault(tag, set()).add(sub)
        if isinstance(self.source, RedisBackend):
            if self.listener is None or self.listener.done():
                self._ready = asyncio.Event()
                self.listener = self.loop.create_task(self._listen(), name="live-redis")
            ready = self._ready
            assert ready is not None  # set with the listener just above
            try:
                async with asyncio.timeout(10):
                    await ready.wait()
            except BaseException:
                self.unsubscribe(sub)
                raise
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        if sub.tag is not None:
            tagged = self.tagged.get(sub.tag)
            if tagged is not None:
                tagged.discard(sub)
                if not tagged:
                    del self.tagged[sub.tag]
        subs = self.topics.get(sub.topic)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.topics[sub.topic]
        if not self.topics and self.listener is not None:
            self.listener.cancel()  # the last client left: no subscription kept open for nobody
            self.listener = None

    def deliver(self, topic: str, v: int, payload: str) -> None:
        if topic.startswith(_END):
            for sub in list(self.tagged.get(topic[len(_END) :], ())):
                sub.end()
            return
        subs = self.topics.get(topic)
        if subs:
            frame = _frame(topic, v, payload)
            for sub in subs:
                sub.push(v, frame)

    def deliver_all(self, changes: list[tuple[str, int, str]]) -> None:
        for topic, v, payload in changes:
            self.deliver(topic, v, payload)

    def deliver_threadsafe(self, changes: list[tuple[str, int, str]]) -> None:
        """Deliver changes (topic, version, data) on the hub's loop, in one call."""
        if self.loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            self.deliver_all(changes)
        else:
            self.loop.call_soon_threadsafe(self.deliver_all, changes)

    async def _listen(self) -> None:
        """Hold the process's one Redis subscription; reconnect with backoff; resync after a gap."""
        import redis.asyncio

        source: RedisBackend = self.source  # type: ignore[assignment]  # started only for a Redis source (Hub.subscribe)
        delay, gap = 0.5, False
        while True:
            conn = redis.asyncio.Redis.from_url(source.url, socket_connect_timeout=5)
            pubsub = conn.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(source.channel)
                if gap:
                    await self._resync()
                if self._ready is not None:
                    self._ready.set()
                delay = 0.5
                while True:
                    msg = await pubsub.get_message(timeout=None)
                    if msg is None or msg["type"] != "message":
                        continue
                    for line in msg["data"].decode().split("\n"):  # one change a line
                        v, topic, payload = line.split(" ", 2)
                        self.deliver(topic, int(v), payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - any Redis fault: retry, clients keep waiting
                log.warning("live: Redis subscription lost (%s); retrying in %.1fs", exc, delay)
                gap = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.shield(_close_pubsub(pubsub, conn))

    async def _resync(self) -> None:
        """After a lost subscription, hand each topic's latest change to its clients again."""
        topics = list(self.topics)
        rows = await self.source.amget(topics)  # type: ignore[union-attr]  # called by _listen alone, whose source is Redis
        for topic, (v, payload) in zip(topics, rows, strict=True):
            for sub in self.topics.get(topic, ()):
                sub.reset = True
                sub.push(v, _frame(topic, v, payload))


async def _close_pubsub(pubsub, conn) -> None:
    await pubsub.aclose()
    await conn.aclose()


_hubs: dict[int, Hub] = HUBS


def hub() -> Hub:
    """The hub of the running event loop (one per server process)."""
    loop = asyncio.get_running_loop()
    source = backend()
    found = _hubs.get(id(loop))
    if found is None or found.loop is not loop or found.source is not source:
        for old in list(_hubs.values()):
            if old.loop is loop or old.loop.is_closed():
                _hubs.pop(id(old.loop), None)
        found = _hubs[id(loop)] = Hub(loop, source)
    return found


# --- endpoints ----------------------------------------------------------------------------------


_database: list = []  # the breaker of the database as this process's streams see it


def _database_breaker():
    if not _database:
        from core.cache import Breaker

        _database.append(Breaker("the database (live)", settings.LIVE_DATABASE_RETRY_SECONDS))
    return _database[0]


def _authorized(request: HttpRequest, kind: str, topic_id: str) -> bool:
    """Whether the caller may read the topic. With the database unreachable a moment ago the
    answer is its 503 at once (handler500, core/error_pages.py) for LIVE_DATABASE_RETRY_SECONDS,
    instead of every reconnecting browser waiting for the connection pool."""
    authorize = _kinds.get(kind)
    if authorize is None or not _ID_RE.match(topic_id):
        return False
    breaker = _database_breaker()
    if not breaker.closed:
        raise OperationalError("the database was unreachable a moment ago")
    try:
        return bool(authorize(request, topic_id))
    except (OperationalError, InterfaceError) as exc:
        breaker.failed(exc)
        raise
    finally:
        if not connections["default"].in_atomic_block:
            # A stream lives for minutes: do not hold a database connection for it.
            connections.close_all()


def _since(request: HttpRequest) -> int | None:
    raw = request.headers.get("Last-Event-ID") or request.GET.get("since")
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        return None


def poll(request: HttpRequest, kind: str, topic_id: str) -> HttpResponse:
    """GET /live/<kind>/<id>/version?since=N: 204 when unchanged, else the latest version."""
    if request.method not in ("GET", "HEAD") or not _authorized(request, kind, topic_id):
        raise Http404("Not found.")
    topic = f"{kind}:{topic_id}"
    v, payload = backend().latest(topic)
    etag = f'"{v}"'
    if request.headers.get("If-None-Match") == etag or _since(request) == v:
        response = HttpResponse(status=304 if "If-None-Match" in request.headers else 204)
    else:
        response = HttpResponse(
            f'{{"topic":"{topic}","version":{v},"data":{payload}}}',
            content_type="application/json",
        )
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache, private"
    return response


async def stream(
    request: HttpRequest, kind: str, topic_id: str
) -> HttpResponse | StreamingHttpResponse:
    """GET /live/<kind>/<id>/: Server-Sent Events of the topic's changes."""
    from asgiref.sync import sync_to_async
    from django.core.handlers.asgi import ASGIRequest

    if request.method != "GET":
        raise Http404("Not found.")
    if not await sync_to_async(_authorized)(request, kind, topic_id):
        raise Http404("Not found.")
    topic, since = f"{kind}:{topic_id}", _since(request)
    headers = {"Cache-Control": "no-cache, private", "X-Accel-Buffering": "no"}
    if not isinstance(request, ASGIRequest):
        # Plain WSGI cannot hold a stream: say what changed and close; EventSource comes back.
        v, payload = await sync_to_async(backend().latest)(topic)
        body = b"retry: 3000\n\n" + (_frame(topic, v, payload) if v and v != since else b"")
        return HttpResponse(body, content_type="text/event-stream", headers=headers)
    return StreamingHttpResponse(
        _events(topic, since, _request_tag(request)),
        content_type="text/event-stream",
        headers=headers,
    )


async def _events(topic: str, since: int | None, tag: str | None = None) -> AsyncIterator[bytes]:
    the_hub = hub()
    sub = await the_hub.subscribe(topic, tag)
    heartbeat = float(getattr(settings, "LIVE_HEARTBEAT_SECONDS", 15))
    ends_at = the_hub.loop.time() + float(getattr(settings, "LIVE_STREAM_SECONDS", 600))
    try:
        yield b"retry: 2000\n\n"
        v, payload = await the_hub.source.alatest(topic)
        last = since if since is not None else -1
        if v and v != since:
            last = v
            yield _frame(topic, v, payload)
        while the_hub.loop.time() < ends_at:
            items = await sub.wait(heartbeat)
            if sub.ended:
                return  # its key was renewed: the browser's reconnection is refused (404)
            if not items:
                yield b": ping\n\n"
                continue
            if sub.reset:
                sub.reset, last = False, -1
            for v, frame in items:
                if v > last:
                    last = v
                    yield frame
    finally:
        the_hub.unsubscribe(sub)


# Access is the registered kind's authorize(): an unknown kind or a caller it refuses gets 404.
# Each kind has its rows in the access matrix (tests/support/matrix/).
urlpatterns = [
    path("live/<str:kind>/<str:topic_id>/", stream, name="live-stream"),
    path("live/<str:kind>/<str:topic_id>/version", poll, name="live-version"),
]
