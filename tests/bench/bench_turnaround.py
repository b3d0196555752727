"""Benchmark: a round's turnaround, from the scorekeeper's "pair and publish round 5" to every
phone told and the pairings page served from the cache (issue 27).

Run from the repository root (PostgreSQL and Redis on 127.0.0.1; loopback only; starts and stops
its own servers and worker):

    .venv/bin/python tests/bench/bench_turnaround.py [--quick] [--teams 1024,4096] [--streams N]
        [--runs R] [--reuse] [--eager]
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/tandem_bench_turnaround (the default)
    BENCH_REDIS_URL=redis://127.0.0.1:6379/6 (the default: flushed at the start and the end)

It builds one event per size in its own database (kept for --reuse): the teams, four Swiss rounds
played through pairing.simulation, six Swiss rounds planned. Then it runs the deployment's parts:
gunicorn (config.wsgi, 2 workers x 4 threads) for the API and pages, uvicorn (config.asgi, one
process) for the live streams, and a Celery worker over Redis (``--eager``: no worker, tasks run
in-process as in the embedded default); Redis is the cache, the live transport and the broker.
Each server answers with Server-Timing (SERVER_TIMING=1, core/timing.py).

Per size, an asyncio client holds ``--streams`` team streams (/live/team/<id>/, 2,000; with
--quick 300) and two anonymous pollers ask for round 5's pairings page every 10 ms. Each run:
``POST /api/v1/events/{id}/rounds/`` pairs and publishes round 5 (Token auth); then round 5 is
unpaired with ``DELETE /api/v1/rounds/{id}/``, ready for the next run. Printed per size, the median
of ``--runs`` (5; --quick 2):

- API answer: from sending the POST to its whole answer;
- page from cache: from the POST until a poller gets round 5's page answered from the cache
  (``Server-Timing: page;desc="cached"``);
- notice p50/p99: from the POST until a stream receives the round's last notice; with the
  notices per stream (one per topic is the aim) and how many streams were told of the unpair;
- the phases the server timed inside the POST (core.timing: standings load, engine, save, commit,
  live publishes, page bumps, page warm, answer; "total" is the whole request in the server).

Targets (issue 27): API answer, page from cache and notice p99 under 0.5 s at 4,096 teams,
under 0.2 s at 1,024. Printed, not enforced.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
QUICK = "--quick" in sys.argv
REUSE = "--reuse" in sys.argv
EAGER = "--eager" in sys.argv


def _arg(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


SIZES = [int(n) for n in _arg("--teams", "1024" if QUICK else "1024,4096").split(",")]
STREAMS = int(_arg("--streams", "300" if QUICK else "2000"))
RUNS = int(_arg("--runs", "2" if QUICK else "5"))
PLAYED, ROUND = 4, 5
HOST = "127.0.0.1"
DB_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tandem_bench_turnaround"
)
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/6")
POLLERS, POLL_EVERY, WAIT = 2, 0.010, 20.0
TARGETS = {1024: 0.2, 4096: 0.5}


# --- the events ---------------------------------------------------------------------------------


def _database() -> None:
    """Make the bench database (unless --reuse finds it: then kept, and migrated as a new one)."""
    import psycopg

    base, name = DB_URL.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and REUSE:
            return
        if exists:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def _django(var_dir: Path) -> None:
    os.environ.update(DATABASE_URL=DB_URL, TANDEM_VAR_DIR=str(var_dir), TANDEM_PLAIN_STATIC="1")
    for name in ("REDIS_URL", "LIVE_REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        os.environ.pop(name, None)  # the build runs in this process, with nothing shared
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _name(teams: int) -> str:
    return f"Simulation {teams} teams, {PLAYED} rounds, seed {teams}"


def _event(teams: int):
    """The event of this size, built when missing: PLAYED rounds final, round 5 not paired."""
    from pairing import services
    from pairing.models import PairingSettings, Round
    from pairing.simulation import simulate
    from tournament.models import Event

    event = Event.objects.filter(name=_name(teams)).order_by("-pk").first()
    if event is None:
        started = time.perf_counter()
        event = simulate(teams=teams, rounds=PLAYED, seed=teams, drop_rate=0.01).event
        print(f"built {teams} teams, {PLAYED} rounds in {time.perf_counter() - started:.0f} s")
    Event.objects.filter(pk=event.pk).update(status="running")
    PairingSettings.objects.update_or_create(event=event, defaults={"swiss_rounds": PLAYED + 2})
    left = Round.objects.filter(event=event, number__gte=ROUND).order_by("-number")
    for round_ in left:  # a run stopped half-way: back to four rounds
        services.round_unpair(round_=round_)
    event.refresh_from_db()
    return event


def _token(event) -> str:
    """The organizer's API token, made afresh once per run (tokens expire; the sizes' events
    share their organizer)."""
    from rest_framework.authtoken.models import Token

    token = _tokens.get(event.organizer_id)
    if token is None:
        Token.objects.filter(user=event.organizer).delete()
        token = _tokens[event.organizer_id] = Token.objects.create(user=event.organizer).key
    return token


_tokens: dict[int, str] = {}


def _streams(event, count: int) -> list[tuple[int, str]]:
    """(team id, key) of the first ``count`` teams still in the event: they play round 5."""
    from tournament.models import Team

    teams = Team.objects.filter(event=event, dropped=False).order_by("pk")
    return list(teams.values_list("pk", "access_key")[:count])


# --- the servers --------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Servers:
    """gunicorn (web), uvicorn (live) and a Celery worker, as docker-compose runs them."""

    def __init__(self, var_dir: Path) -> None:
        self.web, self.live = _free_port(), _free_port()
        self.log = var_dir / "servers.log"
        self.procs: list[subprocess.Popen] = []
        self.env = dict(os.environ)
        self.env.update(
            DATABASE_URL=DB_URL,
            DATABASE_CONN_MAX_AGE="60",
            REDIS_URL=REDIS,
            LIVE_REDIS_URL=REDIS,
            LIVE_CHANNEL=f"bench-turnaround-{uuid.uuid4().hex[:8]}",
            SERVER_TIMING="1",
            SECRET_KEY=uuid.uuid4().hex * 2,
            DEBUG="false",
            HTTPS="false",
            TANDEM_VAR_DIR=str(var_dir),
            TANDEM_PLAIN_STATIC="1",
            DJANGO_SETTINGS_MODULE="config.settings",
        )
        self.env.pop("CELERY_RESULT_BACKEND", None)
        if EAGER:
            self.env.pop("CELERY_BROKER_URL", None)
        else:
            self.env["CELERY_BROKER_URL"] = REDIS

    def start(self) -> None:
        py = sys.executable
        web = [py, "-m", "gunicorn", "config.wsgi:application", "--bind", f"{HOST}:{self.web}"]
        web += ["--workers", "2", "--threads", "4", "--worker-class", "gthread"]
        web += ["--timeout", "120", "--log-level", "warning"]
        live = [py, "-m", "uvicorn", "config.asgi:application", "--host", HOST]
        live += ["--port", str(self.live), "--workers", "1", "--no-access-log"]
        live += ["--log-level", "warning", "--backlog", "4096"]
        self._spawn(web)
        self._spawn(live)
        if not EAGER:
            worker = [py, "-m", "celery", "-A", "config", "worker", "--concurrency", "1"]
            worker += ["--without-gossip", "--without-mingle", "--loglevel", "warning"]
            self._spawn(worker)
        for port in (self.web, self.live):
            self._wait(port)
        time.sleep(2.0 if not EAGER else 1.0)  # every worker up

    def _spawn(self, cmd: list[str]) -> None:
        with self.log.open("ab") as log:
            proc = subprocess.Popen(
                cmd, cwd=ROOT, env=self.env, stdout=log, stderr=log, start_new_session=True
            )
        self.procs.append(proc)

    def _wait(self, port: int) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((HOST, port), timeout=2) as s:
                    s.sendall(
                        b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    )
                    if s.recv(100).startswith(b"HTTP/1.1 200"):
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"a server did not start; see {self.log}")

    def stop(self) -> None:
        for proc in self.procs:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            except ProcessLookupError:
                pass
        self.procs = []


def _flush_redis() -> None:
    import redis

    redis.Redis.from_url(REDIS, socket_timeout=5).flushdb()


# --- the client ---------------------------------------------------------------------------------


async def _http(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""):
    """One request on its own connection: (status, headers lower-cased, body)."""
    reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 24)
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    head += f"Content-Length: {len(body)}\r\n\r\n"
    writer.write(head.encode() + body)
    try:
        raw = await reader.read()
    finally:
        writer.close()
    top, _, content = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    found = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return int(lines[0].split(" ", 2)[1]), found, content


def _server_timing(value: str) -> tuple[dict[str, float], dict[str, str]]:
    phases, notes = {}, {}
    for part in filter(None, (p.strip() for p in value.split(","))):
        name, _, rest = part.partition(";")
        if rest.startswith("dur="):
            phases[name] = float(rest[4:])
        elif rest.startswith("desc="):
            notes[name] = rest[5:].strip('"')
    return phases, notes


class Stream:
    """One team's live stream; ``frames``: when each notice arrived (perf_counter)."""

    def __init__(self, team: int, key: str) -> None:
        self.team, self.key = team, key
        self.frames: list[float] = []
        self.ready = asyncio.Event()
        self.failed = False

    async def hold(self, port: int) -> None:
        path = f"/live/team/{self.team}/?key={self.key}"
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n\r\n".encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                raise OSError(head[:40])
        except (OSError, asyncio.IncompleteReadError):
            self.failed = True
            self.ready.set()
            return
        self.ready.set()
        buf = b""
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    return
                buf += chunk
                while b"\n\n" in buf:
                    frame, buf = buf.split(b"\n\n", 1)
                    if b"id: " in frame:
                        self.frames.append(time.perf_counter())
        finally:
            writer.close()


async def _poll(port: int, path: str, since: float, seen: dict) -> None:
    """Ask for the page until it is answered from the cache; keeps the first such time."""
    while "cached" not in seen:
        started = time.perf_counter()
        status, headers, _ = await _http(port, "GET", path, {"Accept": "text/html"})
        _, notes = _server_timing(headers.get("server-timing", ""))
        if status == 200:
            seen.setdefault("any", started - since)
            if notes.get("page") == "cached":
                seen.setdefault("cached", time.perf_counter() - since)
        await asyncio.sleep(POLL_EVERY)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


async def _run_once(servers: Servers, event_id: int, token: str, streams: list[Stream]) -> dict:
    for s in streams:
        s.frames.clear()
    auth = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    body = json.dumps({"publish": True, "confirm": True}).encode()
    page = f"/events/{event_id}/rounds/{ROUND}/"
    seen: dict = {}
    since = time.perf_counter()
    pollers = [asyncio.create_task(_poll(servers.web, page, since, seen)) for _ in range(POLLERS)]
    status, headers, answer = await _http(
        servers.web, "POST", f"/api/v1/events/{event_id}/rounds/", auth, body
    )
    answered = time.perf_counter() - since
    if status not in (200, 201):
        raise RuntimeError(f"pairing answered {status}: {answer[:300]!r}")
    round_id = json.loads(answer)["id"]
    phases, _ = _server_timing(headers.get("server-timing", ""))
    deadline = time.perf_counter() + WAIT
    live = [s for s in streams if not s.failed]
    while time.perf_counter() < deadline and (
        "cached" not in seen or any(not s.frames for s in live)
    ):
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.5)  # a second notice, when there is one, comes within this
    for task in pollers:
        task.cancel()
    told = [s.frames[-1] - since for s in live if s.frames]
    notices = sum(len(s.frames) for s in live) / max(len(live), 1)
    # Unpair, ready for the next run: who is told?
    for s in streams:
        s.frames.clear()
    status, _, answer = await _http(servers.web, "DELETE", f"/api/v1/rounds/{round_id}/", auth)
    if status != 204:
        raise RuntimeError(f"unpair answered {status}: {answer[:300]!r}")
    deadline = time.perf_counter() + 3.0
    while time.perf_counter() < deadline and any(not s.frames for s in live):
        await asyncio.sleep(0.05)
    return {
        "answer": answered,
        "cached": seen.get("cached", float("nan")),
        "p50": _pct(told, 0.5),
        "p99": _pct(told, 0.99),
        "told": len(told),
        "notices": notices,
        "unpair told": sum(1 for s in live if s.frames),
        "phases": phases,
    }


async def _measure(servers: Servers, event_id: int, token: str, keys) -> list[dict]:
    streams = [Stream(team, key) for team, key in keys]
    holders = []
    for i in range(0, len(streams), 100):  # open them a hundred at a time
        batch = streams[i : i + 100]
        holders += [asyncio.create_task(s.hold(servers.live)) for s in batch]
        await asyncio.gather(*(s.ready.wait() for s in batch))
    failed = sum(s.failed for s in streams)
    if failed:
        print(f"  {failed} streams could not be opened")
    await asyncio.sleep(1.0)  # each stream's first frame (the topic's latest change) is read
    runs = []
    try:
        for _ in range(RUNS):
            runs.append(await _run_once(servers, event_id, token, streams))
            await asyncio.sleep(1.0)
    finally:
        for task in holders:
            task.cancel()
        await asyncio.gather(*holders, return_exceptions=True)
    return runs


def _report(teams: int, streams: int, runs: list[dict]) -> None:
    def med(name: str) -> float:
        return statistics.median(r[name] for r in runs)

    target = TARGETS.get(teams)
    print(
        f"{teams:>6} {streams:>7} {med('answer') * 1000:>9.0f} {med('cached') * 1000:>10.0f} "
        f"{med('p50') * 1000:>8.0f} {med('p99') * 1000:>8.0f} {med('notices'):>8.2f} "
        f"{med('unpair told'):>7.0f}/{streams:<5}"
        + (f"  target {target * 1000:.0f} ms" if target else "")
    )
    print(
        "        runs (answer / page / p99 ms): "
        + ", ".join(
            f"{r['answer'] * 1000:.0f}/{r['cached'] * 1000:.0f}/{r['p99'] * 1000:.0f}" for r in runs
        )
    )
    names = list(dict.fromkeys(name for r in runs for name in r["phases"]))
    line = ", ".join(
        f"{name} {statistics.median(r['phases'].get(name, 0.0) for r in runs):.0f}"
        for name in names
    )
    print(f"        server phases, median ms: {line}")


def main() -> int:
    var_dir = Path(tempfile.mkdtemp(prefix="tandem-bench-turnaround-"))
    try:
        _database()
    except Exception as exc:  # noqa: BLE001 - no PostgreSQL here: nothing to measure
        print(f"skipped: PostgreSQL not reachable for {DB_URL} ({exc})")
        return 0
    _django(var_dir)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)  # a kept database (--reuse) too: the code may be newer
    setups = []
    for teams in SIZES:
        event = _event(teams)
        setups.append((teams, event.pk, _token(event), _streams(event, STREAMS)))
    from django.db import connections

    connections.close_all()
    _flush_redis()
    servers = Servers(var_dir)
    print(
        f"gunicorn 2x4 (web), uvicorn 1 (live), "
        f"{'no worker: tasks in-process' if EAGER else 'Celery worker'}; PostgreSQL, Redis "
        f"{REDIS}; {RUNS} runs per size; {os.cpu_count()} CPUs shared with the client; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    servers.start()
    try:
        print(
            f"{'teams':>6} {'streams':>7} {'answer ms':>9} {'page ms':>10} {'p50 ms':>8} "
            f"{'p99 ms':>8} {'notices':>8} {'unpair told':>13}"
        )
        for teams, event_id, token, keys in setups:
            runs = asyncio.run(_measure(servers, event_id, token, keys))
            _report(teams, len(keys), runs)
    finally:
        servers.stop()
        _flush_redis()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
