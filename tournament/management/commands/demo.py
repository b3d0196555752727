from django.core.management.base import BaseCommand
from django.db import transaction

from tournament.demo import build_demo


class Command(BaseCommand):
    help = (
        "Create the demo event with users, teams and play in progress; run again, it keeps the "
        "event and the passwords (--reset builds it anew with new passwords)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=16)
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--reset", action="store_true", help="delete the demo event, set new passwords"
        )

    def handle(self, *args, teams: int, seed: int, reset: bool, **options):
        with transaction.atomic():
            build_demo(self.stdout, teams=teams, seed=seed, reset=reset)
