"""Benchmark: live updates of the game tracker, polling against Server-Sent Events.

Run from the repository root (loopback only; starts and stops its own servers; Redis on
127.0.0.1:6379 for the multi-process runs, which are skipped without it):

    .venv/bin/python tests/bench/bench_live.py [--quick] [--poll]   (--poll: the polling runs only)

The tracker's target: 500 tables x 4 phones = 2,000 clients, one change per table per second
(500 publishes/s), each change seen by the table's other three phones within 1 s at p99.
A change is published by an HTTP POST to a small route of this file that calls core.live's
backend in a worker thread, as a view does after its commit; the clients are raw asyncio streams.

- (a) polling: every client asks /live/bench/<table>/version?since=<v> every INTERVAL seconds
  (gunicorn, 2 workers x 4 threads, versions in Redis); also the closed-loop throughput.
- (b) SSE: every client holds /live/bench/<table>/ open; uvicorn with 1 worker and the in-process
  fan-out, then 2 workers with Redis pub/sub between them.

Printed per run: latency p50/p99/max from publish to receipt, delivered/expected changes, the
server's CPU seconds and RSS (all its processes) and the generator's CPU. Printed, not enforced.
"""

from __future__ import annotations

import asyncio
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import parse_qs

from procstats import stat, tree  # tests/bench/, beside the script

ROOT = Path(__file__).resolve().parents[2]
QUICK = "--quick" in sys.argv
TABLES = 100 if QUICK else 500
SECONDS = 8 if QUICK else 20
WARMUP = 2.0
POLL_INTERVAL = 1.0
HOST = "127.0.0.1"


# --- the server side: Django's app plus a publish route (imported by uvicorn / gunicorn) ---------

_django_app = None


def _setup():
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

    django.setup()
    from core import live

    live.register_kind("bench", lambda request, topic_id: True)
    return live


def _publish(query: str) -> bytes:
    from core import live

    q = parse_qs(query)
    v = live.backend().publish(f"bench:{q['table'][0]}", f'{{"seat":{int(q["seat"][0])}}}')
    return str(v).encode()


async def app(scope, receive, send):
    """ASGI: POST /_bench/publish?table=T&seat=S, else Tandem's ASGI application."""
    global _django_app
    if _django_app is None:
        _setup()
        from config.asgi import application

        _django_app = application
    if scope["type"] == "http" and scope["path"] == "/_bench/publish":
        body = await asyncio.to_thread(_publish, scope["query_string"].decode())
        headers = [(b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return
    await _django_app(scope, receive, send)


def wsgi_app(environ, start_response):
    """WSGI: the same publish route, else Tandem's WSGI application (polling under gunicorn)."""
    global _django_app
    if _django_app is None:
        _setup()
        from config.wsgi import application

        _django_app = application
    if environ["PATH_INFO"] == "/_bench/publish":
        body = _publish(environ["QUERY_STRING"])
        start_response("200 OK", [("Content-Length", str(len(body)))])
        return [body]
    return _django_app(environ, start_response)


# --- process accounting --------------------------------------------------------------------------


def _cpu_rss(pid: int) -> tuple[float, float]:
    """CPU seconds (user+system) and RSS in MB of a process and its children."""
    return stat(tree(pid))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _redis_up() -> bool:
    try:
        with socket.create_connection((HOST, 6379), timeout=2):
            return True
    except OSError:
        return False


class Server:
    def __init__(self, kind: str, workers: int, redis: bool, db_dir: str):
        self.port = _free_port()
        env = dict(os.environ)
        env.update(
            DATABASE_URL=f"sqlite:///{db_dir}/bench.sqlite3",
            TANDEM_PLAIN_STATIC="1",
            DJANGO_SETTINGS_MODULE="config.settings",
            LIVE_REDIS_URL="redis://127.0.0.1:6379/12" if redis else "",
            LIVE_CHANNEL=f"bench-live-{uuid.uuid4().hex[:8]}",
            LIVE_HEARTBEAT_SECONDS="15",
        )
        env.pop("REDIS_URL", None)
        py = sys.executable
        if kind == "uvicorn":
            cmd = [py, "-m", "uvicorn", "bench_live:app", "--app-dir", str(ROOT / "tests/bench")]
            cmd += ["--host", HOST, "--port", str(self.port), "--workers", str(workers)]
            cmd += ["--no-access-log", "--log-level", "warning", "--backlog", "4096"]
        else:
            cmd = [py, "-m", "gunicorn", "bench_live:wsgi_app", "--pythonpath", "tests/bench"]
            cmd += ["--bind", f"{HOST}:{self.port}", "--workers", str(workers), "--threads", "4"]
            cmd += ["--log-level", "warning", "--backlog", "4096"]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((HOST, self.port), timeout=1) as s:
                    s.sendall(b"GET /live/bench/0/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    if s.recv(100).startswith(b"HTTP/1.1 200"):
                        break
            except OSError:
                time.sleep(0.3)
        else:
            self.stop()
            raise RuntimeError("server did not start")
        time.sleep(1.0 if workers > 1 else 0.2)  # every worker up

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


# --- the load generator --------------------------------------------------------------------------


class Stats:
    def __init__(self, tables: int):
        # Publish times in order, and each table's first version (the publish route's answer):
        # with Redis a topic's first version is a time in microseconds, then + 1 a change.
        self.sent: list[list[float]] = [[] for _ in range(tables)]
        self.first: list[int | None] = [None] * tables
        self.lat: list[float] = []
        self.expected = 0
        self.polls = 0
        self.errors = 0
        self.reconnects = 0
        self.measure_from = 0.0

    def seen(self, table: int, upto: int, already: int) -> None:
        now, sent, first = time.monotonic(), self.sent[table], self.first[table]
        if first is None:  # the first change reached a phone before its publish was answered
            return
        for v in range(max(already + 1, first), min(upto, first + len(sent) - 1) + 1):
            if sent[v - first] >= self.measure_from:
                self.lat.append(now - sent[v - first])


async def _request(port: int, path: str, headers: str = "") -> tuple:
    r, w = await asyncio.open_connection(HOST, port)
    w.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode())
    return r, w


async def sse_client(port, table, stats: Stats, connected: asyncio.Event, stop, counts=True):
    r, w = await _request(port, f"/live/bench/{table}/", "Accept: text/event-stream\r\n")
    await r.readuntil(b"\r\n\r\n")
    connected.set()
    last, buf = 0, b""
    try:
        while not stop.is_set():
            chunk = await r.read(65536)
            if not chunk:
                stats.errors += 1
                return
            buf += chunk
            while b"\n\n" in buf:
                frame, buf = buf.split(b"\n\n", 1)
                i = frame.find(b"id: ")
                if i >= 0:
                    v = int(frame[i + 4 : frame.index(b"\n", i)])
                    if counts:
                        stats.seen(table, v, last)
                    last = max(last, v)
    finally:
        w.close()


async def poll_client(port, table, stats: Stats, interval: float, stop, counts=True):
    r, w = await asyncio.open_connection(HOST, port)
    last = 0
    await asyncio.sleep(random.random() * interval)
    try:
        while not stop.is_set():
            t0 = time.monotonic()
            if r.at_eof():  # the server closed the keep-alive connection: open another
                w.close()
                stats.reconnects += 1
                r, w = await asyncio.open_connection(HOST, port)
            w.write(
                f"GET /live/bench/{table}/version?since={last} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
            )
            head = await r.readuntil(b"\r\n\r\n")
            stats.polls += 1
            if head.startswith(b"HTTP/1.1 200"):
                n = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
                body = await r.readexactly(n)
                v = int(body.split(b'"version":')[1].split(b",")[0])
                if counts:
                    stats.seen(table, v, last)
                last = max(last, v)
            if interval:
                await asyncio.sleep(max(0.0, interval - (time.monotonic() - t0)))
    except (OSError, asyncio.IncompleteReadError):
        stats.errors += 1
        if not stop.is_set():  # dropped by the server: poll again on a new connection
            await poll_client(port, table, stats, interval, stop, counts)
    finally:
        w.close()


async def publisher(port: int, tables: range, stats: Stats, stop, seconds: float):
    """One keep-alive connection publishing for its share of tables, each once a second."""
    r, w = await asyncio.open_connection(HOST, port)
    phase = {t: random.random() for t in tables}
    start = time.monotonic()
    order = sorted(tables, key=phase.get)
    tick = 0
    while not stop.is_set() and time.monotonic() - start < seconds:
        for t in order:
            at = start + tick + phase[t]
            delay = at - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            stats.sent[t].append(time.monotonic())
            if stats.sent[t][-1] >= stats.measure_from:
                stats.expected += 3
            if r.at_eof():
                stats.reconnects += 1
                r, w = await asyncio.open_connection(HOST, port)
            w.write(
                f"POST /_bench/publish?table={t}&seat=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
            )
            try:
                head = await r.readuntil(b"\r\n\r\n")
                n = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
                v = int(await r.readexactly(n))
                if stats.first[t] is None:
                    stats.first[t] = v - len(stats.sent[t]) + 1
            except (OSError, asyncio.IncompleteReadError):
                stats.errors += 1  # the server dropped the connection: this change may be lost
                r, w = await asyncio.open_connection(HOST, port)
        tick += 1
    w.close()


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


async def run(server: Server, mode: str, tables: int, seconds: float, interval: float = 0.0):
    stats, stop = Stats(tables), asyncio.Event()
    tasks, sem = [], asyncio.Semaphore(200)

    async def start(table: int, seat: int):
        async with sem:
            done = asyncio.Event()
            if mode == "sse":
                task = asyncio.create_task(
                    sse_client(server.port, table, stats, done, stop, seat > 0)
                )
                waiter = asyncio.create_task(done.wait())
                await asyncio.wait([task, waiter], timeout=30, return_when="FIRST_COMPLETED")
                waiter.cancel()
            else:
                task = asyncio.create_task(
                    poll_client(server.port, table, stats, interval, stop, seat > 0)
                )
            tasks.append(task)

    t0 = time.monotonic()
    # Four phones per table; seat 0 makes the changes, seats 1-3 must see them (seat 0 reads too).
    await asyncio.gather(*(start(t, s) for t in range(tables) for s in range(4)))
    connect_s = time.monotonic() - t0
    cpu0, _ = _cpu_rss(server.proc.pid)
    gen0 = time.process_time()
    stats.measure_from = time.monotonic() + WARMUP
    n_pub = 4
    pubs = [
        asyncio.create_task(publisher(server.port, range(i, tables, n_pub), stats, stop, seconds))
        for i in range(n_pub)
    ]
    await asyncio.gather(*pubs)
    await asyncio.sleep(1.5 + interval)  # the last changes arrive
    cpu1, rss = _cpu_rss(server.proc.pid)
    gen = time.process_time() - gen0
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    wall = seconds + 1.5 + interval
    lat = stats.lat
    return {
        "clients": tables * 4,
        "connect_s": connect_s,
        "p50": _pct(lat, 50) * 1000,
        "p99": _pct(lat, 99) * 1000,
        "max": max(lat, default=float("nan")) * 1000,
        "delivered": len(lat),
        "expected": stats.expected,
        "server_cpu": cpu1 - cpu0,
        "server_cpu_pct": (cpu1 - cpu0) / wall * 100,
        "rss": rss,
        "gen_cpu": gen,
        "polls_s": stats.polls / wall,
        "errors": stats.errors,
        "reconnects": stats.reconnects,
        "wall": wall,
    }


def _print(name: str, res: dict) -> None:
    print(
        f"{name:<44} clients {res['clients']:>5} (connected in {res['connect_s']:.1f}s)  "
        f"latency p50 {res['p50']:.0f} ms  p99 {res['p99']:.0f} ms  max {res['max']:.0f} ms  "
        f"delivered {res['delivered']}/{res['expected']}  "
        f"server CPU {res['server_cpu']:.1f}s in {res['wall']:.0f}s ({res['server_cpu_pct']:.0f}% of a core)  "
        f"RSS {res['rss']:.0f} MB  generator CPU {res['gen_cpu']:.1f}s"
        + (f"  polls/s {res['polls_s']:.0f}" if res["polls_s"] else "")
        + (f"  errors {res['errors']}" if res["errors"] else "")
        + (f"  reconnects {res['reconnects']}" if res["reconnects"] else ""),
        flush=True,
    )


async def throughput(server: Server, clients: int, seconds: float) -> float:
    """Closed-loop polls (each client asks again at once): what the server can answer."""
    stats, stop = Stats(1), asyncio.Event()
    tasks = [
        asyncio.create_task(poll_client(server.port, i % 100, stats, 0.0, stop))
        for i in range(clients)
    ]
    await asyncio.sleep(1.0)
    n0, t0 = stats.polls, time.monotonic()
    await asyncio.sleep(seconds)
    rate = (stats.polls - n0) / (time.monotonic() - t0)
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return rate


def main() -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the servers on `timeout` too
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    db_dir = tempfile.mkdtemp(prefix="tandem-bench-live-")
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{db_dir}/bench.sqlite3")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    redis = _redis_up()
    print(
        f"bench_live: {TABLES} tables x 4 phones, {TABLES} changes/s for {SECONDS}s "
        f"(first {WARMUP:.0f}s not measured), {os.cpu_count()} cores, Python {sys.version.split()[0]}"
    )
    runs = [("(b) SSE, uvicorn 1 worker, in-process", "uvicorn", 1, False, "sse")]
    if redis:
        runs.append(("(b) SSE, uvicorn 2 workers, Redis pub/sub", "uvicorn", 2, True, "sse"))
        runs.append(("(a) polling 1 s, gunicorn 2x4 threads, Redis", "gunicorn", 2, True, "poll"))
        runs.append(("(a) polling 1 s, uvicorn 2 workers, Redis", "uvicorn", 2, True, "poll"))
    else:
        print("Redis not reachable on 127.0.0.1:6379: multi-process runs skipped")
        runs.append(("(a) polling 1 s, uvicorn 1 worker", "uvicorn", 1, False, "poll"))
    if "--poll" in sys.argv:
        runs = [r for r in runs if r[4] == "poll"]
    for name, kind, workers, use_redis, mode in runs:
        server = Server(kind, workers, use_redis, db_dir)
        try:
            if mode == "poll":
                rate = asyncio.run(throughput(server, 64, 3 if QUICK else 5))
                print(f"{name:<44} closed-loop throughput: {rate:.0f} polls/s (64 clients)")
            interval = POLL_INTERVAL if mode == "poll" else 0.0
            _print(name, asyncio.run(run(server, mode, TABLES, SECONDS, interval)))
        finally:
            server.stop()
    print(
        "Polling needs about one request per phone per second for p99 under 1 s: "
        f"{TABLES * 4} polls/s for {TABLES * 4} phones."
    )


if __name__ == "__main__":
    main()
