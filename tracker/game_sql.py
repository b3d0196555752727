"""The SQL of a table's game write, in one place: the statements tracker.services runs for every
phone's event (hundreds a second at a full event), written out because the ORM compiled them
again on every write, which cost more than the rest of the write. The tables' names come from
the models; every value is a parameter. Run through core.db.prepared_cursor: prepared once per
PostgreSQL connection.

- ``keyed_read``: the team key's access check (access.KEY_MATCH_SQL, the access layer's rule,
  given by the caller) and the match's Game row, in one statement;
- ``read_row``: the Game row (locked for the write that waits its turn);
- ``append``: the event stored with the Game row's move to the next seq;
- ``create``: the Game row at the game's first event.
"""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction

from core.db import json_column, prepared_cursor
from tracker.models import Game, GameEvent

GameRow = tuple[int, Any, Any, Any]  # last_seq, setup, core, state (decoded)

_GAME = Game._meta.db_table
_EVENT = GameEvent._meta.db_table
ROW_COLUMNS = ("last_seq", "setup", "core", "state")  # GameRow's, in its order
_ROW = ", ".join(ROW_COLUMNS)
EVENT_COLUMNS = (
    "match_id",
    "seq",
    "client_id",
    "type",
    "player",
    "team",
    "amount",
    "changes",
    "by_user_id",
    "by_team_id",
    "created_at",
)
_EVENT_COLUMNS = ", ".join(EVENT_COLUMNS)
_VALUES = ", ".join(["%s"] * len(EVENT_COLUMNS))
# The Game row moves from the seq it was read at to the next, unless another event took that
# seq or this client_id is already in the log; the event is stored only with the move.
_MOVE = (
    f"UPDATE {_GAME} SET last_seq = %s, state = %s, core = %s, updated_at = %s"  # noqa: S608
    f" WHERE match_id = %s AND last_seq = %s AND NOT EXISTS"
    f" (SELECT 1 FROM {_EVENT} WHERE match_id = %s AND client_id = %s)"
)
# PostgreSQL: both in one statement (its own transaction outside an atomic block).
_MOVE_AND_INSERT = (
    f"WITH moved AS ({_MOVE} RETURNING match_id)"  # noqa: S608
    f" INSERT INTO {_EVENT} ({_EVENT_COLUMNS}) SELECT {_VALUES} FROM moved RETURNING id"
)
_INSERT = f"INSERT INTO {_EVENT} ({_EVENT_COLUMNS}) VALUES ({_VALUES}) RETURNING id"  # noqa: S608
_READ = f"SELECT {_ROW} FROM {_GAME} WHERE match_id = %s"  # noqa: S608
_CREATE = (
    f"INSERT INTO {_GAME} (match_id, last_seq, setup, state, core, updated_at)"  # noqa: S608
    " VALUES (%s, 0, %s, %s, %s, %s) ON CONFLICT (match_id) DO NOTHING"
)


def game_row(values: tuple | None) -> GameRow | None:
    """ROW_COLUMNS' values as the database returned them, decoded (None: no row)."""
    if values is None:
        return None
    return values[0], json_column(values[1]), json_column(values[2]), json_column(values[3])


def keyed_read_sql(check_sql: str) -> str:
    """One statement: the rows of ``check_sql`` (a SELECT with a ``match_id`` column: the access
    layer's check of a team key, access.KEY_MATCH_SQL), each with its match's Game row
    (ROW_COLUMNS, NULL when the match has none yet, after a column that says whether it has)."""
    return (
        f"SELECT k.*, g.match_id IS NOT NULL, {', '.join(f'g.{c}' for c in ROW_COLUMNS)}"  # noqa: S608
        f" FROM ({check_sql}) k LEFT JOIN {_GAME} g ON g.match_id = k.match_id"
    )


def keyed_read(
    sql: str, params: list[Any], check_columns: int
) -> tuple[tuple, GameRow | None] | None:
    """Run a keyed_read_sql statement: the check's values (its first ``check_columns``) and the
    Game row (None when the match has none yet); None when the check found nothing. The row is
    read only when the access is granted: one statement, one snapshot."""
    with prepared_cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    if found is None:
        return None
    check, has_row, row = found[:check_columns], found[check_columns], found[check_columns + 1 :]
    return check, game_row(row) if has_row else None


def read_row(match_id: int, *, lock: bool) -> GameRow | None:
    """The Game row's last_seq, setup, core and state; with ``lock``, locked until the commit
    (PostgreSQL: FOR UPDATE; on SQLite the writer holds the database from its BEGIN IMMEDIATE)."""
    sql = _READ
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    with prepared_cursor() as cursor:
        cursor.execute(sql, [match_id])
        found = cursor.fetchone()
    return game_row(found)


def append(move: list[Any], values: list[Any]) -> int | None:
    """Store the event (``values``, EVENT_COLUMNS') with the Game row's move (``move``: seq,
    state text, core text, time, match id, the seq it was read at, match id, client_id): the new
    event's id, or None (nothing stored) when the row moved meanwhile or the client_id is in the
    log already."""
    if connection.vendor == "postgresql":
        with prepared_cursor() as cursor:
            cursor.execute(_MOVE_AND_INSERT, move + values)
            inserted = cursor.fetchone()
    else:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(_MOVE, move)
            if cursor.rowcount != 1:
                return None
            cursor.execute(_INSERT, values)
            inserted = cursor.fetchone()
    return None if inserted is None else inserted[0]


def create(values: list[Any]) -> bool:
    """Insert the Game row (match id, setup, state and core texts, time) unless it is there:
    whether this call created it."""
    with prepared_cursor() as cursor:
        cursor.execute(_CREATE, values)
        return cursor.rowcount == 1
