"""`manage.py backup`: copy the SQLite database into the backup folders now."""

from django.core.management.base import BaseCommand, CommandError

from carry.services import backup


class Command(BaseCommand):
    help = "Back up the SQLite database now (var/backups/ and TANDEM_BACKUP_DIR)."

    def handle(self, *args, **options):
        try:
            done = backup.backup_now("manual")
        except backup.BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"{done.path} ({done.size} bytes, {done.seconds:.2f} s)")
