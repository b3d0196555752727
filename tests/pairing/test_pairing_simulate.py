"""Whole events through the services (manage.py simulate): the properties of the issue hold
round after round: equal points meet, no avoidable rematch, one bye at most, no dropped team
paired, standings a permutation, the top cut seeded from the standings (MTR 10.4)."""

import io
from collections import Counter

import pytest
from django.core.management import call_command

from pairing import hooks, selectors, simulation
from pairing.models import Match, MatchTeam, Round

pytestmark = pytest.mark.django_db


def _check_event(report, swiss_rounds: int, top_cut: int) -> None:
    event = report.event
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    assert len(rounds) == swiss_rounds + {0: 0, 2: 1, 4: 2, 8: 3}[top_cut]
    met: set[frozenset] = set()
    for round_ in rounds:
        matches = list(round_.matches.all())
        assert all(m.status == "final" for m in matches)
        seated = Counter(t for m in matches for t in (m.team_a_id, m.team_b_id) if t)
        assert set(seated.values()) == {1}, f"a team plays twice in round {round_.number}"
        assert MatchTeam.objects.filter(round=round_).count() == len(seated)
        dropped_before = set(
            event.teams.filter(dropped_after_round__lt=round_.number).values_list("pk", flat=True)
        )
        assert not dropped_before & set(seated), "a dropped team was paired"
        if round_.stage == "swiss":
            assert sum(1 for m in matches if m.team_b_id is None) == len(seated) % 2
            assert round_.summary["rematches"] == 0
            for m in matches:
                if m.team_b_id:
                    pair = frozenset((m.team_a_id, m.team_b_id))
                    assert pair not in met, "a rematch"
                    met.add(pair)
    table = selectors.standings(event)
    assert sorted(row.team for row in table.rows) == sorted(
        event.teams.values_list("pk", flat=True)
    )
    points = [row.match_points for row in table.rows]
    assert points == sorted(points, reverse=True)
    if top_cut:
        first_cut = rounds[swiss_rounds]
        seeded = list(
            MatchTeam.objects.filter(round=first_cut)
            .order_by("seed")
            .values_list("team", flat=True)
        )
        active = [r.team for r in table.rows if not table.teams[r.team].dropped]
        assert seeded == active[:top_cut]
        assert event.status == "finished"


def test_simulate_command_prints_each_phase_and_plays_the_top_cut():
    out = io.StringIO()
    call_command("simulate", teams=12, rounds=3, seed=4, top_cut=4, stdout=out)
    text = out.getvalue()
    for phase in ("register teams", "round 1 pair", "round 3 results", "round 5 pair", "standings"):
        assert phase in text
    assert "status finished" in text
    event = Round.objects.latest("pk").event
    assert event.rounds.filter(stage="top_cut").count() == 2


def test_simulated_event_of_16_teams_keeps_every_property():
    report = simulation.simulate(teams=16, rounds=5, seed=9, top_cut=4, drop_rate=0.05)
    _check_event(report, 5, 4)


def test_after_round_hooks_run_after_each_round():
    """The judging app plugs random penalties in here; the simulator calls it each round."""
    seen: list[int] = []
    hook = lambda event, round_, rng: seen.append(round_.number)  # noqa: E731
    with hooks.AFTER_SIMULATED_ROUND.connected(hook):
        simulation.simulate(teams=6, rounds=2, seed=1)
    assert seen == [1, 2]


@pytest.mark.postgres
def test_full_event_of_64_teams_8_rounds_and_top_8_on_postgres():
    report = simulation.simulate(teams=64, rounds=8, seed=2026, top_cut=8, drop_rate=0.02)
    _check_event(report, 8, 8)
    assert Match.objects.filter(round__event=report.event, round__stage="top_cut").count() == 7
