"""The pool swap and the product count (MTR 7.2, 7.4, 9.6, App. D): a seeded permutation with no
fixed point, every team covered, and the count check of a registered pool."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decklists.domain.swap import (
    Product,
    SwapError,
    count_problem,
    derangement,
    product_totals,
    recommended_boosters,
)

teams = st.lists(st.integers(min_value=1, max_value=10**6), min_size=2, max_size=300, unique=True)


@given(teams, st.integers(min_value=0, max_value=2**63))
def test_swap_is_a_permutation_with_no_fixed_point(ids, seed):
    swap = derangement(ids, seed)
    assert set(swap) == set(ids)  # every team's pool goes somewhere
    assert sorted(swap.values()) == sorted(ids)  # every team receives exactly one pool
    assert all(opener != receiver for opener, receiver in swap.items())


@given(teams, st.integers(min_value=0, max_value=2**63))
def test_swap_is_reproducible_from_its_seed_whatever_the_order(ids, seed):
    assert derangement(ids, seed) == derangement(list(reversed(ids)), seed)


def test_two_teams_swap_with_each_other():
    assert derangement([7, 3], seed=12345) == {3: 7, 7: 3}


def test_different_seeds_give_different_swaps():
    swaps = {tuple(sorted(derangement(range(1, 9), seed).items())) for seed in range(50)}
    assert len(swaps) > 40  # 14,833 derangements of 8 teams: repeats in 50 draws are rare


def test_swap_refuses_one_team_or_a_team_twice():
    with pytest.raises(SwapError):
        derangement([1], seed=1)
    with pytest.raises(SwapError):
        derangement([1, 2, 2], seed=1)


def test_recommended_product_is_8_boosters_for_sealed_and_6_for_draft():
    assert recommended_boosters("sealed") == 8
    assert recommended_boosters("draft") == 6


def test_count_check_names_the_expected_count():
    product = Product(boosters=8, cards_per_booster=14)
    assert count_problem(112, product) is None
    problem = count_problem(111, product)
    assert problem is not None
    assert "111 cards registered; 8 boosters of 14 cards hold 112" in problem


def test_product_totals_for_the_store():
    product = Product(boosters=8, cards_per_booster=14, kits=2)
    assert product_totals(product, 25) == {"teams": 25, "boosters": 200, "kits": 50, "cards": 2800}
