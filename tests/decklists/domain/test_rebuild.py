"""MTR 7.3: at Regular REL, a limited event without decklists lets teams change their decks
between matches; everywhere else the lists lock when round 1 is paired."""

import pytest

from decklists.domain.rebuild import (
    MatchState,
    between_matches,
    continuous_construction,
    lists_open,
)

NOT_STARTED = MatchState(started=False, over=False)
UNDER_WAY = MatchState(started=True, over=False)
REPORTED = MatchState(started=True, over=True)


def open_(match, *, structure="sealed", rel="regular", required=False, registration=False):
    return lists_open(
        in_registration=registration,
        structure=structure,
        rel=rel,
        decklists_required=required,
        match=match,
    )


@pytest.mark.parametrize("structure", ["sealed", "draft"])
def test_mtr_7_3_limited_regular_without_decklists_rebuilds_between_matches(structure):
    assert continuous_construction(structure=structure, rel="regular", decklists_required=False)
    assert open_(NOT_STARTED, structure=structure)
    assert open_(REPORTED, structure=structure)
    assert open_(None, structure=structure)  # no match paired for the team


def test_mtr_7_3_not_during_a_match():
    assert not between_matches(UNDER_WAY)
    assert not open_(UNDER_WAY)


@pytest.mark.parametrize(
    ("structure", "rel", "required"),
    [
        ("constructed", "regular", False),  # MTR 7.3 is a limited rule
        ("sealed", "competitive", False),
        ("draft", "professional", False),
        ("sealed", "regular", True),  # the event collects decklists
    ],
)
def test_mtr_7_3_does_not_apply_lists_stay_locked_after_round_1(structure, rel, required):
    assert not continuous_construction(structure=structure, rel=rel, decklists_required=required)
    for match in (None, NOT_STARTED, REPORTED):
        assert not open_(match, structure=structure, rel=rel, required=required)


@pytest.mark.parametrize("match", [None, NOT_STARTED, UNDER_WAY])
def test_before_round_1_is_paired_every_team_may_change_its_lists(match):
    assert open_(
        match, structure="constructed", rel="competitive", required=True, registration=True
    )
