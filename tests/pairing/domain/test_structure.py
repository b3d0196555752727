"""The structure an event pairs (MTR 10.2, App. E; pairing.domain.structure)."""

from __future__ import annotations

import pytest

from pairing.domain.structure import plan, rounds_for_one_undefeated


@pytest.mark.parametrize(
    ("teams", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (16, 4), (17, 5)]
)
def test_rounds_for_one_undefeated_team(teams: int, rounds: int) -> None:
    """After ceil(log2 n) rounds at most one team can have won every match."""
    assert rounds_for_one_undefeated(teams) == rounds


def test_an_explicit_no_top_cut_is_respected_with_automatic_rounds() -> None:
    """An organizer's "no top cut" stays none, even where MTR App. E would play a bracket (3-8
    teams); the Swiss rounds are then enough for one undefeated team."""
    for teams, rounds in ((3, 2), (6, 3), (8, 3), (12, 4)):
        got = plan(teams, swiss_rounds=None, top_cut=0, cut_automatic=False)
        assert (got.swiss_rounds, got.top_cut, got.automatic) == (rounds, 0, True)


def test_automatic_top_cut_follows_mtr_app_e() -> None:
    """MTR App. E: 6 teams play a single-elimination bracket of 8; 12 teams 5 rounds, top 4."""
    six = plan(6, swiss_rounds=None, top_cut=0, cut_automatic=True)
    assert (six.swiss_rounds, six.top_cut, six.total_rounds) == (0, 8, 3)
    twelve = plan(12, swiss_rounds=None, top_cut=0, cut_automatic=True)
    assert (twelve.swiss_rounds, twelve.top_cut) == (5, 4)
    assert twelve.describe() == (
        "5 Swiss rounds, then a top 4 (Swiss rounds and top cut from the count of 12 teams)."
    )


def test_an_organizers_cut_with_automatic_rounds_is_seeded_by_swiss_rounds() -> None:
    """Where App. E has no Swiss round (4-8 teams), an organizer's top cut still gets Swiss
    rounds to seed it; above 8 teams App. E's rounds are kept."""
    assert plan(6, swiss_rounds=None, top_cut=4, cut_automatic=False).swiss_rounds == 3
    assert plan(20, swiss_rounds=None, top_cut=4, cut_automatic=False).swiss_rounds == 5


def test_the_organizers_numbers_are_used_as_given() -> None:
    got = plan(30, swiss_rounds=3, top_cut=0, cut_automatic=False)
    assert (got.swiss_rounds, got.top_cut, got.automatic, got.cut_automatic) == (3, 0, False, False)
    assert got.describe() == "3 Swiss rounds, no top cut."


def test_fewer_than_four_teams_still_get_a_structure() -> None:
    """MTR 10.1 makes such an event unsanctionable, not unplayable: 2 teams play one round and
    an automatic cut is none."""
    got = plan(2, swiss_rounds=None, top_cut=0, cut_automatic=True)
    assert (got.swiss_rounds, got.top_cut) == (1, 0)


@pytest.mark.parametrize("teams", [9, 12, 16])
def test_a_draft_event_takes_app_e_booster_draft_playoff_row(teams: int) -> None:
    """MTR App. E: "9-16, Limited with a Booster Draft playoff: 4 Swiss rounds, top 8" (issue
    23). Other structures keep 5 rounds and a top 4; 17 teams are past the row."""
    draft = plan(teams, swiss_rounds=None, top_cut=0, cut_automatic=True, draft=True)
    assert (draft.swiss_rounds, draft.top_cut) == (4, 8)
    sealed = plan(teams, swiss_rounds=None, top_cut=0, cut_automatic=True)
    assert (sealed.swiss_rounds, sealed.top_cut) == (5, 4)
    own_eight = plan(teams, swiss_rounds=None, top_cut=8, cut_automatic=False, draft=True)
    assert (own_eight.swiss_rounds, own_eight.top_cut) == (4, 8)
    big = plan(17, swiss_rounds=None, top_cut=0, cut_automatic=True, draft=True)
    assert (big.swiss_rounds, big.top_cut) == (5, 8)
