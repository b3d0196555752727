"""`manage.py simulate --teams N --rounds R [--seed S]` (docs/api.md "Commands")."""

from django.core.management.base import BaseCommand, CommandError

from pairing.simulation import simulate


class Command(BaseCommand):
    help = (
        "Create and play a whole event with random results, pairing each round through the "
        "same service as the API; prints the time of each phase."
    )

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, required=True, help="number of teams (2-10000)")
        parser.add_argument("--rounds", type=int, required=True, help="Swiss rounds (1-30)")
        parser.add_argument(
            "--seed", type=int, default=1, help="random seed (same seed, same event)"
        )
        parser.add_argument("--top-cut", type=int, default=0, choices=(0, 2, 4, 8))
        parser.add_argument("--drop-rate", type=float, default=0.01, help="per team and round")

    def handle(
        self, *args, teams: int, rounds: int, seed: int, top_cut: int, drop_rate: float, **kw
    ):
        if not 2 <= teams <= 10_000:
            raise CommandError("--teams must be between 2 and 10000.")
        if not 1 <= rounds <= 30:
            raise CommandError("--rounds must be between 1 and 30.")
        if not 0 <= drop_rate < 0.5:
            raise CommandError("--drop-rate must be between 0 and 0.5.")
        report = simulate(
            teams=teams, rounds=rounds, seed=seed, top_cut=top_cut, drop_rate=drop_rate,
            write=self.stdout.write,
        )  # fmt: skip

        def total(suffix: str = "") -> float:
            return sum(seconds for name, seconds in report.phases if name.endswith(suffix))

        event = report.event
        self.stdout.write(
            f"Event {event.pk} ({event.name}): {len(report.rounds)} rounds, status {event.status}"
        )
        self.stdout.write(
            f"total {total():.2f} s: pairing {total(' pair'):.2f} s, publishing "
            f"{total(' publish'):.2f} s, results {total(' results'):.2f} s"
        )
