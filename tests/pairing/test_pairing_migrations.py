"""The data migration that moves the top cut's seeds and bracket from Round.summary into
MatchTeam.seed and Match.bracket_slot (pairing 0004)."""

import importlib
import random

import pytest
from django.apps import apps

from pairing import services
from pairing.models import Match, MatchTeam, Round
from support.rounds import event_with_teams, games, play

pytestmark = pytest.mark.django_db

migration = importlib.import_module("pairing.migrations.0004_top_cut_seeds_to_columns")


def _as_the_old_code_wrote_it(round_: Round) -> dict:
    """Empty the columns and write the seeds and bracket into the summary, as before."""
    seeds = dict(MatchTeam.objects.filter(round=round_).values_list("team_id", "seed"))
    bracket = [
        [a, b]
        for a, b in round_.matches.order_by("bracket_slot").values_list("team_a_id", "team_b_id")
    ]
    summary = {**round_.summary, "seeds": {str(t): s for t, s in seeds.items()}}
    summary["bracket"] = bracket
    Round.objects.filter(pk=round_.pk).update(summary=summary)
    MatchTeam.objects.filter(round=round_).update(seed=None)
    round_.matches.update(bracket_slot=None)
    return {"seeds": seeds, "bracket": bracket}


def test_migration_fills_seeds_and_slots_from_the_summary_and_the_cut_goes_on():
    event, _teams = event_with_teams(7, swiss_rounds=0, top_cut=8)  # 7 teams: one bye
    first = services.round_pair_next(event=event, seed=5)
    old = _as_the_old_code_wrote_it(first)

    migration.fill_bracket_columns(apps, None)

    first.refresh_from_db()
    assert not {"seeds", "bracket"} & set(first.summary)
    assert (
        dict(MatchTeam.objects.filter(round=first).values_list("team_id", "seed")) == (old["seeds"])
    )
    slots = list(
        first.matches.order_by("bracket_slot").values_list("bracket_slot", "team_a_id", "team_b_id")
    )
    assert slots == [(k, a, b) for k, (a, b) in enumerate(old["bracket"], start=1)]
    # the next round reads the columns: the winner of 1/8 (a bye here) meets the winner of 4/5
    play(first, random.Random(1))
    semi = services.round_pair_next(event=event, seed=6)
    top = semi.matches.get(bracket_slot=1)
    winner_4_5 = Match.objects.get(round=first, bracket_slot=2)
    won = winner_4_5.team_a_id if winner_4_5.result == "a" else winner_4_5.team_b_id
    assert (top.team_a_id, top.team_b_id) == (old["bracket"][0][0], won)


def test_migration_backwards_writes_the_summary_again():
    event, _teams = event_with_teams(4, swiss_rounds=0, top_cut=4)
    first = services.round_pair_next(event=event, seed=5)
    seeds = dict(MatchTeam.objects.filter(round=first).values_list("team_id", "seed"))

    migration.restore_summary(apps, None)

    first.refresh_from_db()
    assert first.summary["seeds"] == {str(t): s for t, s in seeds.items()}
    assert first.summary["bracket"] == [
        [a, b]
        for a, b in first.matches.order_by("bracket_slot").values_list("team_a_id", "team_b_id")
    ]


def test_migration_leaves_swiss_rounds_and_new_cut_rounds_alone():
    event, _teams = event_with_teams(4, swiss_rounds=1, top_cut=2)
    swiss = services.round_pair_next(event=event, seed=1)
    for m in swiss.matches.all():
        services.match_enter_result(match=m, **games(1, 0))
    final = services.round_pair_next(event=event, seed=2)
    before = {r.pk: r.summary for r in Round.objects.all()}

    migration.fill_bracket_columns(apps, None)

    assert {r.pk: r.summary for r in Round.objects.all()} == before
    assert final.matches.get().bracket_slot == 1
