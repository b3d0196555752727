"""A table's time and its end-of-round procedure (MTR 2.4, 2.6; IPG 3.1, 3.3; docs/rules.md
"End of round (MTR 2.4) and extensions", "Penalties").

Part of ``judging.domain.clock``, whose docstring holds the glossary and the decisions; import
from there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from operator import attrgetter
from typing import Literal

from judging.domain.clock_round import (
    ClockError,
    RoundFacts,
    RoundState,
    RoundStatus,
    RunningClock,
    ceil_div,
    round_state,
    running_clock,
    state_of,
)

TeamId = int
Phase = Literal["playing", "finishing_turn", "extra_turns", "between_games", "over"]
Ending = Literal["result", "draw", "life", "sudden_death"]
Rel = Literal["regular", "competitive", "professional"]
ExtensionReason = Literal[
    "ruling", "deck_check", "feature_match", "tardiness", "permitted_delay", "other"
]

_SECOND = timedelta(seconds=1)
_MINUTE = timedelta(minutes=1)

#: Additional team turns after turn 0 in 2HG (MTR 2.4; five in individual play).
ADDITIONAL_TURNS = 3
#: Additional turns added by a Slow Play penalty (IPG 3.3; MTR 2.6).
SLOW_PLAY_TURNS = 2
#: Deck check: its duration plus this (MTR 2.6).
DECK_CHECK_BONUS = timedelta(minutes=3)
#: Feature match: this plus the round time elapsed when the players sat down (MTR 2.6).
FEATURE_MATCH_BONUS = timedelta(minutes=3)
#: A judge's pause longer than this earns an extension (MTR 2.6).
PAUSE_THRESHOLD = timedelta(minutes=1)
#: Beyond this, Tardiness or a permitted delay is a Match Loss, not an extension (IPG 3.1).
DELAY_LIMIT = timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """A team passed the turn at ``at``; ``next_active`` takes the next turn (None: the other
    team; the same team for an extra turn from a card, CR 810.2)."""

    at: datetime
    next_active: TeamId | None = None


@dataclass(frozen=True, slots=True)
class ActiveTeamSet:
    """From ``at`` on, ``team`` is active (a play/draw choice, a judge's correction); not a
    turn."""

    at: datetime
    team: TeamId


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The current game ended at ``at``: ``won`` ends the match (the first game won decides a
    2HG match, MTR 9.1); ``drawn`` leaves the match to another game."""

    at: datetime
    outcome: Literal["won", "drawn"]


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A new game began at ``at`` (after a drawn game); ``first_active`` plays first if known.
    The first game needs no such fact: it begins with the round."""

    at: datetime
    first_active: TeamId | None = None


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """The match has a result recorded at ``at`` by other means (reported result, intentional
    draw, concession, Match Loss)."""

    at: datetime


TableEvent = TurnPassed | ActiveTeamSet | GameEnded | GameStarted | MatchEnded


@dataclass(frozen=True, slots=True)
class Extension:
    """A judge's time extension for one table (MTR 2.6; IPG 3.1): whole minutes, positive."""

    minutes: int
    reason: ExtensionReason
    given_at: datetime

    def __post_init__(self) -> None:
        if self.minutes <= 0:
            raise ClockError("an extension is a positive number of minutes")


@dataclass(frozen=True, slots=True)
class SlowPlay:
    """A Slow Play penalty to a player of this table, given at ``given_at`` (IPG 3.3)."""

    given_at: datetime


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What is stored about one table of a round, plus the event settings that apply to it.

    ``events`` in the order they were recorded (sorted here by ``at``, ties keeping that
    order). ``life`` are the teams' current life totals in the order of ``teams`` (playoffs
    only). ``turn_zero_is_additional``: the head judge's setting "a Slow Play Warning during
    turn 0 counts as given in additional turns".
    """

    table: int
    teams: tuple[TeamId, TeamId]
    round: RoundFacts
    first_active: TeamId | None = None
    events: tuple[TableEvent, ...] = ()
    extensions: tuple[Extension, ...] = ()
    slow_play: tuple[SlowPlay, ...] = ()
    passing_at_time: bool = False
    playoff: bool = False
    life: tuple[int, int] | None = None
    rel: Rel = "competitive"
    turn_zero_is_additional: bool = False


@dataclass(frozen=True, slots=True)
class TableState:
    """One table at ``now``; the fields of the API's ``time`` block and what the floor view
    shows.

    ``turn`` is 0 for the finishing turn and k for additional turn k, None outside them.
    ``extra_turn`` is ``turn`` during ``extra_turns`` only. ``ending`` says why the table is
    ``over`` (``sudden_death``: a playoff where play goes on under the added state-based
    action). ``winner`` is the team with the highest life total when ``ending`` is ``life``.
    """

    table: int
    teams: tuple[TeamId, TeamId]
    phase: Phase
    ending: Ending | None
    winner: TeamId | None
    round_status: RoundStatus
    paused: bool
    extension_minutes: int
    time_called_at: datetime | None
    ends_at: datetime | None
    remaining_seconds: int | None
    turn: int | None
    extra_turn: int | None
    extra_turns_total: int
    active_team: TeamId | None
    extensions_not_applied: tuple[Extension, ...] = ()
    slow_play_without_turns: tuple[SlowPlay, ...] = ()
    passing_at_time: bool = False  # a judge recorded that the active team was passing at time

    @property
    def turns_left(self) -> int | None:
        """Additional turns still to begin after the current one; None outside the procedure."""
        if self.turn is None:
            return None
        return self.extra_turns_total - self.turn


def standard_extension(reason: ExtensionReason, duration: timedelta) -> int:
    """The standard extension in whole minutes, rounded up; 0 when none is due.

    ``duration`` is, by reason (docs/rules.md "Time extensions"):

    - ``ruling``: the time a judge paused the match; over a minute earns that time (MTR 2.6);
    - ``deck_check``: the time the check took; plus 3 minutes (MTR 2.6);
    - ``feature_match``: the round time elapsed when the players sat down; plus 3 minutes
      (MTR 2.6);
    - ``tardiness``: the time the player was late (IPG 3.1);
    - ``permitted_delay``: the time taken (replacement cards, a short absence; IPG 3.1);
    - ``other``: the time to give.

    Tardiness or a permitted delay over 10 minutes is a Match Loss (IPG 3.1): ClockError.
    """
    if duration < timedelta(0):
        raise ClockError("a duration cannot be negative")
    if reason in ("tardiness", "permitted_delay") and duration > DELAY_LIMIT:
        raise ClockError("beyond 10 minutes this is a Match Loss (IPG 3.1), not an extension")
    if reason == "ruling" and duration <= PAUSE_THRESHOLD:
        return 0
    if reason == "deck_check":
        duration += DECK_CHECK_BONUS
    elif reason == "feature_match":
        duration += FEATURE_MATCH_BONUS
    return ceil_div(duration, _MINUTE)


# ---------------------------------------------------------------------------------------------
# A table


def _sorted_events(facts: TableFacts, now: datetime) -> list[TableEvent]:
    """The events known at ``now`` by time; the sort is stable, so ties keep their order."""
    return sorted((e for e in facts.events if e.at <= now), key=attrgetter("at"))


def _passed_between(events: list[TableEvent], after: datetime, until: datetime) -> bool:
    """Whether a turn was passed after ``after`` up to ``until``: additional turns have begun."""
    return any(isinstance(e, TurnPassed) and after < e.at <= until for e in events)


@dataclass(slots=True)
class _Walk:
    """The game replayed over the table's events."""

    teams: tuple[TeamId, TeamId]
    active: TeamId | None
    in_game: bool = True

    def other(self, team: TeamId | None) -> TeamId | None:
        if team == self.teams[0]:
            return self.teams[1]
        if team == self.teams[1]:
            return self.teams[0]
        return None

    def pass_turn(self, event: TurnPassed) -> None:
        nxt = event.next_active
        self.active = nxt if nxt is not None else self.other(self.active)

    def apply(self, event: TableEvent) -> None:
        """Apply one event before time is called."""
        if isinstance(event, TurnPassed):
            if self.in_game:
                self.pass_turn(event)
        elif isinstance(event, ActiveTeamSet):
            self.active = event.team
        elif isinstance(event, GameStarted):
            self.in_game = True
            self.active = event.first_active
        elif isinstance(event, GameEnded):
            self.in_game = False


@dataclass(frozen=True, slots=True)
class _Procedure:
    phase: Phase
    ending: Ending | None = None
    winner: TeamId | None = None
    turn: int | None = None
    active: TeamId | None = None


def _by_life(facts: TableFacts, active: TeamId | None) -> _Procedure:
    """Playoffs: no draw (MTR 2.4). The team with the highest life total wins; on equal totals
    play continues under the added state-based action."""
    if facts.life is None:
        return _Procedure("over", "life")
    a, b = facts.life
    if a == b:
        return _Procedure("over", "sudden_death", active=active)
    return _Procedure("over", "life", winner=facts.teams[0] if a > b else facts.teams[1])


def _procedure(
    facts: TableFacts, events: list[TableEvent], called: datetime, total: int
) -> _Procedure:
    """The end-of-round procedure at a table whose time was called at ``called`` (MTR 2.4)."""
    walk = _Walk(facts.teams, facts.first_active)
    after: list[TableEvent] = []
    for event in events:
        if event.at <= called:
            walk.apply(event)
        else:
            after.append(event)
    mode: Literal["turns", "between", "sudden"] = "turns" if walk.in_game else "between"
    announced: TeamId | None = None  # passing at time: the team whose pass the flag stands for
    if mode == "turns" and facts.passing_at_time:
        announced = walk.active
        walk.active = walk.other(walk.active)  # that pass was turn 0's start (MTR 2.4)
    turn = 0
    for event in after:
        if announced is not None and isinstance(event, TurnPassed) and mode == "turns":
            # The first pass recorded after time: the announced pass itself (the phones
            # record it, the judge's flag says it was announced), counted once whatever the
            # order of the two entries; unless it names the announcing team as the next one,
            # which is the end of turn 0.
            first, announced = announced, None
            if event.next_active is None or event.next_active != first:
                continue
        if isinstance(event, ActiveTeamSet):
            walk.active = event.team
        elif mode == "between":
            if isinstance(event, GameStarted) and facts.playoff:
                mode, walk.active = "sudden", event.first_active
        elif isinstance(event, GameEnded):  # drawn: a result was handled by the caller
            mode = "between"
        elif isinstance(event, GameStarted):
            # A new game follows only a drawn one, whatever drew it (CR 104.4a): in Swiss the
            # match is a draw (no new game after time, MTR 2.4); in a playoff it is played
            # under the added state-based action.
            if not facts.playoff:
                return _Procedure("over", "draw")
            mode, walk.active = "sudden", event.first_active
        elif isinstance(event, TurnPassed):
            walk.pass_turn(event)
            if mode == "turns":
                turn += 1
                if turn > total:
                    if not facts.playoff:
                        return _Procedure("over", "draw")
                    mode = "sudden"
        if mode == "between" and not facts.playoff:
            return _Procedure("over", "draw")  # no new game after time in Swiss (MTR 2.4)
    if mode == "between":
        return _Procedure("over", "draw") if not facts.playoff else _Procedure("between_games")
    if mode == "sudden":
        return _by_life(facts, walk.active)
    phase: Phase = "finishing_turn" if turn == 0 else "extra_turns"
    return _Procedure(phase, turn=turn, active=walk.active)


def _active_before_time(facts: TableFacts, events: list[TableEvent]) -> TeamId | None:
    walk = _Walk(facts.teams, facts.first_active)
    for event in events:
        walk.apply(event)
    return walk.active


def table_state(facts: TableFacts, now: datetime) -> TableState:
    """The table at ``now``: playing, finishing turn, additional turn k of n, between games or
    over (MTR 2.4, 2.6; IPG 3.3; docs/rules.md "End of round (MTR 2.4) and extensions")."""
    return _table_state(facts, now, _RoundNow.of(facts.round, now))


def table_states(tables: Iterable[TableFacts], now: datetime) -> list[TableState]:
    """``table_state`` of many tables, each round's clock worked out once (a floor view)."""
    rounds: dict[int, _RoundNow] = {}
    states = []
    for facts in tables:
        known = rounds.get(id(facts.round))
        if known is None:
            known = rounds[id(facts.round)] = _RoundNow.of(facts.round, now)
        states.append(_table_state(facts, now, known))
    return states


@dataclass(slots=True)
class _RoundNow:
    """A round's clock at ``now``, worked out once for all its tables: its state, the running
    time at ``now`` and, by minutes of extension, when time is called at a table with them
    (most tables share a few totals)."""

    clock: RunningClock | None
    state: RoundState
    elapsed: timedelta | None
    called: dict[int, datetime | None]

    @classmethod
    def of(cls, facts: RoundFacts, now: datetime) -> _RoundNow:
        clock = running_clock(facts, now)
        elapsed = None if clock is None else clock.elapsed(now)
        return cls(clock, state_of(facts, clock, now), elapsed, {})

    def table_called(self, minutes: int) -> datetime | None:
        """When time is called at a table with these minutes of extension applied (None: not
        foreseeable now)."""
        if minutes in self.called:
            return self.called[minutes]
        clock = self.clock
        if clock is None or clock.deadline is None:
            at = None
        else:
            at = clock.reaching(clock.deadline + timedelta(minutes=minutes))
        self.called[minutes] = at
        return at


def _decides(event: TableEvent) -> bool:
    return isinstance(event, MatchEnded) or (
        isinstance(event, GameEnded) and event.outcome == "won"
    )


def _table_state(facts: TableFacts, now: datetime, rn: _RoundNow) -> TableState:
    clock, rs = rn.clock, rn.state
    events = _sorted_events(facts, now) if facts.events else []
    decided = any(_decides(e) for e in events) if events else False

    # Extensions in the order given (MTR 2.6); see the module's decisions.
    extension_minutes = 0  # of the extensions applied
    refused: list[Extension] = []
    if facts.extensions:
        for extension in sorted(
            (e for e in facts.extensions if e.given_at <= now), key=lambda e: e.given_at
        ):
            t = rn.table_called(extension_minutes)
            if t is None or extension.given_at < t:
                extension_minutes += extension.minutes
            else:
                refused.append(extension)  # given once time was called: nothing to give back
    ends_at = rn.table_called(extension_minutes)
    called = ends_at if ends_at is not None and ends_at <= now else None

    # Slow Play (IPG 3.3): 2 turns, none once in additional turns, none at Regular REL (JAR).
    with_turns = 0
    without_turns: list[SlowPlay] = []
    for penalty in (
        sorted((p for p in facts.slow_play if p.given_at <= now), key=lambda p: p.given_at)
        if facts.slow_play
        else ()
    ):
        if facts.rel == "regular":
            adds = False
        elif called is None or penalty.given_at < called:
            adds = True
        elif _passed_between(events, called, penalty.given_at):
            adds = False
        else:
            adds = not facts.turn_zero_is_additional
        if adds:
            with_turns += 1
        else:
            without_turns.append(penalty)
    total = ADDITIONAL_TURNS + SLOW_PLAY_TURNS * with_turns

    remaining: int | None = None
    if called is not None:
        remaining = 0
    elif clock is not None and clock.deadline is not None:
        assert rn.elapsed is not None  # worked out with the clock
        left = clock.deadline + timedelta(minutes=extension_minutes) - rn.elapsed
        remaining = ceil_div(left, _SECOND)
    elif clock is None and rs.remaining_seconds is not None:
        remaining = rs.remaining_seconds + 60 * extension_minutes

    if decided:
        proc = _OVER_BY_RESULT
    elif called is None:
        active = _active_before_time(facts, events) if events else facts.first_active
        proc = _Procedure("playing", active=active)
    else:
        proc = _procedure(facts, events, called, total)
    # By position, in TableState's order: a floor view builds thousands, and the keywords of a
    # frozen dataclass's eighteen fields cost more than their values (2.4 µs a state against 1.6).
    return TableState(
        facts.table,
        facts.teams,
        proc.phase,
        proc.ending,
        proc.winner,
        rs.status,
        clock is not None and clock.paused,  # paused
        extension_minutes,
        called,  # time_called_at
        ends_at,
        remaining,  # remaining_seconds
        proc.turn,
        proc.turn if proc.phase == "extra_turns" else None,  # extra_turn
        total,  # extra_turns_total
        proc.active,  # active_team
        tuple(refused),  # extensions_not_applied
        tuple(without_turns),  # slow_play_without_turns
        facts.passing_at_time and called is not None,  # passing_at_time
    )


_OVER_BY_RESULT = _Procedure("over", "result")


def next_deadline(facts: RoundFacts | TableFacts, now: datetime) -> datetime | None:
    """When the state will next change by itself: the moment time is called for the round or
    the table, if it is still ahead; None while paused, not started, with no time limit or once
    time is called. A task scheduled for it must be harmless when it runs late or twice."""
    if isinstance(facts, RoundFacts):
        state = round_state(facts, now)
        return state.ends_at if state.status == "running" else None
    table = table_state(facts, now)
    if table.phase != "playing" or table.paused or table.ends_at is None:
        return None
    return table.ends_at if table.ends_at > now else None


def earliest_deadline(facts: Iterable[RoundFacts | TableFacts], now: datetime) -> datetime | None:
    """The first of the ``next_deadline`` of a round and its tables: when the round's task runs."""
    deadlines = [d for f in facts if (d := next_deadline(f, now)) is not None]
    return min(deadlines, default=None)
