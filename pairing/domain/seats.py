"""A team's seats for one match (MTR 9.4).

Glossary: a team's *seats* for a match are its player ids in seat order; the first is the
*primary player*, who sits on the right of the teammate and makes the team's decisions when the
two disagree (CR 805.2, MTR 9.4). The team may choose its primary player again before each
match; without a choice the team's registered seat order holds.

When the choice closes (a choice this software makes, documented in docs/rules.md "Seats for
a match"): once the match has started, which is the first of

- the round's clock has started (the match is being played),
- a team has reported a result, or the result is final,
- the table's game tracker holds a game (the tracker seated the players as they were).

Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.text import Text, gettext_noop


class SeatsError(ValueError):
    """A seat order that is not a permutation of the team's players."""


@dataclass(frozen=True)
class MatchProgress:
    """What is known about a match that decides whether its seats may still change."""

    clock_started: bool
    reported: bool
    final: bool
    game_started: bool
    bye: bool = False


def seats_open(progress: MatchProgress) -> tuple[bool, str]:
    """Whether the team may still choose its seats for the match, and if not, why (MTR 9.4)."""
    if progress.bye:
        return False, Text(gettext_noop("A bye has no table and no seats."))
    if progress.final or progress.reported:
        return False, Text(gettext_noop("A result has been reported: the match has been played."))
    if progress.clock_started:
        return False, Text(
            gettext_noop("The round has started: seats stay as they are until the next match.")
        )
    if progress.game_started:
        return False, Text(
            gettext_noop("The game at your table has started: seats stay as they are.")
        )
    return True, ""


def order_with_primary(seats: Sequence[int], primary: int) -> list[int]:
    """The seat order with ``primary`` first and the others in their previous order."""
    if primary not in seats:
        raise SeatsError(Text(gettext_noop("The primary player must be a player of the team.")))
    return [primary, *(pk for pk in seats if pk != primary)]


def clean_order(order: Sequence[object], players: Sequence[int]) -> list[int]:
    """``order`` as player ids, checked to list each of the team's ``players`` exactly once."""
    try:
        ids = [int(x) for x in order]  # type: ignore[call-overload]  # any value from the request: int() refusing it is caught below
    except (TypeError, ValueError) as exc:
        raise SeatsError(
            Text(gettext_noop("The seat order must be a list of player ids."))
        ) from exc
    if sorted(ids) != sorted(players):
        raise SeatsError(
            Text(gettext_noop("The seat order must list each player of the team exactly once."))
        )
    return ids


def effective_seats(stored: Sequence[int], players: Sequence[int]) -> list[int]:
    """The seats that hold for a match: the stored choice (MatchTeam.seats) for the players
    still on the team, then any player added since, in registration order."""
    present = set(players)
    ordered = [pk for pk in stored if pk in present]
    return ordered + [pk for pk in players if pk not in ordered]
