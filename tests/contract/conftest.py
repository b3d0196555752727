"""Fixtures of the contract tests (support/contract.py says what they cover); every API response
they get is checked against the OpenAPI schema."""

import pytest
from rest_framework.test import APIClient

from support import openapi
from support.catalogue import catalogue  # noqa: F401
from support.contract import login, new_event, new_team, patch, post


@pytest.fixture(autouse=True)
def _responses_match_the_schema(monkeypatch):
    request = APIClient.request

    def checked_request(self, **kwargs):
        response = request(self, **kwargs)
        openapi.check(response)
        return response

    monkeypatch.setattr(APIClient, "request", checked_request)


@pytest.fixture
def alice_api(world) -> APIClient:
    return login("alice")


@pytest.fixture
def sam_api(world) -> APIClient:
    return login("sam")


@pytest.fixture
def charlie_api(world) -> APIClient:
    return login("charlie")


@pytest.fixture
def four(world, alice_api):
    """An event made through the API by Alice, 3 Swiss rounds, four teams; Sam keeps score."""
    event = new_event(alice_api, name="Four Teams", swiss_rounds=3, public=False)
    assert (
        post(
            alice_api, f"/events/{event['id']}/staff/", {"username": "sam", "role": "scorekeeper"}
        ).status_code
        == 201
    )
    teams = [new_team(alice_api, event["id"], n) for n in ("North", "East", "South", "West")]
    return {"event": event, "teams": teams, "by_id": {t["id"]: t for t in teams}}


@pytest.fixture
def deck_team(world, alice_api, catalogue):  # noqa: F811
    """A team registered through the API in Alice's modern event; its players and key."""
    # Dated a week after the shipped card data (2022-04-25), so that the data is current for
    # the event and its verdicts are errors (docs/rules.md "Card data and legal").
    answer = patch(alice_api, f"/events/{world.event.pk}/", {"date": "2022-05-02"})
    assert answer.status_code == 200, answer.content
    team = new_team(alice_api, world.event.pk, "Team Decks", ["Dee", "Dan"])
    first, second = (p["id"] for p in team["players"])
    return {"team": team, "first": first, "second": second, "key": team["access_key"]}


@pytest.fixture
def paired(four, sam_api):
    """Round 1 of `four` paired by the scorekeeper through the API."""
    response = post(sam_api, f"/events/{four['event']['id']}/rounds/")
    assert response.status_code == 201, response.content
    return {**four, "round": response.json()}
