"""HTML pages of the Limited timers (issue 31): the staff's page with every timer of the event
and its controls (phone first), and the projector view of one timer (1920x1080, big digits)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from access import Perm, access_event, can
from core import live
from core.errors import ServiceError
from judging import presenters
from judging.domain.limited_timers import TIMER_KINDS, draft_schedule
from judging.selectors import limited_timers as selectors
from judging.services import limited_timers as services


def _follow(event) -> tuple[str, int]:
    return reverse("live-stream", args=["timer", event.pk]), live.version(f"timer:{event.pk}")


def _views(event, now):
    views = selectors.timers_of(event, now)
    return [
        {
            "kind": v.kind,
            "timer": v.timer,
            "state": v.state,
            "text": presenters.clock_text(v.state.remaining_seconds if v.state else None),
            "step_text": presenters.clock_text(v.state.step_remaining)
            if v.state and v.state.step_remaining is not None
            else "",
        }
        for v in views
    ]


def timers_page(request, pk: int):
    """Every timer of a Limited event with its controls: the scorekeeper's (and the judges')
    page; judges' phones follow it live."""
    event = access_event(request.caller, pk, Perm.MANAGE_CLOCK)
    now = timezone.now()
    views = _views(event, now)
    live_url, since = _follow(event)
    construction = next((v for v in views if v["kind"] == "construction"), None)
    missing = []
    if construction and construction["state"] and construction["state"].status == "time_called":
        missing = selectors.missing_decklists(event)
    return render(
        request,
        "judging/limited_timers.html",
        {
            "event": event,
            "staff": True,
            "views": views,
            "now": now,
            "live_url": live_url,
            "live_since": since,
            "missing": missing,
            "schedule": draft_schedule() if event.structure == "draft" else (),
            "limited": event.structure in ("sealed", "draft"),
        },
    )


def timer_projector(request, pk: int, kind: str):
    """One timer full screen for the projector: public when the event is."""
    event = access_event(request.caller, pk)
    if kind not in TIMER_KINDS:
        raise Http404
    now = timezone.now()
    view = next((v for v in _views(event, now) if v["kind"] == kind), None)
    if view is None:
        raise Http404
    live_url, since = _follow(event)
    return render(
        request,
        "judging/limited_timer_projector.html",
        {
            "event": event,
            "view": view,
            "now": now,
            "live_url": live_url,
            "live_since": since,
            "controls": can(request.caller, Perm.MANAGE_CLOCK, event),
        },
    )


@require_POST
def timer_control(request, pk: int):
    """Start, pause, resume, correct or reset a timer, then back to the timers' page."""
    event = access_event(request.caller, pk, Perm.MANAGE_CLOCK)
    data = request.POST.dict()
    if data.get("action") == "set_remaining":
        minutes = data.get("minutes") or "0"
        seconds = data.get("seconds") or "0"
        if minutes.isdigit() and seconds.isdigit():
            data["seconds"] = str(int(minutes) * 60 + int(seconds))
        data.pop("minutes", None)
    try:
        services.timer_act(
            event=event,
            kind=data.get("kind", ""),
            action=data.get("action", ""),
            data=data,
            by=request.user,
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("limited-timers", pk)
