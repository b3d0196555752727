"""Hooks the pairing app asks; the judging, clock and tracker apps answer in ``ready()``.

- ``PENALTY_POINTS`` (sum): (event, after_round) -> {team id: match points to take off} (Match
  Point penalties, docs/rules.md "Penalties") counted in rounds 1..after_round, so "standings after
  round N" leave out the penalties of later rounds; every answer is added.
- ``DISQUALIFIED`` (call all): event -> team ids disqualified: left out of the standings, never
  paired again; the union of the answers.
- ``MATCH_TIMES`` (first answer): (round, matches) -> {match id: the match's ``time`` block of
  docs/api.md "Rounds, clock, matches, results"}, for a whole round in a bounded number of
  queries; None when no clock answers.
- ``ROUND_PAIRED`` (call all): round, inside the pairing's transaction once its matches are saved
  (a Game Loss or Match Loss issued between matches lands on the team's new match).
- ``ROUND_UNPAIRING`` (call all): round, inside the unpairing's transaction before its results are
  checked (results the answerers set on it are taken back first, so it can be unpaired).
- ``AFTER_SIMULATED_ROUND`` (call all): (event, round, rng) after each simulated round's results
  (the simulate command; random penalties plug in here).
- ``MATCH_STARTED`` (call all): match -> whether an app above knows the match has started (the
  tracker holds a game for its table); closes the team's choice of seats (pairing.domain.seats).
- ``ROUND_PAGE`` (call all): (request, round) -> a block of the round's page for staff (the round
  clock's controls), or None.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from core.hooks import CallAll, FirstAnswer, Sum

if TYPE_CHECKING:
    from django.http import HttpRequest

    from pairing.models import Match, Round
    from tournament.hooks import TeamBlock
    from tournament.models import Event

PENALTY_POINTS: Sum[[Event, int], int] = Sum("penalty_points")
DISQUALIFIED: CallAll[[Event], Iterable[int]] = CallAll("disqualified")
MATCH_TIMES: FirstAnswer[[Round, Sequence[Match]], Mapping[int, dict[str, Any]]] = FirstAnswer(
    "match_times"
)
ROUND_PAIRED: CallAll[[Round], None] = CallAll("round_paired")
ROUND_UNPAIRING: CallAll[[Round], None] = CallAll("round_unpairing")
AFTER_SIMULATED_ROUND: CallAll[[Event, Round, random.Random], None] = CallAll(
    "after_simulated_round"
)
MATCH_STARTED: CallAll[[Match], bool] = CallAll("match_started")
ROUND_PAGE: CallAll[[HttpRequest, Round], TeamBlock | None] = CallAll("round_page")
