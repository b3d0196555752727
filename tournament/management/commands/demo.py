from django.core.management.base import BaseCommand
from django.db import transaction

from tournament.demo import build_demo


class Command(BaseCommand):
    help = "Create (or re-create) the demo event with users, teams and play in progress."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=16)
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args, teams: int, seed: int, **options):
        with transaction.atomic():
            build_demo(self.stdout, teams=teams, seed=seed)
