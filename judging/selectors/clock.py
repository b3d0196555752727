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
from datetime import UTC, datetime, timedelta
from operator import attrgetter
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import BigIntegerField, Case, F, Func, Q, When
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
from judging.selectors import settings as judging_settings
from pairing.models import Match, Round
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


def time_limits(settings: JudgingSettings) -> TimeLimits:
    return TimeLimits(settings.round_minutes, settings.playoff_minutes, settings.final_minutes)


def is_final(round_: Round) -> bool:
    """A top-cut round with one match is the final."""
    if not round_.is_top_cut:
        return False
    return round_.matches.filter(table__isnull=False).count() == 1


def round_length(round_: Round, settings: JudgingSettings) -> timedelta | None:
    """The length a round starts with (MTR App. B; the event's settings)."""
    limits = time_limits(settings)
    return round_length_for(round_.stage, is_final(round_), limits)  # type: ignore[arg-type]  # the model's stage choices are the domain's Stage literals


def round_facts(round_: Round, settings: JudgingSettings | None = None) -> RoundFacts:
    """The round's clock facts; before the start, the length it would start with."""
    clock = RoundClock.objects.filter(round=round_).first()
    # Kept on the round object for this read: whether time called is already marked, so a read
    # after time was called need not ask again (time_called_marked).
    round_._time_called_marked = clock is not None and clock.time_called_marked_at is not None  # type: ignore[attr-defined]  # a per-read note on the instance (time_called_marked reads it)
    if clock is None or clock.started_at is None:
        length = round_length(round_, settings or judging_settings.of(round_.event))
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

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class _Micros(Func):
    """A timestamp as whole microseconds since the epoch (PostgreSQL; exact)."""

    template = "(EXTRACT(EPOCH FROM %(expressions)s) * 1000000)::bigint"
    output_field = BigIntegerField()

    def get_db_converters(self, connection: Any) -> list[Any]:
        return []  # the driver answers an int already: no call per row


def _instant(name: str) -> Any:
    """The timestamp column ``name`` as ``_at`` reads it. On PostgreSQL it travels as an integer:
    Django's loader of timestamps parses each one in Python (about 3 µs a value: 6 ms of a floor
    view's 2,700), an integer costs next to nothing; elsewhere the column itself."""
    return _Micros(name) if connection.vendor == "postgresql" else F(name)


def _at(value: Any) -> Any:
    """A value read through ``_instant``: the aware datetime (None stays None)."""
    if value is None or isinstance(value, datetime):
        return value
    return _EPOCH + timedelta(microseconds=value)


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
        ended = Case(When(result__isnull=False, then=_instant("updated_at")), default=None)
        rows = (
            round_.matches.filter(table__isnull=False, team_b__isnull=False)
            .order_by("table")
            .annotate(ended=ended)
            .values_list("id", "table", "team_a_id", "team_b_id", "result", "ended")
        )
        return [cls(pk, table, a, b, result, _at(at)) for pk, table, a, b, result, at in rows]


@dataclass(frozen=True)
class RoundTables:
    """A round's tables: the facts and the matches they were read from, by match id."""

    round: RoundFacts
    settings: JudgingSettings
    matches: dict[int, Match | MatchRow]
    facts: dict[int, TableFacts]
    marked: frozenset[int] = frozenset()  # tables whose time call is already marked


# match, seq, type, team, amount, at (as _instant reads it)
_Row = tuple[int, int, str, int | None, int | None, Any]


def _in_force(rows: list[_Row]) -> list[_Row]:
    """The log rows in force, undo rows dropped, by the tracker's own rule (undone_by)."""
    undone = undone_by(tuple(LogEvent(r[1], r[2], amount=r[4]) for r in rows))
    return [r for r in rows if r[1] not in undone and r[2] != "undo"]


def _table_event(row: _Row) -> TableEvent:
    _match, _seq, kind, team, _amount, at = row
    if not isinstance(at, datetime):
        at = _EPOCH + timedelta(microseconds=at)  # _at, inline: one call less per event
    if kind == "pass_turn":
        return TurnPassed(at, team)
    if kind == "choose_play":
        return ActiveTeamSet(at, team)  # type: ignore[arg-type]  # a choose_play event always names its team (tracker.domain)
    if kind == "game_drawn":
        return GameEnded(at, "drawn")
    if kind == "new_game":
        return GameStarted(at)
    return GameEnded(at, "won")


def _events_by_match(scope: dict[str, Any]) -> dict[int, tuple[TableEvent, ...]]:
    rows = (
        GameEvent.objects.filter(**scope, type__in=TABLE_EVENT_TYPES)
        .order_by("match_id", "seq")
        .annotate(at=_instant("created_at"))
        .values_list("match_id", "seq", "type", "team", "amount", "at")
    )
    grouped: dict[int, list[_Row]] = defaultdict(list)
    with_undo = set()  # the tables whose log has an undo: the others are taken as they are
    for row in rows:
        grouped[row[0]].append(row)
        if row[2] == "undo":
            with_undo.add(row[0])
    return {
        m: tuple(map(_table_event, _in_force(rs) if m in with_undo else rs))
        for m, rs in grouped.items()
    }


def _penalty_facts(
    scope: dict[str, Any],
) -> tuple[dict[int, tuple[SlowPlay, ...]], dict[int, list[Extension]]]:
    """Slow Play penalties and the extensions Tardiness gives (IPG 3.1, 3.3), by match id."""
    slow: dict[int, tuple[SlowPlay, ...]] = defaultdict(tuple)
    late: dict[int, list[Extension]] = defaultdict(list)
    rows = (
        Penalty.objects.standing()
        .filter(**scope, infraction__in=(SLOW_PLAY, TARDINESS))
        .annotate(at=_instant("issued_at"))
        .values_list("match_id", "infraction", "tardiness_minutes", "at", "dropped_team")
    )
    limit = DELAY_LIMIT.total_seconds() / 60
    for match_id, infraction, minutes, at, dropped_team in rows:
        if infraction == SLOW_PLAY:
            slow[match_id] += (SlowPlay(_at(at)),)
            continue
        if minutes and not dropped_team and minutes <= limit:
            late[match_id].append(Extension(max(1, math.ceil(minutes)), "tardiness", _at(at)))
    return slow, late


@dataclass(frozen=True)
class _GameNow:
    """How a table's current game stands, from the tracker's Game row: the teams' life totals
    (team A's, team B's) and, when it is over, how it ended and when (the row's last write:
    once a game is over only an undo or a new game is entered)."""

    life: tuple[int, int] | None
    ended: GameEnded | None


def _games(
    scope: dict[str, Any], matches: Iterable[Match | MatchRow], *, playoff: bool
) -> dict[int, _GameNow]:
    """Each table's current game from its Game row's stored state (``core``: a few hundred
    bytes, not the cached log), by match id; one query. Life totals count in a playoff only:
    elsewhere only the games that are over are read, and of them only how they ended."""
    teams = {m.pk: (m.team_a_id, m.team_b_id) for m in matches}
    out: dict[int, _GameNow] = {}
    games = Game.objects.filter(**scope).annotate(at=_instant("updated_at"))
    if not playoff:
        for match_id, drawn, at in games.filter(core__status="over").values_list(
            "match_id", "core__drawn", "at"
        ):
            if match_id in teams:
                out[match_id] = _GameNow(None, GameEnded(_at(at), "drawn" if drawn else "won"))
        return out
    for match_id, core, at in games.values_list("match_id", "core", "at"):
        if match_id not in teams or not core:
            continue
        life = {row[0]: row[1] for row in core.get("teams", [])}
        a, b = teams[match_id]
        ended = None
        if core.get("status") == "over":
            ended = GameEnded(_at(at), "drawn" if core.get("drawn") else "won")
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
    settings = judging_settings.of(round_.event)
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
    for match_id, minutes, reason, at in (
        ExtensionRow.objects.filter(**scope)
        .annotate(at=_instant("given_at"))
        .values_list("match_id", "minutes", "reason", "at")
    ):
        extensions[match_id].append(
            Extension(minutes, reason, _at(at))  # type: ignore[arg-type]  # reason is one of the model's choices, the domain's literals
        )
    passing, marked = set(), set()
    for match_id, passes, is_marked in (
        TableClock.objects.filter(**scope)
        .filter(Q(passing_at_time=True) | Q(time_called_marked_at__isnull=False))
        .annotate(is_marked=Q(time_called_marked_at__isnull=False))
        .values_list("match_id", "passing_at_time", "is_marked")
    ):
        if passes:
            passing.add(match_id)
        if is_marked:
            marked.add(match_id)
    playoff, rel = round_.is_top_cut, round_.event.rel
    slow, late = _penalty_facts(scope)
    events = _events_by_match(scope)
    games = _games(scope, played.values(), playoff=playoff)
    facts = {}
    turn_zero = settings.turn_zero_is_additional
    none: tuple = ()
    for pk, m in played.items():
        table_events = events.get(pk, none)
        game = games.get(pk)
        if game is not None and game.ended is not None:
            table_events += (game.ended,)
        if m.result is not None and m.updated_at is not None:
            table_events += (MatchEnded(m.updated_at),)
        given: tuple[Extension, ...] = none
        if pk in late or pk in extensions:
            both = late.get(pk, []) + extensions.get(pk, [])
            given = tuple(sorted(both, key=attrgetter("given_at")) if len(both) > 1 else both)
        assert m.table is not None  # byes were left out above
        assert m.team_b_id is not None
        # By position, in TableFacts' order: a floor view builds thousands, and the keywords
        # of a frozen dataclass's twelve fields cost more than their values (3.2 µs against 1.8).
        facts[pk] = TableFacts(
            m.table,
            (m.team_a_id, m.team_b_id),
            rf,
            None,  # first_active: from the tracker's events
            table_events,
            given,
            slow.get(pk, none),
            pk in passing,
            playoff,
            game.life if game is not None and playoff else None,
            rel,  # type: ignore[arg-type]  # the event's rel choices are the domain's Rel literals
            turn_zero,
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
