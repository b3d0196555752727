"""Writes of the Limited timers (docs/api.md "Limited timers"; docs/rules.md "Limited timers"):
start, pause, resume, correct and reset a draft, pool registration or deck construction timer.
One transaction each; every one stores a fact (judging.domain.limited_timers computes the state).

Locks: the Event row first (the order of the other judging services), then the timer's row.
After each change the event's ``timer`` live topic is published so projectors and judges' phones
read the new facts.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core import live
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from judging.domain.clock_round import ClockError
from judging.domain.limited_timers import (
    MAX_PACKS,
    PACK_SIZES,
    TIMER_KINDS,
    build_minutes,
    draft_schedule,
    schedule_length,
    step_offset,
)
from judging.models import LimitedTimer, LimitedTimerCorrection, LimitedTimerPause
from judging.selectors import limited_timers as selectors
from tournament.models import Event

MAX_MINUTES = 240  # a longer build is a typing mistake
TIMER_ACTIONS = ("start", "pause", "resume", "set_remaining", "go_to_pick", "reset")


def _kind(event: Event, kind: str) -> str:
    if kind not in TIMER_KINDS:
        raise ServiceError(gettext("Unknown timer."), code="unknown_timer", field="kind")
    if event.structure not in ("sealed", "draft"):
        raise ServiceError(
            gettext("Limited timers are for Sealed and Booster Draft events."), code="not_limited"
        )
    if kind == "draft" and event.structure != "draft":
        raise ServiceError(
            gettext("Only a Booster Draft event has a draft timer."), code="no_draft"
        )
    if kind == "registration" and event.structure != "sealed":
        raise ServiceError(
            gettext("Pool registration is timed in Sealed events only."), code="no_registration"
        )
    return kind


def _published(event: Event) -> None:
    live.publish(f"timer:{event.pk}", {"changed": True})


def _locked(event: Event, kind: str) -> LimitedTimer:
    Event.objects.select_for_update().get(pk=event.pk)
    timer = LimitedTimer.objects.select_for_update().filter(event=event, kind=kind).first()
    if timer is None:
        raise Conflict(gettext("This timer has not started."), code="timer_not_started")
    return timer


def _bounded(value: object, low: int, high: int, field: str) -> int:
    try:
        number = int(value)  # type: ignore[call-overload]  # any input: a wrong one is refused below
    except (TypeError, ValueError):
        number = low - 1
    if not low <= number <= high:
        raise ServiceError(
            gettext("Enter a whole number from %(low)s to %(high)s.") % {"low": low, "high": high},
            code="out_of_range",
            field=field,
        )
    return number


@transaction.atomic
def timer_start(
    *,
    event: Event,
    kind: str,
    by: By = None,
    now: datetime | None = None,
    release_weekend: bool = False,
    minutes: object = None,
    packs: object = None,
    pack_size: object = None,
) -> LimitedTimer:
    """Start a timer with MTR App. B's length, or ``minutes`` when the head judge announced
    another (App. B: "the Head Judge ... is the final authority on time limits")."""
    _kind(event, kind)
    Event.objects.select_for_update().get(pk=event.pk)
    if LimitedTimer.objects.filter(event=event, kind=kind).exists():
        raise Conflict(gettext("This timer has already started."), code="timer_started")
    draft_packs = draft_size = None
    if kind == "draft":
        draft_packs = _bounded(6 if packs in (None, "") else packs, 1, MAX_PACKS, "packs")
        draft_size = _bounded(15 if pack_size in (None, "") else pack_size, 14, 15, "pack_size")
        assert draft_size in PACK_SIZES
        length = schedule_length(draft_schedule(draft_packs, draft_size))
    elif minutes not in (None, ""):
        length = timedelta(minutes=_bounded(minutes, 1, MAX_MINUTES, "minutes"))
    else:
        try:
            length = timedelta(minutes=build_minutes(kind, event.structure, release_weekend))  # type: ignore[arg-type]  # kind was checked against TimerKind above
        except ClockError as exc:
            raise ServiceError(str(exc), code="not_timed") from exc
    timer = LimitedTimer.objects.create(
        event=event,
        kind=kind,
        started_at=now or timezone.now(),
        length_seconds=int(length.total_seconds()),
        packs=draft_packs,
        pack_size=draft_size,
        started_by=recorded(by),
    )
    _published(event)
    return timer


@transaction.atomic
def timer_pause(*, event: Event, kind: str, by: By = None, now: datetime | None = None) -> None:
    timer = _locked(event, _kind(event, kind))
    now = now or timezone.now()
    if selectors.timer_of(timer, now).status != "running":
        raise Conflict(gettext("Only a running timer can be paused."), code="timer_not_running")
    LimitedTimerPause.objects.create(timer=timer, paused_at=now, by=recorded(by))
    _published(event)


@transaction.atomic
def timer_resume(*, event: Event, kind: str, by: By = None, now: datetime | None = None) -> None:
    timer = _locked(event, _kind(event, kind))
    now = now or timezone.now()
    pause = timer.pauses.filter(resumed_at__isnull=True).last()
    if pause is None:
        raise Conflict(gettext("The timer is not paused."), code="timer_not_paused")
    pause.resumed_at = max(now, pause.paused_at)
    pause.save(update_fields=["resumed_at"])
    _published(event)


@transaction.atomic
def timer_set_remaining(
    *, event: Event, kind: str, seconds: object, by: By = None, now: datetime | None = None
) -> None:
    """Correct the remaining time of the whole timer (a late start, a clock set wrong)."""
    timer = _locked(event, _kind(event, kind))
    value = _bounded(seconds, 0, MAX_MINUTES * 60, "seconds")
    LimitedTimerCorrection.objects.create(
        timer=timer, at=now or timezone.now(), seconds=value, by=recorded(by)
    )
    _published(event)


@transaction.atomic
def timer_go_to_pick(
    *, event: Event, pack: object, pick: object, by: By = None, now: datetime | None = None
) -> None:
    """Put the draft at the start of pack ``pack``'s pick ``pick`` now (pick 0: the review after
    that pack): a correction of the remaining time to the schedule from that step."""
    timer = _locked(event, _kind(event, "draft"))
    steps = selectors.steps_of(timer)
    assert steps is not None
    number = _bounded(pack, 1, timer.packs or 1, "pack")
    try:
        offset = step_offset(steps, number, _bounded(pick, 0, 8, "pick"))
    except ClockError as exc:
        raise ServiceError(
            gettext("This draft has no timed pick with that number."), code="no_such_pick"
        ) from exc
    remaining = timer.length_seconds - offset
    LimitedTimerCorrection.objects.create(
        timer=timer, at=now or timezone.now(), seconds=remaining, by=recorded(by)
    )
    _published(event)


@transaction.atomic
def timer_reset(*, event: Event, kind: str, by: By = None) -> None:
    """Clear a timer's facts so it can start again (another draft, a wrong start)."""
    timer = _locked(event, _kind(event, kind))
    timer.delete()
    _published(event)


def timer_act(*, event: Event, kind: str, action: str, data: dict, by: By = None) -> None:
    """One of the timer's actions by name, as the page and the API ask for them."""
    if action == "start":
        timer_start(
            event=event,
            kind=kind,
            by=by,
            release_weekend=str(data.get("release_weekend", "")).lower() in ("1", "true", "on"),
            minutes=data.get("minutes"),
            packs=data.get("packs"),
            pack_size=data.get("pack_size"),
        )
    elif action == "pause":
        timer_pause(event=event, kind=kind, by=by)
    elif action == "resume":
        timer_resume(event=event, kind=kind, by=by)
    elif action == "set_remaining":
        timer_set_remaining(event=event, kind=kind, seconds=data.get("seconds"), by=by)
    elif action == "go_to_pick":
        timer_go_to_pick(event=event, pack=data.get("pack"), pick=data.get("pick"), by=by)
    elif action == "reset":
        timer_reset(event=event, kind=kind, by=by)
    else:
        raise ServiceError(
            gettext("Unknown action: use one of %(actions)s.")
            % {"actions": ", ".join(TIMER_ACTIONS)},
            code="unknown_action",
            field="action",
        )
