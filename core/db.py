"""A cursor for the few statements a busy path runs hundreds of times a second, prepared once per
connection on PostgreSQL.

Django's PostgreSQL backend binds the parameters on the client: the statement travels with its
values written into it, and PostgreSQL parses and plans it again every time. For a phone's game
event (tracker.game_sql: 500 a second at a full event) that planning
was a large part of the database's work. ``prepared_cursor()`` answers a Django cursor whose
statements are sent with server-side binding and prepared (psycopg's own cursor, ``prepare=True``:
parsed and planned at the first execution on a connection, then only executed). It is Django's
own cursor wrapper around it, so execute wrappers, query logging (with the placeholders, not the
values, in the text) and the database error mapping see these statements like any other. On
other databases (SQLite) it is the usual cursor.

Only for fixed SQL text with ``%s`` parameters: every distinct text is one prepared statement kept
for the connection's life.

Measured against psycopg's ``server_side_binding`` option for every cursor (issue 26:
bench_tracker_write, runs alternated): no difference beyond the runs' spread, and that option
changes how every other query of the application is bound; this cursor keeps it to the hot
statements.
"""

from __future__ import annotations

import enum
import functools
from typing import Any

import orjson
from django.db import connection
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper


@functools.cache
def _prepared_cursor_class() -> type:
    import psycopg  # PostgreSQL's driver: imported only where it is the database

    class PreparedCursor(psycopg.Cursor[Any]):
        """psycopg's cursor, which binds on the server, preparing every statement it executes."""

        def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
            kwargs["prepare"] = True
            return super().execute(query, params, **kwargs)

    return PreparedCursor


def prepared_cursor() -> CursorWrapper:
    if connection.vendor != "postgresql":
        return connection.cursor()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        raw = _prepared_cursor_class()(connection.connection)
    connection.validate_thread_sharing()
    if connection.queries_logged:
        return _LoggedCursor(raw, connection)
    return CursorWrapper(raw, connection)


class _LoggedCursor(CursorDebugWrapper):
    """Django's debug wrapper logs the statement as the server ran it, which psycopg does not
    keep for a prepared statement: the text with its placeholders is logged instead (the
    parameters are logged beside it)."""

    def execute(self, sql: Any, params: Any = None) -> Any:
        with self.debug_sql(sql, params):
            return CursorWrapper.execute(self, sql, params)


def json_column(value: Any) -> Any:
    """A JSON column's value as a raw query returns it (text on both backends, or already
    decoded where a driver does it), decoded."""
    return orjson.loads(value) if isinstance(value, str | bytes) else value


def insert_rows(model: Any, columns: dict[str, list[Any]]) -> list[int]:
    """Insert rows given column by column (attribute name -> one value per row) in one
    statement, and answer their ids in the same order.

    On PostgreSQL: ``INSERT ... SELECT FROM unnest(<one array per column>) RETURNING id``, one
    statement whatever the number of rows, with a handful of parameters (the ORM's bulk_create of
    2,048 matches builds 2,048 model instances and binds 30,000 values one by one: ten times the
    time PostgreSQL takes to insert them). Columns not given take the model's default (``auto_now``
    ones the current time); the table's constraints apply as to any insert. Elsewhere (SQLite):
    the ORM's bulk_create of the same rows."""
    from django.utils import timezone

    count = len(next(iter(columns.values()))) if columns else 0
    if count == 0:
        return []
    fields = {f.attname: f for f in model._meta.concrete_fields if not f.primary_key}
    given = dict(columns)
    for name, field in fields.items():
        if name in given:
            continue
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            given[name] = [timezone.now()] * count
        elif field.has_default():
            given[name] = [field.get_default() for _ in range(count)]
    if connection.vendor != "postgresql":
        rows = [model(**{name: values[i] for name, values in given.items()}) for i in range(count)]
        return [row.pk for row in model.objects.bulk_create(rows)]
    quote = connection.ops.quote_name
    names, arrays, picks, params = [], [], [], []
    for i, (name, values) in enumerate(given.items()):
        field = fields[name]
        is_json = field.get_internal_type() == "JSONField"
        names.append(quote(field.column))
        arrays.append(f"%b::{'text' if is_json else field.db_type(connection)}[]")
        picks.append(f"u.c{i}::jsonb" if is_json else f"u.c{i}")
        params.append([_db_value(v, is_json) for v in values])
    aliases = ", ".join(f"c{i}" for i in range(len(names)))
    sql = (
        # Names from the model, values bound: nothing of the caller is spliced in.
        f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(names)}) "  # noqa: S608
        f"SELECT {', '.join(picks)} FROM unnest({', '.join(arrays)}) AS u({aliases}) "
        f"RETURNING {quote(model._meta.pk.column)}"
    )
    # Bound on the server, in binary (%b; prepared_cursor): Django's cursor binds on the client,
    # writing each array's elements into the statement's text one by one, 2-3 times the time of
    # the binary arrays (a 4,096-team round's 20 arrays: about 40 ms against 15).
    with prepared_cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


def _db_value(value: Any, is_json: bool) -> Any:
    if is_json:
        return None if value is None else orjson.dumps(value).decode()
    if isinstance(value, enum.Enum):  # a model's choices: their stored value
        return value.value
    return value
