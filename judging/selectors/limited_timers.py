"""Reads of the Limited timers: a timer's facts as the round clock's ``RoundFacts``, its state at
``now`` (judging.domain.limited_timers), and the teams whose decklists are missing at "time"."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from decklists import selectors as deck_selectors
from judging.domain.clock_round import Correction, Pause, RoundFacts
from judging.domain.limited_timers import TIMER_KINDS, Step, TimerState, draft_schedule, timer_state
from judging.models import LimitedTimer
from tournament.models import Event, Team


def facts_of(timer: LimitedTimer) -> RoundFacts:
    return RoundFacts(
        started_at=timer.started_at,
        length=timedelta(seconds=timer.length_seconds),
        pauses=tuple(Pause(p.paused_at, p.resumed_at) for p in timer.pauses.all()),
        corrections=tuple(Correction.seconds(c.at, c.seconds) for c in timer.corrections.all()),
    )


def steps_of(timer: LimitedTimer) -> tuple[Step, ...] | None:
    if timer.kind != "draft":
        return None
    return draft_schedule(timer.packs or 6, timer.pack_size or 15)


def timer_of(timer: LimitedTimer, now: datetime | None = None) -> TimerState:
    return timer_state(facts_of(timer), now or timezone.now(), steps_of(timer))


@dataclass(frozen=True)
class TimerView:
    """A kind of timer of the event: its row (None: not started) and its state."""

    kind: str
    timer: LimitedTimer | None
    state: TimerState | None


def timers_of(event: Event, now: datetime | None = None) -> list[TimerView]:
    """Every kind of timer the event's structure has, started or not, in the day's order."""
    now = now or timezone.now()
    rows = {
        t.kind: t
        for t in LimitedTimer.objects.filter(event=event).prefetch_related("pauses", "corrections")
    }
    kinds = [
        k
        for k in TIMER_KINDS
        if (k != "draft" or event.structure == "draft")
        and (k != "registration" or event.structure == "sealed")
    ]
    return [TimerView(k, rows.get(k), timer_of(rows[k], now) if k in rows else None) for k in kinds]


def missing_decklists(event: Event) -> list[Team]:
    """The teams still playing whose decklists (or, in Limited, pool) are missing: the judges'
    list when deck construction's time is called (MTR App. B; IPG 3.4 at Competitive REL)."""
    reports = deck_selectors.board(event)
    return [
        r.team for r in reports if r.status == deck_selectors.STATUS_MISSING and not r.team.dropped
    ]
