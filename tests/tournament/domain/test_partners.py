"""Solo players matched into teams (docs/rules.md "Solo players"; tournament.domain.partners)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.domain.partners import Solo, match_partners, team_name


@st.composite
def solos_and_size(draw):
    n = draw(st.integers(min_value=0, max_value=24))
    codes = [f"S{i:02d}" for i in range(n)]
    solos = []
    for code in codes:
        request = draw(st.one_of(st.none(), st.sampled_from(codes))) if codes else None
        solos.append(Solo(code, request))
    return solos, draw(st.integers(min_value=2, max_value=4))


def _mutual(solos):
    wants = {s.code: s.request for s in solos}
    return {frozenset((a, b)) for a, b in wants.items() if b and b != a and wants.get(b) == a}


@settings(max_examples=300, deadline=None)
@given(solos_and_size(), st.integers(min_value=0, max_value=2**62))
def test_nobody_in_two_teams_and_everyone_placed_or_waiting(case, seed) -> None:
    solos, size = case
    result = match_partners(solos, size, seed)
    placed = [c for team in result.teams for c in team]
    assert len(placed) == len(set(placed))
    assert all(len(team) == size for team in result.teams)
    order = [s.code for s in solos]
    assert all(list(team) == sorted(team, key=order.index) for team in result.teams)
    assert sorted(placed + list(result.waiting)) == sorted(s.code for s in solos)
    assert len(result.waiting) < size or any(s.request for s in solos)


@settings(max_examples=300, deadline=None)
@given(solos_and_size(), st.integers(min_value=0, max_value=2**62))
def test_every_mutual_pair_is_kept_together(case, seed) -> None:
    solos, size = case
    result = match_partners(solos, size, seed)
    team_of = {c: i for i, team in enumerate(result.teams) for c in team}
    for pair in _mutual(solos):
        a, b = sorted(pair)
        if a in team_of or b in team_of:
            assert team_of.get(a) == team_of.get(b), (a, b, result)


@settings(max_examples=200, deadline=None)
@given(solos_and_size(), st.integers(min_value=0, max_value=2**62))
def test_the_seed_decides_the_rest(case, seed) -> None:
    solos, size = case
    assert match_partners(solos, size, seed) == match_partners(solos, size, seed)


def test_another_seed_gives_another_draw() -> None:
    solos = [Solo(f"S{i:02d}") for i in range(20)]
    draws = {match_partners(solos, 2, seed).teams for seed in range(10)}
    assert len(draws) > 1


def test_mutual_then_one_sided_then_random() -> None:
    solos = [
        Solo("A", "B"),
        Solo("B", "A"),  # mutual
        Solo("C", "B"),  # asks for B, taken by a mutual request: C goes to the draw
        Solo("D", "E"),  # one-sided: D and E play together
        Solo("E"),
        Solo("F"),
        Solo("G"),
    ]
    result = match_partners(solos, 2, seed=7)
    assert result.teams[0] == ("A", "B")
    assert result.teams[1] == ("D", "E")
    assert result.by_request == frozenset("ABDE")
    rest = {c for team in result.teams[2:] for c in team} | set(result.waiting)
    assert rest == {"C", "F", "G"}
    assert len(result.waiting) == 1  # odd: one stays waiting in a 2-player event


def test_a_team_of_three_takes_the_one_who_asked() -> None:
    solos = [Solo("A", "B"), Solo("B", "A"), Solo("C", "A"), Solo("D")]
    result = match_partners(solos, 3, seed=1)
    assert result.teams == (("A", "B", "C"),)
    assert result.waiting == ("D",)


def test_a_request_that_cannot_make_a_full_team_waits() -> None:
    result = match_partners([Solo("A", "B"), Solo("B", "A")], 3, seed=1)
    assert result.teams == ()
    assert result.waiting == ("A", "B")


def test_unknown_and_own_codes_are_no_request() -> None:
    result = match_partners([Solo("A", "A"), Solo("B", "ZZ")], 2, seed=3)
    assert result.by_request == frozenset()
    assert len(result.teams) == 1


def test_team_names() -> None:
    assert team_name(["Ana", "Ben"]) == "Ana & Ben"
    assert team_name(["Ana", "Ben", "Cy"]) == "Ana, Ben & Cy"
    assert len(team_name(["A" * 60, "B" * 60])) == 80


# --- a request naming a team with room (docs/rules.md "Solo players") -----------------------


@st.composite
def solos_teams_and_size(draw):
    size = draw(st.integers(min_value=2, max_value=4))
    keys = [f"team:{i}" for i in range(draw(st.integers(min_value=0, max_value=4)))]
    teams = {k: draw(st.integers(min_value=1, max_value=size)) for k in keys}  # size: full
    n = draw(st.integers(min_value=0, max_value=20))
    codes = [f"S{i:02d}" for i in range(n)]
    targets = codes + keys
    solos = [
        Solo(code, draw(st.one_of(st.none(), st.sampled_from(targets))) if targets else None)
        for code in codes
    ]
    return solos, size, teams


@settings(max_examples=300, deadline=None)
@given(solos_teams_and_size(), st.integers(min_value=0, max_value=2**62))
def test_a_team_with_room_takes_only_requesters_and_never_overflows(case, seed) -> None:
    solos, size, teams = case
    result = match_partners(solos, size, seed, teams)
    placed = [c for team in result.teams for c in team] + [
        c for _, joined in result.joined for c in joined
    ]
    assert len(placed) == len(set(placed))  # nobody in two teams
    assert sorted(placed + list(result.waiting)) == sorted(s.code for s in solos)
    for key, joined in result.joined:
        assert teams[key] < size  # a full team is never joined
        assert teams[key] + len(joined) <= size
        assert joined
        assert set(joined) <= result.by_request  # nobody is drawn into it at random
    assert all(len(team) == size for team in result.teams)
    assert match_partners(solos, size, seed, teams) == result  # the seed decides the rest


@settings(max_examples=300, deadline=None)
@given(solos_teams_and_size(), st.integers(min_value=0, max_value=2**62))
def test_mutual_pairs_are_kept_when_teams_are_named_too(case, seed) -> None:
    solos, size, teams = case
    result = match_partners(solos, size, seed, teams)
    where = {c: ("made", i) for i, team in enumerate(result.teams) for c in team}
    where |= {c: ("joined", key) for key, joined in result.joined for c in joined}
    for pair in _mutual(solos):
        a, b = sorted(pair)
        if a in where or b in where:
            assert where.get(a) == where.get(b), (a, b, result)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=2, max_value=4),
    st.lists(st.integers(min_value=0, max_value=2), min_size=0, max_size=12),
    st.integers(min_value=0, max_value=2**62),
)
def test_requests_for_teams_alone_fill_each_team_in_sign_up_order(size, picks, seed) -> None:
    """With only team requests, each team with room takes its first requesters in sign-up
    order, as many as it has room for; the others go to the draw."""
    teams = {"team:0": 1, "team:1": size - 1, "team:2": size}  # the last one is full
    solos = [Solo(f"S{i:02d}", f"team:{p}") for i, p in enumerate(picks)]
    result = match_partners(solos, size, seed, teams)
    joined = dict(result.joined)
    for key, players in teams.items():
        asked = [s.code for s in solos if s.request == key]
        expected = tuple(asked[: max(0, size - players)])
        assert joined.get(key, ()) == expected


def test_a_solo_naming_a_team_of_one_completes_it() -> None:
    solos = [Solo("A", "team:7"), Solo("B", "team:7"), Solo("C", "D"), Solo("D", "C"), Solo("E")]
    result = match_partners(solos, 2, seed=3, teams={"team:7": 1})
    assert result.joined == (("team:7", ("A",)),)  # B asked too late: the team is full
    assert result.teams[0] == ("C", "D")  # mutual first, unchanged
    assert set(result.teams[1]) == {"B", "E"}  # B goes to the draw
    assert result.waiting == ()


def test_a_pair_tied_by_a_request_joins_a_three_headed_team_together() -> None:
    solos = [Solo("A", "B"), Solo("B", "team:1"), Solo("C", "team:1")]
    result = match_partners(solos, 3, seed=1, teams={"team:1": 1})
    assert result.joined == (("team:1", ("A", "B")),)  # A's pair joins with B; then it is full
    assert result.waiting == ("C",)
