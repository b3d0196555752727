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
