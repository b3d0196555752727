"""The table's words in the reader's language: the game log and the undo button built from each
row's fields, and a refused event's reason from the API (issue 11, languages). English stays the
default: the log keeps its stored English words."""

import pytest
from django.test import Client

from support.api_clients import client_for

pytestmark = pytest.mark.django_db


def _rita(table, world, seated) -> int:
    return seated[0][0] if table.team_a_id == world.red.pk else seated[1][0]


def _tap(client: Client, key: str, client_id: str, **fields):
    return client.post(f"/t/{key}/table/event/", {**fields, "client_id": client_id})


def test_the_log_and_the_undo_button_speak_spanish_to_a_spanish_browser(table, world, seated):
    key = world.red.access_key
    rita = _rita(table, world, seated)
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es")
    _tap(spanish, key, "w1", op="life:-5", player=rita)
    _tap(spanish, key, "w2", op="pass_turn")
    page = spanish.get(f"/t/{key}/table/").content.decode()
    # the whole line, as the English one: what happened, then the totals and the rule
    assert "Rita -5 vidas: Team Red con 25 vidas." in page
    # nobody recorded who played first: team A is taken as the starter, so team B plays turn 2
    first, second = table.team_a.name, table.team_b.name
    line = f"Turno pasado: turno 2, juega {second} (no se registró quién empezó: se toma {first})."
    assert line in page
    assert f"Deshacer: {line}" in page
    assert "life: Team Red at 25 life" not in page

    english = Client().get(f"/t/{key}/table/").content.decode()
    assert "Rita -5 life: Team Red at 25 life." in english
    assert "vidas" not in english


def test_an_undone_event_says_so_in_spanish(table, world, seated):
    key = world.red.access_key
    rita = _rita(table, world, seated)
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es")
    _tap(spanish, key, "u1", op="poison:1", player=rita)
    _tap(spanish, key, "u2", op="undo", amount="1")
    page = spanish.get(f"/t/{key}/table/").content.decode()
    assert "Rita +1 veneno (deshecho por #2)." in page
    assert "Deshacer #1 (Rita +1 veneno)." in page


def test_a_refused_event_is_explained_in_the_requests_language(table, world):
    url = f"/api/v1/matches/{table.pk}/game/events/"
    body = {"type": "undo", "amount": 3, "client_id": "lang-1"}
    api = client_for(world.red)
    spanish = api.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert spanish.status_code == 400
    assert spanish.json() == {
        "detail": "#1 solo puede deshacer un evento anterior",
        "code": "undo_not_earlier",
    }
    english = api.post(url, {**body, "client_id": "lang-2"}, format="json")
    assert english.json() == {
        "detail": "#1 can only undo an earlier event",
        "code": "undo_not_earlier",
    }


def test_a_refused_tap_says_why_in_spanish(table, world):
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es")
    response = _tap(spanish, world.red.access_key, "r1", op="undo", amount="3")
    page = spanish.get(response.url).content.decode()
    assert "solo puede deshacer un evento anterior" in page


def test_a_spanish_page_fetches_new_log_rows_in_spanish(table, world, seated):
    """The live update carries the stored English words: a page in another language asks for its
    log again (?part=log), rendered in its language and refused like the page."""
    key = world.red.access_key
    rita = _rita(table, world, seated)
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es")
    assert 'data-log-part="?part=log"' in spanish.get(f"/t/{key}/table/").content.decode()
    assert b"data-log-part" not in Client().get(f"/t/{key}/table/").content
    _tap(spanish, key, "p1", op="life:-2", player=rita)
    part = spanish.get(f"/t/{key}/table/?part=log").content.decode()
    assert "<html" not in part
    assert "data-log" in part
    assert "Rita -2 vidas: Team Red con 28 vidas." in part
    english = Client().get(f"/t/{key}/table/?part=log").content.decode()
    assert "Rita -2 life: Team Red at 28 life." in english
    assert Client().get(f"/t/{world.green.access_key}/table/?part=log").status_code == 404


def test_the_judges_log_part_is_the_whole_log_for_staff_only(table, world, seated):
    _tap(Client(), world.red.access_key, "j1", op="life:-1", player=_rita(table, world, seated))
    url = f"/events/{world.event.pk}/matches/{table.pk}/game/"
    judy = Client(HTTP_ACCEPT_LANGUAGE="es")
    judy.force_login(world.judy)
    assert 'data-log-part="?part=log"' in judy.get(url).content.decode()
    part = judy.get(url + "?part=log").content.decode()
    assert "Rita -1 vidas: Team Red con 29 vidas." in part
    assert 'class="who"' in part
    stranger = Client()
    stranger.force_login(world.charlie)
    assert stranger.get(url + "?part=log").status_code == 404


def test_the_judges_table_page_names_the_games_status_in_the_readers_language(table, world):
    url = f"/events/{world.event.pk}/matches/{table.pk}/game/"
    judy = Client(HTTP_ACCEPT_LANGUAGE="es")
    judy.force_login(world.judy)
    head = judy.get(url).content.decode().split('class="table-head"', 1)[1].split("</p>", 1)[0]
    assert "en juego" in head
    assert "playing" not in head
    judy = Client()
    judy.force_login(world.judy)
    head = judy.get(url).content.decode().split('class="table-head"', 1)[1].split("</p>", 1)[0]
    assert "playing" in head
