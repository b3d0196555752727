"""A whole event with random results, played through the same services as the API and pages
(docs/api.md "Commands": `manage.py simulate`). Used by tests and benchmarks; prints the time of each
phase.

Results: each team has a hidden strength; the stronger team wins more often, so the top tables
fill with teams that keep meeting (as in a real event). A share of matches are draws (half of
them intentional, 0-0-0; half at time, 0-0-1); playoff matches never are (MTR 2.4). Drops: after
each Swiss round a team drops with a small probability. Penalties: pairing.hooks.AFTER_SIMULATED_ROUND is where the
judging app plugs in random Match Point penalties.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model

from pairing import hooks, selectors, services
from pairing.models import Round
from tournament.models import Event
from tournament.services import events as event_svc
from tournament.services import team_import as import_svc
from tournament.services import teams as team_svc


@dataclass
class Report:
    event: Event
    phases: list[tuple[str, float]] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)

    def seconds(self, prefix: str) -> float:
        return sum(s for name, s in self.phases if name.startswith(prefix))


class _Clock:
    def __init__(self, report: Report, write: Callable[[str], None]) -> None:
        self.report, self.write = report, write

    def phase(self, name: str, started: float, detail: str = "") -> None:
        seconds = time.perf_counter() - started
        self.report.phases.append((name, seconds))
        self.write(f"{name:<28} {seconds * 1000:9.1f} ms{('  ' + detail) if detail else ''}")


def simulate(
    *,
    teams: int,
    rounds: int,
    seed: int = 1,
    top_cut: int = 0,
    drop_rate: float = 0.01,
    draw_rate: float = 0.05,
    write: Callable[[str], None] = lambda line: None,
) -> Report:
    """Create an event of `teams` teams, play `rounds` Swiss rounds (and the top cut)."""
    rng = random.Random(seed)
    organizer, _ = get_user_model().objects.get_or_create(username="simulator")
    started = time.perf_counter()
    event = event_svc.event_create(
        organizer=organizer, name=f"Simulation {teams} teams, {rounds} rounds, seed {seed}",
        structure="sealed", swiss_rounds=rounds, top_cut=top_cut, public=True,
    )  # fmt: skip
    report = Report(event)
    clock = _Clock(report, write)
    csv = "\n".join(f"Sim {i:05d},P{i}a,P{i}b" for i in range(1, teams + 1))
    preview, created = import_svc.teams_import(event=event, text=csv)
    if not preview.ok:
        raise ValueError(f"team import failed: {preview.errors or preview.rows[0].errors}")
    clock.phase("register teams", started, f"{len(created)} teams")
    strength = {t.pk: rng.gauss(0.0, 1.0) for t in created}
    plan_rounds = rounds + {0: 0, 2: 1, 4: 2, 8: 3}[top_cut]
    for _ in range(plan_rounds):
        _play_round(event, organizer, rng, strength, clock, drop_rate, draw_rate)
    started = time.perf_counter()
    table = selectors.standings(event)
    clock.phase(
        "standings",
        started,
        f"{len(table.rows)} rows (db {table.load_seconds * 1000:.0f} ms, "
        f"compute {table.compute_seconds * 1000:.0f} ms)",
    )
    report.rounds = list(Round.objects.filter(event=event).order_by("number"))
    event.refresh_from_db()
    report.event = event
    return report


def _play_round(event, organizer, rng, strength, clock, drop_rate, draw_rate) -> None:
    started = time.perf_counter()
    round_ = services.round_pair_next(event=event, by=organizer, seed=rng.getrandbits(32))
    n = round_.summary.get("matches", 0)
    label = f"round {round_.number}"
    clock.phase(
        f"{label} pair", started, f"{n} matches, {round_.summary.get('rematches', 0)} rematches"
    )
    started = time.perf_counter()
    services.round_publish(round_=round_, by=organizer)
    clock.phase(f"{label} publish", started)
    started = time.perf_counter()
    results = {
        m.pk: _result(
            rng, strength[m.team_a_id], strength[m.team_b_id], round_.is_top_cut, draw_rate
        )
        for m in round_.matches.filter(team_b__isnull=False).only("pk", "team_a_id", "team_b_id")
    }
    services.results_enter_bulk(round_=round_, results=results, by=organizer)
    clock.phase(f"{label} results", started)
    hooks.AFTER_SIMULATED_ROUND(event, round_, rng)
    if not round_.is_top_cut and drop_rate:
        _drops(event, round_, rng, drop_rate)


def _result(rng, a: float, b: float, top_cut: bool, draw_rate: float) -> tuple[int, int, int]:
    if not top_cut and rng.random() < draw_rate:
        return (0, 0, 0) if rng.random() < 0.5 else (0, 0, 1)
    drawn = 1 if rng.random() < 0.1 else 0  # a drawn game, replayed (MTR 9.1)
    a_wins = rng.random() < 1.0 / (1.0 + math.exp(b - a))
    return (1, 0, drawn) if a_wins else (0, 1, drawn)


def _drops(event, round_, rng, rate) -> None:
    for team in event.teams.filter(dropped=False).only("pk", "event_id"):
        if rng.random() < rate:
            team_svc.team_drop(team=team, after_round=round_.number)
