"""Table numbers (docs/rules.md "Swiss rounds and playoffs": pairs best first; "Matches, results,
byes": a bye has no table). Fixed tables are kept for accessibility."""

import pytest

from pairing.domain.notes import PairingNote
from pairing.domain.tables import assign_tables

PAIRS = [(1, 2), (3, 4), (5, 6), (7, 8)]


@pytest.mark.parametrize(
    ("fixed", "tables", "lost"),
    [
        ({}, (1, 2, 3, 4), ()),  # top pair at table 1, then in order
        ({6: 1}, (2, 3, 1, 4), ()),  # the fixed pair takes 1, the others skip it
        ({4: 9}, (1, 9, 2, 3), ()),  # a kept number beyond the others
        ({1: 3, 2: 2}, (2, 1, 3, 4), (3,)),  # both teams keep one: the lower wins
        ({1: 2, 3: 2}, (2, 1, 3, 4), (2,)),  # two pairs want table 2: the first pair wins
        ({8: 4, 2: 4, 5: 1}, (4, 2, 1, 3), (4,)),
    ],
)
def test_assign_tables_keeps_fixed_tables_and_numbers_the_rest_in_order(
    fixed: dict[int, int], tables: tuple[int, ...], lost: tuple[int, ...]
) -> None:
    got = assign_tables(PAIRS, fixed)
    assert got.tables == tables
    assert got.notes == tuple(PairingNote("table_lost", table=t) for t in lost)
    assert len(set(got.tables)) == len(PAIRS)


def test_assign_tables_of_no_pairs_is_empty() -> None:
    """A round of byes only (a playoff bye) has no table."""
    assert assign_tables([], {1: 3}).tables == ()
