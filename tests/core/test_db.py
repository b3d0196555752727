"""core.db.prepared_cursor: the hot statements prepared once per PostgreSQL connection, seen by
Django's query logging like any other statement."""

import pytest
from django.db import connection

from core.db import prepared_cursor

pytestmark = pytest.mark.django_db

SQL = "SELECT %s + 1"


def test_its_statements_are_counted_like_any_other(django_assert_num_queries):
    with django_assert_num_queries(2) as queries:
        for n in (1, 41):
            with prepared_cursor() as cursor:
                cursor.execute(SQL, [n])
                assert cursor.fetchone()[0] == n + 1
    logged = queries.captured_queries[-1]["sql"]
    assert logged.startswith("SELECT ")
    assert "+ 1" in logged


@pytest.mark.postgres
def test_on_postgresql_a_statement_is_prepared_once_and_then_executed():
    for n in range(3):
        with prepared_cursor() as cursor:
            cursor.execute(SQL, [n])
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*), sum(generic_plans + custom_plans) FROM pg_prepared_statements"
            " WHERE statement = %s",
            ["SELECT $1 + 1"],
        )
        prepared, executions = cursor.fetchone()
    assert prepared == 1
    assert executions == 3


@pytest.mark.postgres
def test_django_own_cursors_still_bind_on_the_client():
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s + 2", [1])
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", ["%+ 2%"]
        )
        assert cursor.fetchone()[0] == 0
