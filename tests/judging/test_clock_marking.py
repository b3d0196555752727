"""Time called in the embedded default (docs/architecture.md; issue 8 "Deliver" 2, issue 26
"Deliver" 2): tasks run in-process; a clock changed past its end is marked once, after the change
commits (judging.services.clock_mark_if_due from judging.tasks.schedule), a deadline ahead by the
task scheduled for it; a read only computes time called from the facts."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from core import events
from judging import services
from judging.models import RoundClock, TableClock
from judging.selectors import clock as sel

pytestmark = pytest.mark.django_db
MIN = timedelta(minutes=1)


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def eager(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    return settings


@pytest.fixture
def called():
    fired: list[events.TimeCalled] = []
    with events.time_called.connected(fired.append):
        yield fired


def test_reading_the_clock_after_the_deadline_marks_time_called_once(
    table, world, eager, called, django_capture_on_commit_callbacks
):
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    url = f"/api/v1/rounds/{table.round.pk}/clock/"
    judy = _client(world.judy)
    with django_capture_on_commit_callbacks(execute=True):
        first = judy.get(url)
    assert first.status_code == 200
    assert first.json()["status"] == "time_called"
    assert RoundClock.objects.get(round=table.round).time_called_marked_at is not None
    assert called == [events.TimeCalled(table.event.pk, table.round.pk)]
    with django_capture_on_commit_callbacks(execute=True) as again:
        assert judy.get(url).json()["status"] == "time_called"
    assert called == [events.TimeCalled(table.event.pk, table.round.pk)]
    assert again == []  # nothing queued: the second read finds it marked


def test_the_projector_and_floor_view_mark_it_too_and_an_extended_table_later(
    table, world, eager, called, django_capture_on_commit_callbacks
):
    t0 = timezone.now() - 70 * MIN
    services.clock_start(round_=table.round, now=t0)
    services.extension_give(match=table.match, minutes=6, reason="deck_check", now=t0 + 5 * MIN)
    with django_capture_on_commit_callbacks(execute=True):
        assert _client(world.sam).get(f"/events/{table.event.pk}/clock/").status_code == 200
    assert [c.match_id for c in called] == [None, table.match.pk]
    with django_capture_on_commit_callbacks(execute=True):
        floor = _client(world.judy).get(f"/events/{table.event.pk}/clock/floor/")
    assert floor.status_code == 200
    assert len(called) == 2
    assert TableClock.objects.get(match=table.match).time_called_marked_at is not None


def test_a_read_before_the_deadline_marks_nothing_and_queries_nothing_more(
    table, eager, called, django_assert_num_queries
):
    services.clock_start(round_=table.round)
    state = sel.clock_of(table.round)
    assert state.status == "running"
    with django_assert_num_queries(0):
        assert services.clock_mark_if_due(table.round, state) is False
    assert called == []


def test_with_a_worker_the_read_leaves_marking_to_the_task(table, settings, called):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    assert services.clock_mark_if_due(table.round, sel.clock_of(table.round)) is False
    assert RoundClock.objects.get(round=table.round).time_called_marked_at is None


def test_a_team_reads_its_own_tables_time_block_and_the_read_marks_time_called(
    table, world, eager, called, django_capture_on_commit_callbacks
):
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    url = f"/api/v1/matches/{table.match.pk}/"
    red = APIClient()
    red.credentials(HTTP_X_TEAM_KEY=table.red.access_key)
    with django_capture_on_commit_callbacks(execute=True):
        response = red.get(url)
    assert response.status_code == 200
    time = response.json()["time"]
    assert time["round_status"] == "time_called"
    assert time["phase"] != "playing"
    assert time["time_called_at"] is not None
    assert called == [events.TimeCalled(table.event.pk, table.round.pk)]
    with django_capture_on_commit_callbacks(execute=True):
        assert red.get(url).status_code == 200
    assert len(called) == 1


def _extended_round(event, n_teams: int, extended: int):
    from pairing import services as pairing_services
    from support import factories

    for k in range(n_teams - 3):  # the world's three teams and these
        factories.team(event, f"Team X{k:02d}", [f"X{k}a", f"X{k}b"])
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    start = timezone.now() - 120 * MIN  # past any round length, the extensions too
    services.clock_start(round_=round_, now=start)
    for m in list(round_.matches.filter(team_b__isnull=False).order_by("table"))[:extended]:
        services.extension_give(match=m, minutes=5, reason="ruling", now=start)
    # the embedded default may have marked it already on the way: start unmarked
    RoundClock.objects.filter(round=round_).update(time_called_marked_at=None)
    TableClock.objects.update(time_called_marked_at=None)
    return round_


@pytest.mark.parametrize("extended", [1, 4])
def test_marking_every_due_table_costs_the_same_for_one_table_and_for_four(
    world, eager, called, extended, django_assert_num_queries, django_assert_max_num_queries
):
    """The first read after time called marks each extended table whose time is up in a fixed
    number of queries, not one or more per table."""
    from judging.models import Extension

    round_ = _extended_round(world.event, 9, extended)
    assert Extension.objects.count() == extended
    TableClock.objects.get_or_create(match=round_.matches.filter(team_b__isnull=False).first())
    with django_assert_max_num_queries(39):  # with the receivers (schedule, live, page cache)
        marked = services.clock_mark_due(round_=round_)
    assert len(marked.tables_called) == extended
    assert TableClock.objects.filter(time_called_marked_at__isnull=False).count() == extended
    assert marked.round_called
    round_ = type(round_).objects.select_related("event").get(pk=round_.pk)
    tables = sel.round_tables(round_)
    state = sel.round_state(tables.round, timezone.now())
    with django_assert_num_queries(0):  # the read after: known marked from its own facts
        assert not services.clock_mark_if_due(
            round_, state, sel.states_of(tables).items(), tables.marked
        )


def test_a_clock_read_after_time_called_costs_what_a_read_before_it_costs(
    table, world, eager, called
):
    """Whether time called is marked comes with the clock's facts: no extra query per read."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = f"/api/v1/rounds/{table.round.pk}/clock/"
    api = APIClient()
    api.force_authenticate(world.judy)
    services.clock_start(round_=table.round, now=timezone.now() - 30 * MIN)
    with CaptureQueriesContext(connection) as before:
        assert api.get(url).json()["status"] == "running"
    services.clock_set_remaining(round_=table.round, seconds=0)
    services.clock_mark_due(round_=table.round)
    with CaptureQueriesContext(connection) as after:
        assert api.get(url).json()["status"] == "time_called"
    assert len(after) == len(before)
