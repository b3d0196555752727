"""Table numbers of a round's matches (docs/rules.md "Swiss rounds and playoffs", "Matches, results,
byes": a bye is a match with no opponent and no table).

Notes on terminology
--------------------
top table
    Table 1: the pairs come best first (the Swiss pairing's seniority, the playoff's bracket
    order) and take the numbers in that order, so the top tables stay at the front of the hall.
fixed table
    A table a team keeps every round (accessibility: ``Team.fixed_table``). The pair holding
    such a team sits there; the other pairs take 1, 2, 3, ... skipping the kept numbers.
clash
    Two fixed tables in one pair, or two pairs wanting one table: the lower free number is kept,
    every other wanted table is reported with a ``table_lost`` note.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pairing.domain.notes import PairingNote


@dataclass(frozen=True, slots=True)
class TableAssignment:
    tables: tuple[int, ...]  # one per pair, in the order of the pairs
    notes: tuple[PairingNote, ...] = ()  # a fixed table that could not be kept


def assign_tables(pairs: Sequence[tuple[int, int]], fixed: Mapping[int, int]) -> TableAssignment:
    """Table numbers for pairs listed top table first; byes are not pairs and get no table."""
    tables: list[int | None] = [None] * len(pairs)
    taken: set[int] = set()
    notes: list[PairingNote] = []
    for i, (a, b) in enumerate(pairs):
        wanted = sorted(t for t in (fixed.get(a), fixed.get(b)) if t is not None)
        free = [t for t in wanted if t not in taken]
        if free:
            tables[i] = free[0]
            taken.add(free[0])
        notes += [PairingNote("table_lost", table=t) for t in wanted if t != tables[i]]
    return TableAssignment(tuple(_fill(tables, taken)), tuple(notes))


def _fill(tables: list[int | None], taken: set[int]) -> list[int]:
    """The lowest numbers not kept, in order, for the pairs without a fixed table."""
    filled: list[int] = []
    next_free = 1
    for table in tables:
        if table is None:
            while next_free in taken:
                next_free += 1
            table = next_free
            taken.add(table)
        filled.append(table)
    return filled
