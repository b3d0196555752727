"""Backups of the store laptop's SQLite database (carry.services.backup): a whole, checked copy
in every backup folder, the last few kept, and a damaged file refused on restore."""

import sqlite3
from pathlib import Path

import pytest
from django.test import override_settings

from carry.services import backup


def _tandem_like_db(path: Path, rows: int = 3) -> Path:
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, app TEXT)")
    con.execute("CREATE TABLE tournament_event (id INTEGER PRIMARY KEY, name TEXT)")
    con.executemany(
        "INSERT INTO tournament_event (name) VALUES (?)", [(f"e{i}",) for i in range(rows)]
    )
    con.commit()
    con.close()
    return path


def test_a_backup_is_a_checked_copy_in_every_folder_keeping_the_last_few(tmp_path):
    source = _tandem_like_db(tmp_path / "live.sqlite3")
    laptop, stick = tmp_path / "backups", tmp_path / "usb"
    with override_settings(BACKUP_DIRS=[laptop, stick], BACKUP_KEEP=2):
        made = [backup.backup_now(f"r{i}", source=source) for i in range(3)]
    for folder in (laptop, stick):
        kept = backup.backups(folder)
        assert [p.name for p in kept] == [m.path.name for m in made[1:]]
        for path in kept:
            backup.check_file(path)
            con = sqlite3.connect(path)
            assert con.execute("SELECT count(*) FROM tournament_event").fetchone()[0] == 3
            assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
            con.close()
        assert not list(folder.glob(".*partial"))
    assert backup.began_at(made[-1].path) == made[-1].began


def test_a_file_that_is_not_a_whole_tandem_database_is_refused(tmp_path):
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database" * 100)
    other = sqlite3.connect(tmp_path / "other.sqlite3")
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    good = _tandem_like_db(tmp_path / "good.sqlite3", rows=2000)
    cut = tmp_path / "cut.sqlite3"
    cut.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    for path, words in [
        (garbage, "not a SQLite database"),
        (tmp_path / "other.sqlite3", "not a Tandem database"),
        (tmp_path / "missing.sqlite3", "no such file"),
    ]:
        with pytest.raises(backup.BackupError, match=words):
            backup.check_file(path)
    with pytest.raises(backup.BackupError):
        backup.check_file(cut)


def test_restore_puts_the_copy_in_place_and_keeps_the_database_it_replaces(tmp_path):
    source = _tandem_like_db(tmp_path / "old.sqlite3", rows=5)
    with override_settings(BACKUP_DIRS=[tmp_path / "backups"], BACKUP_KEEP=3):
        copy = backup.backup_now("r1", source=source).path
        (tmp_path / "var").mkdir()
        target = _tandem_like_db(tmp_path / "var" / "tandem.sqlite3", rows=1)
        Path(f"{target}-wal").write_bytes(b"stale log of the replaced database")
        kept = backup.restore(copy, target=target)
    assert kept is not None
    assert kept.name.startswith("before-restore-")
    assert not Path(f"{target}-wal").exists()
    con = sqlite3.connect(target)
    assert con.execute("SELECT count(*) FROM tournament_event").fetchone()[0] == 5
    con.close()
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"x" * 4096)
    with pytest.raises(backup.BackupError):
        backup.restore(bad, target=target)
    assert target.exists()  # a refused file changes nothing


def test_a_copy_cut_short_by_a_crash_is_removed_by_a_later_backup(tmp_path):
    import os
    import time

    source = _tandem_like_db(tmp_path / "live.sqlite3")
    folder = tmp_path / "backups"
    folder.mkdir()
    stale = folder / ".tandem-20260101T000000.000000Z-during.sqlite3.partial"
    stale.write_bytes(b"half a copy")
    old = time.time() - backup.STALE_PARTIAL_SECONDS - 1
    os.utime(stale, (old, old))
    fresh = folder / ".tandem-20260101T000001.000000Z-during.sqlite3.partial"
    fresh.write_bytes(b"another process copying now")
    with override_settings(BACKUP_DIRS=[folder], BACKUP_KEEP=2):
        backup.backup_now("r1", source=source)
    assert not stale.exists()
    assert fresh.exists()
