"""The store laptop dies mid-round: a real server (uvicorn on SQLite) takes results and tracker
events from the phones through the API, is killed with SIGKILL, and a second laptop restores the
last backup from the USB stick with `./tandem restore FILE` in another copy of Tandem: every write acknowledged before
that backup began is there, and the restored server takes the next tap."""

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest

from carry.services import backup

ROOT = Path(__file__).resolve().parents[2]
TEAMS = 16

_SETUP = """
import json, django
django.setup()
from support import factories
from pairing import services
event = factories.event(factories.user("alice"), name="Store 2HG", public=True)
teams = [factories.team(event, f"Team {{i:02d}}") for i in range({teams})]
round_ = services.round_pair_next(event=event, seed=1)
services.round_publish(round_=round_)
out = []
for m in round_.matches.filter(team_b__isnull=False).select_related("team_a", "team_b"):
    player = m.team_a.players.order_by("seat").first()
    out.append({{"match": m.pk, "key_a": m.team_a.access_key, "key_b": m.team_b.access_key,
                "player": player.pk}})
print(json.dumps(out))
"""


def _env(var_dir: Path | None, usb: Path, port: int, root: Path = ROOT) -> dict[str, str]:
    """The laptop's environment; ``var_dir`` None: the checkout's own var/ (a fresh clone)."""
    dropped = ("DATABASE_URL", "CELERY_", "DJANGO_ALLOW_ASYNC_UNSAFE", "REDIS_URL", "LIVE_REDIS",
               "TANDEM_VAR_DIR")  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    env["PATH"] = f"{Path(sys.executable).parent}:{env.get('PATH', '')}"
    return (
        env
        | ({"TANDEM_VAR_DIR": str(var_dir)} if var_dir else {})
        | {
            "TANDEM_BACKUP_DIR": str(usb),
            "TANDEM_BACKUP_MINUTES": "0.04",  # every 2.4 s during the round
            "TANDEM_PLAIN_STATIC": "1",
            "SECRET_KEY": "s" * 60,
            "PYTHONPATH": f"{root}:{root / 'tests'}",
            "PORT": str(port),
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _checkout(where: Path) -> Path:
    """A second copy of this checkout (its files, tracked or new, as a fresh clone has them),
    sharing the virtual environment: another laptop."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (where / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, where / name)
    (where / ".venv").symlink_to((ROOT / ".venv").resolve())
    return where


def _serve(env: dict[str, str], root: Path = ROOT) -> subprocess.Popen:
    # The server's log goes to a file: a pipe nobody reads fills up (64 kB of "Bad Request" once
    # a game is over) and the server then blocks on its next log line.
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "uvicorn"), "config.asgi:application",
         "--port", env["PORT"], "--log-level", "warning"],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{env['PORT']}/healthz", timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None:
                log.seek(0)
                raise AssertionError(log.read().decode(errors="replace")) from None
            time.sleep(0.3)
    proc.kill()
    raise AssertionError("the server did not start")


def _post(port: str, path: str, key: str, body: dict) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Team-Key": key},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.mark.skipif(sys.platform != "linux", reason="SIGKILL of a child server (Linux)")
@pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the store laptop runs SQLite: this test runs in the SQLite pass",
)
def test_a_server_killed_mid_round_is_restored_on_a_second_laptop_with_every_acknowledged_write(
    tmp_path,
):
    first, usb, second = tmp_path / "laptop1", tmp_path / "usb", tmp_path / "laptop2"
    env = _env(first, usb, _free_port())
    run = {"cwd": ROOT, "env": env, "capture_output": True, "text": True, "timeout": 300}
    migrate = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], **run)
    assert migrate.returncode == 0, migrate.stderr
    made = subprocess.run([sys.executable, "-c", _SETUP.format(teams=TEAMS)], **run)
    assert made.returncode == 0, made.stderr
    tables = json.loads(made.stdout.strip().splitlines()[-1])
    con = sqlite3.connect(first / "tandem.sqlite3")
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()

    server = _serve(env)
    taps: list[tuple[float, str]] = []  # (acknowledged at, client_id)
    reports: list[tuple[float, int]] = []  # (acknowledged at, match id)
    try:
        started = time.time()
        n = 0
        while time.time() - started < 8:
            table = tables[n % len(tables)]
            client_id = uuid.uuid4().hex
            # -1 then +1 at each table in turn: the game never ends, every tap is a write
            amount = -1 if (n // len(tables)) % 2 == 0 else 1
            body = {
                "type": "life",
                "player": table["player"],
                "amount": amount,
                "client_id": client_id,
            }
            status = _post(env["PORT"], f"/api/v1/matches/{table['match']}/game/events/",
                           table["key_a"], body)  # fmt: skip
            if status in (200, 201):
                taps.append((time.time(), client_id))
            if n % 25 == 24 and len(reports) < len(tables) // 2:
                reported = tables[len(reports)]
                result = {"games_a": 1, "games_b": 0, "games_drawn": 0}
                path = f"/api/v1/matches/{reported['match']}/result/"
                if _post(env["PORT"], path, reported["key_b"], result) in (200, 201):
                    reports.append((time.time(), reported["match"]))
            n += 1
    finally:
        server.send_signal(signal.SIGKILL)  # the laptop dies: no shutdown, no last backup
        server.wait(timeout=20)

    kept = backup.backups(usb)
    assert kept, "no backup on the USB stick"
    last = kept[-1]
    began = backup.began_at(last).timestamp()
    before = {c for at, c in taps if at < began}
    reported_before = {m for at, m in reports if at < began}
    assert len(taps) > 50
    assert before, "no tap before the last backup"
    assert reported_before, "no result report before the last backup"
    assert len(kept) >= 3  # the published round's, then every 2.4 s during the round
    assert any(p.name.endswith("-round1.sqlite3") for p in kept)  # published by the set-up
    assert sum(p.name.endswith("-during.sqlite3") for p in kept) >= 2

    clone = _checkout(second)
    laptop2 = _env(None, tmp_path / "usb2", _free_port(), root=clone)
    restored = subprocess.run(
        ["./tandem", "restore", str(last)], **(run | {"env": laptop2, "cwd": clone})
    )
    assert restored.returncode == 0, restored.stdout + restored.stderr
    con = sqlite3.connect(clone / "var" / "tandem.sqlite3")
    stored = {r[0] for r in con.execute("SELECT client_id FROM tracker_gameevent")}
    reported = {r[0] for r in con.execute("SELECT match_id FROM pairing_resultreport")}
    con.close()
    assert before <= stored, f"{len(before - stored)} acknowledged taps missing"
    assert reported_before <= reported

    server = _serve(laptop2, root=clone)
    try:
        table = tables[0]
        body = {"type": "life", "player": table["player"], "amount": -1, "client_id": "after"}
        path = f"/api/v1/matches/{table['match']}/game/events/"
        assert _post(laptop2["PORT"], path, table["key_a"], body) == 201
    finally:
        server.terminate()
        server.wait(timeout=20)
    print(
        f"{len(taps)} taps and {len(reports)} reports acknowledged; the last backup "
        f"({datetime.fromtimestamp(began, UTC):%H:%M:%S.%f}) holds {len(before)} and "
        f"{len(reported_before)}, all of them"
    )
