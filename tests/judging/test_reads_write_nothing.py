"""Reads never write (issue 26 "Deliver" 2; docs/architecture.md "Facts, not counters"): after a
round's and an extended table's time is up, with the time call not yet marked (the deadline's
task lost with a restarted server, say), every page and API read that shows the clock computes
"time called" from the facts and writes nothing: no INSERT, UPDATE or DELETE, no row lock, no
time_called announced. The marking is the task's (judging.tasks), never a GET's."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from core import events
from judging import services
from judging.models import RoundClock, TableClock

pytestmark = pytest.mark.django_db
MIN = timedelta(minutes=1)
WRITES = ("INSERT", "UPDATE", "DELETE")


def _writes(queries) -> list[str]:
    return [
        q["sql"]
        for q in queries
        if q["sql"].lstrip().upper().startswith(WRITES) or "FOR UPDATE" in q["sql"].upper()
    ]


@pytest.fixture
def unmarked(table):
    """Round 1's time called 10 minutes ago, the table's extension 4 minutes ago; neither
    marked."""
    t0 = timezone.now() - 70 * MIN
    services.clock_start(round_=table.round, now=t0)
    services.extension_give(match=table.match, minutes=6, reason="deck_check", now=t0 + 5 * MIN)
    RoundClock.objects.filter(round=table.round).update(time_called_marked_at=None)
    TableClock.objects.filter(match=table.match).update(time_called_marked_at=None)
    return table


def _staff(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _team_api(team) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_X_TEAM_KEY=team.access_key)
    return client


def _reads(table, world):
    event, round_, match = table.event, table.round, table.match
    judy, alice = _staff(world.judy), _staff(world.alice)
    red_api = _team_api(table.red)
    return [
        ("clock API", lambda: judy.get(f"/api/v1/rounds/{round_.pk}/clock/")),
        ("match API", lambda: red_api.get(f"/api/v1/matches/{match.pk}/")),
        ("projector", lambda: judy.get(f"/events/{event.pk}/clock/")),
        ("floor view", lambda: judy.get(f"/events/{event.pk}/clock/floor/")),
        ("table clock", lambda: judy.get(f"/events/{event.pk}/matches/{match.pk}/clock/")),
        ("dashboard", lambda: alice.get(f"/events/{event.pk}/")),
        ("round page", lambda: alice.get(f"/events/{event.pk}/rounds/{round_.number}/")),
        ("team page", lambda: Client().get(f"/t/{table.red.access_key}/")),
        ("table page", lambda: Client().get(f"/t/{table.red.access_key}/table/")),
    ]


def test_every_read_of_a_clock_past_its_time_writes_nothing(
    unmarked, world, django_capture_on_commit_callbacks
):
    called: list[events.TimeCalled] = []
    with events.time_called.connected(called.append):
        for name, read in _reads(unmarked, world):
            with (
                CaptureQueriesContext(connection) as queries,
                django_capture_on_commit_callbacks(execute=True) as callbacks,
            ):
                response = read()
            assert response.status_code == 200, name
            assert _writes(queries.captured_queries) == [], name
            assert callbacks == [], name
    assert called == []
    assert RoundClock.objects.get(round=unmarked.round).time_called_marked_at is None
    assert TableClock.objects.get(match=unmarked.match).time_called_marked_at is None


def test_the_reads_compute_time_called_from_the_facts(unmarked, world):
    judy = _staff(world.judy)
    clock = judy.get(f"/api/v1/rounds/{unmarked.round.pk}/clock/").json()
    assert clock["status"] == "time_called"
    assert clock["time_called_at"] is not None
    time = _team_api(unmarked.red).get(f"/api/v1/matches/{unmarked.match.pk}/").json()["time"]
    assert time["round_status"] == "time_called"
    assert time["extension_minutes"] == 6
    assert time["time_called_at"] is not None  # the table's own, 4 minutes ago


def test_the_deadlines_task_marks_what_the_reads_left(unmarked, world):
    """judging.clock_due, run at the deadline (or by the sweep), marks both, once."""
    from judging.tasks import clock_due

    called: list[events.TimeCalled] = []
    with events.time_called.connected(called.append):
        assert clock_due(unmarked.round.pk) is True
        assert clock_due(unmarked.round.pk) is True
    assert [c.match_id for c in called] == [None, unmarked.match.pk]
    assert RoundClock.objects.get(round=unmarked.round).time_called_marked_at is not None
    assert TableClock.objects.get(match=unmarked.match).time_called_marked_at is not None
