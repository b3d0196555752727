"""Hooks the tournament app asks; the apps above it answer in their ``ready()`` (core.hooks).

- ``NEXT_STEP`` (first answer): the organizer's next step once teams are registered.
- ``TEAM_PAGE`` (call all): the blocks of a team's private page, in registration order.
- ``EVENT_PAGE`` (call all): the blocks of the event's public page for players (the current
  round, "find my table"), in registration order.
- ``EVENT_FACTS`` (call all): the blocks of the event's page below its facts (announced rules such
  as the judging settings), in registration order.
- ``DEMO_STEPS`` (call all): what the demo adds once its teams exist (decklists, rounds).
- ``UNDROP_REFUSED`` (first answer): why a dropped team may not re-enter, or None.
- ``EVENT_PLAN`` (first answer): the structure the event will pair (Swiss rounds and top cut).
- ``PLAN_CHOICES`` (first answer): (team count, Swiss rounds or None, a Booster Draft event) ->
  [(top cut choice, what it plays in words)] for the event form: "auto", "0", "2", "4", "8" as
  the form names them.
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
    """A block of the team page: its template and what the template reads. ``lasts``: how many
    seconds what it shows stays true with nothing changed (a clock in minutes left), for a page
    kept in the cache; None for as long as nothing changes (the after-commit events say when)."""

    template: str
    context: dict[str, Any] = field(default_factory=dict)
    lasts: float | None = None


@dataclass(frozen=True)
class EventPlan:
    """The structure that will be paired, as the dashboard states it."""

    text: str  # e.g. "3 Swiss rounds, no top cut."
    rounds: int  # Swiss and playoff rounds
    teams: int  # the team count the plan is made for
    swiss_rounds: int | None = None  # of ``rounds``, the Swiss ones (None: not said)


class Writer(Protocol):
    def write(self, msg: str) -> Any: ...


NEXT_STEP: FirstAnswer[[Event], NextStep] = FirstAnswer("next_step")
TEAM_PAGE: CallAll[[HttpRequest, Team], TeamBlock | None] = CallAll("team_page")
EVENT_PAGE: CallAll[[HttpRequest, Event], TeamBlock | None] = CallAll("event_page")
EVENT_FACTS: CallAll[[HttpRequest, Event], TeamBlock | None] = CallAll("event_facts")
DEMO_STEPS: CallAll[[Event, random.Random, Writer], None] = CallAll("demo_steps")
EVENT_PLAN: FirstAnswer[[Event], EventPlan] = FirstAnswer("event_plan")
UNDROP_REFUSED: FirstAnswer[[Team], str] = FirstAnswer("undrop_refused")
PLAN_CHOICES: FirstAnswer[[int, int | None, bool], list[tuple[str, str]]] = FirstAnswer(
    "plan_choices"
)
