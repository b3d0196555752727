"""Swiss pairing (docs/rules.md "Swiss rounds and playoffs"; MTR App. C for the bye, App. E).

The properties compare ``pair_round`` with an exhaustive search (up to 10 teams) and with the
exact matching on the complete graph (``pair_round_exact_naive``, up to about 100 teams).
"""

import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pairing.domain.notes import PairingNote
from pairing.domain.simulate import simulate_event
from pairing.domain.swiss import (
    PairingError,
    PairingResult,
    TeamRecord,
    pair_round,
    pair_round_exact_naive,
)

FAST = settings(deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])


def team(
    id: int,
    points: int,
    met: Sequence[int] = (),
    *,
    byes: int = 0,
    dropped: bool = False,
    rank: int | None = None,
) -> TeamRecord:
    return TeamRecord(id, points, frozenset(met), byes, dropped, id if rank is None else rank)


def history(*pairs: tuple[int, int]) -> dict[int, set[int]]:
    met: dict[int, set[int]] = {}
    for a, b in pairs:
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)
    return met


def teams_from(points: dict[int, int], met: dict[int, set[int]]) -> list[TeamRecord]:
    """Ranked by points, then id (rank 0 is the best)."""
    order = sorted(points, key=lambda i: (-points[i], i))
    return [team(i, points[i], sorted(met.get(i, ())), rank=order.index(i)) for i in points]


def pair_ids(result: PairingResult) -> set[frozenset[int]]:
    return {frozenset((p.a, p.b)) for p in result.pairs}


# --- strategies ---------------------------------------------------------------------------------


@st.composite
def events(draw: st.DrawFn, max_teams: int) -> list[TeamRecord]:
    """Any standings: random points, a random history (sparse or dense), byes, drops."""
    n = draw(st.integers(2, max_teams))
    ids = draw(st.lists(st.integers(1, 999), min_size=n, max_size=n, unique=True))
    points = draw(
        st.lists(st.integers(0, draw(st.sampled_from([1, 3, 9, 24]))), min_size=n, max_size=n)
    )
    dense = draw(st.booleans())
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    flags = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    sparse = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    met = history(
        *(
            (ids[a], ids[b])
            for (a, b), f, s in zip(pairs, flags, sparse, strict=True)
            if f and (dense or s)
        )
    )
    byes = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=n, max_size=n))
    dropped = draw(st.lists(st.sampled_from([False] * 5 + [True]), min_size=n, max_size=n))
    ranks = draw(st.permutations(range(n)))
    assume(sum(not d for d in dropped) >= 2)
    return [
        TeamRecord(ids[k], points[k], frozenset(met.get(ids[k], ())), byes[k], dropped[k], ranks[k])
        for k in range(n)
    ]


@st.composite
def structured_events(draw: st.DrawFn) -> list[TeamRecord]:
    """Point groups of every size, with teams on close points often having met: the cases where
    pairing within the groups forces rematches (small groups among large ones)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    sizes = draw(st.lists(st.sampled_from([1, 1, 2, 2, 3, 4, 5, 9, 16]), min_size=2, max_size=7))
    points, value = [], 30
    for size in sizes:
        value -= rng.choice((1, 1, 2, 3))
        points += [value] * size
    n = len(points)
    likely = draw(st.sampled_from([0.3, 0.6, 1.0]))
    met = history(
        *(
            (a, b)
            for a in range(n)
            for b in range(a + 1, n)
            if rng.random()
            < likely * {0: 0.6, 1: 0.4, 2: 0.25, 3: 0.1}.get(points[a] - points[b], 0.02)
        )
    )
    return [
        team(i, points[i], sorted(met.get(i, ())), byes=rng.choice((0, 0, 1)), rank=i)
        for i in range(n)
    ]


# --- an exhaustive reference, independent of the module -----------------------------------------


def perfect_matchings(ids: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not ids:
        yield []
        return
    first = ids[0]
    for k in range(1, len(ids)):
        for rest in perfect_matchings(ids[1:k] + ids[k + 1 :]):
            yield [(first, ids[k]), *rest]


def best_objective(teams: list[TeamRecord]) -> tuple[int, int]:
    """(fewest rematches, then smallest sum of squared point gaps) over every pairing."""
    by_id = {t.id: t for t in teams}

    def objective(matching: list[tuple[int, int]]) -> tuple[int, int]:
        rematches = sum(b in by_id[a].opponents or a in by_id[b].opponents for a, b in matching)
        return rematches, sum((by_id[a].points - by_id[b].points) ** 2 for a, b in matching)

    return min(objective(m) for m in perfect_matchings(sorted(by_id)))


def expected_bye(active: list[TeamRecord]) -> TeamRecord:
    """docs/rules.md: fewest byes first; then the lowest-ranked team whose bye leaves the fewest
    rematches among the rest."""
    fewest = min(t.byes for t in active)
    tier = sorted((t for t in active if t.byes == fewest), key=lambda t: -t.rank)
    rematches = [best_objective([u for u in active if u is not t])[0] for t in tier]
    return tier[rematches.index(min(rematches))]


def objective(result: PairingResult) -> tuple[int, int]:
    return result.rematches, result.sum_sq_gap


# --- properties ---------------------------------------------------------------------------------


@FAST
@given(events(max_teams=11), st.integers(0, 2**32))
def test_pair_round_objective_equals_exhaustive_minimum_up_to_10_teams(
    teams: list[TeamRecord], seed: int
) -> None:
    """Fewest rematches, then the smallest sum of squared gaps, among all pairings (docs/rules.md)."""
    active = [t for t in teams if not t.dropped]
    result = pair_round(teams, random.Random(seed))
    if len(active) % 2:
        first_round = all(t.points == 0 and not t.opponents and not t.byes for t in active)
        if not first_round:
            assert result.bye == expected_bye(active).id
        active = [t for t in active if t.id != result.bye]
    assert objective(result) == best_objective(active)


@FAST
@given(events(max_teams=14), st.integers(0, 2**32))
def test_pair_round_rematches_equal_exact_matching_up_to_14_teams(
    teams: list[TeamRecord], seed: int
) -> None:
    """No avoidable rematch (docs/rules.md: "never pairs two teams that have met while that can be
    avoided"), checked against the exact matching on the complete graph."""
    fast, exact = (
        pair_round(teams, random.Random(seed)),
        pair_round_exact_naive(teams, random.Random(seed)),
    )
    assert (fast.bye, fast.rematches) == (exact.bye, exact.rematches)


@FAST
@given(events(max_teams=24), st.integers(0, 2**32))
def test_pair_round_objective_equals_exact_matching_up_to_24_teams(
    teams: list[TeamRecord], seed: int
) -> None:
    """Same bye and the same (rematches, sum of squared gaps) as the exact matching."""
    fast, exact = (
        pair_round(teams, random.Random(seed)),
        pair_round_exact_naive(teams, random.Random(seed)),
    )
    assert (fast.bye, *objective(fast)) == (exact.bye, *objective(exact))


@FAST
@given(structured_events(), st.integers(0, 2**32))
def test_pair_round_objective_equals_exact_matching_when_groups_force_rematches(
    teams: list[TeamRecord], seed: int
) -> None:
    """Small point groups whose teams have met: the pairing must go around them as cheaply as
    the exact matching does (the windowed solver's hard case)."""
    fast, exact = (
        pair_round(teams, random.Random(seed)),
        pair_round_exact_naive(teams, random.Random(seed)),
    )
    assert (fast.bye, *objective(fast)) == (exact.bye, *objective(exact))


@FAST
@given(events(max_teams=30), st.integers(0, 2**32))
def test_pair_round_pairs_each_active_team_once_and_no_dropped_team(
    teams: list[TeamRecord], seed: int
) -> None:
    """Dropped teams are never paired; every active team plays or has the bye, exactly once."""
    result = pair_round(teams, random.Random(seed))
    seen = [i for p in result.pairs for i in (p.a, p.b)] + (
        [result.bye] if result.bye is not None else []
    )
    assert sorted(seen) == sorted(t.id for t in teams if not t.dropped)


@FAST
@given(events(max_teams=30), st.integers(0, 2**32))
def test_pair_round_gives_one_bye_only_to_an_odd_count_and_never_a_second_while_avoidable(
    teams: list[TeamRecord], seed: int
) -> None:
    """One bye when the number of active teams is odd, to a team with the fewest byes (docs/rules.md:
    "the lowest-ranked team that has not had one")."""
    active = [t for t in teams if not t.dropped]
    result = pair_round(teams, random.Random(seed))
    if len(active) % 2 == 0:
        assert (result.bye, result.bye_note) == (None, None)
    else:
        bye = next(t for t in active if t.id == result.bye)
        assert bye.byes == min(t.byes for t in active)
        assert result.bye_note is not None
        assert (result.bye_note.kind, result.bye_note.team_ids[0]) == ("bye", bye.id)


@FAST
@given(events(max_teams=30), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_pair_round_is_deterministic_for_a_seed(
    teams: list[TeamRecord], seed: int, shuffler: random.Random
) -> None:
    """Same teams (in any order) and the same seed: the same pairing."""
    shuffled = list(teams)
    shuffler.shuffle(shuffled)
    assert pair_round(teams, random.Random(seed)) == pair_round(shuffled, random.Random(seed))


@FAST
@given(events(max_teams=30), st.integers(0, 2**32))
def test_pair_round_explains_every_pair_down_and_rematch(
    teams: list[TeamRecord], seed: int
) -> None:
    """Each pair on unequal points or a rematch says why; the higher-ranked team comes first."""
    by_id = {t.id: t for t in teams}
    result = pair_round(teams, random.Random(seed))
    for pair in result.pairs:
        a, b = by_id[pair.a], by_id[pair.b]
        rematch = b.id in a.opponents or a.id in b.opponents
        assert bool(pair.notes) == (a.points != b.points or rematch)
        assert (a.points, -a.rank) >= (b.points, -b.rank)
        kinds = {note.kind: note for note in pair.notes}
        if a.points != b.points:
            down = kinds["pair_down"]
            assert (down.team_ids, down.points) == ((a.id, b.id), (a.points, b.points))
        assert ("rematch" in kinds) == rematch


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pair_round_equals_exact_matching_through_a_simulated_event(seed: int) -> None:
    """A whole 8-round event of 37 teams with draws, penalties and drops: every round has the
    exact matching's bye, rematches and sum of squared gaps."""
    states = simulate_event(
        37, 8, random.Random(seed), drop_rate=0.05, draw_rate=0.1, penalty_rate=0.02
    )
    for state in states:
        if state.round > 8:
            break
        fast = pair_round(state.teams, random.Random(state.round))
        exact = pair_round_exact_naive(state.teams, random.Random(state.round))
        assert (fast.bye, *objective(fast)) == (exact.bye, *objective(exact)), state.round


def test_simulated_event_is_the_same_for_a_seed() -> None:
    first = list(simulate_event(24, 5, random.Random(9)))
    again = list(simulate_event(24, 5, random.Random(9)))
    assert [s.teams for s in first] == [s.teams for s in again]
    assert len(first[-1].matches) >= 5 * 11


# --- worked cases -------------------------------------------------------------------------------


def test_pair_round_odd_point_group_sends_one_team_down() -> None:
    """Three teams on 6 points: one plays a team on 3 (the manual method's pair-down)."""
    teams = teams_from({1: 6, 2: 6, 3: 6, 4: 3, 5: 3, 6: 3}, {})
    result = pair_round(teams, random.Random(1))
    downs = [p for p in result.pairs if p.notes]
    assert (result.unequal_pairs, result.sum_sq_gap, result.max_gap) == (1, 9, 3)
    assert downs[0].a in {1, 2, 3}
    assert downs[0].b in {4, 5, 6}
    assert downs[0].notes == (
        PairingNote("pair_down", (downs[0].a, downs[0].b), (6, 3), reason="odd_group"),
    )


def test_pair_round_avoids_rematch_by_the_nearest_group() -> None:
    """Teams 1 and 2 (6 pts) met: each plays a team on 3 pts rather than one on 0 pts."""
    teams = teams_from({1: 6, 2: 6, 3: 3, 4: 3, 5: 0, 6: 0}, history((1, 2)))
    result = pair_round(teams, random.Random(3))
    assert (result.rematches, result.sum_sq_gap, result.max_gap) == (0, 9 + 9, 3)
    assert pair_ids(result) >= {frozenset((5, 6))}
    assert all(
        [n.reason for n in p.notes] == ["avoid_rematch"] for p in result.pairs if p.a in (1, 2)
    )


def test_pair_round_floater_plays_next_group_not_two_down() -> None:
    """An odd group's extra team meets the next group (gap 3) before a lower one (gap 6)."""
    teams = teams_from({1: 9, 2: 6, 3: 6, 4: 3, 5: 3, 6: 3, 7: 0, 8: 0}, {})
    result = pair_round(teams, random.Random(5))
    assert (result.sum_sq_gap, result.max_gap, result.unequal_pairs) == (9 + 9, 3, 2)


def test_pair_round_rematch_when_unavoidable_is_explained() -> None:
    """Two teams left who have met: they meet again, and the note says it could not be avoided."""
    teams = teams_from({1: 3, 2: 0}, history((1, 2)))
    result = pair_round(teams, random.Random(0))
    assert result.rematches == 1
    assert result.pairs[0].notes == (
        PairingNote("pair_down", (1, 2), (3, 0), reason="odd_group"),
        PairingNote("rematch", (1, 2)),
    )


def test_pair_round_bye_goes_to_lowest_ranked_team_without_a_bye() -> None:
    """docs/rules.md: the bye goes to the lowest-ranked team that has not had one (Team 5 had one)."""
    teams = [
        team(1, 6, rank=0),
        team(2, 3, rank=1),
        team(3, 3, rank=2),
        team(4, 0, rank=3),
        team(5, 0, byes=1, rank=4),
    ]
    result = pair_round(teams, random.Random(0))
    assert result.bye == 4
    assert result.bye_note == PairingNote("bye", (4,), (0,), reason="no_bye_yet", place=4)


def test_pair_round_bye_moves_up_when_the_lowest_bye_forces_a_rematch() -> None:
    """A bye to Team 3 would leave Teams 1 and 2, who met: Team 2 gets it instead."""
    teams = teams_from({1: 6, 2: 3, 3: 0}, history((1, 2)))
    result = pair_round(teams, random.Random(0))
    assert (result.bye, result.rematches) == (2, 0)
    assert result.bye_note is not None
    assert result.bye_note.team_ids == (2, 3)  # Team 3 passed over


def test_pair_round_second_bye_only_when_every_team_has_had_one() -> None:
    """Every team has had a bye: the lowest-ranked team gets a second one."""
    teams = [team(i, 3 - i, byes=1, rank=i) for i in range(3)]
    result = pair_round(teams, random.Random(0))
    assert result.bye == 2
    assert result.bye_note is not None
    assert result.bye_note.reason == "fewest_byes"


def test_pair_round_first_round_is_random() -> None:
    """Round 1 (no points, no history) is paired at random: seeds give different pairings."""
    teams = [team(i, 0, rank=0) for i in range(1, 17)]
    pairings = {frozenset(pair_ids(pair_round(teams, random.Random(seed)))) for seed in range(5)}
    assert len(pairings) == 5


def test_pair_round_never_pairs_a_dropped_team() -> None:
    teams = [team(1, 3), team(2, 3, dropped=True), team(3, 0), team(4, 0)]
    result = pair_round(teams, random.Random(0))
    assert 2 not in {i for p in result.pairs for i in (p.a, p.b)}
    assert result.bye != 2


@pytest.mark.parametrize("teams", [[], [team(1, 0)], [team(1, 3), team(2, 3, dropped=True)]])
def test_pair_round_rejects_fewer_than_two_active_teams(teams: list[TeamRecord]) -> None:
    with pytest.raises(PairingError, match="at least 2 active teams"):
        pair_round(teams, random.Random(0))


def test_pair_round_rejects_a_team_listed_twice() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        pair_round([team(1, 0), team(1, 0), team(2, 0)], random.Random(0))
