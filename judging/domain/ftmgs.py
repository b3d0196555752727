"""Failure to Maintain Game State for the other players at a 2HG table (IPG 2.6; JG09): who is
offered it after a penalty, teammates first, and with which tick (judging.domain.penalties
decides whether it is offered at all)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from core.text import Text, gettext_noop
from judging.domain.infractions import FtmgsOffer
from judging.domain.penalties import HEADS_PER_TEAM, PenaltyDecision, PenaltyInputError

P = TypeVar("P", bound=Hashable)


def ftmgs_recipients(seating: Sequence[Sequence[P]], offender: P) -> tuple[P, ...]:
    """Every other player at the table, teammates first, then the opponents in seat order.

    ``seating`` is the two teams, each in seat order: 2 players each in 2HG (3 others), 3 or 4
    in the 3- and 4-headed variants (5 or 7 others) (CR 810.1, 810.11; JG09).
    """
    if len(seating) != 2:
        raise PenaltyInputError(Text(gettext_noop("a 2HG table seats exactly two teams")))
    sizes = {len(team) for team in seating}
    if len(sizes) != 1 or next(iter(sizes)) not in HEADS_PER_TEAM:
        raise PenaltyInputError(Text(gettext_noop("both teams must have 2, 3 or 4 players")))
    players = [player for team in seating for player in team]
    if len(set(players)) != len(players):
        raise PenaltyInputError(Text(gettext_noop("a player sits only once")))
    own = next((team for team in seating if offender in team), None)
    if own is None:
        raise PenaltyInputError(Text(gettext_noop("the offender is not at this table")))
    other = seating[1] if own is seating[0] else seating[0]
    return tuple(p for p in own if p != offender) + tuple(other)


def ftmgs_proposal(
    decision: PenaltyDecision, seating: Sequence[Sequence[P]], offender: P
) -> tuple[tuple[P, bool], ...]:
    """The other players offered Failure to Maintain Game State, each with its tick (IPG 2.6)."""
    if decision.ftmgs is FtmgsOffer.NONE:
        return ()
    ticked = decision.ftmgs is FtmgsOffer.TICKED
    return tuple((player, ticked) for player in ftmgs_recipients(seating, offender))
