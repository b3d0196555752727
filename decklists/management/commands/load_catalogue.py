"""python manage.py load_catalogue [--if-empty]: load the catalogue shipped in decklists/catalogue/."""

from django.core.management.base import BaseCommand

from decklists.management.commands._progress import ProgressBar
from decklists.services import catalogue as svc


class Command(BaseCommand):
    help = (
        "Load the card catalogue and banlists shipped with Tandem (decklists/catalogue/). "
        "With --if-empty, only what the database does not have yet (a newer catalogue you "
        "imported is kept)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true")

    def handle(self, *args, if_empty: bool, verbosity: int, **options):
        bar = ProgressBar(self.stderr, None, enabled=verbosity >= 2)
        result = svc.load_shipped(if_empty=if_empty, progress=bar)
        if result.cards is None and result.banlists is None and result.aliases is None:
            if verbosity >= 2:
                self.stdout.write("Card catalogue already loaded; nothing to do.")
            return
        if result.cards is not None and verbosity >= 1:
            record = result.cards.record
            self.stdout.write(
                f"Card catalogue loaded: {record.cards_read:,} cards "
                f"({record.created:,} added, {record.updated:,} updated), data of "
                f"{record.data_date}. For newer cards: python manage.py import_cards FILE."
            )
        if result.banlists is not None and verbosity >= 1:
            self.stdout.write(
                f"Banned and restricted lists loaded, as of {result.banlists.data_date}."
            )
        if result.aliases is not None and verbosity >= 1:
            self.stdout.write(
                f"Other card names loaded: {result.aliases.cards_read:,} (MTR 3.6: flavor and "
                "Universes Within names count as the Oracle card)."
            )
