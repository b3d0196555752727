"""A late entry's missed rounds in the standings (docs/rules.md "Late entry"; MTR App. C; the
MTR has no late-entry section: MTR 2.10 and App. C are what Tandem follows), worked by hand.

Five teams: 1, 2, 3, 4 from round 1; team 5 enters after round 1 was paired.
  round 1: 1 beats 2, 3 beats 4; team 5 missed it (a match loss, no opponent);
  round 2: 1 beats 3, 5 beats 2, 4 has the bye.
Match points (App. C: 3 a win, 0 a loss, a bye is a win): 1: 6, 2: 0, 3: 3, 4: 3, 5: 3.
MW% = MP / (3 x rounds played), at least 0.33; every team played 2 rounds, the missed one
included (a match loss counts, as the MTR's "1-3-0, then withdraws: 3/(4*3)=0.25" counts
losses): 1: 1, 2: 0 -> 0.33, 3: 1/2, 4: 1/2, 5: 1/2.
OMW% (opponents' MW%, each at least 0.33; byes, and missed rounds, have no opponent):
  1: (0.33 + 1/2) / 2 = 0.415; 2: (1 + 1/2) / 2 = 3/4; 3: (1/2 + 1) / 2 = 3/4;
  4: 1/2 (its bye ignored); 5: 0.33 (team 2 only; round 1 had no opponent).
Had the missed round not counted (MW% over the rounds played at a table), team 5's MW% would
be 1 and team 2's OMW% (1 + 1) / 2 = 1: the late team would look unbeaten."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.domain.tiebreakers import FLOOR, MatchRecord, compute_standings, missed_records

F = Fraction


def win(round_: int, a: int, b: int) -> MatchRecord:
    return MatchRecord(round_, a, b, games_a=1, result="a")


def bye(round_: int, a: int) -> MatchRecord:
    return MatchRecord(round_, a, None, games_a=1, result="a")


MATCHES = [
    win(1, 1, 2),
    win(1, 3, 4),
    *missed_records(5, first_round=2, after_round=2),
    win(2, 1, 3),
    win(2, 5, 2),
    bye(2, 4),
]


def test_missed_records_are_losses_without_an_opponent_up_to_the_standings_round():
    assert missed_records(5, first_round=3, after_round=9) == [
        MatchRecord(1, 5, None, 0, 0, 0, "b"),
        MatchRecord(2, 5, None, 0, 0, 0, "b"),
    ]
    assert missed_records(5, first_round=3, after_round=1) == [
        MatchRecord(1, 5, None, 0, 0, 0, "b")
    ]
    assert missed_records(5, first_round=1, after_round=4) == []


def test_the_late_team_worked_by_hand():
    rows = {r.team: r for r in compute_standings([1, 2, 3, 4, 5], MATCHES, seed=1)}
    late = rows[5]
    assert (late.match_points, late.wins, late.losses, late.draws) == (3, 1, 1, 0)
    assert (late.missed, late.byes, late.rounds_played) == (1, 0, 2)
    assert late.mw == F(1, 2)
    assert late.omw == FLOOR  # team 2 only, at 0.33
    assert late.explanation.missed_rounds == (1,)
    assert [o.opponent for o in late.explanation.opponents] == [2]
    assert rows[2].omw == F(3, 4)  # (1 + 1/2) / 2: the late team's loss counts against it
    assert rows[1].omw == (FLOOR + F(1, 2)) / 2
    assert rows[3].omw == F(3, 4)
    assert rows[4].omw == F(1, 2)
    assert rows[4].byes == 1
    assert rows[4].missed == 0


def test_a_missed_round_is_a_zero_two_loss_in_game_win_percentage():
    rows = {r.team: r for r in compute_standings([1, 2, 3, 4, 5], MATCHES, seed=1)}
    # game points 3 (the 1-0 win) over 3 games (1 played, 2 for the missed round's 0-2)
    assert rows[5].explanation.game_points == 3
    assert rows[5].explanation.games_played == 3
    assert rows[5].gw == F(1, 3)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=2, max_value=8),
    st.lists(st.sampled_from(["a", "b", "draw"]), min_size=0, max_size=6),
)
def test_missed_rounds_change_no_other_teams_numbers(first_round, results):
    """A team that missed rounds and then never met anyone changes nobody else's line."""
    matches = [
        MatchRecord(r, 1 + (i % 2), 3 + (i % 2), games_a=int(x == "a"), games_b=int(x == "b"),
                    games_drawn=int(x == "draw"), result=x)
        for i, x in enumerate(results) for r in [i + 1]
    ]  # fmt: skip
    without = compute_standings([1, 2, 3, 4, 9], matches, seed=3)
    with_late = compute_standings(
        [1, 2, 3, 4, 9], [*matches, *missed_records(9, first_round, len(results))], seed=3
    )
    key = {r.team: (r.match_points, r.mw, r.omw, r.gw, r.ogw) for r in without}
    for row in with_late:
        if row.team != 9:
            assert (row.match_points, row.mw, row.omw, row.gw, row.ogw) == key[row.team]
        else:
            missed = min(first_round - 1, len(results))
            assert (row.losses, row.missed, row.match_points) == (missed, missed, 0)
            assert row.mw == FLOOR
