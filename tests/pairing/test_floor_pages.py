"""The players' pages: the event's public page with the current round and "find my table",
"remember me" on the team page, and the live topics both pages follow (core.live)."""

import re

import pytest
from django.test import Client

from core import live
from judging.services.clock import clock_start
from pairing import services
from support import actors
from support.rounds import event_with_teams, games, match_of
from tournament.selectors import remember_cookie

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def running():
    event, teams = event_with_teams(6)
    round_ = services.round_pair_next(event=event, by=event.organizer, seed=3)
    services.round_publish(round_=round_, by=event.organizer)
    return event, round_, teams


def test_public_page_shows_the_current_round_and_a_search_form_without_javascript(running):
    event, round_, _teams = running
    page = _text(Client().get(f"/events/{event.pk}/"))
    assert f"Round {round_.number}" in page
    assert 'method="get"' in page
    assert 'name="q"' in page


def test_three_letters_of_a_player_name_find_the_table_opponents_and_seats(running):
    event, round_, teams = running
    team = teams[0]
    player = team.players.order_by("seat").last()
    match = match_of(round_, team)
    opponent = match.team_b if match.team_a_id == team.pk else match.team_a
    page = _text(Client().get(f"/events/{event.pk}/", {"q": player.name[-3:].upper()}))
    assert team.name in page
    assert f'class="table-no">{match.table}<' in page
    assert opponent.name in page
    for p in opponent.players.all():
        assert p.name in page


def test_search_by_team_name_and_too_short_or_unknown_searches_say_so(running):
    event, _round, teams = running
    client = Client()
    assert teams[1].name in _text(client.get(f"/events/{event.pk}/", {"q": teams[1].name}))
    assert "Type at least 3 letters" in _text(client.get(f"/events/{event.pk}/", {"q": "ab"}))
    assert "No team or player matches" in _text(client.get(f"/events/{event.pk}/", {"q": "zzzq"}))


def test_unpublished_rounds_stay_hidden_from_the_public_page():
    event, teams = event_with_teams(4)
    services.round_pair_next(event=event, by=event.organizer, seed=1)
    page = _text(Client().get(f"/events/{event.pk}/", {"q": teams[0].name}))
    assert "appear here when round 1 is published" in page
    assert "table-no" not in page


def test_the_clock_shows_on_the_public_page(running):
    event, round_, teams = running
    clock_start(round_=round_)
    page = _text(Client().get(f"/events/{event.pk}/", {"q": teams[0].name}))
    assert "min left in the round" in page


def test_remember_me_keeps_the_team_page_one_tap_from_the_public_page(running):
    event, _round, teams = running
    team = teams[2]
    client = Client()
    response = client.post(f"/t/{team.access_key}/remember/")
    assert response.status_code == 302
    cookie = response.cookies[remember_cookie(event.pk)]
    assert cookie.value == team.access_key
    assert cookie["httponly"]
    page = _text(client.get(f"/events/{event.pk}/"))
    assert f'href="/t/{team.access_key}/"' in page
    client.post(f"/t/{team.access_key}/remember/", {"action": "forget"})
    assert f'href="/t/{team.access_key}/"' not in _text(client.get(f"/events/{event.pk}/"))


def test_a_cookie_with_a_stale_or_foreign_key_is_ignored(running):
    event, _round, _teams = running
    other_event, other_teams = event_with_teams(4)
    client = Client()
    client.cookies[remember_cookie(event.pk)] = other_teams[0].access_key
    assert other_teams[0].access_key not in _text(client.get(f"/events/{event.pk}/"))


def test_new_round_final_result_and_time_called_change_the_live_topics(running):
    event, round_, teams = running
    team = teams[0]
    match = match_of(round_, team)
    other = match.team_b if match.team_a_id == team.pk else match.team_a
    before = live.version(f"event:{event.pk}"), live.version(f"team:{team.pk}")
    services.match_report_result(match=match, team=team, **games(1, 0))
    services.match_report_result(match=match, team=other, **games(1, 0))
    after = live.version(f"event:{event.pk}"), live.version(f"team:{team.pk}")
    assert after[0] > before[0]
    assert after[1] > before[1]
    # The fragments the pages fetch on a change answer on their own.
    assert Client().get(f"/events/{event.pk}/now/?q={team.name}").status_code == 200
    part = Client().get(f"/t/{team.access_key}/?part=blocks")
    assert "Result final" in _text(part)
    assert "<html" not in part.content.decode()


def test_live_topics_are_followed_only_by_who_may_see_them(running):
    event, _round, teams = running
    client = Client()
    assert client.get(f"/live/event/{event.pk}/version").status_code in (200, 204)
    assert client.get(f"/live/team/{teams[0].pk}/version").status_code in (200, 204)
    hidden, hidden_teams = event_with_teams(4, public=False)
    assert client.get(f"/live/event/{hidden.pk}/version").status_code == 404
    key = hidden_teams[0].access_key
    url = f"/live/team/{hidden_teams[0].pk}/version?key={key}"
    assert client.get(url).status_code in (200, 204)


def test_team_page_holds_round_table_clock_tracker_standings_and_penalties(running):

    event, round_, teams = running
    team = teams[0]
    match = match_of(round_, team)
    player = team.players.order_by("seat").first()
    actors.issue_penalty(
        event=event,
        actor=actors.judge(event),
        player=player,
        infraction_code="GPE-LEC",
        round_=round_,
    )
    clock_start(round_=round_)
    page = _text(Client().get(f"/t/{team.access_key}/"))
    assert f"Round {round_.number}" in page
    assert f'class="table-no">{match.table}<' in page
    assert "min left in the round" in page
    assert "Open our table" in page
    assert f"/events/{event.pk}/standings/" in page
    assert "Penalties" in page
    assert "Looking at Extra Cards" in page
    assert player.name in page


def test_time_called_for_the_round_or_one_table_changes_the_live_topics(running):
    from core import events

    event, round_, teams = running
    match = match_of(round_, teams[0])
    others = [t for t in teams if t.pk not in (match.team_a_id, match.team_b_id)]
    topics = [f"event:{event.pk}", f"team:{teams[0].pk}", f"team:{others[0].pk}"]
    before = [live.version(t) for t in topics]
    events.time_called.dispatch(events.TimeCalled(event.pk, round_.pk, match.pk))
    after_table = [live.version(t) for t in topics]
    assert after_table[0] > before[0]
    assert after_table[1] > before[1]
    assert after_table[2] == before[2]  # a table's time: only its two teams
    events.time_called.dispatch(events.TimeCalled(event.pk, round_.pk))
    assert live.version(topics[2]) > after_table[2]  # the round's time: every team
