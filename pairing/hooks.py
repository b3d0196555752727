"""Hooks the pairing app asks; the judging, clock and tracker apps answer in ``ready()``.

- ``PENALTY_POINTS`` (sum): event -> {team id: match points to take off} (Match Point penalties,
  docs/rules.md "Penalties"); every answer is added.
- ``DISQUALIFIED`` (call all): event -> team ids disqualified: left out of the standings, never
  paired again; the union of the answers.
- ``MATCH_TIMES`` (first answer): (round, matches) -> {match id: the match's ``time`` block of
  docs/api.md "Rounds, clock, matches, results"}, for a whole round in a bounded number of
  queries; None when no clock answers.
- ``AFTER_SIMULATED_ROUND`` (call all): (event, round, rng) after each simulated round's results
  (the simulate command; random penalties plug in here).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from core.hooks import CallAll, FirstAnswer, Sum

if TYPE_CHECKING:
    from pairing.models import Match, Round
    from tournament.models import Event

PENALTY_POINTS: Sum[[Event], int] = Sum("penalty_points")
DISQUALIFIED: CallAll[[Event], Iterable[int]] = CallAll("disqualified")
MATCH_TIMES: FirstAnswer[[Round, Sequence[Match]], Mapping[int, dict[str, Any]]] = FirstAnswer(
    "match_times"
)
AFTER_SIMULATED_ROUND: CallAll[[Event, Round, random.Random], None] = CallAll(
    "after_simulated_round"
)
