"""Random penalties in `manage.py simulate` (pairing.hooks.AFTER_SIMULATED_ROUND): issued through
the judge's service, shown in the standings, and leaving the simulated results unchanged."""

import random

import pytest

from judging import simulation
from judging.models import Penalty
from pairing import selectors
from pairing import services as pairing_services
from pairing import simulation as pairing_simulation
from support.rounds import event_with_teams, play

pytestmark = pytest.mark.django_db


def test_a_competitive_round_gets_warnings_and_match_point_penalties_in_the_standings(
    monkeypatch,
):
    """At Competitive REL: Warnings, FtMGS with a Game Rule Violation, and the one-point
    deduction of a Decklist Problem (policy match_point), counted in the round's standings."""
    monkeypatch.setattr(simulation, "RATE", 0.6)
    event, _teams = event_with_teams(16, swiss_rounds=3, rel="competitive")
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    play(round_, random.Random(1))
    before = {r.team: r.match_points for r in selectors.standings(event, after_round=1).rows}
    issued = simulation.random_penalties(event, round_, random.Random(5))
    rows = list(Penalty.objects.filter(event=event))
    assert issued == len(rows) > 0
    assert {r.penalty for r in rows} <= {"warning", "match_point"}
    assert {r.round_number for r in rows} == {1}
    after = {r.team: r.match_points for r in selectors.standings(event, after_round=1).rows}
    for team, points in before.items():
        deducted = sum(r.match_points_deducted for r in rows if r.team_id == team)
        assert after[team] == points - deducted


def test_simulate_logs_them_at_regular_rel_without_drawing_from_the_simulators_generator(
    monkeypatch,
):
    monkeypatch.setattr(simulation, "RATE", 0.5)
    report = pairing_simulation.simulate(teams=10, rounds=2, seed=3, drop_rate=0)
    penalties = set(Penalty.objects.filter(event=report.event).values_list("penalty", flat=True))
    assert penalties == {"none"}  # Regular REL, the simulator's: logged, no penalty (JAR)
    rng = random.Random(9)
    state = rng.getstate()
    simulation.after_simulated_round(report.event, report.rounds[-1], rng)
    assert rng.getstate() == state  # the simulated results stay those of the seed
