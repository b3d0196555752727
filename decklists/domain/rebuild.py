"""Whether a team may still change its own decklists once round 1 is paired (MTR 7.3).

Lists lock when round 1 is paired; after that only a judge changes them. MTR 7.3 makes one
exception: at Regular REL, a limited event (sealed or
draft) that does not use decklists lets players change their decks between matches, building
from their pool without returning to the first configuration. In 2HG the pool is the team's and
its cards not in either main deck are the shared sideboard (MTR 9.6), so a rebuilt deck is still
checked against the pool with the teammate's deck.

"Between matches" here: the team's match in the latest paired round is not under way. It is
under way once it has started (the round clock runs, or the table's game has begun) and until it
is over (a result is reported by a team or entered by staff; a bye is over at once). So a team
may change its decks before its match starts and again once it has reported the result.
"""

from __future__ import annotations

from dataclasses import dataclass

LIMITED_STRUCTURES = frozenset({"sealed", "draft"})
REGULAR_REL = "regular"


@dataclass(frozen=True)
class MatchState:
    """The team's match in the latest paired round, as far as its decks are concerned."""

    started: bool  # the round clock runs, or the table's game has begun
    over: bool  # a result is reported or final, or the match is a bye


def continuous_construction(*, structure: str, rel: str, decklists_required: bool) -> bool:
    """Whether the event lets teams rebuild between matches (MTR 7.3): limited, Regular REL,
    no decklists. Constructed decks, Competitive and Professional REL, and any event that
    collects decklists keep the lists locked after round 1."""
    return structure in LIMITED_STRUCTURES and rel == REGULAR_REL and not decklists_required


def between_matches(match: MatchState | None) -> bool:
    """The team is not in a match (MTR 7.3): no match paired for it, its match has not
    started, or its match is over."""
    return match is None or match.over or not match.started


def lists_open(
    *,
    in_registration: bool,
    structure: str,
    rel: str,
    decklists_required: bool,
    match: MatchState | None,
) -> bool:
    """Whether the team itself may change its decklists now (a judge always may).

    Before round 1 is paired: yes. After: only where MTR 7.3 applies and only between matches.
    """
    if in_registration:
        return True
    if not continuous_construction(
        structure=structure, rel=rel, decklists_required=decklists_required
    ):
        return False
    return between_matches(match)
