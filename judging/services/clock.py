"""Writes of the round clock (docs/api.md "Clock", "Pass at time", extensions), one transaction
each; every one stores a fact, never a counter (judging.domain.clock computes the state).

Locks: the Event row first (the order of the pairing services), then the round's clock row.

After each change ``clock_changed`` fires after commit: its receivers (JudgingConfig.ready)
re-schedule the round's task at the next deadline and publish the clock to live pages. The task
calls ``clock_mark_due``, which marks time called for what is due and fires
core.events.time_called; it is harmless when it runs twice or late, and readers compute the
same state without it.
"""

from __future__ import annotations

import logging
import math
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from core import events, live
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from core.events import Signal
from judging.domain.clock import RoundState, TableState
from judging.models import (
    EXTENSION_REASONS,
    ClockCorrection,
    ClockPause,
    Extension,
    RoundClock,
    TableClock,
)
from judging.selectors import clock as clock_selectors
from judging.selectors import settings as judging_settings
from pairing.models import Match, MatchTeam, Round
from tournament.models import Event
from tracker import services as tracker_services

log = logging.getLogger(__name__)

MAX_EXTENSION = 60  # minutes; more is a typing mistake, not an extension
MAX_REMAINING = 6 * 3600


@dataclass(frozen=True)
class ClockChanged:
    """A round's clock changed; ``match_id``: only that table's (an extension, a turn passed,
    its passing at time), None for the round's own clock (started, paused, set, time called);
    ``teams``: that table's teams (saves each receiver a read)."""

    event_id: int
    round_id: int
    match_id: int | None = None
    teams: tuple[int, ...] = ()


def _of_table(match: Match) -> ClockChanged:
    teams = tuple(t for t in (match.team_a_id, match.team_b_id) if t is not None)
    return ClockChanged(match.round.event_id, match.round_id, match.pk, teams)


#: A round's clock facts changed (after commit): re-schedule its task, refresh live pages.
clock_changed: Signal[ClockChanged] = Signal("clock_changed")
#: A round's clock started (after commit, besides clock_changed): the players are told.
clock_started: Signal[ClockChanged] = Signal("clock_started")


def _lock(round_: Round) -> RoundClock:
    Event.objects.select_for_update().get(pk=round_.event_id)
    RoundClock.objects.get_or_create(round=round_)
    return RoundClock.objects.select_for_update().get(round=round_)


def _changed(round_: Round) -> None:
    clock_changed.fire(ClockChanged(round_.event_id, round_.pk))


def _tell_teams(round_: Round) -> None:
    """The round's clock started, stopped or was set: each team's page (its live topic) shows
    the clock's line and, open on a phone, says the clock started (static/js/alerts.js). Only
    these changes: a table's own (a turn passed, an extension) reaches its teams otherwise."""
    teams = MatchTeam.objects.filter(round=round_).values_list("team_id", flat=True)
    live.publish_each(f"team:{team}" for team in teams)


@transaction.atomic
def clock_start(*, round_: Round, by: By = None, now: datetime | None = None) -> RoundClock:
    """Start the round's clock with the round's length (MTR App. B; the event's settings)."""
    clock = _lock(round_)
    if clock.started_at is not None:
        raise Conflict(gettext("The round's clock has already started."), code="clock_started")
    length = clock_selectors.round_length(round_, judging_settings.of(round_.event))
    clock.started_at = now or timezone.now()
    clock.length_seconds = None if length is None else int(length.total_seconds())
    clock.started_by = recorded(by)
    clock.save(update_fields=["started_at", "length_seconds", "started_by"])
    _changed(round_)
    clock_started.fire(ClockChanged(round_.event_id, round_.pk))
    _tell_teams(round_)
    return clock


def _status(round_: Round, now: datetime) -> str:
    return clock_selectors.clock_of(round_, now).status


@transaction.atomic
def clock_pause(*, round_: Round, by: By = None, now: datetime | None = None) -> ClockPause:
    """Pause the round: every table's time stops with it."""
    _lock(round_)
    now = now or timezone.now()
    if _status(round_, now) != "running":
        raise Conflict(gettext("Only a running clock can be paused."), code="clock_not_running")
    pause = ClockPause.objects.create(round=round_, paused_at=now, by=recorded(by))
    _changed(round_)
    _tell_teams(round_)
    return pause


@transaction.atomic
def clock_resume(*, round_: Round, by: By = None, now: datetime | None = None) -> ClockPause:
    _lock(round_)
    now = now or timezone.now()
    pause = ClockPause.objects.filter(round=round_, resumed_at__isnull=True).last()
    if pause is None:
        raise Conflict(gettext("The clock is not paused."), code="clock_not_paused")
    pause.resumed_at = max(now, pause.paused_at)
    pause.save(update_fields=["resumed_at"])
    _changed(round_)
    _tell_teams(round_)
    return pause


CLOCK_ACTIONS = ("start", "pause", "resume", "set_remaining")


def clock_act(*, round_: Round, action: str, seconds: object = None, by: By = None) -> None:
    """One of the clock's actions by name, as the API and the projector page ask for them;
    ``seconds`` only for ``set_remaining``."""
    if action == "start":
        clock_start(round_=round_, by=by)
    elif action == "pause":
        clock_pause(round_=round_, by=by)
    elif action == "resume":
        clock_resume(round_=round_, by=by)
    elif action == "set_remaining":
        if seconds is None:
            raise ServiceError(
                gettext("set_remaining needs seconds"), code="invalid", field="seconds"
            )
        clock_set_remaining(round_=round_, seconds=seconds, by=by)
    else:
        raise ServiceError(gettext("Unknown clock action."), code="invalid", field="action")


@transaction.atomic
def clock_set_remaining(
    *, round_: Round, seconds: object, by: By = None, now: datetime | None = None
) -> ClockCorrection:
    """Correct the clock: the remaining time becomes ``seconds`` (0 calls time now)."""
    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise ServiceError(
            gettext("seconds must be a whole number"), code="invalid", field="seconds"
        )
    if not 0 <= seconds <= MAX_REMAINING:
        raise ServiceError(
            gettext("seconds must be between 0 and %(max)s") % {"max": MAX_REMAINING},
            code="invalid",
            field="seconds",
        )
    _lock(round_)
    row = ClockCorrection.objects.create(
        round=round_, at=now or timezone.now(), seconds=seconds, by=recorded(by)
    )
    _changed(round_)
    _tell_teams(round_)
    return row


def _played(match: Match) -> None:
    if match.table is None or match.team_b_id is None:
        raise ServiceError(gettext("A bye has no clock."), code="bye")


@transaction.atomic
def extension_give(
    *,
    match: Match,
    minutes: object,
    reason: object,
    began_at: datetime | None = None,
    by: By = None,
    now: datetime | None = None,
) -> Extension:
    """A judge's time extension for one table (MTR 2.6): positive whole minutes and a reason.

    Once time is called at the table (docs/rules.md "Time extensions"; issue 23) an extension
    gives back only time the table lost before the call: ``began_at`` says when the pause (the
    ruling, the deck check) began; it must be before the call, the extension is dated then, and
    it is at most the pause's minutes so far (plus 3 for a deck check, MTR 2.6). Without it, or
    once the additional turns have begun, the extension is refused (409) and nothing is
    stored: a full extension then would send the table back to timed play for time it never
    lost."""
    _played(match)
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise ServiceError(
            gettext("minutes must be a whole number"), code="invalid", field="minutes"
        )
    if not 1 <= minutes <= MAX_EXTENSION:
        raise ServiceError(
            gettext("an extension is 1 to %(max)s minutes") % {"max": MAX_EXTENSION},
            code="invalid",
            field="minutes",
        )
    reasons = [r for r, _ in EXTENSION_REASONS]
    if reason not in reasons:
        raise ServiceError(
            "reason must be one of " + ", ".join(reasons), code="invalid", field="reason"
        )
    _lock(match.round)
    now = now or timezone.now()
    given_at = _extension_date(match, minutes, str(reason), began_at, now)
    row = Extension.objects.create(
        match=match,
        minutes=minutes,
        reason=str(reason),
        given_at=given_at,
        by=recorded(by),
    )
    clock_changed.fire(_of_table(match))
    return row


def _extension_date(
    match: Match, minutes: int, reason: str, began_at: datetime | None, now: datetime
) -> datetime:
    """When an extension counts from: now before time is called; once it is called, when its
    pause began, which must be before the call (see extension_give)."""
    state = clock_selectors.states_of(clock_selectors.round_tables(match.round, [match]), now).get(
        match.pk
    )
    called = state.time_called_at if state is not None else None
    if state is None or called is None:
        return now
    words = {"table": match.table}
    if state.phase != "finishing_turn":
        raise Conflict(
            gettext(
                "Table %(table)s is in its additional turns: they are not timed, so an extension"
                " changes nothing (MTR 2.4). Nothing was recorded."
            )
            % words,
            code="additional_turns",
        )
    if began_at is None:
        raise Conflict(
            gettext(
                "Time has been called at table %(table)s: an extension gives back only time lost"
                " before the call. Say when the pause began (MTR 2.4, 2.6)."
            )
            % words,
            code="time_called",
        )
    if began_at >= called or began_at > now:
        raise Conflict(
            gettext(
                "The pause at table %(table)s began after time was called: the table lost no"
                " time before the call, so there is nothing to give back (MTR 2.4, 2.6)."
            )
            % words,
            code="time_called",
        )
    most = math.ceil((now - began_at).total_seconds() / 60)
    if reason == "deck_check":
        most += 3  # MTR 2.6: the check's duration plus 3 minutes
    if minutes > most:
        raise Conflict(
            ngettext(
                "The pause at table %(table)s can give back at most %(most)s minute, the time it"
                " has lasted (MTR 2.6).",
                "The pause at table %(table)s can give back at most %(most)s minutes, the time it"
                " has lasted (MTR 2.6; 3 more for a deck check).",
                most,
            )
            % {**words, "most": most},
            code="beyond_the_pause",
        )
    return began_at


@transaction.atomic
def passing_at_time_set(
    *, match: Match, passing: bool, by: By = None, now: datetime | None = None
) -> TableClock:
    """A judge records whether the active team had announced passing when time was called."""
    _played(match)
    _lock(match.round)
    row, _ = TableClock.objects.get_or_create(match=match)
    row.passing_at_time = passing
    row.passing_set_at = now or timezone.now()
    row.passing_set_by = recorded(by)
    row.save(update_fields=["passing_at_time", "passing_set_at", "passing_set_by"])
    clock_changed.fire(_of_table(match))
    return row


def turn_passed(
    *, match: Match, next_active: int | None = None, by: By = None, client_id: str | None = None
) -> tracker_services.Added:
    """The judge's "turn passed" button: a tracker ``pass_turn`` event (one source of turns),
    ``next_active`` the team taking the next turn (None: the other team; the same team for an
    extra turn from a card). The tracker's own transaction and lock."""
    _played(match)
    if next_active is not None and next_active not in (match.team_a_id, match.team_b_id):
        raise ServiceError(
            gettext("next_active must be one of the match's teams"),
            code="invalid",
            field="next_active",
        )
    data: dict[str, object] = {"type": "pass_turn"}
    if next_active is not None:
        data["team"] = next_active
    added = tracker_services.game_add_event(
        match=match,
        data=data,
        client_id=client_id or f"judge-{uuid.uuid4().hex}",
        by_user=by,
    )
    clock_changed.fire(_of_table(match))
    return added


@dataclass(frozen=True)
class Marked:
    round_called: bool
    tables_called: tuple[int, ...]


@transaction.atomic
def clock_mark_due(*, round_: Round, now: datetime | None = None) -> Marked:
    """Mark time called for the round and for extended tables whose time is due, once each, and
    fire core.events.time_called for each. Harmless twice or late: what is marked stays."""
    clock = _lock(round_)
    now = now or timezone.now()
    tables = clock_selectors.round_tables(round_)
    round_called = False
    state = clock_selectors.round_state(tables.round, now)
    if state.status == "time_called" and clock.time_called_marked_at is None:
        clock.time_called_marked_at = now
        clock.save(update_fields=["time_called_marked_at"])
        events.time_called.fire(events.TimeCalled(round_.event_id, round_.pk))
        round_called = True
    states = clock_selectors.states_of(tables, now)
    due = [pk for pk, s in states.items() if s.extension_minutes and s.time_called_at is not None]
    marked = set(
        TableClock.objects.filter(
            match_id__in=due, time_called_marked_at__isnull=False
        ).values_list("match_id", flat=True)
    )
    called = tuple(pk for pk in due if pk not in marked)
    _mark_tables(called, now)
    for pk in called:
        teams = tuple(int(t) for t in states[pk].teams)
        events.time_called.fire(events.TimeCalled(round_.event_id, round_.pk, pk, teams))
    if round_called or called:
        _changed(round_)
    return Marked(round_called, called)


def _mark_tables(called: Sequence[int], now: datetime) -> None:
    """Time called marked on these tables' rows in a few queries, whatever their number: the
    rows that exist updated at once, the others created at once."""
    if not called:
        return
    existing = set(
        TableClock.objects.filter(match_id__in=called).values_list("match_id", flat=True)
    )
    TableClock.objects.filter(match_id__in=existing).update(time_called_marked_at=now)
    TableClock.objects.bulk_create(
        [TableClock(match_id=pk, time_called_marked_at=now) for pk in called if pk not in existing],
        batch_size=500,
    )


def _due_tables(tables: Iterable[tuple[int, TableState]]) -> list[int]:
    return [pk for pk, s in tables if s.extension_minutes and s.time_called_at is not None]


def clock_mark_if_due(
    round_: Round,
    state: RoundState,
    tables: Iterable[tuple[int, TableState]] = (),
    marked: frozenset[int] | None = None,
) -> bool:
    """The embedded default (no worker): after a change of the clock has committed
    (judging.tasks.schedule), mark at once, through ``clock_mark_due``, a time call that is
    already due but not yet marked (a clock started, corrected or extended past its end); a
    deadline still ahead is marked by the task scheduled for it. Never called by a read: reads
    compute time called from the facts. ``state`` and ``tables`` are what the caller computed;
    nothing is queried when they say nothing is due. Inside a transaction the marking waits for
    its commit. ``marked``: the tables known marked (as round_tables read them), so asking costs
    no query. True when marking ran or was queued for the commit."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        return False  # a worker's periodic sweep (judging.clock_sweep) marks it
    round_due = state.status == "time_called"
    due = _due_tables(tables)
    if not round_due and not due:
        return False
    if not clock_selectors.unmarked(round_, round_due=round_due, tables=due, marked=marked):
        return False

    def mark() -> None:
        try:
            clock_mark_due(round_=round_)
        except Exception:  # the clock's change stands; the periodic sweep marks it later
            log.warning("could not mark time called for round %s", round_.pk, exc_info=True)

    if connection.in_atomic_block:
        transaction.on_commit(mark)
    else:
        mark()
    return True
