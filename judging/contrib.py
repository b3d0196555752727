"""The judging app's answers to the pairing app's hooks (pairing.hooks), registered in
JudgingConfig.ready()."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from access import Perm, access_round, can, may_follow
from judging import selectors, services
from judging.domain.clock import round_state
from judging.selectors import clock as clock_selectors
from pairing.models import Match, Round
from tournament.hooks import TeamBlock
from tournament.models import Event


def penalty_points(event: Event, after_round: int) -> dict[int, int]:
    return selectors.penalty_points(event, after_round)


def disqualified(event: Event) -> list[int]:
    return selectors.disqualified(event)


def round_paired(round_: Round) -> None:
    services.penalties_land_on_round(round_)


def round_unpairing(round_: Round) -> None:
    services.penalties_leave_round(round_)


def match_times(round_: Round, matches: Sequence[Match]) -> Mapping[int, dict[str, Any]]:
    tables = clock_selectors.round_tables(round_, [m for m in matches if m.table is not None])
    now = timezone.now()
    states = clock_selectors.states_of(tables, now)
    services.mark_due_on_read(round_, round_state(tables.round, now), states.items(), tables.marked)
    return {pk: clock_selectors.time_block(s) for pk, s in states.items()}


def event_page(request, event: Event) -> TeamBlock:
    """tournament.hooks.EVENT_PAGE: the judging settings, shown to everyone (announced rules);
    a form for the head judge and the organizer."""
    settings = clock_selectors.clock_settings(event)
    return TeamBlock(
        "judging/_event_settings.html",
        {
            "event": event,
            "settings": settings,
            "edit": can(request.caller, Perm.SEVERE_PENALTIES, event),
        },
    )


def may_follow_clock(request: HttpRequest, round_id: str) -> bool:
    """The round's clock is read by whoever sees the round (a public event's projector)."""
    return may_follow(request, access_round, round_id, Perm.VIEW_EVENT)
