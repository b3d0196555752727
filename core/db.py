"""A cursor for the few statements a busy path runs hundreds of times a second, prepared once per
connection on PostgreSQL.

Django's PostgreSQL backend binds the parameters on the client: the statement travels with its
values written into it, and PostgreSQL parses and plans it again every time. For a phone's game
event (tracker.services, access.access_match_by_key: 500 a second at a full event) that planning
was a large part of the database's work. ``prepared_cursor()`` answers a Django cursor whose
statements are sent with server-side binding and prepared (psycopg's prepared statements: parsed
and planned at the first execution on a connection, then only executed). It is Django's own
cursor wrapper around it, so execute wrappers, query logging (with the placeholders, not the
values, in the text) and the database error mapping see these statements like any other. On other databases (SQLite) it is the usual cursor.

Only for fixed SQL text with ``%s`` parameters: every distinct text is one prepared statement kept
for the connection's life.
"""

from __future__ import annotations

import functools
from typing import Any

import orjson
from django.db import connection
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper


@functools.cache
def _prepared_cursor_class() -> type:
    from django.db.backends.postgresql import base  # its cursors are not in django-stubs

    ServerBindingCursor: Any = base.ServerBindingCursor  # type: ignore[attr-defined]  # psycopg 3's server-side binding cursor is not in django-stubs

    class PreparedCursor(ServerBindingCursor):
        """Django's server-side binding cursor, preparing every statement it executes."""

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
