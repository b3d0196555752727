"""Benchmark: how long the store laptop's online backup takes (carry.services.backup).

Run from the repository root (a throw-away SQLite file, in WAL mode as Tandem runs it):

    .venv/bin/python tests/bench/bench_backup.py [--quick]

Set-up: the shipped card catalogue loaded (as `./tandem serve` loads it), a 64-team Constructed
event with its 6 Swiss rounds paired and played through the services, and at every table of every
round a tracker log of 60 life changes (40 with --quick) written through
``tracker.services.game_add_event``: the database of a finished store event, the biggest a backup
of that event copies.

Printed: the database's size, then the backup best and worst of 5 (copy with SQLite's backup API,
``PRAGMA integrity_check`` of the copy, rename, a second copy to a TANDEM_BACKUP_DIR folder):
the seconds a backup runs in its thread beside the server; then the event as one file
(carry.services.exchange): its size, the export's and the import's seconds. Printed, not enforced.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
QUICK = "--quick" in sys.argv
TEAMS, ROUNDS, TAPS, RUNS = 64, 6, (40 if QUICK else 60), 5


def _django(var: Path) -> None:
    os.environ["TANDEM_VAR_DIR"] = str(var)
    os.environ.pop("DATABASE_URL", None)
    os.environ["TANDEM_BACKUP_DIR"] = str(var / "usb")
    os.environ["TANDEM_BACKUP_MINUTES"] = "0"  # the bench takes its own backups
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("TANDEM_PLAIN_STATIC", "1")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", "--if-empty", verbosity=0)


def _event() -> int:
    from pairing import services
    from support import rounds
    from tracker.services import game_add_event

    event, teams = rounds.event_with_teams(TEAMS, swiss_rounds=ROUNDS)
    taps = 0
    for k in range(ROUNDS):
        round_ = services.round_pair_next(event=event, seed=k + 1)
        services.round_publish(round_=round_)
        for match in round_.matches.filter(team_b__isnull=False).select_related("round"):
            seat = {
                t.pk: t.players.order_by("seat").first().pk for t in (match.team_a, match.team_b)
            }
            for i in range(TAPS):
                player = seat[match.team_a_id if i % 2 else match.team_b_id]
                data = {"type": "life", "player": player, "amount": -1 if i % 4 < 2 else 1}
                game_add_event(match=match, data=data, client_id=f"b{match.pk}-{i}")
                taps += 1
        rounds.play(round_, random.Random(k))
    return taps


def main() -> None:
    var = Path(tempfile.mkdtemp(prefix="tandem-bench-backup-"))
    _django(var)
    from carry.services import backup

    t0 = time.perf_counter()
    taps = _event()
    print(f"{TEAMS} teams, {ROUNDS} rounds, {taps} tracker events written in "
          f"{time.perf_counter() - t0:.1f} s")  # fmt: skip
    source = backup.database_path()
    assert source is not None
    size = source.stat().st_size + Path(f"{source}-wal").stat().st_size
    print(f"database {size / 1e6:.1f} MB (file and write-ahead log)")
    times = []
    for i in range(RUNS):
        done = backup.backup_now(f"bench{i}")
        times.append(done.seconds)
    print(
        f"backup (copy, integrity check, second folder): best {min(times):.3f} s, "
        f"worst {max(times):.3f} s of {RUNS}; the copy is {done.size / 1e6:.1f} MB"
    )
    _event_file()


def _event_file() -> None:
    """The same event as one file (carry.services.exchange): export, then import as a copy."""
    import json

    from carry.services import exchange
    from tournament.models import Event

    event = Event.objects.get()
    t0 = time.perf_counter()
    text = exchange.event_export_json(event=event)
    exported = time.perf_counter() - t0
    t0 = time.perf_counter()
    exchange.event_import(data=json.loads(text))
    imported = time.perf_counter() - t0
    print(
        f"event file: {len(text) / 1e6:.1f} MB, export {exported:.2f} s, "
        f"import (validated, ids remapped, games rebuilt) {imported:.2f} s"
    )


if __name__ == "__main__":
    main()
