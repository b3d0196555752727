"""Tardiness at a table (IPG 3.1; MTR 2.5, 8.2): how late a team is and when the proposal
changes, from the round's start, the seats found empty and the arrivals. Pure.

A team is late from the round's start until its last missing player sits down; the penalty goes
to the team's first missing player (its effect lands on the team). The Tardiness penalty itself
is decided by judging.domain.penalties.decide_penalty from the minutes late: seated within the
first minute a Warning, then a Game Loss; still missing at ten minutes a Match Loss and the team
dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from judging.domain.penalties import TARDY_MATCH_LOSS_MINUTES, TARDY_WARNING_MINUTES


@dataclass(frozen=True)
class EmptySeat:
    player: int
    team: int
    arrived_at: datetime | None  # None: still missing


@dataclass(frozen=True)
class TeamLate:
    team: int
    player: int  # the first missing player: the one the penalty goes to
    missing: tuple[int, ...]  # players still missing
    minutes: float  # late so far (still missing) or in all (every player arrived)
    waiting: bool  # a player is still missing
    next_change_at: datetime | None  # when the proposal changes while the team waits


def minutes_between(start: datetime, end: datetime) -> float:
    return max(0.0, (end - start).total_seconds() / 60)


def teams_late(
    started_at: datetime, now: datetime, seats: Sequence[EmptySeat]
) -> tuple[TeamLate, ...]:
    """Each team with a seat found empty, in the order its first empty seat was listed. A player
    who arrived before the round started was not late (IPG 3.1 counts from the start)."""
    by_team: dict[int, list[EmptySeat]] = {}
    for seat in seats:
        by_team.setdefault(seat.team, []).append(seat)
    out = []
    for team, rows in by_team.items():
        missing = tuple(s.player for s in rows if s.arrived_at is None)
        last = now if missing else max(s.arrived_at for s in rows if s.arrived_at is not None)
        minutes = minutes_between(started_at, last)
        next_change = None
        if missing:
            for limit in (TARDY_WARNING_MINUTES, TARDY_MATCH_LOSS_MINUTES):
                if minutes < limit:
                    next_change = started_at + timedelta(minutes=limit)
                    break
        out.append(TeamLate(team, rows[0].player, missing, minutes, bool(missing), next_change))
    return tuple(out)
