"""python manage.py update_cards: download Scryfall's current card data and import it.

Reads Scryfall's bulk-data index, downloads the "Oracle Cards" file it names (streamed to a
temporary file, with a progress bar), and imports it like import_cards. Skipped when that very
file was the last one imported; --force imports it again (cards are updated, never duplicated).
"""

from django.core.management.base import BaseCommand, CommandError

from core.errors import ServiceError
from decklists.management.commands._progress import DownloadBar, ProgressBar
from decklists.services import card_updates, scryfall_bulk


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
        shown = verbosity >= 1
        bars: list[ProgressBar] = []

        def reading(fileobj):
            bars.append(ProgressBar(self.stderr, fileobj, enabled=shown))
            return bars[-1]

        download = DownloadBar(self.stderr, enabled=shown)
        try:
            result = card_updates.update_cards(
                index_url=index_url,
                bulk_type=bulk_type,
                force=force,
                download_progress=download,
                reading_progress=reading,
            )
        except ServiceError as exc:
            raise CommandError(exc.message) from exc
        if result.imported is None:
            self.stdout.write(
                f"Card data is up to date: {result.bulk.file_name} (Scryfall, "
                f"{result.bulk.updated_at}) is the file imported last. Nothing downloaded."
            )
            return
        record = result.imported.record
        if bars:
            bars[-1].done(record.cards_read)
        self.stdout.write(
            f"{record.cards_read:,} cards read from {result.bulk.file_name} (data of "
            f"{record.data_date}): {record.created:,} added, {record.updated:,} updated, "
            f"{result.imported.unchanged:,} unchanged"
            + (
                f"; {result.imported.aliases:,} other card names (MTR 3.6) added or changed"
                if result.imported.aliases
                else ""
            )
            + "."
        )
