"""Reads of the round clock: the stored facts of a round and its tables as
judging.domain.clock's ``RoundFacts`` and ``TableFacts``, and the states computed from them.

A whole round's tables are read in a fixed number of queries (the settings, the round's clock,
pauses, corrections, matches, extensions, table clocks, penalties, tracker events, and the
games' life totals in a playoff), whatever the number of tables.

Turns come from the tracker's log only (``pass_turn``, its ``team`` the next active team): the
judge's "turn passed" button writes a tracker event too. Undone events are dropped by the
tracker's rule (tracker.domain.game: an undo is in force unless a later undo in force cancels
it). How the current game stands is read from the game itself (the tracker's Game row: over,
won or drawn), whatever event ended it: a concession, a loss, life, a payment, poison,
proliferate or an effect (MTR 2.4; CR 104.4a, 810.8); a ``new_game`` says the game before it was
drawn (the tracker begins one only after a drawn game). A match with a result has ended.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from django.db.models import Case, F, Q, When
from django.utils import timezone

from judging.domain.clock import (
    DELAY_LIMIT,
    ActiveTeamSet,
    Correction,
    Extension,
    GameEnded,
    GameStarted,
    MatchEnded,
    Pause,
    RoundFacts,
    RoundState,
    SlowPlay,
    TableEvent,
    TableFacts,
    TableState,
    TimeLimits,
    TurnPassed,
    earliest_deadline,
    round_length_for,
    round_state,
    table_states,
)
from judging.models import (
    ClockCorrection,
    ClockPause,
    JudgingSettings,
    Penalty,
    RoundClock,
    TableClock,
)
from judging.models import (
    Extension as ExtensionRow,
)

# The lengths a round starts with are the event's judging settings, read as judging reads them.
from judging.selectors.settings import of as clock_settings
from pairing.models import Match, Round
from tournament.models import Event
from tracker.domain.game import Event as LogEvent
from tracker.domain.game import undone_by
from tracker.models import Game, GameEvent

SLOW_PLAY, TARDINESS = "TE-SP", "TE-T"
TABLE_EVENT_TYPES = (
    "pass_turn",
    "choose_play",
    "game_drawn",
    "new_game",
    "concede",
    "player_loses",
    "player_wins",
    "undo",
)


def time_limits(event: Event, settings: JudgingSettings) -> TimeLimits:
    return TimeLimits(event.round_minutes, settings.playoff_minutes, settings.final_minutes)


def is_final(round_: Round) -> bool:
    """A top-cut round with one match is the final."""
    if not round_.is_top_cut:
        return False
    return round_.matches.filter(table__isnull=False).count() == 1


def round_length(round_: Round, settings: JudgingSettings) -> timedelta | None:
    """The length a round starts with (MTR App. B; the event's settings)."""
    limits = time_limits(round_.event, settings)
    return round_length_for(round_.stage, is_final(round_), limits)  # type: ignore[arg-type]  # the model's stage choices are the domain's Stage literals


def round_facts(round_: Round, settings: JudgingSettings | None = None) -> RoundFacts:
    """The round's clock facts; before the start, the length it would start with."""
    clock = RoundClock.objects.filter(round=round_).first()
    # Kept on the round object for this read: whether time called is already marked, so a read
    # after time was called need not ask again (time_called_marked).
    round_._time_called_marked = clock is not None and clock.time_called_marked_at is not None  # type: ignore[attr-defined]  # a per-read note on the instance (time_called_marked reads it)
    if clock is None or clock.started_at is None:
        length = round_length(round_, settings or clock_settings(round_.event))
        started = None
    else:
        seconds = clock.length_seconds
        length = None if seconds is None else timedelta(seconds=seconds)
        started = clock.started_at
    pauses = tuple(
        Pause(p.paused_at, p.resumed_at) for p in ClockPause.objects.filter(round=round_)
    )
    corrections = tuple(
        Correction.seconds(c.at, c.seconds) for c in ClockCorrection.objects.filter(round=round_)
    )
    return RoundFacts(started, length, pauses, corrections)


def clock_of(round_: Round, now: datetime | None = None) -> RoundState:
    return round_state(round_facts(round_), now or timezone.now())


def time_called_marked(round_: Round) -> bool:
    """Whether the round's time call is marked: as its clock facts were read on this round
    object (no query), else asked."""
    known = getattr(round_, "_time_called_marked", None)
    if known is not None:
        return bool(known)
    return RoundClock.objects.filter(round=round_, time_called_marked_at__isnull=False).exists()


def unmarked(
    round_: Round,
    *,
    round_due: bool,
    tables: Sequence[int] = (),
    marked: frozenset[int] | None = None,
) -> bool:
    """Whether time called is due but not yet marked: for the round (``round_due``) or for one
    of these extended tables (``marked``: the tables known marked, as round_tables read them;
    else one query)."""
    if round_due and not time_called_marked(round_):
        return True
    if not tables:
        return False
    if marked is not None:
        return not set(tables) <= marked
    rows = TableClock.objects.filter(match_id__in=tables, time_called_marked_at__isnull=False)
    return rows.count() < len(set(tables))


# --- tables ------------------------------------------------------------------------------------


class MatchRow(NamedTuple):
    """The columns of a match the clock reads: a floor view of a big round reads them as plain
    rows (building thousands of model instances costs more than the query)."""

    pk: int
    table: int | None
    team_a_id: int
    team_b_id: int | None
    result: str | None
    updated_at: datetime | None  # when the result was entered; None without one

    @classmethod
    def of_round(cls, round_: Round) -> list[MatchRow]:
        """The round's played tables (byes left out), by table."""
        # The time of the result only where there is one (a match's end, MatchEnded): the
        # others' timestamps would be read and converted for nothing.
        ended = Case(When(result__isnull=False, then=F("updated_at")), default=None)
        rows = (
            round_.matches.filter(table__isnull=False, team_b__isnull=False)
            .order_by("table")
            .annotate(ended=ended)
            .values_list("id", "table", "team_a_id", "team_b_id", "result", "ended")
        )
        return [cls(*row) for row in rows]


@dataclass(frozen=True)
class RoundTables:
    """A round's tables: the facts and the matches they were read from, by match id."""

    round: RoundFacts
    settings: JudgingSettings
    matches: dict[int, Match | MatchRow]
    facts: dict[int, TableFacts]
    marked: frozenset[int] = frozenset()  # tables whose time call is already marked


_Row = tuple[int, int, str, int | None, int | None, datetime]  # match, seq, type, team, amount, at


def _in_force(rows: list[_Row]) -> list[_Row]:
    """The log rows in force, undo rows dropped, by the tracker's own rule (undone_by)."""
    if not any(r[2] == "undo" for r in rows):
        return rows  # nothing undone: the common case, without building the log
    undone = undone_by(tuple(LogEvent(r[1], r[2], amount=r[4]) for r in rows))
    return [r for r in rows if r[1] not in undone and r[2] != "undo"]


def _table_event(row: _Row) -> TableEvent:
    _match, _seq, kind, team, _amount, at = row
    if kind == "pass_turn":
        return TurnPassed(at, team)
    if kind == "choose_play":
        return ActiveTeamSet(at, team)  # type: ignore[arg-type]  # a choose_play event always names its team (tracker.domain)
    if kind == "game_drawn":
        return GameEnded(at, "drawn")
    if kind == "new_game":
        return GameStarted(at)
    return GameEnded(at, "won")


def _events_by_match(scope: dict[str, Any]) -> dict[int, list[TableEvent]]:
    rows = (
        GameEvent.objects.filter(**scope, type__in=TABLE_EVENT_TYPES)
        .order_by("match_id", "seq")
        .values_list("match_id", "seq", "type", "team", "amount", "created_at")
    )
    grouped: dict[int, list[_Row]] = defaultdict(list)
    for row in rows:
        grouped[row[0]].append(row)
    return {m: [_table_event(r) for r in _in_force(rs)] for m, rs in grouped.items()}


def _penalty_facts(
    scope: dict[str, Any],
) -> tuple[dict[int, list[SlowPlay]], dict[int, list[Extension]]]:
    """Slow Play penalties and the extensions Tardiness gives (IPG 3.1, 3.3), by match id."""
    slow: dict[int, list[SlowPlay]] = defaultdict(list)
    late: dict[int, list[Extension]] = defaultdict(list)
    rows = (
        Penalty.objects.standing()
        .filter(**scope, infraction__in=(SLOW_PLAY, TARDINESS))
        .values("match_id", "infraction", "tardiness_minutes", "issued_at", "dropped_team")
    )
    limit = DELAY_LIMIT.total_seconds() / 60
    for row in rows:
        if row["infraction"] == SLOW_PLAY:
            slow[row["match_id"]].append(SlowPlay(row["issued_at"]))
            continue
        minutes = row["tardiness_minutes"]
        if minutes and not row["dropped_team"] and minutes <= limit:
            late[row["match_id"]].append(
                Extension(max(1, math.ceil(minutes)), "tardiness", row["issued_at"])
            )
    return slow, late


@dataclass(frozen=True)
class _GameNow:
    """How a table's current game stands, from the tracker's Game row: the teams' life totals
    (team A's, team B's) and, when it is over, how it ended and when (the row's last write:
    once a game is over only an undo or a new game is entered)."""

    life: tuple[int, int] | None
    ended: GameEnded | None


def _games(scope: dict[str, Any], matches: Iterable[Match | MatchRow]) -> dict[int, _GameNow]:
    """Each table's current game from its Game row's stored state (``core``: a few hundred
    bytes, not the cached log), by match id; one query."""
    teams = {m.pk: (m.team_a_id, m.team_b_id) for m in matches}
    out: dict[int, _GameNow] = {}
    rows = Game.objects.filter(**scope).values_list("match_id", "core", "updated_at")
    for match_id, core, updated_at in rows:
        if match_id not in teams or not core:
            continue
        life = {row[0]: row[1] for row in core.get("teams", [])}
        a, b = teams[match_id]
        ended = None
        if core.get("status") == "over":
            ended = GameEnded(updated_at, "drawn" if core.get("drawn") else "won")
        out[match_id] = _GameNow((life[a], life[b]) if a in life and b in life else None, ended)
    return out


def round_tables(
    round_: Round,
    matches: Sequence[Match] | Sequence[MatchRow] | None = None,
    *,
    whole_round: bool = False,
) -> RoundTables:
    """The facts of the given tables of the round (all of them when none are given, or with
    ``whole_round``), byes left out, in a fixed number of queries."""
    settings = clock_settings(round_.event)
    rf = round_facts(round_, settings)
    whole = matches is None or whole_round
    if matches is None:
        matches = list(round_.matches.filter(table__isnull=False).order_by("table"))
    played: dict[int, Match | MatchRow] = {
        m.pk: m for m in matches if m.table is not None and m.team_b_id is not None
    }
    # Facts of the round's matches asked for: the whole round for the floor view, one match
    # for a match's read (which must not read every table of a big round).
    scope: dict[str, Any] = {"match__round": round_} if whole else {"match_id__in": list(played)}
    extensions: dict[int, list[Extension]] = defaultdict(list)
    for e in ExtensionRow.objects.filter(**scope).values(
        "match_id", "minutes", "reason", "given_at"
    ):
        extensions[e["match_id"]].append(
            Extension(e["minutes"], e["reason"], e["given_at"])  # type: ignore[arg-type]  # reason is one of the model's choices, the domain's literals
        )
    passing, marked = set(), set()
    for match_id, passes, marked_at in (
        TableClock.objects.filter(**scope)
        .filter(Q(passing_at_time=True) | Q(time_called_marked_at__isnull=False))
        .values_list("match_id", "passing_at_time", "time_called_marked_at")
    ):
        if passes:
            passing.add(match_id)
        if marked_at is not None:
            marked.add(match_id)
    slow, late = _penalty_facts(scope)
    events = _events_by_match(scope)
    games = _games(scope, played.values())
    facts = {}
    playoff, rel = round_.is_top_cut, round_.event.rel
    turn_zero = settings.turn_zero_is_additional
    none: tuple = ()
    for pk, m in played.items():
        table_events = tuple(events.get(pk, none))
        game = games.get(pk)
        if game is not None and game.ended is not None:
            table_events += (game.ended,)
        if m.result is not None and m.updated_at is not None:
            table_events += (MatchEnded(m.updated_at),)
        given = late.get(pk, []) + extensions.get(pk, [])
        if len(given) > 1:
            given.sort(key=lambda x: x.given_at)
        assert m.table is not None  # byes were left out above
        assert m.team_b_id is not None
        facts[pk] = TableFacts(
            table=m.table,
            teams=(m.team_a_id, m.team_b_id),
            round=rf,
            events=table_events,
            extensions=tuple(given),
            slow_play=tuple(slow.get(pk, none)),
            passing_at_time=pk in passing,
            playoff=playoff,
            life=game.life if game is not None and playoff else None,
            rel=rel,  # type: ignore[arg-type]  # the event's rel choices are the domain's Rel literals
            turn_zero_is_additional=turn_zero,
        )
    return RoundTables(rf, settings, played, facts, frozenset(marked))


def states_of(tables: RoundTables, now: datetime | None = None) -> dict[int, TableState]:
    """Each table's state at ``now``, by match id."""
    ids = list(tables.facts)
    states = table_states((tables.facts[i] for i in ids), now or timezone.now())
    return dict(zip(ids, states, strict=True))


def next_deadline_of(tables: RoundTables, now: datetime | None = None) -> datetime | None:
    """When the round's task should next run: the round's or a table's time call ahead."""
    return earliest_deadline([tables.round, *tables.facts.values()], now or timezone.now())


def time_block(state: TableState) -> dict[str, Any]:
    """The match's ``time`` block (docs/api.md "Read a match")."""
    return {
        "extension_minutes": state.extension_minutes,
        "time_called_at": state.time_called_at,
        "remaining_seconds": state.remaining_seconds,
        "ends_at": state.ends_at,
        "phase": state.phase,
        "extra_turn": state.extra_turn,
        "extra_turns_total": state.extra_turns_total,
        "active_team": state.active_team,
        "turn": state.turn,
        "round_status": state.round_status,
        "ending": state.ending,
        "winner": state.winner,
        "passing_at_time": state.passing_at_time,
    }


def match_times(round_: Round, matches: Sequence[Match]) -> dict[int, dict[str, Any]]:
    """pairing.hooks.MATCH_TIMES: the ``time`` block of these matches of the round."""
    tables = round_tables(round_, [m for m in matches if m.table is not None])
    return {pk: time_block(s) for pk, s in states_of(tables).items()}
