"""The seat check at a round's start and Tardiness (IPG 3.1; MTR 8.2): empty seats, arrivals, the
penalty proposed at the right minute, the table's extension, the Match Loss and drop at ten."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import Conflict, ServiceError
from judging import services
from judging.models import EmptySeatRow, Penalty
from judging.selectors import clock as clock_selectors
from judging.selectors.tardiness import seat_board
from support import actors

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def started(table):
    t0 = timezone.now() - timedelta(minutes=20)
    services.clock_start(round_=table.round, now=t0)
    return t0


def test_all_four_seated_in_one_tap(table, started):
    services.seat_check_record(match=table.match, missing=[])
    board = seat_board(table.round, timezone.now())
    assert (board.all_seated, board.unchecked, board.waiting) == (1, [], [])


def test_a_player_seated_within_the_first_minute_gets_a_warning(table, started, world):
    """IPG 3.1 downgrade: seated within the first minute, a Warning."""
    rita = table.player(table.red)
    services.seat_check_record(match=table.match, missing=[rita.pk], now=started)
    services.seat_arrived(match=table.match, player=rita, now=started + timedelta(seconds=40))
    (line,) = seat_board(table.round, timezone.now()).waiting[0].late
    assert (line.proposed.penalty.value, line.late.waiting) == ("warning", False)
    done = services.tardiness_issue(
        match=table.match,
        actor=actors.judge(table.match.round.event, world.judy),
        team_id=table.red.pk,
    )
    assert (done.penalty.penalty, done.penalty.player_id) == ("warning", rita.pk)
    with pytest.raises(Conflict):
        services.tardiness_issue(
            match=table.match, actor=actors.judge(table.match.round.event), team_id=table.red.pk
        )


def test_four_minutes_late_is_a_game_loss_and_the_table_gets_four_minutes(table, started):
    """IPG 3.1: Game Loss (under any policy: never converted, JG09); the table gets the minutes
    late as an extension (MTR 2.6)."""
    rita = table.player(table.red)
    services.seat_check_record(match=table.match, missing=[rita.pk], now=started)
    services.seat_arrived(match=table.match, player=rita, now=started + timedelta(minutes=3.5))
    row = services.tardiness_issue(
        match=table.match, actor=actors.judge(table.match.round.event), team_id=table.red.pk
    ).penalty
    assert (row.penalty, row.tardiness_minutes) == ("game_loss", 3.5)
    tables = clock_selectors.round_tables(table.round, [table.match])
    extensions = tables.facts[table.match.pk].extensions
    assert [(e.minutes, e.reason) for e in extensions] == [(4, "tardiness")]


def test_still_missing_at_ten_minutes_is_a_match_loss_and_the_drop(table, started, world):
    """IPG 3.1 upgrade; MTR 8.2: one player dropped drops the team."""
    gil, rita = table.player(table.red, 2), table.player(table.red)
    services.seat_check_record(match=table.match, missing=[rita.pk, gil.pk], now=started)
    (line,) = seat_board(table.round, timezone.now()).waiting[0].late
    assert (line.proposed.penalty.value, line.proposed.drops_team) == ("match_loss", True)
    assert line.player == rita  # the team's first missing player
    row = services.tardiness_issue(
        match=table.match,
        actor=actors.judge(table.match.round.event, world.judy),
        team_id=table.red.pk,
    ).penalty
    assert (row.penalty, row.dropped_team) == ("match_loss", True)
    table.red.refresh_from_db()
    table.match.refresh_from_db()
    assert table.red.dropped
    assert table.match.status == "final"
    assert set(EmptySeatRow.objects.values_list("penalty_id", flat=True)) == {row.pk}


def test_only_players_of_the_table_and_no_timer_before_the_clock(table, world):
    with pytest.raises(ServiceError):
        services.seat_check_record(match=table.match, missing=[10**6])
    rita = table.player(table.red)
    services.seat_check_record(match=table.match, missing=[rita.pk])
    assert seat_board(table.round, timezone.now()).waiting[0].late == []
    with pytest.raises(ServiceError):
        services.tardiness_issue(
            match=table.match, actor=actors.judge(table.match.round.event), team_id=table.red.pk
        )


def test_the_page_checks_seats_records_the_arrival_and_issues_in_one_tap(table, started, world):
    judy = _client(world.judy)
    url = f"/events/{table.event.pk}/seats/"
    page = judy.get(url).content.decode()
    assert "Seats checked" in page
    rita = table.player(table.red)
    form = {"round": 1, "match": table.match.pk}
    judy.post(url, {**form, "action": "check", "missing": [rita.pk]})
    page = judy.get(url).content.decode()
    assert "Waiting for players" in page
    assert "Proposed: <strong>Match Loss</strong> and the team dropped" in page
    judy.post(url, {**form, "action": "arrived", "player": rita.pk})
    judy.post(url, {**form, "action": "tardiness", "team": table.red.pk})
    row = Penalty.objects.get()
    assert (row.infraction, row.issued_by) == ("TE-T", world.judy)
    assert _client(world.sam).get(url).status_code == 403


def test_a_game_loss_while_waiting_then_the_match_loss_and_drop_at_ten(table, world):
    """IPG 3.1: the Game Loss when the round starts; still missing at ten, the Match Loss and
    the drop (MTR 8.2) follow as a second penalty."""
    t0 = timezone.now() - timedelta(minutes=4)
    services.clock_start(round_=table.round, now=t0)
    rita = table.player(table.red)
    services.seat_check_record(match=table.match, missing=[rita.pk], now=t0)
    first = services.tardiness_issue(
        match=table.match, actor=actors.judge(table.match.round.event), team_id=table.red.pk
    ).penalty
    assert first.penalty == "game_loss"
    with pytest.raises(Conflict):
        services.tardiness_issue(
            match=table.match, actor=actors.judge(table.match.round.event), team_id=table.red.pk
        )
    later = t0 + timedelta(minutes=11)
    second = services.tardiness_issue(
        match=table.match,
        actor=actors.judge(table.match.round.event),
        team_id=table.red.pk,
        now=later,
    ).penalty
    assert (second.penalty, second.dropped_team) == ("match_loss", True)
    table.match.refresh_from_db()
    assert table.match.status == "final"


def test_the_page_names_the_penalty_already_issued(table, world):
    t0 = timezone.now() - timedelta(minutes=4)
    services.clock_start(round_=table.round, now=t0)
    rita = table.player(table.red)
    services.seat_check_record(match=table.match, missing=[rita.pk], now=t0)
    services.tardiness_issue(
        match=table.match, actor=actors.judge(table.match.round.event), team_id=table.red.pk
    )
    page = _client(world.judy).get(f"/events/{table.event.pk}/seats/").content.decode()
    assert "issued: Game Loss" in page
    assert "game_loss" not in page
