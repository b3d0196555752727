"""The round clock (MTR 2.4, App. B; docs/rules.md "End of round (MTR 2.4) and extensions"):
start, pauses and ``set_remaining`` corrections in, status and remaining time out.

Part of ``judging.domain.clock``, whose docstring holds the glossary and the decisions; import
from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

RoundStatus = Literal["not_started", "running", "paused", "time_called"]
Stage = Literal["swiss", "top_cut"]

_SECOND = timedelta(seconds=1)
_Interval = tuple[datetime, datetime | None]


class ClockError(ValueError):
    """A fact or a request the clock rules do not allow."""


@dataclass(frozen=True, slots=True)
class Pause:
    """The organizer paused the round at ``paused_at``; ``resumed_at`` None: still paused."""

    paused_at: datetime
    resumed_at: datetime | None = None

    def __post_init__(self) -> None:
        if self.resumed_at is not None and self.resumed_at < self.paused_at:
            raise ClockError("a pause cannot end before it begins")


@dataclass(frozen=True, slots=True)
class Correction:
    """``set_remaining``: at ``at`` the remaining round time becomes ``remaining``."""

    at: datetime
    remaining: timedelta

    def __post_init__(self) -> None:
        if self.remaining < timedelta(0):
            raise ClockError("the remaining time cannot be negative")

    @classmethod
    def seconds(cls, at: datetime, seconds: int) -> Correction:
        """The API's form: ``{action: set_remaining, seconds}``."""
        return cls(at, timedelta(seconds=seconds))


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """What is stored about a round's clock. ``length`` None: no time limit (a final, MTR
    App. B); a correction can still set one."""

    started_at: datetime | None
    length: timedelta | None
    pauses: tuple[Pause, ...] = ()
    corrections: tuple[Correction, ...] = ()


@dataclass(frozen=True, slots=True)
class TimeLimits:
    """The event's round lengths in minutes; None: no time limit (MTR App. B)."""

    round_minutes: int | None = 60  # Tandem's default for 2HG; MTR App. B recommends 50
    playoff_minutes: int | None = 90  # quarter- and semifinals, MTR App. B
    final_minutes: int | None = None  # the final, MTR App. B

    def __post_init__(self) -> None:
        for minutes in (self.round_minutes, self.playoff_minutes, self.final_minutes):
            if minutes is not None and minutes <= 0:
                raise ClockError("a round length is a positive number of minutes")


@dataclass(frozen=True, slots=True)
class RoundState:
    """The API's clock: ``ends_at`` is None while paused or not started (and with no time
    limit), the moment time was called once it was; ``remaining_seconds`` is never negative and
    None with no time limit."""

    status: RoundStatus
    ends_at: datetime | None
    remaining_seconds: int | None
    time_called_at: datetime | None


def round_length_for(stage: Stage, is_final: bool, limits: TimeLimits) -> timedelta | None:
    """The length of a round (MTR App. B; docs/rules.md "End of round"): Swiss rounds
    ``round_minutes``; playoff rounds ``playoff_minutes`` (90 by default); the final
    ``final_minutes`` (no limit by default). None: no time limit."""
    if stage == "swiss":
        minutes = limits.round_minutes
    elif is_final:
        minutes = limits.final_minutes
    else:
        minutes = limits.playoff_minutes
    return None if minutes is None else timedelta(minutes=minutes)


def ceil_div(a: timedelta, b: timedelta) -> int:
    return -(-a // b)


@dataclass(frozen=True, slots=True)
class RunningClock:
    """The round's running time as known at ``now``: running segments of wall time, the last
    one open-ended unless the round is paused."""

    start: datetime
    segments: tuple[_Interval, ...]
    deadline: timedelta | None  # running time at which the round's time is called
    not_before: datetime  # time is not called before this (the latest correction)

    @property
    def paused(self) -> bool:
        return self.segments[-1][1] is not None

    def elapsed(self, t: datetime) -> timedelta:
        total = timedelta(0)
        for a, b in self.segments:
            if t <= a:
                break
            total += (t if b is None else min(b, t)) - a
        return total

    def reaching(self, x: timedelta) -> datetime | None:
        """The first moment not before ``not_before`` at which the running time is at least
        ``x``; None if it is not reached before the round is resumed."""
        run = self.elapsed(self.not_before)
        if run >= x:
            return self.not_before
        for a, b in self.segments:
            a = max(a, self.not_before)
            if b is not None and b <= a:
                continue
            run = self.elapsed(a)
            if b is None or run + (b - a) >= x:
                return a + (x - run)
        return None


def _latest(corrections: tuple[Correction, ...], now: datetime) -> Correction | None:
    """The correction in force at ``now``: the latest; of two at one moment, the one given last."""
    known = [(c.at, i, c) for i, c in enumerate(corrections) if c.at <= now]
    return max(known, key=lambda t: (t[0], t[1]))[2] if known else None


def _pauses(facts: RoundFacts, start: datetime, now: datetime) -> list[_Interval]:
    """The pauses known at ``now``, clipped to the start, overlaps merged, in order; the last
    one open-ended when the round is paused at ``now``."""
    merged: list[_Interval] = []
    for pause in sorted(facts.pauses, key=lambda p: p.paused_at):
        if pause.paused_at > now:
            continue
        end = pause.resumed_at if pause.resumed_at is not None and pause.resumed_at <= now else None
        if end is not None and end <= start:
            continue
        begin = max(pause.paused_at, start)
        if merged and (merged[-1][1] is None or begin <= merged[-1][1]):
            last_begin, last_end = merged[-1]
            merged[-1] = (
                last_begin,
                None if end is None or last_end is None else max(end, last_end),
            )
        else:
            merged.append((begin, end))
    return merged


def running_clock(facts: RoundFacts, now: datetime) -> RunningClock | None:
    """The round's running time as known at ``now``; None before the round starts."""
    start = facts.started_at
    if start is None or start > now:
        return None
    segments: list[_Interval] = []
    cursor: datetime | None = start
    for begin, end in _pauses(facts, start, now):
        if cursor is None:
            break
        segments.append((cursor, begin))
        cursor = end
    if cursor is not None:
        segments.append((cursor, None))
    clock = RunningClock(start, tuple(segments), facts.length, start)
    last = _latest(facts.corrections, now)
    if last is None:
        return clock
    at = max(last.at, start)
    return RunningClock(start, clock.segments, clock.elapsed(at) + last.remaining, at)


def round_state(facts: RoundFacts, now: datetime) -> RoundState:
    """The round's clock at ``now`` (docs/api.md "Clock")."""
    return state_of(facts, running_clock(facts, now), now)


def state_of(facts: RoundFacts, clock: RunningClock | None, now: datetime) -> RoundState:
    """``round_state`` from a running clock already worked out."""
    if clock is None:
        last = _latest(facts.corrections, now)
        length = facts.length if last is None else last.remaining
        remaining = None if length is None else ceil_div(length, _SECOND)
        return RoundState("not_started", None, remaining, None)
    if clock.deadline is None:
        return RoundState("paused" if clock.paused else "running", None, None, None)
    called = clock.reaching(clock.deadline)
    if called is not None and called <= now:
        return RoundState("time_called", called, 0, called)
    remaining = ceil_div(clock.deadline - clock.elapsed(now), _SECOND)
    if clock.paused:
        return RoundState("paused", None, remaining, None)
    return RoundState("running", called, remaining, None)
