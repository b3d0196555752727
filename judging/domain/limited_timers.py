"""The Limited timers of a 2HG day: the draft's picks and reviews, pool registration and deck
construction (MTR App. B, 7.5, 7.7, 9.7; docs/rules.md "Limited 2HG", "Limited timers").

Each timer is the round clock's facts (``RoundFacts``: a start, pauses, ``set_remaining``
corrections) over a fixed length, and reuses the round clock's arithmetic
(``judging.domain.clock_round``): nothing counts down, every state is computed at ``now``.

Notes on terminology
--------------------
timer kind
    ``draft`` (the picks and reviews of one 2HG Booster Draft), ``registration`` (2HG Sealed pool
    registration, 20 minutes) or ``construction`` (deck construction and registration: Sealed 60
    minutes, 75 on a set's release weekend; Draft 40 minutes). MTR App. B.
step
    One timed stretch of the draft: a pick (the team takes 2 cards, MTR 9.7) or the review between
    two packs. A pick's time depends on the cards left in the pack (MTR App. B, "Two-Headed Giant
    Draft Timing"); the last pick of a pack (1 card of a 15-card booster, 2 of a 14-card one) is
    untimed ("N/A") and takes no time here.
position
    How far into the timer's length the running time is: the length minus the remaining time. A
    draft's correction "go to pack p, pick k" is a ``set_remaining`` to the length minus the offset
    of that step, so the round clock's rules (latest correction wins, pauses stop it) apply as they
    are.
warning
    The last 5 minutes of a registration or construction timer (announced on the projector).
time
    Remaining 0: the timer's status is ``time_called``; for construction the judges then see the
    teams whose decklists are still missing (the service's selector).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from judging.domain.clock_round import (
    ClockError,
    RoundFacts,
    RoundStatus,
    ceil_div,
    running_clock,
    state_of,
)
from pairing.domain.pod_seats import pass_direction  # one rule for the timer and the pod tables

TimerKind = Literal["draft", "registration", "construction"]
TIMER_KINDS: tuple[TimerKind, ...] = ("draft", "registration", "construction")
StepKind = Literal["pick", "review"]

# MTR App. B, "Two-Headed Giant Draft Timing": seconds per pick by the cards left in the pack
# (15-card and 14-card boosters share a row: 15/14, 13/12, ... 3/-; the last 1 or 2 are N/A).
PICK_SECONDS: dict[int, int] = {
    15: 50,
    14: 50,
    13: 45,
    12: 45,
    11: 40,
    10: 40,
    9: 30,
    8: 30,
    7: 20,
    6: 20,
    5: 10,
    4: 10,
    3: 5,
}
REVIEW_SECONDS = 60  # "60 seconds to review their drafted cards in between booster packs"
CARDS_PER_PICK = 2  # MTR 9.7: each team takes two cards, then passes
PACKS_PER_TEAM = 6  # MTR 9.6, App. D: six boosters per team
PACK_SIZES = (14, 15)  # the sizes MTR App. B's 2HG table has a column for
MAX_PACKS = 12

SEALED_REGISTRATION_MINUTES = 20  # MTR App. B, Two-Headed Giant Sealed Deck
SEALED_CONSTRUCTION_MINUTES = 60
RELEASE_WEEKEND_MINUTES = 15  # added to Sealed construction on a set's release weekend
DRAFT_CONSTRUCTION_MINUTES = (
    40  # MTR App. B, Two-Headed Giant Draft (construction and registration)
)
WARNING = timedelta(minutes=5)

_SECOND = timedelta(seconds=1)


@dataclass(frozen=True, slots=True)
class Step:
    """One pick or review of the draft; ``offset`` is its start on the draft's running time, in
    seconds. A pick's ``cards`` are the cards in the pack when the team picks."""

    kind: StepKind
    pack: int
    pick: int
    cards: int
    seconds: int
    offset: int

    @property
    def direction(self) -> str:
        """The pack's passing direction: left for odd packs, right for even (MTR 7.7, 9.7)."""
        return pass_direction(self.pack)


def picks_of_pack(pack_size: int) -> list[tuple[int, int]]:
    """(cards in the pack, seconds) for each pick of one pack, the untimed last pick with 0."""
    if pack_size not in PACK_SIZES:
        raise ClockError("MTR App. B times 2HG picks for 14- and 15-card boosters only")
    return [(cards, PICK_SECONDS.get(cards, 0)) for cards in range(pack_size, 0, -CARDS_PER_PICK)]


def draft_schedule(packs: int = PACKS_PER_TEAM, pack_size: int = 15) -> tuple[Step, ...]:
    """Every step of a 2HG draft in order: each pack's picks, and a review between two packs
    (none after the last: deck construction follows)."""
    if not 1 <= packs <= MAX_PACKS:
        raise ClockError(f"a draft has 1 to {MAX_PACKS} packs")
    steps: list[Step] = []
    offset = 0
    for pack in range(1, packs + 1):
        for number, (cards, seconds) in enumerate(picks_of_pack(pack_size), start=1):
            steps.append(Step("pick", pack, number, cards, seconds, offset))
            offset += seconds
        if pack < packs:
            steps.append(Step("review", pack, 0, 0, REVIEW_SECONDS, offset))
            offset += REVIEW_SECONDS
    return tuple(steps)


def schedule_length(steps: tuple[Step, ...]) -> timedelta:
    last = steps[-1]
    return timedelta(seconds=last.offset + last.seconds)


def step_offset(steps: tuple[Step, ...], pack: int, pick: int) -> int:
    """The offset of pack ``pack``'s pick ``pick`` (pick 0: the review after that pack), for a
    correction "the draft is at this pick now"."""
    for step in steps:
        if step.pack == pack and step.pick == pick and step.seconds > 0:
            return step.offset
    raise ClockError("no timed pick or review with that number in this draft")


def build_minutes(kind: TimerKind, structure: str, release_weekend: bool = False) -> int:
    """The length of a registration or construction timer (MTR App. B)."""
    if kind == "registration":
        if structure != "sealed":
            raise ClockError("pool registration is timed in Sealed events only")
        return SEALED_REGISTRATION_MINUTES
    if kind != "construction":
        raise ClockError("a draft is timed by its picks, not by minutes")
    if structure == "sealed":
        return SEALED_CONSTRUCTION_MINUTES + (RELEASE_WEEKEND_MINUTES if release_weekend else 0)
    if structure == "draft":
        return DRAFT_CONSTRUCTION_MINUTES
    raise ClockError("deck construction is timed in Limited events only")


@dataclass(frozen=True, slots=True)
class TimerState:
    """A timer at ``now``: the round clock's status and remaining seconds (the whole timer), the
    5-minute warning and, for a draft, the current step with its own remaining seconds and end."""

    status: RoundStatus
    remaining_seconds: int
    ends_at: datetime | None
    warning: bool
    step: Step | None = None
    step_remaining: int | None = None
    step_ends_at: datetime | None = None
    next_step: Step | None = None


def _current(steps: tuple[Step, ...], position: timedelta) -> int:
    """The index of the timed step running at ``position``."""
    seconds = position / _SECOND
    timed = [i for i, s in enumerate(steps) if s.seconds > 0]
    for i in timed:
        if seconds < steps[i].offset + steps[i].seconds:
            return i
    return timed[-1]


def timer_state(
    facts: RoundFacts, now: datetime, steps: tuple[Step, ...] | None = None
) -> TimerState:
    """The timer at ``now``; ``steps`` for a draft (its length is then the schedule's)."""
    if facts.length is None:
        raise ClockError("a Limited timer has a length")
    clock = running_clock(facts, now)
    state = state_of(facts, clock, now)
    remaining = state.remaining_seconds or 0
    warning = state.status in ("running", "paused") and remaining * _SECOND <= WARNING
    base = TimerState(state.status, remaining, state.ends_at, warning)
    if steps is None:
        return base
    if state.status == "time_called":
        return TimerState(state.status, 0, state.ends_at, False, None, 0)
    if clock is None or clock.deadline is None:
        left = facts.length if state.remaining_seconds is None else remaining * _SECOND
    else:
        left = clock.deadline - clock.elapsed(now)
    position = max(timedelta(0), facts.length - left)
    index = _current(steps, position)
    step = steps[index]
    step_left = timedelta(seconds=step.offset + step.seconds) - position
    if position == timedelta(0) and left > facts.length:
        step_left += left - facts.length  # a correction gave more than the whole draft
    step_remaining = ceil_div(step_left, _SECOND)
    step_ends = now + step_left if state.status == "running" else None
    following = next((s for s in steps[index + 1 :] if s.seconds > 0), None)
    return TimerState(
        state.status, remaining, state.ends_at, False, step, step_remaining, step_ends, following
    )
