"""Online backups of the SQLite database, and putting one back (the store laptop's event).

A backup is taken with SQLite's backup API while the server runs (the database is in WAL mode:
the copy is one consistent moment, writers are not stopped), checked with ``PRAGMA
integrity_check`` and only then given its final name, so a file named ``tandem-*.sqlite3`` in a
backup folder is always whole. The name carries the moment the copy began (UTC): every write
acknowledged before it is in the file.

When: after every published round, and during a round after a write when the last backup is
older than ``BACKUP_MINUTES`` (``carry.apps`` connects these to the after-commit events). The copy
runs in a thread of its own, so the write that triggered it is not kept waiting (a copy cut
short by a crash keeps its ``.partial`` name and is removed by a later backup). The last
``BACKUP_KEEP`` files of each folder are kept.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connections

log = logging.getLogger(__name__)

PREFIX = "tandem-"
SUFFIX = ".sqlite3"
STALE_PARTIAL_SECONDS = 600
_lock = threading.Lock()
_last_started = 0.0  # time.monotonic() of the last backup begun by this process


class BackupError(Exception):
    """A file that is not a whole Tandem database, or no SQLite database to back up."""


@dataclass(frozen=True)
class Backup:
    path: Path
    began: datetime
    seconds: float
    size: int


def database_path() -> Path | None:
    """The default database's file when it is a SQLite file (not PostgreSQL, not in memory)."""
    db = connections["default"].settings_dict
    if db["ENGINE"] != "django.db.backends.sqlite3":
        return None
    name = str(db["NAME"])
    if not name or name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    return Path(name)


def check_file(path: Path) -> None:
    """Raise BackupError unless ``path`` is a whole SQLite file holding Tandem's tables."""
    if not path.is_file():
        raise BackupError(f"{path}: no such file")
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            verdict = con.execute("PRAGMA integrity_check").fetchone()[0]
            tables = {
                r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path}: not a SQLite database ({exc})") from exc
    if verdict != "ok":
        raise BackupError(f"{path}: damaged database ({verdict})")
    if not {"django_migrations", "tournament_event"} <= tables:
        raise BackupError(f"{path}: not a Tandem database (no events table)")


def _name(began: datetime, reason: str) -> str:
    stamp = began.strftime("%Y%m%dT%H%M%S.%fZ")
    return f"{PREFIX}{stamp}-{reason}{SUFFIX}"


def began_at(path: Path) -> datetime | None:
    """The moment a backup's copy began, read from its name (None for another name)."""
    stamp = path.name.removeprefix(PREFIX).split("-", 1)[0]
    try:
        return datetime.strptime(stamp, "%Y%m%dT%H%M%S.%fZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def backups(folder: Path) -> list[Path]:
    """The finished backups of a folder, oldest first."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())


def _prune(folder: Path, keep: int) -> None:
    for old in backups(folder)[:-keep]:
        old.unlink(missing_ok=True)
    # A copy cut short (the process killed while copying) never got its name: removed later.
    for partial in folder.glob(".*.partial"):
        try:
            if time.time() - partial.stat().st_mtime > STALE_PARTIAL_SECONDS:
                partial.unlink(missing_ok=True)
        except OSError:
            pass


def backup_now(reason: str = "manual", source: Path | None = None) -> Backup:
    """Copy the database into every backup folder now; the checked file's path in the first."""
    global _last_started
    source = source or database_path()
    if source is None:
        raise BackupError("the database is not a SQLite file: nothing to back up here")
    folders = [Path(f) for f in settings.BACKUP_DIRS]
    with _lock:
        _last_started = time.monotonic()
        t0 = time.perf_counter()
        began = datetime.now(UTC)
        name = _name(began, reason)
        first = folders[0]
        first.mkdir(parents=True, exist_ok=True)
        partial = first / f".{name}.partial"
        src = sqlite3.connect(source, timeout=20)
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")  # one file, nothing beside it
        finally:
            dst.close()
            src.close()
        check_file(partial)
        final = first / name
        os.replace(partial, final)
        for folder in folders[1:]:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                copy = folder / f".{name}.partial"
                shutil.copyfile(final, copy)
                os.replace(copy, folder / name)
                _prune(folder, settings.BACKUP_KEEP)
            except OSError:  # a USB stick pulled out: the laptop's own copy is there
                log.exception("backup: could not copy %s into %s", name, folder)
        _prune(first, settings.BACKUP_KEEP)
        return Backup(final, began, time.perf_counter() - t0, final.stat().st_size)


def _in_background(reason: str) -> None:
    def run() -> None:
        try:
            backup_now(reason)
        except Exception:
            log.exception("backup (%s) failed", reason)

    # Not a daemon: a command that published a round (a short-lived process) waits for its
    # backup to finish before it exits.
    threading.Thread(target=run, name=f"tandem-backup-{reason}", daemon=False).start()


def backup_after_round(round_number: int) -> None:
    """A published round: back up now (in the background)."""
    if database_path() is not None:
        _in_background(f"round{round_number}")


def backup_if_due() -> None:
    """A write during a round: back up when the last backup is older than BACKUP_MINUTES."""
    minutes = settings.BACKUP_MINUTES
    if minutes <= 0 or database_path() is None:
        return
    if _last_started and time.monotonic() - _last_started < minutes * 60:
        return
    if _lock.locked():
        return
    _mark_due_started()
    _in_background("during")


def _mark_due_started() -> None:
    # Two writes in a row must not both start a copy: the first claims the slot at once.
    global _last_started
    _last_started = time.monotonic()


def restore(path: Path, target: Path | None = None) -> Path | None:
    """Put a checked backup in place of the database; the replaced file is kept beside the
    backups (``before-restore-*``) and returned. The server must be stopped."""
    check_file(path)
    target = target or database_path()
    if target is None:
        raise BackupError("the database is not a SQLite file: set no DATABASE_URL to restore")
    target.parent.mkdir(parents=True, exist_ok=True)
    connections.close_all()
    kept = None
    if target.exists():
        folder = Path(settings.BACKUP_DIRS[0])
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        kept = folder / f"before-restore-{stamp}{SUFFIX}"
        con = sqlite3.connect(target)
        try:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            con.close()
        os.replace(target, kept)
    # A write-ahead log left by the replaced database must never be read with the new file.
    for extra in ("-wal", "-shm"):
        Path(f"{target}{extra}").unlink(missing_ok=True)
    partial = target.with_name(f".{target.name}.restoring")
    shutil.copyfile(path, partial)
    os.replace(partial, target)
    return kept
