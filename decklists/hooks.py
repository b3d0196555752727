"""Hooks the decklists app asks; the apps above it answer in their ``ready()`` (core.hooks).

- ``TEAM_MATCH`` (first answer): team -> the team's match in the latest paired round as a
  decklists.domain.rebuild.MatchState (started: the round clock runs or the table's game has
  begun; over: a result is reported or final, or a bye), or None when the team has no match.
  Decides whether a limited team at Regular REL without decklists is between matches (MTR 7.3).
"""

from __future__ import annotations

from core.hooks import FirstAnswer
from decklists.domain.rebuild import MatchState
from tournament.models import Team

TEAM_MATCH: FirstAnswer[[Team], MatchState] = FirstAnswer("team_match")
