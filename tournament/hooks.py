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
- ``EVENT_SETTINGS`` (call all): the event settings an app above keeps in its own model
  (``EventSettings``), shown and written with the event's own: on the event form, in the event
  API, through the event services, in the event file (docs/architecture.md "Event settings").
  ``event_settings()`` lists them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
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


@dataclass(frozen=True)
class EventSettings:
    """Settings of the event an app above keeps in its own model (one row per event, made when
    first saved), under the names the event's form, API and file always gave them.

    - ``model``: the model's label (``"decklists.EventDeckRules"``), its link to the event named
      ``event``; ``related``: the event's reverse one-to-one to it, for ``select_related``.
    - ``form_fields`` / ``api_fields``: the fields by name, made anew for each form or
      serializer; an API field reads the event whole (``source="*"``).
    - ``read``: the event's values (the defaults when it has no row).
    - ``write``: store the values given (in the event service's transaction); raise
      ``ServiceError(errors=...)`` naming the field of each wrong value.
    - ``locked``: the settings fixed once round 1 is paired (MTR 10.2), with the words a refusal
      names them by.
    - ``shown``: the settings as the event's page states them, when not the choice's words.
    - ``derive``: (the values a call gives, the event's values as they stand or None for a new
      event) -> the values the call sets, those it gives and those they imply; by default the
      given ones.
    - ``check``: (the event or None while it is made, the event's own settings after the change,
      the values set) -> the problems by field, checked with the event's own so that one refusal
      names every problem; ``write`` still refuses what it is given wrong.
    - ``form_initial``: the event's values as the form shows them, when not ``read``'s (a form
      field that takes several settings at once cleans to a mapping of them).
    """

    model: str
    related: str
    form_fields: Callable[[], dict[str, Any]]  # django.forms fields (no interface imported here)
    api_fields: Callable[[], dict[str, Any]]  # rest_framework serializer fields
    read: Callable[[Event], Mapping[str, object]]
    write: Callable[[Event, Mapping[str, object]], None]
    locked: Mapping[str, Any] = field(default_factory=dict)  # name -> words (lazy text)
    shown: Callable[[Event], Mapping[str, object]] | None = None
    derive: Callable[[Mapping[str, object], Mapping[str, object] | None], dict] | None = None
    check: (
        Callable[[Event | None, Mapping[str, object], Mapping[str, object]], dict[str, list[str]]]
        | None
    ) = None
    form_initial: Callable[[Event], Mapping[str, object]] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The settings by name: the form's fields and the API's (which may name more)."""
        return tuple(dict.fromkeys([*self.form_fields(), *self.api_fields()]))

    def given(
        self, values: Mapping[str, object], now: Mapping[str, object] | None
    ) -> dict[str, object]:
        """The settings of this entry that a call with ``values`` sets (``derive``)."""
        own = {k: values[k] for k in self.names if k in values}
        return self.derive(own, now) if self.derive is not None else own


class Writer(Protocol):
    def write(self, msg: str) -> Any: ...


NEXT_STEP: FirstAnswer[[Event], NextStep] = FirstAnswer("next_step")
TEAM_PAGE: CallAll[[HttpRequest, Team], TeamBlock | None] = CallAll("team_page")
EVENT_PAGE: CallAll[[HttpRequest, Event], TeamBlock | None] = CallAll("event_page")
EVENT_FACTS: CallAll[[HttpRequest, Event], TeamBlock | None] = CallAll("event_facts")
DEMO_STEPS: CallAll[[Event, random.Random, Writer], None] = CallAll("demo_steps")
EVENT_PLAN: FirstAnswer[[Event], EventPlan] = FirstAnswer("event_plan")
UNDROP_REFUSED: FirstAnswer[[Team], str] = FirstAnswer("undrop_refused")
EVENT_SETTINGS: CallAll[[], EventSettings] = CallAll("event_settings")
PLAN_CHOICES: FirstAnswer[[int, int | None, bool], list[tuple[str, str]]] = FirstAnswer(
    "plan_choices"
)


def event_settings() -> list[EventSettings]:
    """The event settings the apps above keep, in registration order."""
    return EVENT_SETTINGS()


def event_settings_related() -> list[str]:
    """The ``select_related`` paths from an event to every app's settings row."""
    return [entry.related for entry in event_settings()]
