"""python manage.py update_cards: download Scryfall's current card data and import it.

Reads Scryfall's bulk-data index, downloads the "Oracle Cards" file it names (streamed to a
temporary file, with a progress bar), and imports it like import_cards. Skipped when that very
file was the last one imported; --force imports it again (cards are updated, never duplicated).
"""

import tempfile

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from decklists.management.commands._progress import DownloadBar, ProgressBar
from decklists.services import catalogue as svc
from decklists.services import scryfall_bulk


class Command(BaseCommand):
    help = (
        "Download Scryfall's current Oracle Cards bulk file (through its bulk-data index) and "
        "import it, unless it is the file imported last. The index URL is the setting "
        "SCRYFALL_BULK_DATA_URL, the environment variable TANDEM_SCRYFALL_BULK_DATA_URL or "
        f"--index-url (default {scryfall_bulk.SCRYFALL_BULK_DATA_URL})."
    )

    def add_arguments(self, parser):
        parser.add_argument("--index-url", help="bulk-data index to read instead of Scryfall's")
        parser.add_argument(
            "--type",
            dest="bulk_type",
            choices=scryfall_bulk.BULK_TYPES,
            default="oracle_cards",
            help="which bulk file: oracle_cards (one object per card, the default) or "
            "default_cards (every English printing: more flavor names, a larger file)",
        )
        parser.add_argument(
            "--force", action="store_true", help="import even if this file was imported last"
        )

    def handle(self, *args, index_url, bulk_type, force, verbosity, **options):
        url = scryfall_bulk.index_url(index_url)
        try:
            bulk = scryfall_bulk.bulk_file(url, bulk_type)
            if not force and scryfall_bulk.already_imported(bulk):
                self.stdout.write(
                    f"Card data is up to date: {bulk.file_name} (Scryfall, {bulk.updated_at}) "
                    "is the file imported last. Nothing downloaded."
                )
                return
            if verbosity >= 1:
                self.stderr.write(f"Downloading {bulk.download_uri}")
            with tempfile.TemporaryFile(prefix="tandem-cards-") as fileobj:
                bar = DownloadBar(self.stderr, enabled=verbosity >= 1)
                size = scryfall_bulk.download(bulk, fileobj, bar)
                bar.done(size, size)
                fileobj.seek(0)
                reading = ProgressBar(self.stderr, fileobj, enabled=verbosity >= 1)
                result = svc.import_cards(
                    fileobj=fileobj,
                    source=bulk.file_name,
                    data_date=bulk.data_date,
                    note=f"Scryfall {bulk.type} bulk file of {bulk.updated_at}, downloaded "
                    f"from {bulk.download_uri}.",
                    progress=reading,
                )
                reading.done(result.record.cards_read)
        except ServiceError as exc:
            raise CommandError(exc.message) from exc
        record = result.record
        self.stdout.write(
            f"{record.cards_read:,} cards read from {bulk.file_name} (data of "
            f"{record.data_date}): {record.created:,} added, {record.updated:,} updated, "
            f"{result.unchanged:,} unchanged"
            + (
                f"; {result.aliases:,} other card names (MTR 3.6) added or changed"
                if result.aliases
                else ""
            )
            + "."
        )
