"""Hooks the tournament app asks; the apps above it answer in their ``ready()`` (core.hooks).

- ``NEXT_STEP`` (first answer): the organizer's next step once teams are registered.
- ``TEAM_PAGE`` (call all): the blocks of a team's private page, in registration order.
- ``EVENT_PAGE`` (call all): the blocks of the event's public page for players (the current
  round, "find my table"), in registration order.
- ``DEMO_STEPS`` (call all): what the demo adds once its teams exist (decklists, rounds).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.http import HttpRequest

from core.hooks import CallAll, FirstAnswer
from tournament.models import Event, Team


@dataclass(frozen=True)
class NextStep:
    title: str
    detail: str
    url: str
    label: str


@dataclass(frozen=True)
class TeamBlock:
    """A block of the team page: its template and what the template reads."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)


class Writer(Protocol):
    def write(self, msg: str) -> Any: ...


NEXT_STEP: FirstAnswer[[Event], NextStep] = FirstAnswer("next_step")
TEAM_PAGE: CallAll[[HttpRequest, Team], TeamBlock | None] = CallAll("team_page")
EVENT_PAGE: CallAll[[HttpRequest, Event], TeamBlock | None] = CallAll("event_page")
DEMO_STEPS: CallAll[[Event, random.Random, Writer], None] = CallAll("demo_steps")
