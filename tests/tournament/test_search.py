"""Search finds names as people type them, on SQLite and PostgreSQL alike (the folded
``search_key`` columns, one Python folding for both): the event page's "find your table", the
team list and the judges' player search, with "jose", "zoe", "mull" and "Nuñez" for "José",
"Zoë", "Müller" and "Ñúñez"."""

import pytest
from django.test import Client

from pairing import services as pairing
from support import factories
from tournament import selectors
from tournament.models import Player, Team
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(db):
    alice = factories.user("alice")
    event = factories.event(alice, name="Friday 2HG", public=True)
    factories.team(event, "Los Pumas", ["José Ñúñez", "Zoë Müller"])
    factories.team(event, "Straße Crew", ["Bjørn Dahl", "Æsa Lind"])
    factories.team(event, "Team Blue", ["Bea", "Ben"])
    factories.team(event, "Team Red", ["Rita", "Rob"])
    return event, alice


def _found(event, query):
    return [t.name for t in selectors.find_teams(event, query)]


@pytest.mark.parametrize(
    ("typed", "team"),
    [
        ("jose", "Los Pumas"),
        ("zoe", "Los Pumas"),
        ("mull", "Los Pumas"),
        ("Nuñez", "Los Pumas"),
        ("NUNEZ", "Los Pumas"),
        ("strasse", "Straße Crew"),
        ("bjorn", "Straße Crew"),
        ("aesa", "Straße Crew"),
        ("pumas", "Los Pumas"),
    ],
)
def test_names_are_found_without_accents_or_capitals(hall, typed, team):
    event, _alice = hall
    assert _found(event, typed) == [team]


def test_a_search_with_like_wildcards_finds_them_literally(hall):
    event, _alice = hall
    assert _found(event, "%") == []
    assert _found(event, "_") == []


def test_a_renamed_team_and_player_are_found_by_their_new_names(hall):
    event, _alice = hall
    team = Team.objects.get(event=event, name="Team Blue")
    tournament_teams.team_rename(team=team, name="Águilas")
    player = Player.objects.get(team=team, name="Bea")
    tournament_teams.player_update(player=player, name="Beatriz Peña")
    assert _found(event, "aguilas") == ["Águilas"]
    assert _found(event, "pena") == ["Águilas"]


def test_the_event_page_finds_a_table_by_a_name_typed_without_accents(hall):
    event, _alice = hall
    pairing.round_publish(round_=pairing.round_pair_next(event=event, seed=1))
    page = Client().get(f"/events/{event.pk}/?q=jose").content.decode()
    assert "Los Pumas" in page
    assert "José Ñúñez" in page
    assert "No team or player matches" not in page


def test_the_team_list_filters_by_a_name_typed_without_accents(hall):
    event, _alice = hall
    page = Client().get(f"/events/{event.pk}/teams/?q=mull").content.decode()
    assert "Los Pumas" in page
    assert "Team Red" not in page
    empty = Client().get(f"/events/{event.pk}/teams/?q=nobody").content.decode()
    assert "No team or player matches" in empty


def test_the_judges_player_search_finds_a_player_typed_without_accents(hall):
    event, alice = hall
    client = Client()
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/penalties/new/?who=zoe").content.decode()
    assert 'name="player"' in page
    assert "Zoë Müller" in page
    assert "Rita" not in page
