"""Standings and tiebreakers (MTR 3.1, App. C; docs/rules.md "Tiebreakers"), worked by hand."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.domain.tiebreakers import (
    FLOOR,
    MatchRecord,
    StandingRow,
    TooFewTeamsError,
    compute_standings,
    recommended_structure,
)

F = Fraction


def win(round: int, a: int, b: int) -> MatchRecord:
    return MatchRecord(round, a, b, games_a=1, result="a")


def draw(round: int, a: int, b: int, drawn_games: int = 1) -> MatchRecord:
    return MatchRecord(round, a, b, games_drawn=drawn_games, result="draw")


def bye(round: int, a: int) -> MatchRecord:
    return MatchRecord(round, a, None, games_a=1, result="a")


def by_team(rows: list[StandingRow]) -> dict[int, StandingRow]:
    return {row.team: row for row in rows}


# A round robin of four teams, worked by hand:
#   round 1: 1 beats 2, 3 beats 4; round 2: 1 beats 3, 2 beats 4; round 3: 1 beats 4, 2 beats 3.
# Records 1: 3-0, 2: 2-1, 3: 1-2, 4: 0-3.
# MW%: 1 = 9/9 = 1; 2 = 6/9 = 2/3; 3 = 3/9 = 1/3 (above 0.33, kept); 4 = 0/9, so 0.33.
ROUND_ROBIN = [win(1, 1, 2), win(1, 3, 4), win(2, 1, 3), win(2, 2, 4), win(3, 1, 4), win(3, 2, 3)]


def test_mw_is_match_points_over_three_per_round_with_the_033_floor() -> None:
    """MTR App. C: MW% = MP / (3 x rounds), at least 0.33 (exactly 33/100, not 1/3)."""
    rows = by_team(compute_standings([1, 2, 3, 4], ROUND_ROBIN, seed=0))
    assert [rows[t].mw for t in (1, 2, 3, 4)] == [F(1), F(2, 3), F(1, 3), F(33, 100)]
    assert rows[4].explanation.mw_raw == 0
    assert rows[4].explanation.mw_floored
    assert rows[3].explanation.mw_raw == F(1, 3)
    assert not rows[3].explanation.mw_floored


def test_omw_averages_each_opponents_floored_mw() -> None:
    """MTR App. C: OMW% is the average of the opponents' MW%, each at least 0.33.
    Team 1: (2/3 + 1/3 + 0.33) / 3 = 133/300. Team 2: (1 + 1/3 + 0.33) / 3 = 499/900.
    Team 3: (0.33 + 1 + 2/3) / 3 = 599/900. Team 4: (1/3 + 2/3 + 1) / 3 = 2/3."""
    rows = by_team(compute_standings([1, 2, 3, 4], ROUND_ROBIN, seed=0))
    assert [rows[t].omw for t in (1, 2, 3, 4)] == [F(133, 300), F(499, 900), F(599, 900), F(2, 3)]
    lines = rows[1].explanation.opponents
    assert [(line.round, line.opponent, line.mw) for line in lines] == [
        (1, 2, F(2, 3)),
        (2, 3, F(1, 3)),
        (3, 4, F(33, 100)),
    ]


def test_oomw_averages_the_opponents_omw() -> None:
    """docs/rules.md: OOMW% = average OMW% of the opponents. Team 1: (499 + 599 + 600)/900/3."""
    rows = by_team(compute_standings([1, 2, 3, 4], ROUND_ROBIN, seed=0))
    assert rows[1].oomw == F(499 + 599 + 600, 2700)
    assert rows[4].oomw == (F(133, 300) + F(499, 900) + F(599, 900)) / 3


def test_mw_of_a_withdrawn_team_uses_rounds_played_and_the_floor() -> None:
    """MTR App. C: "1-3-0, then withdraws: 3/(4*3)=0.25, so 0.33 is used"."""
    matches = [win(1, 1, 2), win(2, 3, 1), win(3, 4, 1), win(4, 5, 1), win(5, 2, 3)]
    row = by_team(compute_standings([1, 2, 3, 4, 5], matches, seed=0))[1]
    assert (row.wins, row.losses, row.rounds_played) == (1, 3, 4)
    assert row.explanation.mw_raw == F(3, 12) == F(1, 4)
    assert row.mw == FLOOR == F(33, 100)


def test_mw_counts_a_bye_as_a_round_played_and_a_win() -> None:
    """MTR App. C: "3-2-0, including a first-round bye, then withdraws: 9/(5*3)=0.60"."""
    matches = [bye(1, 1), win(2, 1, 2), win(3, 1, 3), win(4, 4, 1), win(5, 5, 1)]
    row = by_team(compute_standings([1, 2, 3, 4, 5], matches, seed=0))[1]
    assert (row.match_points, row.wins, row.losses, row.byes, row.rounds_played) == (9, 3, 2, 1, 5)
    assert row.mw == F(9, 15) == F(3, 5)


def test_omw_ignores_byes() -> None:
    """MTR App. C: OMW% ignores "those rounds for which the player received a bye".
    Team 1: bye, then beat Team 2 (0-1, MW% 0.33): OMW% = 0.33, not (0.33 + 1) / 2."""
    rows = by_team(compute_standings([1, 2, 3], [bye(1, 1), win(1, 3, 2), win(2, 1, 2)], seed=0))
    assert rows[1].omw == F(33, 100)
    assert rows[1].explanation.bye_rounds == (1,)
    assert [line.opponent for line in rows[1].explanation.opponents] == [2]


def test_a_team_with_only_byes_has_omw_033() -> None:
    """No opponent: OMW%, OOMW% and OGW% are 0.33 (our documented choice)."""
    row = by_team(compute_standings([1, 2], [bye(1, 1)], seed=0))[1]
    assert (row.omw, row.oomw, row.ogw) == (FLOOR, FLOOR, FLOOR)
    assert row.mw == 1


def test_a_team_that_has_played_nothing_has_mw_033() -> None:
    row = by_team(compute_standings([1, 2], [], seed=0))[1]
    assert (row.mw, row.gw, row.rounds_played) == (FLOOR, FLOOR, 0)
    assert row.explanation.mw_raw is None
    assert row.explanation.mw_floored


def test_match_point_penalty_lowers_match_points_before_mw() -> None:
    """docs/rules.md "Penalties": a Match Point penalty takes one point off; MW% uses the adjusted
    points. Team 1 is 2-0 with a penalty: 5 points, MW% 5/6."""
    matches = [win(1, 1, 2), win(2, 1, 3)]
    row = by_team(compute_standings([1, 2, 3], matches, penalties={1: 1}, seed=0))[1]
    assert (row.match_points, row.penalty_points, row.mw) == (5, 1, F(5, 6))
    assert row.explanation.match_points_before_penalties == 6


def test_penalties_below_zero_match_points_are_floored_in_mw() -> None:
    """Match points may go below zero; MW% is still at least 0.33."""
    row = by_team(compute_standings([1, 2], [win(1, 2, 1)], penalties={1: 2}, seed=0))[1]
    assert (row.match_points, row.mw) == (-2, FLOOR)


def test_a_penalized_team_ranks_below_on_match_points() -> None:
    """Teams 1 and 3 both won once; Team 1's penalty puts it below Team 3."""
    rows = compute_standings([1, 2, 3, 4], [win(1, 1, 2), win(1, 3, 4)], penalties={1: 1}, seed=0)
    assert [r.team for r in rows[:2]] == [3, 1]


def test_dropped_opponent_counts_with_the_rounds_it_played() -> None:
    """docs/rules.md: opponents who dropped still count, with the rounds they played. Team 2 lost
    round 1 to Team 1 and drew round 2 with Team 3, then dropped: MW% = 1/6, so 0.33."""
    matches = [win(1, 1, 2), draw(2, 2, 3), win(2, 1, 4), win(3, 1, 3)]
    rows = by_team(compute_standings([1, 2, 3, 4], matches, seed=0))
    assert rows[2].rounds_played == 2
    assert rows[2].mw == FLOOR
    # Team 1's opponents: 2 (0.33), 4 (0/3 -> 0.33), 3 (1 point in 2 rounds = 1/6 -> 0.33).
    assert rows[1].omw == FLOOR


def test_game_win_percentage_counts_drawn_games_and_a_bye_as_two_games_won() -> None:
    """MTR App. C: 3 game points per game won, 1 per drawn game. A drawn game then a win is 1-0-1:
    4 points out of 6, GW% 2/3. A bye counts as a 2-0 win: 6 points out of 6."""
    matches = [MatchRecord(1, 1, 2, games_a=1, games_drawn=1, result="a"), bye(2, 1)]
    row = by_team(compute_standings([1, 2], matches, seed=0))[1]
    assert (row.explanation.game_points, row.explanation.games_played) == (10, 4)
    assert row.gw == F(10, 12)
    loser = by_team(compute_standings([1, 2], matches, seed=0))[2]
    assert loser.explanation.gw_raw == F(1, 6)
    assert loser.gw == FLOOR


def test_intentional_draw_has_no_game() -> None:
    """MTR 2.5: an intentional draw with no game played (0-0-0) adds no game; GW% stays 0.33
    and the match is still a draw worth 1 match point."""
    row = by_team(compute_standings([1, 2], [draw(1, 1, 2, drawn_games=0)], seed=0))[1]
    assert (row.match_points, row.draws, row.explanation.games_played, row.gw) == (1, 1, 0, FLOOR)


def test_unfinished_match_is_ignored() -> None:
    matches = [MatchRecord(1, 1, 2), win(1, 3, 4)]
    rows = by_team(compute_standings([1, 2, 3, 4], matches, seed=0))
    assert (rows[1].rounds_played, rows[1].match_points, rows[3].match_points) == (0, 0, 3)


OOMW_TIE = [win(1, 1, 3), win(1, 2, 4), win(1, 5, 6), win(2, 5, 3), win(2, 6, 4)]


def test_team_order_with_the_oomw_local_rule_breaks_an_omw_tie_with_oomw() -> None:
    """Local rule: MP, OMW%, OOMW%. Teams 1 and 2 are 1-0 with opponents at 0.33 each; Team 1's
    opponent (3) met a stronger field, so Team 1 ranks first whatever the seed."""
    for seed in range(5):
        rows = compute_standings([1, 2, 3, 4, 5, 6], OOMW_TIE, oomw=True, seed=seed)
        top = by_team(rows)
        assert top[1].omw == top[2].omw
        assert top[1].oomw > top[2].oomw
        assert [r.team for r in rows].index(1) < [r.team for r in rows].index(2)


def test_default_team_order_leaves_an_omw_tie_to_the_random_order() -> None:
    """MTR 3.1, App. C: the team order is MP, OMW% (OOMW% is not an MTR tiebreaker), then the
    seeded random order: the same tie as above goes either way depending on the seed."""
    firsts = set()
    for seed in range(20):
        rows = compute_standings([1, 2, 3, 4, 5, 6], OOMW_TIE, seed=seed)
        pair = [r for r in rows if r.team in (1, 2)]
        assert pair[0].random_key < pair[1].random_key
        firsts.add(pair[0].team)
    assert firsts == {1, 2}


def test_individual_order_uses_game_win_percentage_after_omw() -> None:
    """Individual order: MP, OMW%, GW%, OGW%. Teams 1 and 2 each beat a 0-1 opponent; Team 2
    needed a drawn game first (GW% 4/6), so Team 1 (GW% 1) ranks first."""
    matches = [win(1, 1, 3), MatchRecord(1, 2, 4, games_a=1, games_drawn=1, result="a")]
    for seed in range(5):
        rows = compute_standings([1, 2, 3, 4], matches, order="individual", seed=seed)
        assert [r.team for r in rows[:2]] == [1, 2]


def test_disqualified_team_is_removed_but_counts_for_its_opponents() -> None:
    """IPG 1.1: a disqualified team takes no place; its matches still count for OMW%."""
    matches = [win(1, 1, 2), win(1, 3, 4), win(2, 2, 4), win(2, 1, 3)]
    rows = compute_standings([1, 2, 3, 4], matches, disqualified={2}, seed=0)
    assert [r.team for r in rows] == [1, 3, 4]
    assert [r.rank for r in rows] == [1, 2, 3]
    assert by_team(rows)[1].omw == (F(1, 2) + F(1, 2)) / 2


def test_unknown_team_in_a_match_is_rejected() -> None:
    with pytest.raises(ValueError, match="team 9"):
        compute_standings([1, 2], [win(1, 1, 9)], seed=0)


def test_bye_recorded_as_a_loss_is_rejected() -> None:
    with pytest.raises(ValueError, match="bye"):
        compute_standings([1, 2], [MatchRecord(1, 1, None, result="draw")], seed=0)


@pytest.mark.parametrize(
    ("teams", "expected"),
    [
        (4, (0, 4)),
        (5, (0, 8)),
        (8, (0, 8)),
        (9, (5, 4)),
        (16, (5, 4)),
        (17, (5, 8)),
        (32, (5, 8)),
        (33, (6, 8)),
        (64, (6, 8)),
        (65, (7, 8)),
        (128, (7, 8)),
        (129, (8, 8)),
        (226, (8, 8)),
        (227, (9, 8)),
        (409, (9, 8)),
        (410, (10, 8)),
        (5000, (10, 8)),
    ],
)
def test_recommended_structure_follows_mtr_appendix_e(
    teams: int, expected: tuple[int, int]
) -> None:
    """MTR App. E, teams counted as players (docs/rules.md table)."""
    assert recommended_structure(teams) == expected


@pytest.mark.parametrize("teams", [0, 1, 3])
def test_recommended_structure_rejects_fewer_than_four_teams(teams: int) -> None:
    """MTR 10.1: at least 4 teams."""
    with pytest.raises(TooFewTeamsError):
        recommended_structure(teams)


# --- properties against a direct Fraction implementation ----------------------------------------


@st.composite
def events(draw_: st.DrawFn) -> tuple[list[int], list[MatchRecord], dict[int, int], set[int]]:
    n = draw_(st.integers(2, 12))
    ids = draw_(st.lists(st.integers(1, 99), min_size=n, max_size=n, unique=True))
    rng = random.Random(draw_(st.integers(0, 2**32)))
    matches = []
    for rnd in range(1, draw_(st.integers(1, 6)) + 1):
        order = rng.sample(ids, len(ids))
        if len(order) % 2:
            matches.append(bye(rnd, order.pop()))
        for a, b in zip(order[::2], order[1::2], strict=True):
            result = rng.choice(["a", "b", "draw", None])
            games = rng.choice([(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 2), (0, 0, 1)])
            matches.append(MatchRecord(rnd, a, b, *games, result=result))
    penalties = {t: rng.randint(0, 4) for t in ids if rng.random() < 0.2}
    disqualified = {t for t in ids if rng.random() < 0.1}
    return ids, matches, penalties, disqualified


def reference(
    ids: list[int], matches: list[MatchRecord], penalties: dict[int, int]
) -> dict[int, tuple]:
    """MW%, OMW%, OOMW%, GW%, OGW% straight from the definitions, with Fractions."""
    done = [m for m in matches if m.result is not None]
    mp = {t: -penalties.get(t, 0) for t in ids}
    rounds, gp, games, opps = (
        dict.fromkeys(ids, 0),
        dict.fromkeys(ids, 0),
        dict.fromkeys(ids, 0),
        {t: [] for t in ids},
    )
    for m in done:
        if m.team_b is None:
            mp[m.team_a] += 3
            rounds[m.team_a] += 1
            gp[m.team_a] += 6  # MTR App. C: a bye is a 2-0 win
            games[m.team_a] += 2
            continue
        for me, other, won, lost, mine in (
            (m.team_a, m.team_b, m.games_a, m.games_b, "a"),
            (m.team_b, m.team_a, m.games_b, m.games_a, "b"),
        ):
            mp[me] += 3 if m.result == mine else 1 if m.result == "draw" else 0
            rounds[me] += 1
            gp[me] += 3 * won + m.games_drawn
            games[me] += won + lost + m.games_drawn
            opps[me].append(other)
    floor = Fraction(33, 100)
    mw = {t: max(Fraction(mp[t], 3 * rounds[t]), floor) if rounds[t] else floor for t in ids}
    gw = {t: max(Fraction(gp[t], 3 * games[t]), floor) if games[t] else floor for t in ids}

    def mean(values: dict[int, Fraction], t: int) -> Fraction:
        return sum((values[o] for o in opps[t]), Fraction(0)) / len(opps[t]) if opps[t] else floor

    omw = {t: mean(mw, t) for t in ids}
    return {t: (mp[t], mw[t], omw[t], mean(omw, t), gw[t], mean(gw, t)) for t in ids}


@settings(deadline=None, max_examples=100)
@given(events(), st.integers(0, 2**32), st.sampled_from(["team", "individual"]), st.booleans())
def test_standings_equal_the_definitions_and_are_sorted(
    event, seed: int, order: str, oomw: bool
) -> None:
    """Every number equals the MTR definition computed directly; rows are in tiebreak order."""
    ids, matches, penalties, disqualified = event
    rows = compute_standings(
        ids,
        matches,
        penalties=penalties,
        disqualified=disqualified,
        order=order,
        oomw=oomw,
        seed=seed,
    )
    expected = reference(ids, matches, penalties)
    for row in rows:
        assert (row.match_points, row.mw, row.omw, row.oomw, row.gw, row.ogw) == expected[row.team]

    def key(r: StandingRow) -> tuple:
        if order == "team" and oomw:
            return (-r.match_points, -r.omw, -r.oomw, r.random_key)
        if order == "team":
            return (-r.match_points, -r.omw, r.random_key)
        return (-r.match_points, -r.omw, -r.gw, -r.ogw, r.random_key)

    assert [key(r) for r in rows] == sorted(key(r) for r in rows)


@settings(deadline=None, max_examples=100)
@given(events(), st.integers(0, 2**32))
def test_standings_are_a_permutation_of_the_teams_not_disqualified(event, seed: int) -> None:
    """docs/rules.md: disqualified teams are removed; everyone else has one rank, 1..n."""
    ids, matches, penalties, disqualified = event
    rows = compute_standings(
        ids, matches, penalties=penalties, disqualified=disqualified, seed=seed
    )
    assert sorted(r.team for r in rows) == sorted(set(ids) - disqualified)
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))


@settings(deadline=None, max_examples=100)
@given(events(), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_standings_are_deterministic_for_a_seed(event, seed: int, shuffler: random.Random) -> None:
    """The same seed gives the same order, whatever the order of the teams and matches."""
    ids, matches, penalties, disqualified = event
    first = compute_standings(
        ids, matches, penalties=penalties, disqualified=disqualified, seed=seed
    )
    ids2, matches2 = shuffler.sample(ids, len(ids)), shuffler.sample(matches, len(matches))
    again = compute_standings(
        ids2, matches2, penalties=penalties, disqualified=disqualified, seed=seed
    )
    assert first == again


def test_random_key_decides_full_ties_and_depends_on_the_seed() -> None:
    """Teams with nothing to tell them apart are ordered by the seeded key; seeds differ."""
    orders = {
        tuple(r.team for r in compute_standings(list(range(1, 9)), [], seed=s)) for s in range(6)
    }
    assert len(orders) > 1
    rows = compute_standings(list(range(1, 9)), [], seed=4)
    assert [r.random_key for r in rows] == sorted(r.random_key for r in rows)


def test_the_module_notes_say_what_the_code_counts_for_a_bye() -> None:
    """MTR App. C: a bye is a 2-0 match win for game points; the notes said 1-0 while the code
    counted 2-0 (issue 23). The notes and docs/rules.md "Tiebreakers" now say what is counted."""
    from pairing.domain import tiebreakers

    notes = tiebreakers.__doc__ or ""
    assert "a 2-0 match\n    win, 6 game points in 2 games" in notes
    assert "1-0, 3 game points" not in notes
    matches = [bye(1, 1)]
    row = by_team(compute_standings([1, 2], matches, seed=0))[1]
    assert (row.explanation.game_points, row.explanation.games_played) == (6, 2)
