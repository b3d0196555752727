"""docs/api.md "Who may call": tokens, team keys, and the schema at /api/v1/schema/."""

import json
import re

import pytest
from rest_framework.test import APIClient

from support.contract import (
    API,
    PASSWORD,
    assert_400,
    post,
    raw,
    team_client,
)

pytestmark = pytest.mark.django_db


# --- auth ------------------------------------------------------------------------------------


def test_token_is_issued_for_right_credentials_and_opens_the_api(world):
    response = post(APIClient(), "/auth/token/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 200
    token = response.json()["token"]
    assert isinstance(token, str)
    assert len(token) >= 20
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = post(client, "/events/", {"name": "By token", "structure": "sealed"})
    assert created.status_code == 201
    assert created.json()["status"] == "registration"
    assert created.json()["organizer"] == "alice"


def test_token_is_the_same_on_a_second_login(world):
    first = post(APIClient(), "/auth/token/", {"username": "alice", "password": PASSWORD})
    second = post(APIClient(), "/auth/token/", {"username": "alice", "password": PASSWORD})
    assert first.json()["token"] == second.json()["token"]


@pytest.mark.parametrize(
    "body",
    [
        {"username": "alice", "password": "wrong-password"},
        {"username": "nobody-here", "password": PASSWORD},
        {"username": "ALICE ", "password": "x"},
    ],
)
def test_token_wrong_credentials_is_401(world, body):
    response = post(APIClient(), "/auth/token/", body)
    assert response.status_code == 401
    assert "token" not in response.json()
    assert response.json().get("detail")


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"username": "alice"},
        {"password": PASSWORD},
        {"username": ["alice"], "password": PASSWORD},
        {"username": {"a": 1}, "password": PASSWORD},
        {"username": 12, "password": 34},
        {"username": None, "password": None},
    ],
)
def test_token_missing_or_wrongly_typed_fields_is_400(world, body):
    response = post(APIClient(), "/auth/token/", body)
    assert_400(response)
    assert "token" not in response.json()


def test_token_with_a_json_list_body_is_400_not_500(world):
    response = post(APIClient(), "/auth/token/", [{"username": "alice", "password": PASSWORD}])
    assert_400(response)


def test_token_with_a_json_string_body_is_400_not_500(world):
    response = raw(APIClient(), "post", "/auth/token/", '"alice"', "application/json")
    assert_400(response)


def test_token_with_malformed_json_is_400(world):
    response = raw(APIClient(), "post", "/auth/token/", '{"username": "alice",', "application/json")
    assert_400(response)


def test_token_with_a_non_json_body_is_4xx(world):
    response = raw(APIClient(), "post", "/auth/token/", "username=alice", "text/plain")
    assert response.status_code in (400, 415)
    assert "token" not in response.json()


def test_token_nul_character_in_username_is_4xx_not_500(world):
    response = post(APIClient(), "/auth/token/", {"username": "ali\x00ce", "password": PASSWORD})
    assert response.status_code in (400, 401)


def test_token_lone_surrogate_in_username_is_4xx_not_500(world):
    response = raw(
        APIClient(),
        "post",
        "/auth/token/",
        '{"username": "al\\ud800ice", "password": "x"}',
        "application/json",
    )
    assert response.status_code in (400, 401)


def test_unknown_token_is_401(world):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    response = post(client, "/events/", {"name": "X", "structure": "sealed"})
    assert response.status_code == 401
    assert client.get(f"{API}/events/").status_code == 401


def test_unknown_team_key_is_401(world):
    response = team_client("not-a-key").get(f"{API}/events/{world.other_event.pk}/")
    assert response.status_code == 401
    assert team_client("not-a-key").get(f"{API}/events/").status_code == 401


# --- schema ---------------------------------------------------------------------------------


def test_openapi_schema_describes_every_contract_endpoint(db):
    response = APIClient().get(f"{API}/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = json.loads(response.content)["paths"]
    wanted = {
        "/api/v1/auth/token/": {"post"},
        "/api/v1/events/": {"post"},
        "/api/v1/events/{id}/": {"get", "patch"},
        "/api/v1/events/{id}/staff/": {"post"},
        "/api/v1/events/{id}/teams/": {"get", "post"},
        "/api/v1/teams/{id}/": {"get", "patch"},
        "/api/v1/teams/{id}/drop/": {"post"},
        "/api/v1/players/{id}/decklist/": {"put"},
        "/api/v1/teams/{id}/decklists/": {"get"},
        "/api/v1/events/{id}/rounds/": {"get", "post"},
        "/api/v1/rounds/{id}/": {"get", "delete"},
        "/api/v1/matches/{id}/": {"get"},
        "/api/v1/matches/{id}/result/": {"post"},
        "/api/v1/events/{id}/standings/": {"get"},
    }
    normalised = {re.sub(r"\{[^}]+\}", "{id}", path): set(ops) for path, ops in paths.items()}
    for path, methods in wanted.items():
        assert path in normalised, path
        assert methods <= normalised[path], (path, normalised[path])


def test_token_revoked_by_its_user_with_delete(world):
    token = post(APIClient(), "/auth/token/", {"username": "alice", "password": PASSWORD}).json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token['token']}")
    assert client.delete(f"{API}/auth/token/").status_code == 204
    assert client.get(f"{API}/events/").status_code == 401
    again = post(APIClient(), "/auth/token/", {"username": "alice", "password": PASSWORD})
    assert again.status_code == 200
    assert again.json()["token"] != token["token"]


def test_token_guesses_past_the_limit_are_429(world, settings):
    settings.AXES_FAILURE_LIMIT = 2
    wrong = {"username": "alice", "password": "wrong-password"}
    assert post(APIClient(), "/auth/token/", wrong).status_code == 401
    locked = post(APIClient(), "/auth/token/", wrong)
    assert locked.status_code == 429
    assert locked.json()["code"] == "throttled"
    right = post(APIClient(), "/auth/token/", {"username": "alice", "password": PASSWORD})
    assert right.status_code == 429
