"""`manage.py restore_backup FILE` (`./tandem restore FILE`): put a backup in place."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from carry.services import backup


class Command(BaseCommand):
    help = (
        "Check a backup file and put it in place of the SQLite database (stop the server first;"
        " ./tandem restore then migrates)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a tandem-*.sqlite3 file from var/backups/ or a USB stick")

    def handle(self, *args, **options):
        path = Path(options["file"]).expanduser().resolve()
        try:
            kept = backup.restore(path)
        except backup.BackupError as exc:
            raise CommandError(str(exc)) from exc
        began = backup.began_at(path)
        taken = f" (taken {began:%Y-%m-%d %H:%M:%S} UTC)" if began else ""
        self.stdout.write(f"Restored {path.name}{taken}.")
        if kept:
            self.stdout.write(f"The database it replaced is kept as {kept}.")
