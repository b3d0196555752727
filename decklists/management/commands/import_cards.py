"""python manage.py import_cards FILE: load a Scryfall "Oracle Cards" or MTGJSON AtomicCards file."""

import datetime as dt
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from decklists.management.commands._progress import ProgressBar
from decklists.services import catalogue as svc


class Command(BaseCommand):
    help = (
        'Load cards (names, faces, types, legalities, deck limits) from Scryfall\'s "Oracle Cards" '
        "bulk JSON, MTGJSON's AtomicCards.json or Tandem's JSON Lines, gzip or not. Streams the "
        "file; running it again updates cards and never duplicates them."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the card file (.json, .jsonl, or .gz of them)")
        parser.add_argument(
            "--date",
            help="date of the data (YYYY-MM-DD); default: MTGJSON's meta.date or the date in the "
            "file name (Scryfall: oracle-cards-20260208....json)",
        )
        parser.add_argument("--note", default="", help="where the file comes from, for the UI")

    def handle(self, *args, file: str, date: str | None, note: str, verbosity: int, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No such file: {path}")
        data_date = None
        if date:
            try:
                data_date = dt.date.fromisoformat(date)
            except ValueError as exc:
                raise CommandError(f"--date must be YYYY-MM-DD, not {date!r}.") from exc
        with path.open("rb") as fileobj:
            bar = ProgressBar(self.stderr, fileobj, enabled=verbosity >= 1)
            try:
                result = svc.import_cards(
                    fileobj=fileobj, source=path.name, data_date=data_date, note=note, progress=bar
                )
            except ServiceError as exc:
                raise CommandError(f"{path.name}: {exc.message}") from exc
        record = result.record
        bar.done(record.cards_read)
        when = record.data_date.isoformat() if record.data_date else "unknown date"
        self.stdout.write(
            f"{record.cards_read:,} cards read from {path.name} ({record.file_format}, {when}): "
            f"{record.created:,} added, {record.updated:,} updated, {result.unchanged:,} unchanged."
            + (
                f" {result.aliases:,} other card names (MTR 3.6) added or changed."
                if result.aliases
                else ""
            )
        )
