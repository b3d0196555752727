"""core.live: publish after commit, versions, fan-out in the process and over Redis, access, and a
real Server-Sent Events stream from uvicorn on a loopback port."""

import asyncio
import os
import socket
import threading
import time
import uuid

import pytest
from django.db import transaction

from core import live
from tournament.services import teams as tournament_teams


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.LIVE_REDIS_URL = ""
    settings.LIVE_CHANNEL = f"test-live-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def topic() -> str:
    return f"testkind:{uuid.uuid4().hex[:12]}"


@pytest.fixture
def kind():
    """A topic kind for tests only: readable when the query string says ok=1."""
    live.register_kind("testkind", lambda request, topic_id: request.GET.get("ok") == "1")
    yield "testkind"
    live.unregister_kind("testkind")


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_write_announces_nothing(topic):
    def service():
        with transaction.atomic():
            live.publish(topic, {"life": 17})
            raise RuntimeError("the service failed after publishing")

    with pytest.raises(RuntimeError):
        service()
    assert live.version(topic) == 0


@pytest.mark.django_db(transaction=True)
def test_publish_waits_for_the_commit(topic):
    with transaction.atomic():
        live.publish(topic, {"life": 17})
        assert live.version(topic) == 0  # not yet: the write is not visible to others
    assert live.latest(topic) == (1, {"life": 17})


@pytest.mark.django_db(transaction=True)
def test_versions_only_grow_and_keep_the_latest_data(topic):
    assert live.version(topic) == 0
    for n in range(1, 4):
        live.publish(topic, {"n": n})
        assert live.version(topic) == n
    assert live.latest(topic) == (3, {"n": 3})
    assert live.version("testkind:other") == 0


@pytest.mark.parametrize("bad", ["round", "round:", "Round:1", "round:1 2", ":1", "a:b:c", 12])
def test_malformed_topics_are_refused(bad):
    with pytest.raises(ValueError, match="topic"):
        live.publish(bad)


@pytest.mark.django_db(transaction=True)
def test_one_change_reaches_every_client_of_its_topic_only(topic):
    async def scenario():
        hub = live.hub()
        readers = [await hub.subscribe(topic) for _ in range(3)]
        other = await hub.subscribe("testkind:elsewhere")
        # A view publishes from a worker thread, as under the ASGI server.
        await asyncio.to_thread(live.publish, topic, {"life": [20, 18]})
        got = [await r.wait(2) for r in readers]
        nothing = await other.wait(0.05)
        for r in [*readers, other]:
            hub.unsubscribe(r)
        return got, nothing, hub.topics

    got, nothing, left = asyncio.run(scenario())
    for items in got:
        assert [v for v, _ in items] == [1]
        assert b'"data":{"life":[20,18]}' in items[0][1]
        assert items[0][1].startswith(b"id: 1\n")
    assert nothing == []
    assert left == {}  # no subscription left behind


def _redis_or_skip() -> str:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=2):
            return "redis://127.0.0.1:6379/11"
    except OSError:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and Redis is not reachable on 127.0.0.1:6379")
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_redis_fans_out_to_two_processes_with_one_subscription_each(settings, topic):
    settings.LIVE_REDIS_URL = _redis_or_skip()
    source = live.backend()
    assert isinstance(source, live.RedisBackend)

    async def scenario():
        import redis.asyncio

        loop = asyncio.get_running_loop()
        a, b = live.Hub(loop, source), live.Hub(loop, source)  # two server processes
        subs_a = [await a.subscribe(topic) for _ in range(5)]
        subs_b = [await b.subscribe(topic) for _ in range(5)]
        admin = redis.asyncio.Redis.from_url(source.url)
        (_, subscribers), *_ = await admin.pubsub_numsub(source.channel)
        await asyncio.to_thread(live.publish, topic, {"turn": 2})
        got = [await s.wait(3) for s in subs_a + subs_b]
        for hub, subs in ((a, subs_a), (b, subs_b)):
            for s in subs:
                hub.unsubscribe(s)
        await asyncio.sleep(0.2)
        (_, after), *_ = await admin.pubsub_numsub(source.channel)
        await admin.aclose()
        return subscribers, got, after, (a.listener, b.listener)

    subscribers, got, after, listeners = asyncio.run(scenario())
    assert subscribers == 2  # one per process, not one per client
    first = live.version(topic)  # with Redis, the time of the first change (RedisBackend)
    for items in got:
        assert [v for v, _ in items] == [first]
        assert b'"data":{"turn":2}' in items[0][1]
    assert after == 0
    assert listeners == (None, None)
    assert live.latest(topic) == (first, {"turn": 2})


@pytest.mark.django_db
def test_unknown_kind_or_refused_caller_gets_404(client, kind, topic):
    topic_id = topic.split(":")[1]
    assert client.get("/live/nosuchkind/1/?ok=1").status_code == 404
    assert client.get("/live/nosuchkind/1/version?ok=1").status_code == 404
    assert client.get(f"/live/{kind}/{topic_id}/").status_code == 404
    assert client.get(f"/live/{kind}/{topic_id}/version").status_code == 404
    assert client.get(f"/live/{kind}/{topic_id}/?ok=1").status_code == 200


def _publish_committed(topic: str, data: dict) -> None:
    """publish() inside the test's transaction, as if the service's transaction committed."""
    with transaction.atomic(), pytest.MonkeyPatch.context() as mp:
        mp.setattr(transaction, "on_commit", lambda fn, robust=False: fn())
        live.publish(topic, data)


@pytest.mark.django_db
def test_version_poll_answers_unchanged_cheaply(client, kind, topic):
    url = f"/live/{kind}/{topic.split(':')[1]}/version?ok=1"
    _publish_committed(topic, {"life": 15})
    first = client.get(url)
    assert first.status_code == 200
    assert first.json() == {"topic": topic, "version": 1, "data": {"life": 15}}
    assert client.get(url + "&since=1").status_code == 204
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    _publish_committed(topic, {"life": 12})
    assert client.get(url + "&since=1").json()["version"] == 2


@pytest.mark.django_db
def test_under_wsgi_the_stream_tells_what_was_missed_and_closes(client, kind, topic):
    url = f"/live/{kind}/{topic.split(':')[1]}/?ok=1"
    _publish_committed(topic, {"life": 9})
    missed = client.get(url, HTTP_LAST_EVENT_ID="0")
    assert missed["Content-Type"] == "text/event-stream"
    assert b'id: 1\ndata: {"topic":"' in missed.content
    assert b"id: 1" not in client.get(url, HTTP_LAST_EVENT_ID="1").content


class _Uvicorn:
    """Tandem's ASGI application under uvicorn in a thread, on a random loopback port."""

    def __init__(self):
        import uvicorn

        from config.asgi import application

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        config = uvicorn.Config(
            application, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)

    def stop(self):
        self.server.should_exit = True
        self.thread.join(10)


def _read_until(sock: socket.socket, marker: bytes, timeout: float = 5) -> bytes:
    sock.settimeout(timeout)
    data = b""
    while marker not in data:
        chunk = sock.recv(4096)
        assert chunk, f"closed before {marker!r}: {data!r}"
        data += chunk
    return data


@pytest.mark.django_db(transaction=True)
def test_sse_stream_from_a_real_asgi_server_delivers_a_published_change(kind, topic):
    server = _Uvicorn()
    try:
        live.publish(topic, {"life": 20})  # before the client connects: version 1
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
            sock.sendall(
                f"GET /live/{kind}/{topic.split(':')[1]}/?ok=1 HTTP/1.1\r\n"
                "Host: 127.0.0.1\r\nAccept: text/event-stream\r\nLast-Event-ID: 0\r\n\r\n".encode()
            )
            head = _read_until(sock, b"id: 1\n")  # what it missed, on connecting
            assert head.startswith(b"HTTP/1.1 200")
            assert b"content-type: text/event-stream" in head.lower()
            live.publish(topic, {"life": 17})  # from this (another) thread, after commit
            body = _read_until(sock, b"id: 2\n")
            assert b'"version":2,"data":{"life":17}' in body
        # The client hung up: its subscription is gone (no task or subscription left).
        deadline = time.monotonic() + 5
        while any(h.clients for h in live._hubs.values()):
            assert time.monotonic() < deadline, "subscription left after disconnect"
            time.sleep(0.05)
    finally:
        server.stop()


@pytest.mark.django_db(transaction=True)
def test_a_renewed_team_key_ends_the_streams_opened_with_it_at_once(topic):
    """A stream opened with a team key (?key=) is tagged with it; renewing the key ends those
    streams in every process (a change of topic "end:<tag>"), not LIVE_STREAM_SECONDS later.
    Streams opened with another key, or none, go on."""

    async def scenario():
        old = live._events(topic, None, live.key_tag("old-key"))
        other = live._events(topic, None, live.key_tag("other-key"))
        assert await old.__anext__() == b"retry: 2000\n\n"
        assert await other.__anext__() == b"retry: 2000\n\n"
        started = time.monotonic()
        await asyncio.to_thread(live.end_streams_of_key, "old-key")
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(old.__anext__(), 2)
        took = time.monotonic() - started
        await asyncio.to_thread(live.publish, topic, {"n": 1})
        frame = await asyncio.wait_for(other.__anext__(), 2)
        await other.aclose()
        return took, frame, live.hub().tagged

    took, frame, tagged = asyncio.run(scenario())
    assert took < 0.5
    assert b'"data":{"n":1}' in frame
    assert tagged == {}  # nothing kept for the ended streams


@pytest.mark.django_db(transaction=True)
def test_renewing_a_key_announces_the_end_of_its_streams(world):

    old_key = world.red.access_key
    tag = live.key_tag(old_key)
    before = live.version(f"end:{tag}")
    tournament_teams.team_new_key(team=world.red)
    assert live.version(f"end:{tag}") == before + 1
    assert old_key not in tag  # the key itself never goes to Redis
