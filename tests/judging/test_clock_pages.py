"""The round clock's pages (issue 8): the projector clock (public when the event is; the
scorekeeper runs it), the judges' floor view, the table's page (judges give extensions, record
passing at time and press "turn passed"; a scorekeeper only reads it)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from judging import services
from judging.models import ClockCorrection, Extension, RoundClock, TableClock
from judging.selectors import clock as sel
from pairing import services as pairing_services
from support import factories
from tracker.models import GameEvent

pytestmark = pytest.mark.django_db
MIN = timedelta(minutes=1)


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _clock(table) -> str:
    return f"/events/{table.event.pk}/clock/"


def _table(table) -> str:
    return f"/events/{table.event.pk}/matches/{table.match.pk}/clock/"


def test_projector_shows_the_round_and_its_remaining_time_without_javascript(table, world):
    services.clock_start(round_=table.round, now=timezone.now() - 15 * MIN)
    page = _client(world.judy).get(_clock(table)).content.decode()
    assert "Round 1" in page
    assert "45:00" in page or "44:59" in page
    assert 'data-status="running"' in page
    assert "Reload" in page
    assert "<script>" not in page
    assert "style=" not in page


def test_projector_is_public_when_the_event_is(table, world):
    assert _client().get(_clock(table)).status_code == 404  # the event is private
    table.event.public = True
    table.event.save(update_fields=["public"])
    page = _client().get(_clock(table))
    assert page.status_code == 200
    assert b'name="action"' not in page.content  # no controls for the public


def test_projector_shows_time_and_the_end_of_round_reminder(table, world):
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    page = _client(world.sam).get(_clock(table)).content.decode()
    assert ">Time<" in page
    assert "three more team turns" in page
    assert "data-clock-reminder hidden" not in page


def test_scorekeeper_runs_the_clock_from_the_projector_page(table, world):
    sam = _client(world.sam)
    assert b"Start round 1" in sam.get(_clock(table)).content
    control = f"/events/{table.event.pk}/clock/control/"
    assert sam.post(control, {"round": 1, "action": "start"}).status_code == 302
    assert RoundClock.objects.get(round=table.round).started_at is not None
    sam.post(control, {"round": 1, "action": "pause"})
    assert sel.clock_of(table.round).status == "paused"
    assert b"Resume" in sam.get(_clock(table)).content
    sam.post(control, {"round": 1, "action": "resume"})
    sam.post(control, {"round": 1, "action": "set_remaining", "minutes": 10, "seconds": 5})
    assert ClockCorrection.objects.get(round=table.round).seconds == 605
    page = sam.post(control, {"round": 1, "action": "start"}, follow=True).content.decode()
    assert "already started" in page


def test_a_team_or_anonymous_caller_cannot_run_the_clock(table, world):
    control = f"/events/{table.event.pk}/clock/control/"
    table.event.public = True
    table.event.save(update_fields=["public"])
    assert _client().post(control, {"round": 1, "action": "start"}).status_code == 302  # login
    assert _client(world.charlie).post(control, {"round": 1, "action": "start"}).status_code == 403
    assert not RoundClock.objects.filter(round=table.round, started_at__isnull=False).exists()


def _paired(world):
    event = world.event
    event.rel = "competitive"
    event.save(update_fields=["rel"])
    factories.settings(event, swiss_rounds=3)
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    return round_


def test_floor_view_lists_tables_in_floor_order_with_links(world, four_teams):
    round_ = _paired(world)
    t0 = timezone.now() - 30 * MIN
    services.clock_start(round_=round_, now=t0)
    first, second = round_.matches.order_by("table")
    services.extension_give(match=second, minutes=6, reason="deck_check", now=t0 + MIN)
    page = _client(world.sam).get(f"/events/{world.event.pk}/clock/floor/").content.decode()
    extended = f"table {second.table}: +6 min extension, 3"
    assert extended in page
    assert page.index(extended) < page.index(f"table {first.table}: ")
    assert f"/matches/{second.pk}/clock/" in page
    part = _client(world.judy).get(f"/events/{world.event.pk}/clock/floor/?round=1&part=1")
    assert b"<html" not in part.content
    assert extended.encode() in part.content


def test_floor_view_is_staffs(table, world):
    url = f"/events/{table.event.pk}/clock/floor/"
    assert _client(world.sam).get(url).status_code == 200
    assert _client(world.charlie).get(url).status_code == 404


def test_table_page_shows_state_and_judges_give_extensions(table, world):
    t0 = timezone.now() - 10 * MIN
    services.clock_start(round_=table.round, now=t0)
    judy = _client(world.judy)
    page = judy.get(_table(table)).content.decode()
    assert "Table 1" in page
    assert "50:00" in page or "49:5" in page
    assert "A deck check" in page  # the reasons of the model
    done = judy.post(_table(table), {"action": "extension", "minutes": 4, "reason": "ruling"})
    assert done.status_code == 302
    row = Extension.objects.get(match=table.match)
    assert (row.minutes, row.reason, row.by) == (4, "ruling", world.judy)
    page = judy.get(_table(table)).content.decode()
    assert "+4 min" in page
    bad = judy.post(_table(table), {"action": "extension", "minutes": 0, "reason": "ruling"})
    assert b"1 to 60" in judy.get(bad.url).content


def test_scorekeeper_reads_the_table_page_but_gives_no_extension(table, world):
    sam = _client(world.sam)
    page = sam.get(_table(table)).content.decode()
    assert "Give the extension" not in page
    post = sam.post(_table(table), {"action": "extension", "minutes": 4, "reason": "ruling"})
    assert post.status_code == 403
    assert not Extension.objects.exists()
    assert _client().post(_table(table), {"action": "turn_passed"}).status_code in (302, 404)
    assert not GameEvent.objects.filter(type="pass_turn").exists()


def test_judge_records_passing_at_time_and_turns_passed(table, world):
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    judy = _client(world.judy)
    judy.post(_table(table), {"action": "passing", "passing": "1"})
    assert TableClock.objects.get(match=table.match).passing_at_time
    page = judy.get(_table(table)).content.decode()
    assert "Passing at time: yes" in page
    blue, red = table.match.team_b_id, table.match.team_a_id
    judy.post(_table(table), {"action": "turn_passed", "next_active": blue})
    judy.post(_table(table), {"action": "turn_passed", "next_active": blue})  # extra turn
    teams = list(
        GameEvent.objects.filter(match=table.match, type="pass_turn").values_list("team", flat=True)
    )
    assert teams == [blue, blue]
    state = sel.states_of(sel.round_tables(table.round))[table.match.pk]
    assert state.phase == "extra_turns"
    page = judy.get(_table(table)).content.decode()
    assert "Additional turn" in page
    assert f'value="{red}">Turn passed' in page
    assert f'value="{blue}">Extra turn' in page


def test_match_page_and_floor_view_link_the_tables_page(table, world):
    page = _client(world.judy).get(f"/events/{table.event.pk}/matches/{table.match.pk}/")
    assert _table(table).encode() in page.content
