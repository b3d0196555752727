"""python manage.py import_banlists FILE: load banned and restricted lists (banlists.json shape)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from decklists.services import catalogue as svc


class Command(BaseCommand):
    help = (
        "Load banned and restricted lists per format from a file shaped like banlists.json "
        "({as_of, formats: {<format>: {banned: [...], restricted: [...]}}, two_headed_giant: "
        "{banned_in_all_constructed: [...]}}), replacing the lists of the formats it names."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the banlists file (.json or .json.gz)")

    def handle(self, *args, file: str, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No such file: {path}")
        try:
            with path.open("rb") as fileobj:
                data = svc.read_banlists_file(fileobj)
            record = svc.import_banlists(data=data, source=path.name)
        except ServiceError as exc:
            raise CommandError(f"{path.name}: {exc.message}") from exc
        when = record.data_date.isoformat() if record.data_date else "no as_of date"
        self.stdout.write(
            f"Banned and restricted lists of {', '.join(record.formats)} loaded ({when})."
        )
