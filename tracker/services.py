"""The writes of a table's game (docs/api.md "Tracker"): add an event, rebuild the cached state,
confirm the result a finished game proposes.

Concurrency: a writer reads the match's ``Game`` row (created on the first event), checks the
new event with the domain and stores it with the next seq in one statement that moves the row
from the seq it read only if no other event took it first; otherwise it tries again from the new
row, and after a few misses it locks the row (select_for_update) and waits its turn. So two phones
tapping at once are both kept, one after the other. A write costs the same whatever the game's
length: the row keeps the domain state without its log (``core``), the new event is applied to it
in one step, and the cached state keeps only the latest rows of the log; only an undo (and
``game_rebuild``) reads and folds the whole log. No other row is locked, so the result services
(event, then match) never wait on the tracker in the other order.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson
from django.db import connection, transaction
from django.utils import timezone

from core import events
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from pairing import services as pairing_services
from pairing.models import Match
from tournament.models import Team
from tracker import game_sql, hooks, selectors
from tracker.domain import game_json
from tracker.domain.game import GameError, apply, fold, initial_state, parse_event
from tracker.domain.game_undo import name_target
from tracker.game_sql import GameRow
from tracker.models import Game, GameEvent

CLIENT_ID_RE = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


@dataclass(frozen=True)
class Added:
    """The answer to an event: its seq and the state right after it, with the latest rows of
    its log (tracker.selectors.state_summary). ``created`` is False when the client_id was seen
    before and this is the first answer again. ``state_text`` is ``state`` as ``json_text``
    writes it, when the write encoded it (the text stored in the Game row): the answer's body
    takes it as it is instead of encoding the state again."""

    seq: int
    state: dict[str, Any]
    created: bool
    state_text: str | None = None


def json_text(value: object) -> str:
    """JSON as DRF's JSONRenderer writes it (compact, non-ASCII as it is, U+2028 and U+2029
    escaped): the text of an API answer, and of the state a write stores (PostgreSQL's jsonb and
    SQLite read it back as the same value). Written by orjson (a tenth of the json module's time
    for a 7 KB state); the tracker's values are dicts, lists, strings, ints, bools and None."""
    text = orjson.dumps(value).decode()
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def clean_client_id(value: object) -> str:
    if not isinstance(value, str) or not CLIENT_ID_RE.match(value):
        raise ServiceError(
            "client_id must be 1 to 64 letters, digits or the signs _ . : -", code="missing_field"
        )
    return value


class NotRead(enum.Enum):
    """game_add_event's ``row`` when the caller did not read the Game row."""

    NOT_READ = "not read"


NOT_READ = NotRead.NOT_READ

OPTIMISTIC_TRIES = 3  # writes tried without a lock before the one that waits for the Game row


def game_add_event(
    *,
    match: Match,
    data: Mapping[str, object],
    client_id: object,
    by_user: By = None,
    by_team: Team | None = None,
    row: GameRow | None | NotRead = NOT_READ,
) -> Added:
    """Append one event to the match's log (400 with the domain's code when the game refuses
    it); the same client_id again answers the first answer and appends nothing.

    Optimistic: the Game row is read without a lock, the event applied to it, and the event
    stored by one statement that moves the row from the seq it was read at to the next
    (``_append``), so a write costs two statements and holds no lock while Python works. When
    another phone's event came in between, the write is tried again from the new row; after
    ``OPTIMISTIC_TRIES`` such misses the writer locks the row (``select_for_update``) and waits
    its turn, so a busy table still makes progress. ``match`` needs only its ids and
    ``round.event_id`` (the team's write path, access.access_match_by_key, loads no more); the
    whole match is read for the game's first event only. ``row``: the Game row as the caller
    read it with the match (tracker.game_sql.keyed_read; None when the match has none yet), for
    the first try."""
    client_id = clean_client_id(client_id)
    for _try in range(OPTIMISTIC_TRIES):
        added = _add(match, data, client_id, by_user, by_team, lock=False, read=row)
        if added is not None:
            return added
        row = NOT_READ  # moved meanwhile: read it again
    with transaction.atomic():
        added = _add(match, data, client_id, by_user, by_team, lock=True)
    assert added is not None  # the row was locked: no other writer moved it
    return added


def _add(
    match: Match,
    data: Mapping[str, object],
    client_id: str,
    by_user: By,
    by_team: Team | None,
    *,
    lock: bool,
    read: GameRow | None | NotRead = NOT_READ,
) -> Added | None:
    """One try of game_add_event: the answer, or None when another event took the next seq
    first (only without ``lock``). ``read``: the row already read (None: there is none yet)."""
    game = _read_row(match.pk, lock=lock) if read is NOT_READ else read
    if game is None:
        game = _create_game(match.pk) or _read_row(match.pk, lock=lock)
        assert game is not None  # created just above, or by the writer it raced
    last_seq, setup_json, core_json, kept = game
    setup = game_json.setup_from_json(setup_json)
    seq = last_seq + 1
    rows: list[GameEvent] | None = None
    try:
        event = parse_event(seq, data)
        if event.type == "undo" or not core_json:
            # An undo changes earlier rows of the log: fold it all again (so does a row kept
            # before the core was). The rows up to the seq the Game row was read at.
            rows = selectors.log_rows(match, upto=last_seq)
            before = fold(setup, [selectors.to_event(r) for r in rows])
            event = name_target(before, event)  # an undo without amount: the latest action
            state = apply(before, event)
        else:
            state = apply(game_json.core_from_json(setup, core_json), event)
    except GameError as exc:
        retried = _answered_before(match, client_id)  # a retry is answered, refused now or not
        if retried is not None:
            return retried
        raise ServiceError(exc.message, code=exc.code) from exc
    if event.type == "new_game" and (refused := hooks.NO_NEW_GAME(match)) is not None:
        # Time is called: no new game begins (MTR 2.4); the drawn match stands.
        retried = _answered_before(match, client_id)
        if retried is not None:
            return retried
        raise Conflict(refused, code="time_called")
    user = recorded(by_user)
    row = _new_row(
        id=None,
        match_id=match.pk,
        seq=seq,
        client_id=client_id,
        type=event.type,
        player=event.player,
        team=event.team,
        amount=event.amount,
        changes=[{"player": c.player, "life": c.life, "poison": c.poison} for c in event.changes],
        by_user_id=user.pk if user is not None else None,
        by_team_id=by_team.pk if by_team is not None else None,
        created_at=timezone.now(),
    )
    if user is not None:
        row.by_user = user
    if by_team is not None:
        row.by_team = by_team  # the log's "by" reads its name
    if rows is None:
        # One step: the earlier rows do not change, the new one joins the kept ones.
        body = selectors.api_state(state, [row])  # state's log is the new event alone
        body["log"] = [*kept["log"], *body["log"]][-selectors.LOG_TAIL :]
        body["log_total"] = kept["log_total"] + 1
    else:
        body = selectors.state_summary(selectors.api_state(state, [*rows, row]))
    body = selectors.with_time(match, body)
    text = json_text(body)
    if not _append(row, last_seq, text, game_json.core_to_json(state)):
        retried = _answered_before(match, client_id)
        if retried is not None or not lock:
            return retried  # the first answer to this client_id, or None: try again
        raise AssertionError("the locked Game row moved")  # pragma: no cover
    selectors.remember_written(match.pk, seq, body)
    teams = tuple(t for t in (match.team_a_id, match.team_b_id) if t is not None)
    events.game_changed.fire(events.GameChanged(match.round.event_id, match.pk, seq, teams))
    return Added(seq, body, created=True, state_text=text)


_read_row = game_sql.read_row  # the Game row as a write reads it (a name the tests wrap)

_EVENT_FIELDS = tuple(f.attname for f in GameEvent._meta.concrete_fields)


def _new_row(**columns: Any) -> GameEvent:
    """A new GameEvent from every one of its columns, passed to the model by position as
    Model.from_db does (half the cost of keywords); a column left out is a KeyError."""
    return GameEvent(*[columns[name] for name in _EVENT_FIELDS])


def _append(row: GameEvent, read_at: int, state_text: str, core: dict[str, Any]) -> bool:
    """Store the event and the Game row's new state (``state_text``, its JSON), if the row is
    still at seq ``read_at`` and the event's client_id is new in the match's log; False (nothing
    stored) otherwise."""
    move: list[Any] = [
        row.seq,
        state_text,
        json_text(core),
        connection.ops.adapt_datetimefield_value(timezone.now()),
        row.match_id,
        read_at,
        row.match_id,
        row.client_id,
    ]
    values: list[Any] = [
        row.match_id,
        row.seq,
        row.client_id,
        row.type,
        row.player,
        row.team,
        row.amount,
        json_text(row.changes),
        row.by_user_id,
        row.by_team_id,
        connection.ops.adapt_datetimefield_value(row.created_at),
    ]
    inserted = game_sql.append(move, values)
    if inserted is None:
        return False
    row.pk = inserted
    return True


def _answered_before(match: Match, client_id: str) -> Added | None:
    """The first answer to this client_id (the state right after its event), None if new."""
    first = GameEvent.objects.filter(match_id=match.pk, client_id=client_id).only("seq").first()
    if first is None:
        return None
    state_then = selectors.state_at(match, first.seq)
    return Added(first.seq, selectors.state_summary(state_then), created=False)


def _create_game(match_id: int) -> GameRow | None:
    """The game's row with the table's setup, at its first event: the row as created, or None
    when another writer created it first (read it then). One statement reads the table
    (selectors.table_setup), one inserts the row unless it is there."""
    setup = selectors.table_setup(match_id)
    fresh = initial_state(setup)
    setup_json, core_json = game_json.setup_to_json(setup), game_json.core_to_json(fresh)
    state = selectors.state_summary(selectors.api_state(fresh, ()))
    values: list[Any] = [
        match_id,
        json_text(setup_json),
        json_text(state),
        json_text(core_json),
        connection.ops.adapt_datetimefield_value(timezone.now()),
    ]
    return (0, setup_json, core_json, state) if game_sql.create(values) else None


def _locked_game(match: Match) -> Game:
    """The match's Game row, locked; created (with the table's setup) on the first event."""
    locked = Game.objects.select_for_update()
    game = locked.filter(pk=match.pk).first()
    if game is None:
        _create_game(match.pk)
        game = locked.get(pk=match.pk)
    return game


@transaction.atomic
def game_rebuild(*, match: Match) -> dict[str, Any]:
    """Fold the whole log again and store it as the cached state and core (after a fix of the
    rules, or to check the cache: nothing changes when the cache was right). Answers the state
    with its whole log."""
    game = _locked_game(match)
    rows = selectors.log_rows(match)
    state = fold(game_json.setup_from_json(game.setup), [selectors.to_event(r) for r in rows])
    full = selectors.api_state(state, rows)
    game.state, game.core = selectors.state_summary(full), game_json.core_to_json(state)
    game.save(update_fields=["state", "core", "updated_at"])
    return full


def game_confirm_result(*, match: Match, team: Team) -> pairing_services.ReportOutcome:
    """A team confirms the result its finished game proposes: the team's report of the match,
    as pairing.services.match_report_result files it (both teams confirming make it final, a
    different report makes it disputed)."""
    proposal = selectors.game_summary(match).get("proposal")
    if not isinstance(proposal, dict):
        raise Conflict("The game is still being played: there is no result yet.", code="playing")
    return pairing_services.match_report_result(
        match=match,
        team=team,
        games_a=proposal["games_a"],
        games_b=proposal["games_b"],
        games_drawn=proposal["games_drawn"],
    )
