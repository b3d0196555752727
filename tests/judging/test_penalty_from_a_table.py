"""A penalty on a phone starts from a table number (or a name), then the four players of that
table; the proposal and its Issue button come first on the page; the floor view and a table's
page open "penalty at this table". A Decklist Problem leads to the team's lists."""

import pytest
from django.test import Client

from judging.models import Penalty
from pairing import services as pairing
from support import factories
from tournament.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_tables(world):
    """Red, Blue, Gold and Jade in round 1: two tables; Red's is returned."""
    factories.team(world.event, "Team Gold", ["Gil", "Gia"])
    factories.team(world.event, "Team Jade", ["Jo", "Jan"])
    factories.settings(world.event, swiss_rounds=3)
    round_ = pairing.round_pair_next(event=world.event, seed=1)
    pairing.round_publish(round_=round_)
    return round_.matches.get(entries__team=world.red)


def _judge(world):
    client = Client()
    client.force_login(world.judy)
    return client


def test_the_form_starts_with_where_and_lists_no_player_of_the_event(world, two_tables):
    page = _judge(world).get(f"/events/{world.event.pk}/penalties/new/").content.decode()
    assert 'name="table"' in page
    assert 'name="who"' in page
    assert 'name="player"' not in page  # not every player of the event


def test_a_table_number_opens_its_four_players(world, two_tables):
    match = two_tables
    url = f"/events/{world.event.pk}/penalties/new/?table={match.table}"
    page = _judge(world).get(url).content.decode()
    seated = [*match.team_a.players.all(), *match.team_b.players.all()]
    assert page.count('name="player"') == 4
    assert all(p.name in page for p in seated)
    away = Player.objects.filter(event=world.event).exclude(pk__in=[p.pk for p in seated])
    assert away.count() == 4
    assert not any(f'name="player" value="{p.pk}"' in page for p in away)


def test_an_unknown_table_says_so(world, table):
    page = _judge(world).get(f"/events/{world.event.pk}/penalties/new/?table=99").content.decode()
    assert "No table 99 in the current round." in page
    assert 'name="player"' not in page


def test_a_name_finds_the_players_of_its_team_away_from_a_table(world):
    factories.team(world.event, "Los Pumas", ["José Ñúñez", "Zoë Müller"])
    page = _judge(world).get(f"/events/{world.event.pk}/penalties/new/?who=nunez").content.decode()
    assert page.count('name="player"') == 2
    assert "José Ñúñez" in page


def test_the_proposal_and_its_button_come_first(world, table):
    rita = table.player(table.red)
    form = {"match": table.match.pk, "player": rita.pk, "infraction": "GPE-MT", "propose": "1"}
    page = _judge(world).post(f"/events/{world.event.pk}/penalties/new/", form).content.decode()
    body = page.split("<main>", 1)[1]
    assert body.index('id="proposal"') < body.index('name="infraction"')
    assert body.index('name="issue"') < body.index('name="infraction"')
    assert 'action="#proposal"' in page


def test_the_floor_view_and_the_table_page_open_a_penalty_at_this_table(world, table):
    judge = _judge(world)
    floor = judge.get(f"/events/{world.event.pk}/clock/floor/").content.decode()
    table_page = judge.get(f"/events/{world.event.pk}/matches/{table.match.pk}/clock/")
    here = f"/events/{world.event.pk}/penalties/new/?match={table.match.pk}"
    assert here in floor
    assert here in table_page.content.decode()
    sam = Client()
    sam.force_login(world.sam)
    assert here not in sam.get(f"/events/{world.event.pk}/clock/floor/").content.decode()


def test_a_decklist_problem_leads_to_the_teams_lists_and_the_dashboard_says_so(world, table):
    rita = table.player(table.red)
    form = {"match": table.match.pk, "player": rita.pk, "infraction": "TE-DLP", "issue": "1"}
    response = _judge(world).post(f"/events/{world.event.pk}/penalties/new/", form)
    assert Penalty.objects.filter(infraction="TE-DLP").count() == 1
    assert response["Location"] == f"/events/{world.event.pk}/decklists/{world.red.pk}/"
    dashboard = _judge(world).get(f"/events/{world.event.pk}/").content.decode()
    assert 'id="lists-to-fix"' in dashboard  # Red has no list at all: still illegal
    assert f"/events/{world.event.pk}/decklists/{world.red.pk}/" in dashboard
