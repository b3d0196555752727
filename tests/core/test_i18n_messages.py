"""Messages made by the services and the rules engine in the request's language (issue 11,
languages): an API error's ``detail`` and a decklist problem follow Accept-Language (or the
switcher's cookie); English is the default and the error ``code``s never change."""

import pickle

import pytest
from django.test import Client
from django.utils import translation

from core.i18n import localize
from decklists.domain.cards import CardIndex
from decklists.domain.decklists import Entry
from decklists.domain.udc import DeckInput, EventRules, validate_team
from support import factories
from support.api_clients import client_for
from support.catalogue import catalogue  # noqa: F401

pytestmark = pytest.mark.django_db


def test_a_service_conflict_answers_in_the_requests_language(world):
    event = factories.event(world.alice, name="Tiny", public=True)
    factories.team(event, "Solo", ["Sol", "Sal"])
    api = client_for(world.alice)
    url = f"/api/v1/events/{event.pk}/rounds/"
    spanish = api.post(url, {"confirm": True}, format="json", HTTP_ACCEPT_LANGUAGE="es-ES,es")
    english = api.post(url, {"confirm": True}, format="json")
    assert spanish.status_code == english.status_code == 409
    assert spanish.json()["code"] == english.json()["code"] == "too_few_teams"
    assert spanish.json()["detail"] == (
        "Para emparejar hacen falta al menos 2 equipos; hay 1 inscritos (y al menos 4 para "
        "sancionar el evento, MTR 10.1)."
    )
    assert english.json()["detail"] == (
        "Pairing needs at least 2 teams; 1 registered (and at least 4 to sanction the event, "
        "MTR 10.1)."
    )


def _too_small(count: int) -> str:
    """The deck_too_small problem of a deck of ``count`` cards nobody knows."""
    deck = DeckInput(player=1, player_name="Ann", main=(Entry("Nothing Known", count, 1),))
    problems = validate_team([deck], CardIndex([]), EventRules(structure="constructed"))
    (problem,) = [p for p in problems if p.code == "deck_too_small"]
    return problem.message


def test_a_counted_message_takes_the_plural_of_the_language():
    assert _too_small(1) == "Ann's main deck has 1 card; it needs at least 60 (MTR 6.1)."
    assert _too_small(2) == "Ann's main deck has 2 cards; it needs at least 60 (MTR 6.1)."
    with translation.override("es"):
        assert localize(_too_small(1)) == (
            "El mazo principal de Ann tiene 1 carta; necesita al menos 60 (MTR 6.1)."
        )
        assert localize(_too_small(2)) == (
            "El mazo principal de Ann tiene 2 cartas; necesita al menos 60 (MTR 6.1)."
        )


def test_a_problem_kept_in_a_cache_is_still_translated():
    """Reports may be pickled (a shared cache): the words keep their template."""
    kept = pickle.loads(pickle.dumps(_too_small(3)))
    assert kept == "Ann's main deck has 3 cards; it needs at least 60 (MTR 6.1)."
    with translation.override("es"):
        assert localize(kept).startswith("El mazo principal de Ann tiene 3 cartas")


@pytest.mark.usefixtures("catalogue")
def test_a_decklist_problem_is_in_the_requests_language(world):
    rita, _rob = world.red.players.order_by("seat")
    api = client_for(world.alice)
    api.put(
        f"/api/v1/players/{rita.pk}/decklist/",
        {"main": "4 Lightning Bolt\n56 Mountain", "sideboard": ""},
        format="json",
    )
    url = f"/api/v1/teams/{world.red.pk}/decklists/"
    spanish = api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()
    english = api.get(url).json()
    assert [p["code"] for p in spanish["problems"]] == [p["code"] for p in english["problems"]]
    assert "Rob no ha entregado su lista de mazo." in [p["message"] for p in spanish["problems"]]
    assert "Rob has not submitted a decklist." in [p["message"] for p in english["problems"]]


@pytest.mark.usefixtures("catalogue")
def test_the_decklist_page_shows_the_problems_in_spanish(world):
    key = world.red.access_key
    rita, _rob = world.red.players.order_by("seat")
    api = client_for(world.red)
    api.put(
        f"/api/v1/players/{rita.pk}/decklist/",
        {"main": "4 Lightning Bolt\n4 Lightning Bolt\n52 Mountain", "sideboard": ""},
        format="json",
    )
    page = Client(HTTP_ACCEPT_LANGUAGE="es").get(f"/t/{key}/decklists/").content.decode()
    assert (
        "Lista de mazo de Rita, línea 1: 8 Lightning Bolt; un mazo puede tener como máximo 4"
        in (page)
    )
    english = Client().get(f"/t/{key}/decklists/").content.decode()
    assert "Rita&#x27;s decklist, line 1: 8 Lightning Bolt; a deck may have at most 4" in english
