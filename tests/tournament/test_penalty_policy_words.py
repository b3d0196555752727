"""The Game Loss policy said in one sentence where the head judge chooses it and where the event
shows it (issue 23, item 4; docs/rules.md "Penalties"). JG09 ("2HG Guide for Judges"): "The
infractions that carry a Match Point penalty are: Deck errors that would result in a Game Loss
and are discovered during a deck check ..."; the current IPG has no such conversion."""

import pytest
from django.test import Client

from support import factories

pytestmark = pytest.mark.django_db


def _page(client: Client, url: str, language: str = "en") -> str:
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_creation_form_says_what_match_point_converts_and_that_the_ipg_converts_nothing():
    organizer = factories.user()
    client = Client()
    client.force_login(organizer)
    page = _page(client, "/events/new/")
    assert "a deck error found at a deck check" in page
    assert "the current IPG converts nothing" in page
    page = _page(client, "/events/new/", "es")
    assert "encontrado en una revisión de mazos" in page
    assert "el IPG vigente no convierte nada" in page


@pytest.mark.parametrize(
    ("policy", "english", "spanish"),
    [
        (
            "match_point",
            "every Game Loss in a playoff, loses the match. The current IPG converts nothing.",
            "El IPG vigente no convierte nada.",
        ),
        (
            "ipg",
            "nothing becomes a Match Point penalty",
            "ninguna se convierte en Penalización de puntos de match",
        ),
    ],
)
def test_the_event_page_says_what_its_policy_does(policy, english, spanish):
    event = factories.event(factories.user(), penalty_policy=policy)
    assert english in _page(Client(), f"/events/{event.pk}/")
    assert spanish in _page(Client(), f"/events/{event.pk}/", "es")
