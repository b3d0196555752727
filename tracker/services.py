"""The writes of a table's game (docs/api.md "Tracker"): add an event, rebuild the cached state,
confirm the result a finished game proposes.

Locks: the match's ``Game`` row (select_for_update), created on the first event. A writer holds it
while it checks the new event with the domain and appends it with the next seq, so two phones
tapping at once are both kept, one after the other. A write costs the same whatever the game's
length: the row keeps the domain state without its log (``core``), the new event is applied to it
in one step, and the cached state keeps only the latest rows of the log; only an undo (and
``game_rebuild``) reads and folds the whole log. No other row is locked, so the
result services (event, then match) never wait on the tracker in the other order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from core import events
from core.errors import Conflict, ServiceError
from pairing import services as pairing_services
from pairing.models import Match
from tournament.models import Team
from tracker import selectors
from tracker.domain import game_json
from tracker.domain.game import GameError, apply, fold, initial_state, parse_event
from tracker.models import Game, GameEvent

CLIENT_ID_RE = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


@dataclass(frozen=True)
class Added:
    """The answer to an event: its seq and the state right after it, with the latest rows of
    its log (tracker.selectors.state_summary). ``created`` is False when the client_id was seen
    before and this is the first answer again."""

    seq: int
    state: dict[str, Any]
    created: bool


def clean_client_id(value: object) -> str:
    if not isinstance(value, str) or not CLIENT_ID_RE.match(value):
        raise ServiceError(
            "client_id must be 1 to 64 letters, digits or the signs _ . : -", code="missing_field"
        )
    return value


@transaction.atomic
def game_add_event(
    *,
    match: Match,
    data: Mapping[str, object],
    client_id: object,
    by_user=None,
    by_team: Team | None = None,
) -> Added:
    """Append one event to the match's log (400 with the domain's code when the game refuses
    it); the same client_id again answers the first answer and appends nothing.

    Three statements once the game has begun: the Game row locked and read, the event inserted
    (``ON CONFLICT`` on its client_id: a retry inserts nothing and is answered from the log),
    the Game row updated. ``match`` needs only its ids and ``round.event_id`` (the team's write
    path, access.team_write_target, loads no more); the whole match is read for the game's first
    event only."""
    client_id = clean_client_id(client_id)
    game = _locked_row(match.pk)
    if game is None:
        _create_game(match.pk)
        game = _locked_row(match.pk)
        assert game is not None  # created just above, in this transaction
    last_seq, setup_json, core_json, kept = game
    setup = game_json.setup_from_json(setup_json)
    seq = last_seq + 1
    rows: list[GameEvent] | None = None
    try:
        event = parse_event(seq, data)
        if event.type == "undo" or not core_json:
            # An undo changes earlier rows of the log: fold it all again (so does a row kept
            # before the core was).
            rows = selectors.log_rows(match)
            state = apply(fold(setup, [selectors.to_event(r) for r in rows]), event)
        else:
            state = apply(game_json.core_from_json(setup, core_json), event)
    except GameError as exc:
        retried = _answered_before(match, client_id)  # a retry is answered, refused now or not
        if retried is not None:
            return retried
        raise ServiceError(exc.message, code=exc.code) from exc
    row = GameEvent(
        match_id=match.pk,
        seq=seq,
        client_id=client_id,
        type=event.type,
        player=event.player,
        team=event.team,
        amount=event.amount,
        changes=[{"player": c.player, "life": c.life, "poison": c.poison} for c in event.changes],
        by_user=by_user if getattr(by_user, "is_authenticated", False) else None,
        by_team=by_team,
        created_at=timezone.now(),
    )
    if not _insert_new(row):
        retried = _answered_before(match, client_id)
        assert retried is not None  # the insert met this client_id in the log
        return retried
    if rows is None:
        # One step: the earlier rows do not change, the new one joins the kept ones.
        body = selectors.contract(state, [row])  # state's log is the new event alone
        body["log"] = [*kept["log"], *body["log"]][-selectors.LOG_TAIL :]
        body["log_total"] = kept["log_total"] + 1
    else:
        body = selectors.state_summary(selectors.contract(state, [*rows, row]))
    _store(match.pk, seq, body, game_json.core_to_json(state))
    selectors.remember_written(match.pk, seq, body)
    teams = tuple(t for t in (match.team_a_id, match.team_b_id) if t is not None)
    events.game_changed.fire(events.GameChanged(match.round.event_id, match.pk, seq, teams))
    return Added(seq, body, created=True)


# A write's statements in SQL: the ORM would compile them again on every write, which cost more
# than the rest of the write. The same text runs on PostgreSQL and on SQLite (3.35 and later).
# The tables' names come from the models; every value is a parameter.
_GAME = Game._meta.db_table
_EVENT = GameEvent._meta.db_table


def _json(value: object) -> Any:
    """A JSON column as a raw query returns it (text, on both backends), decoded."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def _locked_row(match_id: int) -> tuple[int, Any, Any, Any] | None:
    """The Game row's last_seq, setup, core and state, locked until the commit (PostgreSQL:
    FOR UPDATE; on SQLite the writer holds the database from its BEGIN IMMEDIATE)."""
    sql = f"SELECT last_seq, setup, core, state FROM {_GAME} WHERE match_id = %s"  # noqa: S608
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, [match_id])
        found = cursor.fetchone()
    if found is None:
        return None
    return found[0], _json(found[1]), _json(found[2]), _json(found[3])


def _insert_new(row: GameEvent) -> bool:
    """Insert the event unless its client_id is already in the match's log (then False)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {_EVENT} (match_id, seq, client_id, type, player, team, amount,"  # noqa: S608
            " changes, by_user_id, by_team_id, created_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (match_id, client_id) DO NOTHING RETURNING id",
            [
                row.match_id,
                row.seq,
                row.client_id,
                row.type,
                row.player,
                row.team,
                row.amount,
                json.dumps(row.changes),
                row.by_user_id,
                row.by_team_id,
                connection.ops.adapt_datetimefield_value(row.created_at),
            ],
        )
        inserted = cursor.fetchone()
    if inserted is None:
        return False
    row.pk = inserted[0]
    return True


def _store(match_id: int, seq: int, state: dict[str, Any], core: dict[str, Any]) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {_GAME} SET last_seq = %s, state = %s, core = %s, updated_at = %s"  # noqa: S608
            " WHERE match_id = %s",
            [
                seq,
                json.dumps(state),
                json.dumps(core),
                connection.ops.adapt_datetimefield_value(timezone.now()),
                match_id,
            ],
        )


def _answered_before(match: Match, client_id: str) -> Added | None:
    """The first answer to this client_id (the state right after its event), None if new."""
    first = GameEvent.objects.filter(match_id=match.pk, client_id=client_id).only("seq").first()
    if first is None:
        return None
    state_then = selectors.state_at(match, first.seq)
    return Added(first.seq, selectors.state_summary(state_then), created=False)


def _create_game(match_id: int) -> None:
    """The game's row with the table's setup, at its first event (reads the whole match)."""
    match = Match.objects.select_related("round").get(pk=match_id)
    setup = selectors.build_setup(match)
    fresh = initial_state(setup)
    defaults = {
        "setup": game_json.setup_to_json(setup),
        "state": selectors.state_summary(selectors.contract(fresh, ())),
        "core": game_json.core_to_json(fresh),
    }
    # Two first events at once: one creates, the other's insert fails and it locks the row.
    Game.objects.get_or_create(match_id=match_id, defaults=defaults)


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
    full = selectors.contract(state, rows)
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
