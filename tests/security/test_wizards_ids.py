"""Wizards Account IDs are personal data: only the event's staff and the player's own team read
them, through the API and the pages. An ID is what Wizards issues (a number of at most ten
digits, MTR 1.5), never an e-mail address."""

import pytest
from django.test import Client

from support.api_clients import client_for
from tournament.domain.names import NameError_, clean_wizards_id
from tournament.models import Event, Player

pytestmark = pytest.mark.django_db

API = "/api/v1"


@pytest.fixture
def public_world(world):
    Event.objects.filter(pk=world.event.pk).update(public=True)
    Player.objects.filter(team=world.red, seat=1).update(wizards_id="1234567")
    Player.objects.filter(team=world.blue, seat=1).update(wizards_id="7654321")
    world.event.refresh_from_db()
    return world


def _ids(body) -> set:
    teams = body if isinstance(body, list) else [body]
    return {p["wizards_id"] for t in teams for p in t["players"]} - {None}


@pytest.mark.parametrize("who", [None, "charlie", "green"])
def test_outsiders_read_no_wizards_id_from_the_team_list_or_a_team(public_world, who):
    caller = getattr(public_world, who) if who else None
    client = client_for(caller)
    listed = client.get(f"{API}/events/{public_world.event.pk}/teams/")
    assert listed.status_code == 200
    assert _ids(listed.json()) == set()
    one = client.get(f"{API}/teams/{public_world.red.pk}/")
    assert one.status_code == 200
    assert _ids(one.json()) == set()


def test_a_team_reads_its_own_ids_and_not_the_other_teams(public_world):
    client = client_for(public_world.red)
    assert _ids(client.get(f"{API}/events/{public_world.event.pk}/teams/").json()) == {"1234567"}
    assert _ids(client.get(f"{API}/teams/{public_world.red.pk}/").json()) == {"1234567"}
    assert _ids(client.get(f"{API}/teams/{public_world.blue.pk}/").json()) == set()


@pytest.mark.parametrize("who", ["alice", "sam", "judy", "hank"])
def test_staff_read_every_id(public_world, who):
    client = client_for(getattr(public_world, who))
    body = client.get(f"{API}/events/{public_world.event.pk}/teams/").json()
    assert _ids(body) == {"1234567", "7654321"}


def test_public_pages_show_no_wizards_id(public_world):
    client = Client()
    for path in (
        f"/events/{public_world.event.pk}/",
        f"/events/{public_world.event.pk}/teams/",
        f"/events/{public_world.event.pk}/standings/",
    ):
        response = client.get(path, follow=True)
        assert b"1234567" not in response.content, path
    own = Client().get(f"/t/{public_world.blue.access_key}/")
    assert b"1234567" not in own.content


@pytest.mark.parametrize(
    "raw",
    ["rita@example.com", "1234@wizards", "12345678901", "12a45", "１２３", "-1", "1.5", True],
)
def test_only_numbers_wizards_issues_are_accepted(raw):
    """MTR 1.5: a player is identified by the number on the Wizards Account (formerly DCI)."""
    with pytest.raises(NameError_):
        clean_wizards_id(raw)


@pytest.mark.parametrize(("raw", "clean"), [("0012345678", "0012345678"), (" 42 ", "42"), (7, "7")])
def test_numbers_are_kept_as_text(raw, clean):
    assert clean_wizards_id(raw) == clean


def test_registering_with_an_email_as_id_is_a_400_naming_the_problem(world):
    body = {
        "name": "Team Mail",
        "players": [{"name": "Mo", "wizards_id": "mo@example.com"}, {"name": "Max"}],
    }
    response = client_for(world.alice).post(
        f"{API}/events/{world.event.pk}/teams/", body, format="json"
    )
    assert response.status_code == 400
    assert "e-mail" in str(response.json())
