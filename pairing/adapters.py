"""Between the database and the pure domain: rows in, frozen records out, and back.

The domain (pairing/domain/) knows teams by id only and holds every rule (the pairing, the
tables, the bracket); this module only translates. The notes are turned into words by
pairing.presenters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pairing.domain.notes import PairingNote, notes_as_data
from pairing.domain.swiss import TeamRecord
from pairing.domain.tiebreakers import MatchRecord, StandingRow
from pairing.domain.topcut import BracketMatch, Seeded


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


def percent(value) -> float:
    """A tiebreaker as the API gives it: a decimal rounded to 4 places (0.3333)."""
    return float(round(value, 4))  # exact on a Fraction; float only at the end


def notes_json(notes: Iterable[PairingNote]) -> list[dict]:
    """Notes as stored: ``Match.notes`` and the lists of ``Round.summary``."""
    return notes_as_data(list(notes))


def bracket_matches(
    rows: Iterable[tuple[int, int, int | None]], seeds: Mapping[int, int | None]
) -> list[BracketMatch]:
    """(bracket slot, team_a, team_b) of a top-cut round's matches and the teams' seeds ->
    the bracket (pairing.domain.topcut)."""
    return [
        BracketMatch(slot, _seeded(a, seeds), None if b is None else _seeded(b, seeds))
        for slot, a, b in rows
    ]


def _seeded(team: int, seeds: Mapping[int, int | None]) -> Seeded:
    seed = seeds.get(team)
    if seed is None:
        raise ValueError(f"team {team} of the top cut has no seed")
    return Seeded(team, seed)


def cut_winners(rows: Iterable[tuple[int, int, int | None, str | None]]) -> dict[int, int]:
    """(bracket slot, team_a, team_b, result) of top-cut matches -> slot: winner (a bye is
    won by its team; a match without a winner is left out)."""
    winners: dict[int, int] = {}
    for slot, a, b, result in rows:
        if result == "a":
            winners[slot] = a
        elif result == "b" and b is not None:
            winners[slot] = b
    return winners
