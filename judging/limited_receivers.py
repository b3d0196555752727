"""What the judging app adds for a Limited 2HG day (issue 31): who may follow the event's
timers live, and the "Limited day" card on the organizer's event page."""

from __future__ import annotations

from django.http import HttpRequest

from access import Perm, access_event, can, may_follow
from tournament.hooks import TeamBlock
from tournament.models import Event


def may_follow_timers(request: HttpRequest, event_id: str) -> bool:
    """The timers are read by whoever sees the event (a public event's projector)."""
    return may_follow(request, access_event, event_id, Perm.VIEW_EVENT)


def limited_day_block(request, event: Event) -> TeamBlock | None:
    """tournament.hooks.EVENT_PAGE: the Limited day's pages (timers, pools and swap, product,
    pod seating) for the staff of a Sealed or Booster Draft event."""
    if event.structure not in ("sealed", "draft") or not can(
        request.caller, Perm.MANAGE_CLOCK, event
    ):
        return None
    return TeamBlock(
        "judging/_limited_day_block.html",
        {"limited_day": {"event": event, "organizer": can(request.caller, Perm.EDIT_EVENT, event)}},
    )
