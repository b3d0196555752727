"""Between the database and the pure domain: rows in, frozen records out, and back.

The domain (pairing/domain/) knows teams by id only; this module turns its plain-words notes
("Team 12 plays down ...") into team names and its pairs into table numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from pairing.domain.swiss import TeamRecord
from pairing.domain.tiebreakers import MatchRecord, StandingRow

_TEAM_REF = re.compile(r"\bTeam (\d+)\b")


def match_record(row: tuple) -> MatchRecord:
    """(round number, team_a, team_b, games_a, games_b, games_drawn, result) -> MatchRecord."""
    number, team_a, team_b, games_a, games_b, drawn, result = row
    return MatchRecord(number, team_a, team_b, games_a, games_b, drawn, result)


def team_records(
    rows: Sequence[StandingRow],
    matches: Iterable[MatchRecord],
    dropped: Mapping[int, bool],
) -> list[TeamRecord]:
    """Teams as the Swiss pairing sees them: points after penalties, opponents met, byes, rank.

    Teams absent from the rows (disqualified) are left out, so they are never paired."""
    opponents: dict[int, set[int]] = {row.team: set() for row in rows}
    for m in matches:
        if m.team_b is not None and m.result is not None:
            opponents.setdefault(m.team_a, set()).add(m.team_b)
            opponents.setdefault(m.team_b, set()).add(m.team_a)
    return [
        TeamRecord(
            id=row.team,
            points=row.match_points,
            opponents=frozenset(opponents[row.team]),
            byes=row.byes,
            dropped=bool(dropped.get(row.team)),
            rank=row.rank - 1,
        )
        for row in rows
    ]


def name_teams(note: str | None, names: Mapping[int, str]) -> str:
    """The domain's note with "Team <id>" replaced by the team's name."""
    if not note:
        return ""
    return _TEAM_REF.sub(lambda m: names.get(int(m[1]), m[0]), note)


def assign_tables(
    pairs: Sequence[tuple[int, int]], fixed: Mapping[int, int]
) -> tuple[list[int], list[str]]:
    """Table numbers for pairs listed top table first.

    A team with a fixed table (accessibility) keeps it; the other pairs take 1, 2, 3, ... in
    order, skipping the kept numbers, so the top tables stay at the front of the hall. When both
    teams of a pair keep a table (or two pairs want one), the lower free number wins and the
    clash is reported."""
    tables: list[int | None] = [None] * len(pairs)
    taken: set[int] = set()
    clashes: list[str] = []
    for i, (a, b) in enumerate(pairs):
        wanted = sorted(t for t in (fixed.get(a), fixed.get(b)) if t is not None)
        free = [t for t in wanted if t not in taken]
        if free:
            tables[i] = free[0]
            taken.add(free[0])
        for t in wanted:
            if t != tables[i]:
                clashes.append(f"table {t} could not be kept")
    next_free = 1
    for i, table in enumerate(tables):
        if table is None:
            while next_free in taken:
                next_free += 1
            tables[i] = next_free
            taken.add(next_free)
    return [t for t in tables if t is not None], clashes


def percent(value) -> float:
    """A tiebreaker as the API gives it: a decimal rounded to 4 places (0.3333)."""
    return float(round(value, 4))  # exact on a Fraction; float only at the end


# --- the top cut (MTR 10.4) ----------------------------------------------------------------
#
# pairing.domain.topcut pairs full brackets of 2, 4 or 8. A bracket with fewer teams (MTR App. E:
# 5-8 teams play 3 single-elimination rounds, a bracket of 8) gets placeholders for the missing
# seeds: the best seeds meet a placeholder, which is a bye here.


def cut_size(wanted: int, eligible: int) -> tuple[int, int]:
    """(bracket size, teams in it): the organizer's 2, 4 or 8, halved while more than half of
    it would be byes."""
    size = wanted
    while size > 2 and eligible <= size // 2:
        size //= 2
    return size, min(size, eligible)


def _placeholders(bracket: int, teams: int) -> list[int]:
    return [-k for k in range(1, bracket - teams + 1)]


def first_cut_round(seeded: Sequence[int], bracket: int) -> list[tuple[int, int | None]]:
    """Pairs of the first playoff round in bracket order (top 8: 1v8, 4v5, 2v7, 3v6); a missing
    seed gives its opponent a bye (team_b None)."""
    from pairing.domain import topcut

    pairs = topcut.first_round([*seeded, *_placeholders(bracket, len(seeded))])
    return [(a, b if b > 0 else None) for a, b in pairs]


def next_cut_round(
    bracket: Sequence[Sequence[int | None]], winners: Sequence[int], seeding: Sequence[int]
) -> list[tuple[int, int | None]] | None:
    """The next playoff round: the winners of neighbouring matches meet (the winner of 1/8
    plays the winner of 4/5); None after the final. The higher seed comes first."""
    from pairing.domain import topcut

    placeholder = iter(range(-1, -100, -1))
    pairs = [(a, b if b is not None else next(placeholder)) for a, b in bracket]
    won = dict(zip(pairs, winners, strict=True))
    return topcut.next_round(pairs, won, seeding=list(seeding))
