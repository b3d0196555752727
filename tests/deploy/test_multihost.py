"""Several hosts behind the proxy, one web and one live host killed mid-round (issue 32, item 2).

Hosts are network namespaces on this machine, joined by a bridge (10.32.<n>.0/24): PostgreSQL
(its own cluster, initdb), Redis, two web hosts (deploy/web.sh), two live hosts (deploy/live.sh),
a Celery worker and the proxy (caddy with the shipped deploy/Caddyfile; in its namespace the
names web and live resolve to both hosts of each, as a service name does on the compose network).
The phones are asyncio clients outside: MULTIHOST_TABLES tables (40 by default: the machine has 2
shared cores) x 4 phones, each holding its table's stream through the proxy and posting a life
change at its turn (one per table per second), a write that fails retried with the same
client_id. After 8 s web1 and live1 are killed (SIGKILL), 8 s later started again; writes go on
for 26 s. Then: no write failed, no write is in the database twice, every phone's stream
reconnected if it had to (with Last-Event-ID) and shows its table's last write, the p99 of the
writes scheduled while a host was down is printed, every acknowledged write is in the database
under the seq its phone was told, and no write was refused (a 4xx: a phone drops a refused change;
with the request bodies of Caddy 2.6's retries, deploy/Caddyfile, another phone's body came with
this one's key). Needs root, ip, caddy, redis-server, PostgreSQL's server programs and runuser;
skipped with the reason elsewhere."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = Path("/usr/lib/postgresql/15/bin")
TABLES = int(os.environ.get("MULTIHOST_TABLES", "40"))
KILL_AT, RESTART_AT, WRITES_FOR = 8.0, 16.0, 26.0
ID_RE = re.compile(rb"^id: (\d+)$", re.M)
SEQ_RE = re.compile(rb'"seq":(\d+)')


def _missing() -> str | None:
    if os.geteuid() != 0:
        return "network namespaces need root"
    for tool in ("ip", "caddy", "redis-server", "runuser"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed here"
    if not (PG_BIN / "postgres").exists():
        return f"PostgreSQL's server programs are not in {PG_BIN}"
    probe = f"t32p{os.getpid() % 10000}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True)
    if made.returncode != 0:
        return f"ip netns add failed: {made.stderr.decode().strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def _ip(*args: str, ns: str | None = None) -> None:
    cmd = ["ip", "netns", "exec", ns, "ip", *args] if ns else ["ip", *args]
    subprocess.run(cmd, check=True, capture_output=True)


class Hosts:
    """The namespaces, their addresses, the bridge, the processes started in them."""

    def __init__(self, tmp: Path) -> None:
        tag = uuid.uuid4().hex[:4]
        self.prefix = f"t32{tag}"
        self.net = f"10.32.{int(tag, 16) % 200 + 20}"
        self.bridge = f"{self.prefix}br"
        self.tmp = tmp
        self.names: list[str] = []
        self.procs: dict[str, subprocess.Popen] = {}
        self.logs: dict[str, Path] = {}

    def ns(self, host: str) -> str:
        return f"{self.prefix}-{host}"

    def addr(self, n: int) -> str:
        return f"{self.net}.{n}"

    def up(self, hosts: dict[str, int], etc_hosts: dict[str, str]) -> None:
        _ip("link", "add", self.bridge, "type", "bridge")
        _ip("addr", "add", f"{self.addr(1)}/24", "dev", self.bridge)
        _ip("link", "set", self.bridge, "up")
        for i, (host, n) in enumerate(hosts.items()):
            ns, veth = self.ns(host), f"{self.prefix}v{i}"
            if host in etc_hosts:  # ip netns exec mounts /etc/netns/<ns>/hosts on /etc/hosts
                folder = Path("/etc/netns") / ns
                folder.mkdir(parents=True, exist_ok=True)
                (folder / "hosts").write_text(etc_hosts[host])
            _ip("netns", "add", ns)
            self.names.append(ns)
            _ip("link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns)
            _ip("link", "set", veth, "master", self.bridge, "up")
            _ip("addr", "add", f"{self.addr(n)}/24", "dev", "eth0", ns=ns)
            _ip("link", "set", "eth0", "up", ns=ns)
            _ip("link", "set", "lo", "up", ns=ns)

    def start(self, name: str, host: str, cmd: list[str], env: dict[str, str]) -> None:
        log = self.logs.setdefault(name, self.tmp / f"{name}.log")
        with log.open("ab") as out:
            self.procs[name] = subprocess.Popen(
                ["ip", "netns", "exec", self.ns(host), *cmd],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=out,
                start_new_session=True,
            )

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        proc = self.procs.pop(name, None)
        if proc is None:
            return
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=20)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def down(self) -> None:
        for name in list(self.procs):
            self.kill(name, signal.SIGTERM)
        for ns in self.names:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
            shutil.rmtree(Path("/etc/netns") / ns, ignore_errors=True)
        subprocess.run(["ip", "link", "del", self.bridge], capture_output=True)

    def tail(self, name: str) -> str:
        log = self.logs.get(name)
        return log.read_text(errors="replace")[-3000:] if log and log.exists() else ""


async def _wait_http(host: str, port: int, path: str = "/healthz", timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            r, w = await asyncio.wait_for(asyncio.open_connection(host, port), 3)
            w.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            head = await asyncio.wait_for(r.read(64), 10)
            w.close()
            if head.startswith(b"HTTP/1.1 200"):
                return
        except (OSError, TimeoutError):
            pass
        await asyncio.sleep(0.5)
    raise AssertionError(f"{host}:{port}{path} did not answer 200")


_SEED = """
import json, sys
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("load_catalogue", if_empty=True, verbosity=0)
from pairing import services
from pairing.models import Match
from support import factories
from support.rounds import bulk_teams
event = factories.event(name="Failover Cup", swiss_rounds=5)
bulk_teams(event, 2 * int(sys.argv[1]))
round_ = services.round_pair_next(event=event, seed=1)
services.round_publish(round_=round_)
tables = []
for m in Match.objects.filter(round=round_, team_b__isnull=False).select_related("team_a", "team_b"):
    a = list(m.team_a.players.order_by("seat").values_list("pk", flat=True))
    b = list(m.team_b.players.order_by("seat").values_list("pk", flat=True))
    keys = [m.team_a.access_key, m.team_a.access_key, m.team_b.access_key, m.team_b.access_key]
    tables.append({"match": m.pk, "phones": [list(x) for x in zip(keys, a + b)]})
print(json.dumps(tables))
"""

_COUNT = """
import json, sys, django
django.setup()
from django.db.models import Count
from tracker.models import GameEvent
rows = GameEvent.objects.filter(client_id__startswith="mh-").order_by()
counts = rows.values("match_id", "client_id").annotate(n=Count("id"))
seqs = {f"{m}:{s}": c for m, s, c in rows.values_list("match_id", "seq", "client_id")}
print(json.dumps({"counts": [[r["match_id"], r["client_id"], r["n"]] for r in counts], "seqs": seqs}))
"""


class Phones:
    def __init__(self, proxy: str) -> None:
        self.proxy = proxy
        self.acked: dict[tuple[int, str], int] = {}  # (match, client_id) -> seq
        self.write_lat: list[tuple[float, float]] = []  # (scheduled at, seconds to its 201)
        self.failed: list[str] = []
        self.refused: list[str] = []  # 4xx answers: a phone would drop the change
        self.last_seen: dict[tuple[int, int], int] = {}  # (table, phone) -> highest seq
        self.reconnects = 0
        self.resumed_with_id = 0
        self.connected: set[tuple[int, int]] = set()

    async def stream(self, t: int, k: int, match: int, key: str, stop: asyncio.Event) -> None:
        last_id = None
        while not stop.is_set():
            w = None
            try:
                r, w = await asyncio.open_connection(self.proxy, 80)
                extra = f"Last-Event-ID: {last_id}\r\n" if last_id else ""
                w.write(
                    f"GET /live/table/{match}/?key={key} HTTP/1.1\r\nHost: {self.proxy}\r\n"
                    # the proxy ends a stream whose host died and keeps the connection for
                    # another request: a phone's EventSource opens a new one, so does this
                    f"Accept: text/event-stream\r\nConnection: close\r\n{extra}\r\n".encode()
                )
                head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 15)
                if head.startswith(b"HTTP/1.1 200"):
                    self.connected.add((t, k))
                    self.resumed_with_id += bool(extra)
                    buf = b""
                    while not stop.is_set():
                        chunk = await r.read(65536)
                        if not chunk:
                            break
                        buf += chunk
                        while b"\n\n" in buf:
                            frame, buf = buf.split(b"\n\n", 1)
                            ids = ID_RE.findall(frame)
                            if ids:
                                last_id = ids[-1].decode()
                            seqs = SEQ_RE.findall(frame)
                            if seqs:
                                seq = max(map(int, seqs))
                                if seq > self.last_seen.get((t, k), 0):
                                    self.last_seen[(t, k)] = seq
            except (OSError, asyncio.IncompleteReadError, TimeoutError, asyncio.LimitOverrunError):
                pass
            finally:
                if w is not None:
                    w.close()
            if not stop.is_set():
                self.reconnects += 1
                await asyncio.sleep(0.5)

    async def post(self, match: int, key: str, player: int, client_id: str, amount: int) -> int:
        body = json.dumps(
            {"type": "life", "player": player, "amount": amount, "client_id": client_id}
        ).encode()
        request = (
            f"POST /api/v1/matches/{match}/game/events/ HTTP/1.1\r\nHost: {self.proxy}\r\n"
            f"Content-Type: application/json\r\nX-Team-Key: {key}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        ).encode() + body
        r, w = await asyncio.open_connection(self.proxy, 80)
        try:
            w.write(request)
            head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 30)
            answer = await asyncio.wait_for(r.read(), 30)
        finally:
            w.close()
        status = int(head[9:12])
        if 400 <= status < 500:
            self.refused.append(f"{client_id}: {status} {answer[:120].decode(errors='replace')}")
        if status not in (200, 201):
            raise OSError(f"status {status}: {answer[:200].decode(errors='replace')}")
        return int(json.loads(answer)["seq"])

    async def writer(self, t: int, k: int, table: dict, start: float) -> None:
        key, player = table["phones"][k]
        n = k
        while n < WRITES_FOR:
            at = start + n
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            client_id = f"mh-{t}-{k}-{n}"
            last_error = ""
            amount = -1 if k % 2 == 0 else 1
            for _attempt in range(40):  # a phone tries again with the same client_id
                try:
                    seq = await self.post(table["match"], key, player, client_id, amount)
                    self.acked[(table["match"], client_id)] = seq
                    self.write_lat.append((at - start, time.monotonic() - at))
                    break
                except (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError) as error:
                    last_error = repr(error)
                    await asyncio.sleep(0.25)
            else:
                self.failed.append(f"{client_id}: {last_error}")
            n += 4


def _pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")


def test_a_web_host_and_a_live_host_die_mid_round_and_nothing_is_lost():
    tmp = Path(tempfile.mkdtemp(prefix="tandem-multihost-"))
    os.chmod(tmp, 0o755)
    hosts = Hosts(tmp)
    layout = {"proxy": 2, "db": 5, "redis": 6, "web1": 11, "web2": 12, "live1": 21, "live2": 22}
    layout["worker"] = 31
    a = hosts.addr
    name_lines = f"127.0.0.1 localhost\n{a(11)} web\n{a(12)} web\n{a(21)} live\n{a(22)} live\n"
    try:
        hosts.up(layout, {"proxy": name_lines})
        # PostgreSQL: a cluster of its own on the db host.
        data = tmp / "pgdata"
        data.mkdir()
        shutil.chown(data, "postgres", "postgres")
        subprocess.run(
            ["runuser", "-u", "postgres", "--", str(PG_BIN / "initdb"), "-D", str(data),
             "--auth=trust", "-U", "postgres", "-E", "UTF8"],
            check=True, capture_output=True,
        )  # fmt: skip
        with (data / "pg_hba.conf").open("a") as hba:
            hba.write(f"host all all {hosts.net}.0/24 trust\n")
        pg = ["runuser", "-u", "postgres", "--", str(PG_BIN / "postgres"), "-D", str(data)]
        pg += ["-c", f"listen_addresses={a(5)}", "-c", f"unix_socket_directories={data}"]
        pg += ["-c", "max_connections=200"]
        hosts.start("db", "db", pg, dict(os.environ))
        redis = [
            "redis-server",
            "--bind",
            a(6),
            "--port",
            "6379",
            "--save",
            "",
            "--protected-mode",
            "no",
        ]
        hosts.start("redis", "redis", [*redis, "--appendonly", "no"], dict(os.environ))

        dropped = ("DATABASE_URL", "CELERY_", "REDIS_URL", "LIVE_", "TEST_DATA", "DJANGO_ALLOW")
        base = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
        base["PATH"] = f"{Path(sys.executable).parent}:{base.get('PATH', '')}"
        app = base | {
            "DATABASE_URL": f"postgres://postgres@{a(5)}:5432/postgres",
            "REDIS_URL": f"redis://{a(6)}:6379/0",
            "CELERY_BROKER_URL": f"redis://{a(6)}:6379/1",
            "CELERY_RESULT_BACKEND": f"redis://{a(6)}:6379/2",
            "SECRET_KEY": "m" * 60,
            "ALLOWED_HOSTS": a(2),
            "PROXY_HOPS": "1",
            "FORWARDED_ALLOW_IPS": a(2),
            "DEBUG": "false",
            "TANDEM_PLAIN_STATIC": "1",
            "PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
        deadline = time.monotonic() + 60
        while subprocess.run(
            [str(PG_BIN / "pg_isready"), "-h", a(5), "-q"], capture_output=True
        ).returncode:
            assert time.monotonic() < deadline, hosts.tail("db")
            time.sleep(0.5)
        seeded = subprocess.run(
            [sys.executable, "-c", _SEED, str(TABLES)],
            cwd=ROOT, env=app, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert seeded.returncode == 0, seeded.stderr[-3000:]
        tables = json.loads(seeded.stdout.strip().splitlines()[-1])[:TABLES]

        web_env = app | {"PORT": "8000", "WEB_WORKERS": "1", "DATABASE_CONN_MAX_AGE": "60"}
        live_env = app | {"PORT": "8001", "DATABASE_CONN_MAX_AGE": "0", "DATABASE_POOL_MAX": "10"}
        live_env |= {"DATABASE_POOL_TIMEOUT": "1", "LIVE_HEARTBEAT_SECONDS": "5"}

        def start_web(host: str) -> None:
            env = web_env | {"TANDEM_VAR_DIR": str(tmp / host)}
            hosts.start(host, host, ["./deploy/web.sh"], env)

        def start_live(host: str) -> None:
            hosts.start(host, host, ["./deploy/live.sh"], live_env | {"TANDEM_VAR_DIR": str(tmp)})

        for host in ("web1", "web2"):
            start_web(host)
        for host in ("live1", "live2"):
            start_live(host)
        worker = ["celery", "-A", "config", "worker", "--pool", "solo", "--without-gossip"]
        hosts.start("worker", "worker", worker, app)
        caddy = base | {"TANDEM_DOMAIN": ":80", "XDG_DATA_HOME": str(tmp / "caddy")}
        caddy["XDG_CONFIG_HOME"] = str(tmp / "caddy")
        config = ["caddy", "run", "--config", str(ROOT / "deploy/Caddyfile"), "--adapter"]
        hosts.start("proxy", "proxy", [*config, "caddyfile"], caddy)

        # On a thread of its own: the browser tests (Playwright's sync API) leave an event loop
        # running in the main thread.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            result = pool.submit(asyncio.run, _run(hosts, tables, start_web, start_live)).result()
    finally:
        hosts.down()
        shutil.rmtree(tmp, ignore_errors=True)

    phones, counts, failover, expected_phones = result
    lat_all = [lat for _, lat in phones.write_lat]
    lat_failover = [lat for at, lat in phones.write_lat if KILL_AT <= at < RESTART_AT + 2]
    print(
        f"\nmultihost: {len(tables)} tables, {expected_phones} phones; writes acknowledged "
        f"{len(phones.acked)}, failed {len(phones.failed)}; write p50 "
        f"{_pct(lat_all, 50) * 1000:.0f} ms, p99 {_pct(lat_all, 99) * 1000:.0f} ms; during the "
        f"failover ({KILL_AT:.0f}-{RESTART_AT + 2:.0f} s) p99 {_pct(lat_failover, 99) * 1000:.0f}"
        f" ms, max {max(lat_failover, default=0) * 1000:.0f} ms ({len(lat_failover)} writes); "
        f"stream reconnects {phones.reconnects}, resumed with Last-Event-ID "
        f"{phones.resumed_with_id}; {failover}"
    )
    assert not phones.failed
    # every phone's stream shows its table's last acknowledged write
    last = {}
    for t, table in enumerate(tables):
        seqs = [s for (m, _), s in phones.acked.items() if m == table["match"]]
        last[t] = max(seqs)
    behind = [(t, k) for t in last for k in range(4) if phones.last_seen.get((t, k), 0) < last[t]]
    assert not behind, behind[:10]
    assert phones.reconnects > 0  # the live host's streams did come back
    assert phones.resumed_with_id == phones.reconnects
    stored = {(m, c): n for m, c, n in counts["counts"]}
    assert all(n == 1 for n in stored.values()), [k for k, n in stored.items() if n != 1][:5]
    # Every acknowledged write in the database, under the seq its phone was told. Before the
    # proxy stopped retrying requests with a body (deploy/Caddyfile), one or two a run were not:
    # their 201 carried the seq of another phone's write of the same table, whose body Caddy had
    # sent with this phone's request.
    wrong = [
        (key, seq, counts["seqs"].get(f"{key[0]}:{seq}"))
        for key, seq in phones.acked.items()
        if counts["seqs"].get(f"{key[0]}:{seq}") != key[1]
    ]
    assert not wrong, f"acknowledged writes not in the database as told: {sorted(wrong)[:5]}"
    assert set(phones.acked) == set(stored)
    assert not phones.refused, phones.refused[:5]


async def _run(hosts: Hosts, tables: list[dict], start_web, start_live):
    a = hosts.addr
    for port, host in ((8000, "web1"), (8000, "web2"), (8001, "live1"), (8001, "live2")):
        try:
            await _wait_http(_host_ip(hosts, host), port)
        except AssertionError as error:
            raise AssertionError(f"{host}: {hosts.tail(host)}") from error
    await _wait_http(a(2), 80)
    phones, stop = Phones(a(2)), asyncio.Event()
    streams = [
        asyncio.create_task(phones.stream(t, k, table["match"], table["phones"][k][0], stop))
        for t, table in enumerate(tables)
        for k in range(4)
    ]
    deadline = time.monotonic() + 60  # every stream open before the first write
    while len(phones.connected) < len(streams) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    assert len(phones.connected) == len(streams), f"{len(phones.connected)} streams opened"
    phones.reconnects = 0
    start = time.monotonic() + 1
    writers = [
        asyncio.create_task(phones.writer(t, k, table, start))
        for t, table in enumerate(tables)
        for k in range(4)
    ]
    await asyncio.sleep(max(0.0, start + KILL_AT - time.monotonic()))
    killed = [hosts.procs["web1"], hosts.procs["live1"]]
    hosts.kill("web1")
    hosts.kill("live1")
    assert [p.returncode for p in killed] == [-signal.SIGKILL] * 2
    await asyncio.sleep(max(0.0, start + RESTART_AT - time.monotonic()))
    start_web("web1")
    start_live("live1")
    await asyncio.gather(*writers)
    back = time.monotonic()
    await _wait_http(_host_ip(hosts, "web1"), 8000)
    await _wait_http(_host_ip(hosts, "live1"), 8001)
    failover = f"web1 and live1 answering again {time.monotonic() - back:.0f} s after the writes"
    # the last changes reach every phone (a stream that lost its host reconnects meanwhile)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        behind = 0
        for t, table in enumerate(tables):
            seqs = [s for (m, _), s in phones.acked.items() if m == table["match"]]
            top = max(seqs, default=0)
            behind += sum(phones.last_seen.get((t, k), 0) < top for k in range(4))
        if not behind:
            break
        await asyncio.sleep(0.5)
    stop.set()
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "TEST_DATA"))}
    env |= {
        "DATABASE_URL": f"postgres://postgres@{a(5)}:5432/postgres",
        "PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    done = subprocess.run(
        [sys.executable, "-c", _COUNT], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return phones, json.loads(done.stdout), failover, 4 * len(tables)


def _host_ip(hosts: Hosts, host: str) -> str:
    return hosts.addr({"web1": 11, "web2": 12, "live1": 21, "live2": 22}[host])
