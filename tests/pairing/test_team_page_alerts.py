"""What the open team page announces (static/js/alerts.js) comes from markers in its live part,
each with an id that is new when the news is; and the team's live topic moves on each of those
events, so an open page fetches the part again: a round posted, the round's clock started, time
called at the table, the other team's report to confirm, a judge on the way."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core import live
from judging.services import calls
from judging.services.clock import clock_set_remaining, clock_start
from pairing import services
from support import actors, factories
from support.rounds import event_with_teams, games, match_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def running():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event, by=event.organizer, seed=3)
    services.round_publish(round_=round_, by=event.organizer)
    return event, round_, teams


def _markers(team) -> dict[str, tuple[str, str]]:
    """The part's markers: type -> (id, text)."""
    html = Client().get(f"/t/{team.access_key}/?part=blocks").content.decode()
    found = re.findall(
        r'<span hidden data-alert="([a-z_]+)" data-alert-id="([^"]+)" data-alert-text="([^"]+)"',
        html,
    )
    return {kind: (ident, text) for kind, ident, text in found}


def test_a_posted_round_is_marked_with_its_table(running):
    _event, round_, teams = running
    match = match_of(round_, teams[0])
    marked = _markers(teams[0])
    assert marked["pairings"] == (f"round-{round_.pk}", f"Round 1: table {match.table}")
    assert "clock_started" not in marked
    assert "time_called" not in marked
    assert "confirm_result" not in marked


def test_the_clock_started_and_time_called_are_marked_and_move_the_teams_topics(running):
    _event, round_, teams = running
    before = [live.version(f"team:{t.pk}") for t in teams]
    clock_start(round_=round_, now=timezone.now() - timedelta(minutes=5))
    after = [live.version(f"team:{t.pk}") for t in teams]
    assert all(a > b for a, b in zip(after, before, strict=True))
    assert _markers(teams[0])["clock_started"] == (
        f"clock-{round_.pk}",
        "Round 1: the clock has started",
    )
    clock_set_remaining(round_=round_, seconds=0)
    match = match_of(round_, teams[0])
    assert _markers(teams[0])["time_called"] == (
        f"time-{match.pk}",
        f"Time has been called at table {match.table}",
    )


def test_the_other_teams_report_is_marked_for_the_team_that_has_not_reported(running):
    _event, round_, teams = running
    team = teams[0]
    match = match_of(round_, team)
    other = match.team_b if match.team_a_id == team.pk else match.team_a
    before = live.version(f"team:{team.pk}")
    services.match_report_result(match=match, team=other, **games(1, 0))
    assert live.version(f"team:{team.pk}") > before
    ident, text = _markers(team)["confirm_result"]
    assert ident.startswith("confirm-")
    assert text == f"{other.name} reported a result: confirm it"
    assert "confirm_result" not in _markers(other)  # its own report is no news to it
    services.match_report_result(match=match, team=other, **games(0, 1))
    assert _markers(team)["confirm_result"][0] != ident  # a changed report is news again


def test_a_judge_on_the_way_is_marked_on_the_teams_page(running):
    event, round_, teams = running
    judge = factories.staff(event, "judge", "judy")
    match = match_of(round_, teams[0])
    call = calls.judge_call(match=match, team=teams[0]).call
    assert "judge_coming" not in _markers(teams[0])
    calls.judge_call_claim(call=call, actor=actors.judge(event, judge))
    assert _markers(teams[0])["judge_coming"] == (f"judge-{call.pk}-claimed", "judy is on the way")


def test_the_markers_are_in_the_readers_language(running):
    _event, round_, teams = running
    match = match_of(round_, teams[0])
    html = (
        Client(HTTP_ACCEPT_LANGUAGE="es")
        .get(f"/t/{teams[0].access_key}/?part=blocks")
        .content.decode()
    )
    assert f'data-alert-text="Ronda 1: mesa {match.table}"' in html
