"""PostgreSQL deployments are backed up and restored (README, "Backups on PostgreSQL"): the compose
backup service's script (deploy/pg-backup.sh) dumps a database holding an event, the dump is
restored with pg_restore into a new database, and the event's standings, pairings and penalty
report read the same through the app. Needs PostgreSQL on 127.0.0.1:5432 (user postgres) and
the client programs pg_dump and pg_restore; skipped with the reason elsewhere. Its databases are
its own (tandem_pgdump_<random>_src and _dst), dropped at the end."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "deploy" / "pg-backup.sh"
PG = {"host": "127.0.0.1", "port": "5432", "user": "postgres"}


def _pg_up() -> bool:
    try:
        with socket.create_connection((PG["host"], int(PG["port"])), timeout=2):
            return True
    except OSError:
        return False


def _skip_reason() -> str | None:
    for tool in ("pg_dump", "pg_restore", "psql"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed here (Debian: apt-get install postgresql-client)"
    if not _pg_up():
        return "PostgreSQL is not reachable on 127.0.0.1:5432"
    return None


needs_pg_tools = pytest.mark.skipif(_skip_reason() is not None, reason=_skip_reason() or "")


def _compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def _libpq(database: str) -> dict[str, str]:
    return {
        "PGHOST": PG["host"],
        "PGPORT": PG["port"],
        "PGUSER": PG["user"],
        "PGDATABASE": database,
    }


def _psql(sql: str) -> None:
    subprocess.run(
        ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql],
        env=os.environ | _libpq("postgres"),
        check=True,
        capture_output=True,
        timeout=60,
    )


def _app_env(database: str) -> dict[str, str]:
    dropped = ("DATABASE_URL", "TEST_DATA", "CELERY_", "REDIS_URL", "LIVE_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    url = f"postgres://{PG['user']}@{PG['host']}:{PG['port']}/{database}"
    return env | {
        "DATABASE_URL": url,
        "PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "TANDEM_PLAIN_STATIC": "1",
    }


_BUILD = """
import json, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from support import carried_event
event = carried_event.build(teams=11, played=3)
print(json.dumps({"event": event.pk, "summary": carried_event.summary(event)}))
"""

_READ = """
import json, django
django.setup()
from support import carried_event
from tournament.models import Event
print(json.dumps(carried_event.summary(Event.objects.get(pk={event}))))
"""


def _run_app(code: str, database: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=_app_env(database),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _healthcheck(backups: Path, hours: str) -> int:
    """The compose health check of the backup service, run here on the test's folder."""
    test = _compose()["services"]["backup"]["healthcheck"]["test"]
    assert test[0] == "CMD-SHELL"
    command = test[1].replace("$$", "$").replace("/backups", str(backups))
    return subprocess.run(["sh", "-c", command], env={"BACKUP_HOURS": hours}).returncode


def test_compose_runs_the_backup_script_against_the_database_with_a_volume_of_its_own():
    services = _compose()["services"]
    backup = services["backup"]
    assert backup["command"] == ["sh", "/deploy/pg-backup.sh"]
    assert "./deploy/pg-backup.sh:/deploy/pg-backup.sh:ro" in backup["volumes"]
    assert "${PG_BACKUP_DIR:-pgbackups}:/backups" in backup["volumes"]
    env = backup["environment"]
    assert env["PGHOST"] == "db"
    assert env["PGDATABASE"] == services["db"]["environment"]["POSTGRES_DB"]
    assert env["PGUSER"] == services["db"]["environment"]["POSTGRES_USER"]
    assert env["BACKUP_DIR"] == "/backups"
    # pg_dump of the server's own major version
    assert backup["image"] == services["db"]["image"]
    assert backup["depends_on"]["db"]["condition"] == "service_healthy"
    assert "pgbackups" in _compose()["volumes"]


def test_the_script_refuses_a_period_that_is_not_a_whole_number(tmp_path):
    done = subprocess.run(
        ["sh", str(SCRIPT), "--once"],
        env=os.environ | {"BACKUP_DIR": str(tmp_path), "BACKUP_HOURS": "1.5"},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "whole numbers" in done.stderr


@needs_pg_tools
def test_a_dump_of_the_backup_service_restored_into_a_new_database_reads_the_same(tmp_path):
    name = f"tandem_pgdump_{uuid.uuid4().hex[:8]}"
    src, dst = f"{name}_src", f"{name}_dst"
    backups = tmp_path / "backups"
    backups.mkdir()
    # Dumps of other days: one past BACKUP_KEEP_DAYS (14) goes, one within it stays; other files
    # in the folder are not the script's to delete.
    old, recent, other = (backups / n for n in ("tandem-old.dump", "tandem-recent.dump", "notes"))
    for path, days in ((old, 15), (recent, 13), (other, 40)):
        path.write_bytes(b"x")
        then = time.time() - days * 86400
        os.utime(path, (then, then))
    assert _healthcheck(backups, "24") != 0  # nothing newer than a day: unhealthy

    _psql(f'CREATE DATABASE "{src}"')
    try:
        built = _run_app(_BUILD, src)
        env = os.environ | _libpq(src) | {"BACKUP_DIR": str(backups), "BACKUP_KEEP_DAYS": "14"}
        done = subprocess.run(
            ["sh", str(SCRIPT), "--once"], env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        dumps = sorted(backups.glob("tandem-2*.dump"))
        assert len(dumps) == 1, list(backups.iterdir())
        assert not old.exists()
        assert recent.exists()
        assert other.exists()
        assert not list(backups.glob(".*.partial"))
        assert _healthcheck(backups, "24") == 0

        # The README's restore, into a new database (a new host's PostgreSQL).
        _psql(f'CREATE DATABASE "{dst}"')
        restored = subprocess.run(
            ["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "-d", dst, dumps[0]],
            env=os.environ | _libpq(dst),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert restored.returncode == 0, restored.stderr
        again = _run_app(_READ.format(event=built["event"]), dst)
        assert again == built["summary"]
        assert len(again["pairings"]) > 20
        assert again["penalties"]
        assert again["standings"]
    finally:
        for database in (src, dst):
            _psql(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


@needs_pg_tools
def test_a_failed_dump_keeps_the_dumps_already_taken(tmp_path):
    """The database is unreachable (a name that does not exist): no new dump, no partial file
    left, and the old dumps are not pruned by a failed run."""
    old = tmp_path / "tandem-old.dump"
    old.write_bytes(b"x")
    then = time.time() - 30 * 86400
    os.utime(old, (then, then))
    env = os.environ | _libpq(f"tandem_pgdump_missing_{uuid.uuid4().hex[:6]}")
    done = subprocess.run(
        ["sh", str(SCRIPT), "--once"],
        env=env | {"BACKUP_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "the dump failed" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tandem-old.dump"]
