"""Benchmark: the public pages of a 2,048-team event under load, against a static file of the same
size served by the same server in the same run.

Run from the repository root (PostgreSQL needed; Redis on 127.0.0.1:6379 is used as the cache when
it answers, as in docker-compose; loopback only; starts and stops its own gunicorn):

    .venv/bin/python tests/bench/bench_pages.py [--quick] [--reuse] [--seconds S]
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/tandem_bench_pages (the default)
    BENCH_REDIS_URL=redis://127.0.0.1:6379/0 (the default; its database is the server's cache)

It builds the event in its own database (dropped and made again unless --reuse finds it):
2,048 teams (512 with --quick), three Swiss rounds played through pairing.simulation, round 4
paired, published, its clock started and half reported. Then gunicorn (config.wsgi, 2 workers x
4 threads, the deployment's server for pages) serves four anonymous pages: the standings, round
4's pairings, one team's private page /t/<key>/ and the event's page /events/<id>/ (the QR
poster's), and for each a static file of the same byte size (whitenoise, same server). A closed-loop client (asyncio, HTTP/1.1 keep-alive, no compression) keeps 8, then 64
requests in flight for a few seconds per target, page and static file alternating, and prints
requests/s, p50/p99 latency and the ratio page/static. Targets: standings and pairings at least
0.5, the team page at least 0.25, the event page at least 0.5. Printed; the exit status is 1
when a target is missed. ``--only "event page,standings"`` measures those pages alone.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUICK = "--quick" in sys.argv
REUSE = "--reuse" in sys.argv
TEAMS = 512 if QUICK else 2048
SWISS_PLAYED = 3
SECONDS = 3.0 if QUICK else 6.0
if "--seconds" in sys.argv:
    SECONDS = float(sys.argv[sys.argv.index("--seconds") + 1])
CONCURRENCY = (8, 64)
TARGETS = {"standings": 0.5, "pairings": 0.5, "team page": 0.25, "event page": 0.5}
ONLY = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
HOST = "127.0.0.1"
DB_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tandem_bench_pages"
)
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")


# --- the event ----------------------------------------------------------------------------------


def _database() -> bool:
    """Make the bench database (unless --reuse finds it); True when it must be filled."""
    import psycopg

    base, name = DB_URL.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and REUSE:
            return False
        if exists:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return True


def _django(var_dir: Path) -> None:
    os.environ["DATABASE_URL"] = DB_URL
    os.environ["TANDEM_VAR_DIR"] = str(var_dir)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["TANDEM_PLAIN_STATIC"] = "1"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def _build() -> None:
    from django.core.management import call_command

    from pairing import services
    from pairing.models import PairingSettings
    from pairing.simulation import simulate
    from tournament.models import Event

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    report = simulate(teams=TEAMS, rounds=SWISS_PLAYED, seed=14, drop_rate=0.01)
    event = report.event
    Event.objects.filter(pk=event.pk).update(status="running")
    PairingSettings.objects.update_or_create(
        event=event, defaults={"swiss_rounds": SWISS_PLAYED + 1}
    )
    event.refresh_from_db()
    current = services.round_pair_next(event=event, by=event.organizer)
    services.round_publish(round_=current, by=event.organizer)
    from judging.services.clock import clock_start

    clock_start(round_=current, by=event.organizer)  # the event page's "About 50 min left"
    matches = list(current.matches.filter(team_b__isnull=False).select_related("team_a"))
    for match in matches[: len(matches) // 2]:
        services.match_report_result(
            match=match, team=match.team_a, games_a=1, games_b=0, games_drawn=0
        )
    print(
        f"built the event: {TEAMS} teams, {SWISS_PLAYED + 1} rounds in {time.perf_counter() - started:.0f} s"
    )


def _urls() -> dict[str, str]:
    from pairing.models import Match, Round
    from tournament.models import Event

    event = Event.objects.filter(name__startswith="Simulation").order_by("-pk").first()
    if event is None:
        raise SystemExit("no event in the bench database: run without --reuse")
    current = Round.objects.filter(event=event).order_by("-number").first()
    assert current is not None
    # A team with its match to report: the page with the most parts (report form, tracker).
    match = (
        Match.objects.filter(round=current, team_b__isnull=False, status="pending")
        .select_related("team_b")
        .order_by("table")
        .first()
    )
    assert match is not None
    assert match.team_b is not None
    return {
        "standings": f"/events/{event.pk}/standings/",
        "pairings": f"/events/{event.pk}/rounds/{current.number}/",
        "team page": f"/t/{match.team_b.access_key}/",
        "event page": f"/events/{event.pk}/",
    }


def _static_twins(urls: dict[str, str], static_root: Path) -> dict[str, str]:
    """For each page a static file of the page's byte size (as the server sends it)."""
    from django.test import Client

    client = Client(HTTP_HOST=HOST)
    twins = {}
    (static_root / "bench").mkdir(parents=True, exist_ok=True)
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        size = len(response.content)
        line = b"<p>Static file of the same size as the page, for the comparison.</p>\n"
        body = (line * (size // len(line) + 1))[:size]
        file = f"bench/{name.replace(' ', '-')}.html"
        (static_root / file).write_bytes(body)
        twins[name] = f"/static/{file}"
    return twins


# --- the server ---------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _redis_up() -> bool:
    try:
        with socket.create_connection((HOST, 6379), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _start(port: int, var_dir: Path, redis: bool) -> subprocess.Popen:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=DB_URL,
        DATABASE_CONN_MAX_AGE="60",
        TANDEM_VAR_DIR=str(var_dir),
        TANDEM_PLAIN_STATIC="1",
        DEBUG="false",
    )
    env.pop("REDIS_URL", None)
    env.pop("LIVE_REDIS_URL", None)
    if redis:
        env["REDIS_URL"] = REDIS
    cmd = [
        str(ROOT / ".venv/bin/gunicorn"), "config.wsgi:application", "--bind", f"{HOST}:{port}",
        "--workers", "2", "--threads", "4", "--worker-class", "gthread",
        "--access-logfile", "-" if "--access-log" in sys.argv else "/dev/null",
        "--log-level", "warning",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("gunicorn did not start")


def _stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


# --- the load client ----------------------------------------------------------------------------


async def _one(reader, writer, request: bytes) -> int:
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line[:15].lower() == b"content-length:":
            length = int(line[15:])
    await reader.readexactly(length)
    return status


async def _load(port: int, path: str, clients: int, seconds: float) -> dict:
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nUser-Agent: bench\r\nAccept: text/html\r\n\r\n"
    ).encode()
    latencies: list[float] = []
    errors = 0
    stop_at = 0.0

    async def client() -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 22)
        try:
            while time.perf_counter() < stop_at:
                started = time.perf_counter()
                status = await _one(reader, writer, request)
                if status != 200:
                    errors += 1
                latencies.append(time.perf_counter() - started)
        finally:
            writer.close()

    stop_at = time.perf_counter() + seconds
    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    elapsed = time.perf_counter() - started
    latencies.sort()
    n = len(latencies)
    return {
        "rps": n / elapsed,
        "p50": latencies[n // 2] * 1000 if n else 0.0,
        "p99": latencies[min(n - 1, int(n * 0.99))] * 1000 if n else 0.0,
        "errors": errors,
        "n": n,
    }


def _measured(proc: subprocess.Popen, port: int, path: str, clients: int) -> dict:
    """_load, with the CPU time per request of the server and of this client."""
    from procstats import stat, tree

    server, client = stat(tree(proc.pid))[0], time.process_time()
    result = asyncio.run(_load(port, path, clients, SECONDS))
    n = max(result["n"], 1)
    result["server"] = (stat(tree(proc.pid))[0] - server) / n * 1000
    result["client"] = (time.process_time() - client) / n * 1000
    return result


def _load_average() -> str:
    """The machine's load average (1, 5, 15 min): the figures mean little on a busy machine."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    var_dir = Path(tempfile.mkdtemp(prefix="tandem-bench-pages-"))
    try:
        fill = _database()
    except Exception as exc:  # noqa: BLE001 - no PostgreSQL here: nothing to measure
        print(f"skipped: PostgreSQL not reachable for {DB_URL} ({exc})")
        return 0
    _django(var_dir)
    if fill:
        _build()
    urls = {name: url for name, url in _urls().items() if ONLY is None or name in ONLY}
    twins = _static_twins(urls, var_dir / "static")
    redis = _redis_up()
    port = _free_port()
    print(
        f"gunicorn 2 workers x 4 threads on {HOST}:{port}, PostgreSQL, cache "
        f"{'Redis' if redis else 'in-process (no Redis on 6379)'}; {TEAMS} teams; "
        f"{SECONDS:g} s per run; {os.cpu_count()} CPUs shared with the client; "
        f"load average before: {_load_average()}"
    )
    proc = _start(port, var_dir, redis)
    missed: list[str] = []
    cpu: list[str] = []
    try:
        for path in [*urls.values(), *twins.values()]:  # the first request renders and caches
            asyncio.run(_load(port, path, 1, 0.2))
        print(f"{'page':<10} {'bytes':>8} {'clients':>7} {'page/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
              f"{'static/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'ratio':>6} {'target':>6}")  # fmt: skip
        for clients in CONCURRENCY:
            for name, path in urls.items():
                page = _measured(proc, port, path, clients)
                static = _measured(proc, port, twins[name], clients)
                ratio = page["rps"] / static["rps"] if static["rps"] else 0.0
                size = (var_dir / "static" / twins[name].removeprefix("/static/")).stat().st_size
                ok = ratio >= TARGETS[name] and not page["errors"]
                if not ok:
                    missed.append(f"{name} at {clients} clients")
                print(
                    f"{name:<10} {size:>8} {clients:>7} {page['rps']:>8.1f} {page['p50']:>7.1f} "
                    f"{page['p99']:>7.1f} {static['rps']:>8.1f} {static['p50']:>7.1f} "
                    f"{static['p99']:>7.1f} {ratio:>6.2f} {TARGETS[name]:>6.2f}"
                    + ("" if ok else "  MISSED")
                    + (f"  ({page['errors']} errors)" if page["errors"] else "")
                )
                cpu.append(
                    f"{name:<10} {clients:>7} {page['server']:>9.3f} {page['client']:>9.3f} "
                    f"{static['server']:>9.3f} {static['client']:>9.3f}"
                )
    finally:
        _stop(proc)
    print("CPU ms per request (server: gunicorn's processes; client: this process, the load):")
    print(
        f"{'page':<10} {'clients':>7} {'page srv':>9} {'page cli':>9} {'stat srv':>9} {'stat cli':>9}"
    )
    print("\n".join(cpu))
    print(f"load average after: {_load_average()}")
    print("all targets met" if not missed else f"targets missed: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
