"""Lists of every form, pasted through the API and uploaded on the team's page, come back with
the main deck and sideboard the file holds (MTR 6.1), the lines skipped listed, and in
constructed 2HG the sideboard reported apart (MTR 9.5), never counted in the main deck."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from decklists import selectors as deck_selectors
from support.catalogue import catalogue  # noqa: F401
from support.contract import API, put, team_client
from support.deck_forms import FIXTURE_FORMS, FIXTURES, fixture_text
from support.decks import MERFOLK
from tournament.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def team(world):
    # A week after the shipped card data: its verdicts are current (docs/rules.md).
    Event.objects.filter(pk=world.event.pk).update(date=dt.date(2022, 5, 2))
    world.event.refresh_from_db()
    rita, rob = world.red.players.order_by("seat")
    return world.red, rita, rob


@pytest.mark.parametrize("name", sorted(FIXTURE_FORMS))
def test_a_list_pasted_through_the_api_is_read_whole(team, name):
    red, rita, rob = team
    client = team_client(red.access_key)
    assert put(client, f"/players/{rob.pk}/decklist/", {"main": MERFOLK}).status_code == 200
    answer = put(client, f"/players/{rita.pk}/decklist/", {"main": fixture_text(name)})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["main_count"], body["sideboard_count"]) == (60, 15)
    assert body["form"] == FIXTURE_FORMS[name]
    assert [(p["code"], p["count"]) for p in body["problems"]] == [("sideboard_not_allowed", 15)]
    assert all(line["text"] and line["reason"] for line in body["skipped"])
    assert "Wear // Tear" in {line["name"] for line in body["sideboard"]}
    team_answer = client.get(f"{API}/teams/{red.pk}/decklists/").json()
    assert team_answer["status"] == "illegal"  # only the sideboard: MTR 9.5


@pytest.mark.parametrize("name", sorted(FIXTURE_FORMS))
def test_a_file_uploaded_on_the_team_page_is_read_whole(team, name):
    red, rita, _ = team
    upload = SimpleUploadedFile(name, (FIXTURES / name).read_bytes())
    url = f"/t/{red.access_key}/decklists/{rita.pk}/save/"
    assert Client().post(url, {"main": "", "file": upload}).status_code == 302
    deck = deck_selectors.team_report(red).decks[0]
    assert (deck.main_count, deck.sideboard_count) == (60, 15)
    page = Client().get(f"/t/{red.access_key}/decklists/").content.decode()
    if deck.skipped:
        assert "read but not counted" in page


def test_an_mtgo_export_in_2hg_keeps_its_sideboard_apart(team):
    """MTR 9.5: 60 cards, a blank line and 15: a sideboard, not a 75-card deck called legal."""
    red, rita, rob = team
    client = team_client(red.access_key)
    put(client, f"/players/{rob.pk}/decklist/", {"main": MERFOLK})
    body = put(client, f"/players/{rita.pk}/decklist/", {"main": fixture_text("mtgo.txt")}).json()
    assert (body["main_count"], body["sideboard_count"]) == (60, 15)
    assert body["problems"][0]["code"] == "sideboard_not_allowed"
    assert body["team_status"] == "illegal"


def test_an_unreadable_line_is_a_parse_error_with_its_text(team):
    red, rita, _ = team
    text = "Boros Burn by Rita\n" + fixture_text("mtgo.txt")
    body = put(team_client(red.access_key), f"/players/{rita.pk}/decklist/", {"main": text})
    problem = body.json()["problems"][0]
    assert (problem["code"], problem["line"]) == ("parse_error", 1)
    assert "Boros Burn by Rita" in problem["message"]


def test_an_upload_without_cards_is_refused_and_saves_nothing(team):
    red, rita, _ = team
    upload = SimpleUploadedFile("notes.txt", b"Bring sleeves!\nTable 4\n")
    url = f"/t/{red.access_key}/decklists/{rita.pk}/save/"
    answer = Client().post(url, {"main": "", "file": upload})
    assert answer.status_code == 400
    assert "No cards found in the file." in answer.content.decode()
    assert deck_selectors.team_report(red).decks[0].decklist is None
