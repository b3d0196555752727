"""Black-box tests of the REST API and commands as /work/shared/design/api.md names them.

Everything goes through HTTP (DRF's APIClient) or `call_command`, with the paths, field names,
codes and status codes of the contract, plus the bad input quality.md "Bad input and faults"
names: wrong types, missing fields, huge values, control characters and right-to-left marks,
a 100,000-line decklist, a result for a match of another event, a team key of another event.

Covered: auth, events, staff, teams, decklists, rounds, matches, results, standings, and the
commands demo, simulate, import_cards, import_banlists, adduser. Not covered (not built yet):
clock, extensions, penalties, tracker.

Readings of the contract where it is not explicit (noted so they can be argued with):
- "Bad input: 400": a body that is not JSON at all (wrong Content-Type) may also be 415.
- A private event read by someone who may not read it: 404 (its existence is private) or 403.
- Rounds are paired, then seen by teams: api.md names no "publish" step; where a test needs the
  teams to see a round it uses the app's extra `POST /api/v1/rounds/{id}/publish/` and says so.
"""

import io
import json
import os
import re

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from support.catalogue import catalogue  # noqa: F401

pytestmark = pytest.mark.django_db

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres", "postgresql"))
PASSWORD = "correct-horse-9"  # support.factories.user's default
API = "/api/v1"

RLM = "\u200f"  # right-to-left mark
RLO = "\u202e"  # right-to-left override


# --- helpers ---------------------------------------------------------------------------------


def login(username: str, password: str = PASSWORD) -> APIClient:
    """A client holding the token of POST /api/v1/auth/token/."""
    client = APIClient()
    response = client.post(
        f"{API}/auth/token/", {"username": username, "password": password}, format="json"
    )
    assert response.status_code == 200, response.content
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    return client


def team_client(access_key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_X_TEAM_KEY=access_key)
    return client


def post(client: APIClient, path: str, data=None):
    return client.post(f"{API}{path}", data, format="json")


def put(client: APIClient, path: str, data=None):
    return client.put(f"{API}{path}", data, format="json")


def patch(client: APIClient, path: str, data=None):
    return client.patch(f"{API}{path}", data, format="json")


def raw(client: APIClient, method: str, path: str, body: str, content_type: str):
    return getattr(client, method)(f"{API}{path}", data=body, content_type=content_type)


def new_event(client: APIClient, **values) -> dict:
    body = {"name": "Contract Open", "structure": "constructed", "format": "modern"}
    body.update(values)
    response = post(client, "/events/", body)
    assert response.status_code == 201, response.content
    return response.json()


def new_team(client: APIClient, event_id: int, name: str, players=None) -> dict:
    players = players or [f"{name} One", f"{name} Two"]
    body = {"name": name, "players": [{"name": p} for p in players]}
    response = post(client, f"/events/{event_id}/teams/", body)
    assert response.status_code == 201, response.content
    return response.json()


def assert_400(response, *fields: str, flat: bool = True) -> dict:
    """400 with {field: [messages]} naming these fields, or {detail, code}.

    flat=False accepts any non-empty value under the field (only the status and field name are
    checked; the shape is checked by its own test).
    """
    assert response.status_code == 400, (response.status_code, response.content[:500])
    body = response.json()
    assert isinstance(body, dict)
    assert body
    if fields:
        for field in fields:
            assert field in body, body
            assert body[field], body
            if flat:
                assert isinstance(body[field], list), body
                assert all(isinstance(m, str) and m for m in body[field]), body
    else:
        shaped = "detail" in body or all(isinstance(v, list | dict) and v for v in body.values())
        assert shaped, body
    return body


def assert_hidden_or_forbidden(response) -> None:
    assert response.status_code in (403, 404), (response.status_code, response.content[:300])
    assert "detail" in response.json()


def games(a: int, b: int, drawn: int = 0) -> dict:
    return {"games_a": a, "games_b": b, "games_drawn": drawn}


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
def paired(four, sam_api):
    """Round 1 of `four` paired by the scorekeeper through the API."""
    response = post(sam_api, f"/events/{four['event']['id']}/rounds/")
    assert response.status_code == 201, response.content
    return {**four, "round": response.json()}


def publish(client: APIClient, round_id: int) -> None:
    """Not in api.md: the app's extra step before teams see (and may report) a round."""
    response = post(client, f"/rounds/{round_id}/publish/")
    assert response.status_code == 200, response.content


def played_matches(round_json: dict) -> list[dict]:
    return [m for m in round_json["matches"] if not m["bye"]]


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


def test_unknown_team_key_is_401(world):
    response = team_client("not-a-key").get(f"{API}/events/{world.other_event.pk}/")
    assert response.status_code == 401


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


# --- events ----------------------------------------------------------------------------------


def test_create_event_201_with_id_status_and_defaults(world, alice_api):
    response = post(
        alice_api,
        "/events/",
        {
            "name": "Spring Open",
            "structure": "constructed",
            "format": "modern",
            "rel": "competitive",
        },
    )
    assert response.status_code == 201
    body = response.json()
    assert isinstance(body["id"], int)
    assert body["status"] == "registration"
    assert body["team_size"] == 2
    assert body["round_minutes"] == 60
    assert body["udc_rule"] == "mtr"
    assert body["penalty_policy"] == "match_point"
    assert body["tiebreak_order"] == "team"
    assert body["format"] == "modern"
    assert body["rel"] == "competitive"
    assert body["swiss_rounds"] is None
    got = alice_api.get(f"{API}/events/{body['id']}/")
    assert got.status_code == 200
    assert got.json()["name"] == "Spring Open"


def test_create_event_keeps_every_setting_given(world, alice_api):
    values = {
        "name": "Settings",
        "date": "2026-05-02",
        "structure": "constructed",
        "format": "legacy",
        "rel": "professional",
        "team_size": 3,
        "round_minutes": 75,
        "swiss_rounds": 4,
        "top_cut": 8,
        "public": False,
        "udc_rule": "combined_four",
        "penalty_policy": "ipg",
        "tiebreak_order": "individual",
    }
    body = post(alice_api, "/events/", values).json()
    for key, value in values.items():
        assert body[key] == value, key


def test_create_limited_event_needs_no_format(world, alice_api):
    for structure in ("sealed", "draft"):
        response = post(alice_api, "/events/", {"name": structure, "structure": structure})
        assert response.status_code == 201
        assert response.json()["structure"] == structure


def test_create_constructed_event_without_format_is_400(world, alice_api):
    assert_400(
        post(alice_api, "/events/", {"name": "No format", "structure": "constructed"}), "format"
    )


def test_create_event_unknown_format_is_400(world, alice_api):
    body = {"name": "Odd", "structure": "constructed", "format": "not-a-format"}
    assert_400(post(alice_api, "/events/", body), "format")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("team_size", 1),
        ("team_size", 5),
        ("team_size", -2),
        ("team_size", "two"),
        ("team_size", 10**30),
        ("team_size", [2]),
        ("team_size", 2.5),
        ("team_size", True),
        ("round_minutes", 0),
        ("round_minutes", -60),
        ("round_minutes", 10**30),
        ("round_minutes", "sixty"),
        ("swiss_rounds", -1),
        ("swiss_rounds", 10**12),
        ("swiss_rounds", "many"),
        ("swiss_rounds", {"n": 3}),
        ("top_cut", 3),
        ("top_cut", 16),
        ("top_cut", -4),
        ("top_cut", "eight"),
        ("structure", "swiss"),
        ("structure", ["constructed"]),
        ("rel", "casual"),
        ("rel", 1),
        ("udc_rule", "combined_five"),
        ("penalty_policy", "strict"),
        ("tiebreak_order", "random"),
        ("public", "maybe"),
        ("public", [True]),
        ("date", "2026-02-30"),
        ("date", "next friday"),
        ("date", 20260101),
        ("format", ["modern"]),
        ("format", {"name": "modern"}),
    ],
)
def test_create_event_bad_value_is_400_naming_the_field(world, alice_api, field, value):
    body = {"name": "Bad", "structure": "constructed", "format": "modern", field: value}
    assert_400(post(alice_api, "/events/", body), field)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        f"Evil{RLO}nepO",
        f"Open{RLM}",
        "Open\x07Bell",
        "Open\x00Nul",
        "Open\u200bZeroWidth",
        "x" * 100_000,
        None,
        ["Open"],
    ],
)
def test_create_event_bad_name_is_400(world, alice_api, name):
    body = {"name": name, "structure": "sealed"}
    assert_400(post(alice_api, "/events/", body), "name")


def test_create_event_missing_fields_is_400(world, alice_api):
    body = assert_400(post(alice_api, "/events/", {}))
    assert "name" in body or "structure" in body


def test_create_event_list_body_is_400(world, alice_api):
    assert_400(post(alice_api, "/events/", [{"name": "A", "structure": "sealed"}]))


def test_create_event_malformed_json_is_400(world, alice_api):
    assert_400(raw(alice_api, "post", "/events/", "{name: 'A'", "application/json"))


def test_create_event_non_json_body_is_4xx(world, alice_api):
    response = raw(alice_api, "post", "/events/", "<event name='A'/>", "application/xml")
    assert response.status_code in (400, 415)


def test_create_event_anonymous_is_401(world):
    response = post(APIClient(), "/events/", {"name": "Anon", "structure": "sealed"})
    assert response.status_code == 401


def test_create_event_with_a_team_key_is_403(world):
    response = post(
        team_client(world.red.access_key), "/events/", {"name": "T", "structure": "sealed"}
    )
    assert response.status_code == 403


def test_event_creator_becomes_organizer_and_may_patch(world, charlie_api):
    event = new_event(charlie_api, name="Charlie's")
    response = patch(
        charlie_api, f"/events/{event['id']}/", {"name": "Charlie's Cup", "round_minutes": 50}
    )
    assert response.status_code == 200
    assert response.json()["name"] == "Charlie's Cup"
    assert response.json()["round_minutes"] == 50
    assert charlie_api.get(f"{API}/events/{event['id']}/").json()["round_minutes"] == 50


def test_get_unknown_event_is_404(world, alice_api):
    assert alice_api.get(f"{API}/events/987654321/").status_code == 404
    assert alice_api.get(f"{API}/events/99999999999999999999999/").status_code == 404


def test_public_event_is_readable_anonymously(world):
    response = APIClient().get(f"{API}/events/{world.other_event.pk}/")
    assert response.status_code == 200
    assert response.json()["name"] == "Other event"


def test_private_event_is_hidden_from_outsiders(world, charlie_api):
    path = f"{API}/events/{world.event.pk}/"
    assert APIClient().get(path).status_code in (401, 404)
    assert_hidden_or_forbidden(charlie_api.get(path))
    assert_hidden_or_forbidden(team_client(world.green.access_key).get(path))


def test_private_event_is_readable_by_its_team(world):
    response = team_client(world.red.access_key).get(f"{API}/events/{world.event.pk}/")
    assert response.status_code == 200
    assert response.json()["id"] == world.event.pk


def test_patch_event_by_scorekeeper_is_403(world, sam_api):
    response = patch(sam_api, f"/events/{world.event.pk}/", {"name": "Renamed"})
    assert response.status_code == 403
    assert login("alice").get(f"{API}/events/{world.event.pk}/").json()["name"] == "Spring 2HG"


def test_patch_event_by_a_team_is_refused(world):
    response = patch(
        team_client(world.red.access_key), f"/events/{world.event.pk}/", {"name": "Ours"}
    )
    assert response.status_code == 403


@pytest.mark.parametrize(
    "body",
    [
        {"team_size": 9},
        {"round_minutes": -1},
        {"top_cut": 5},
        {"name": f"a{RLO}b"},
        {"name": ""},
        {"structure": "constructed", "format": ""},
        {"swiss_rounds": "x"},
        {"public": "perhaps"},
    ],
)
def test_patch_event_bad_values_are_400_and_change_nothing(world, alice_api, body):
    path = f"/events/{new_event(alice_api, name='Patchable')['id']}/"
    before = alice_api.get(f"{API}{path}").json()
    response = patch(alice_api, path, body)
    assert_400(response)
    after = alice_api.get(f"{API}{path}").json()
    assert after == before


def test_patch_event_list_body_is_400(world, alice_api):
    assert_400(patch(alice_api, f"/events/{world.event.pk}/", [{"name": "x"}]))


def test_patch_event_malformed_json_is_400(world, alice_api):
    assert_400(raw(alice_api, "patch", f"/events/{world.event.pk}/", "{", "application/json"))


def test_patch_unknown_event_is_404(world, alice_api):
    assert patch(alice_api, "/events/987654321/", {"name": "x"}).status_code == 404


# --- staff -----------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["scorekeeper", "judge", "head_judge"])
def test_organizer_adds_staff_who_then_may_read_the_private_event(world, alice_api, role):
    response = post(
        alice_api, f"/events/{world.event.pk}/staff/", {"username": "charlie", "role": role}
    )
    assert response.status_code == 201
    assert response.json()["role"] == role
    assert response.json()["username"] == "charlie"
    event = login("charlie").get(f"{API}/events/{world.event.pk}/")
    assert event.status_code == 200


def test_added_scorekeeper_may_register_teams(world, alice_api):
    post(
        alice_api,
        f"/events/{world.event.pk}/staff/",
        {"username": "charlie", "role": "scorekeeper"},
    )
    team = post(
        login("charlie"),
        f"/events/{world.event.pk}/teams/",
        {"name": "Late Team", "players": [{"name": "Lou"}, {"name": "Lea"}]},
    )
    assert team.status_code == 201


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "charlie", "role": "admin"}, "role"),
        ({"username": "charlie", "role": "organizer"}, "role"),
        ({"username": "charlie", "role": ["judge"]}, "role"),
        ({"username": "charlie"}, "role"),
        ({"username": "nobody-at-all", "role": "judge"}, "username"),
        ({"role": "judge"}, "username"),
        ({"username": ["charlie"], "role": "judge"}, "username"),
        ({"username": 42, "role": "judge"}, "username"),
    ],
)
def test_add_staff_bad_input_is_400(world, alice_api, body, field):
    assert_400(post(alice_api, f"/events/{world.event.pk}/staff/", body), field)
    assert_hidden_or_forbidden(login("charlie").get(f"{API}/events/{world.event.pk}/"))


def test_add_staff_with_a_list_body_is_400_not_500(world, alice_api):
    response = post(
        alice_api, f"/events/{world.event.pk}/staff/", [{"username": "charlie", "role": "judge"}]
    )
    assert_400(response)


def test_add_staff_with_malformed_json_is_400(world, alice_api):
    assert_400(raw(alice_api, "post", f"/events/{world.event.pk}/staff/", "{{", "application/json"))


def test_add_staff_nul_character_username_is_400_not_500(world, alice_api):
    response = post(
        alice_api, f"/events/{world.event.pk}/staff/", {"username": "char\x00lie", "role": "judge"}
    )
    assert_400(response, "username")


def test_add_staff_lone_surrogate_username_is_400_not_500(world, alice_api):
    body = '{"username": "char\\ud800lie", "role": "judge"}'
    response = raw(alice_api, "post", f"/events/{world.event.pk}/staff/", body, "application/json")
    assert_400(response, "username")


def test_add_staff_with_a_json_string_body_is_400(world, alice_api):
    response = raw(
        alice_api, "post", f"/events/{world.event.pk}/staff/", '"charlie"', "application/json"
    )
    assert_400(response)


@pytest.mark.parametrize("who", ["sam", "judy", "hank"])
def test_only_the_organizer_adds_staff(world, who):
    response = post(
        login(who), f"/events/{world.event.pk}/staff/", {"username": "charlie", "role": "judge"}
    )
    assert response.status_code == 403


def test_add_staff_anonymous_or_outsider_or_team_is_refused(world, charlie_api):
    path = f"/events/{world.event.pk}/staff/"
    body = {"username": "charlie", "role": "head_judge"}
    assert post(APIClient(), path, body).status_code in (401, 404)
    assert_hidden_or_forbidden(post(charlie_api, path, body))
    assert_hidden_or_forbidden(post(team_client(world.red.access_key), path, body))
    assert_hidden_or_forbidden(charlie_api.get(f"{API}/events/{world.event.pk}/"))


def test_add_staff_to_unknown_event_is_404(world, alice_api):
    response = post(alice_api, "/events/987654321/staff/", {"username": "charlie", "role": "judge"})
    assert response.status_code == 404


# --- teams -----------------------------------------------------------------------------------


def test_register_team_201_with_contract_fields_and_seats(world, alice_api):
    response = post(
        alice_api,
        f"/events/{world.event.pk}/teams/",
        {
            "name": "Team Gold",
            "players": [{"name": "Gil", "wizards_id": "1234567"}, {"name": "Gia"}],
        },
    )
    assert response.status_code == 201
    body = response.json()
    assert isinstance(body["id"], int)
    assert body["name"] == "Team Gold"
    assert body["dropped"] is False
    assert isinstance(body["access_key"], str)
    assert len(body["access_key"]) >= 16
    assert [(p["name"], p["wizards_id"], p["seat"]) for p in body["players"]] == [
        ("Gil", "1234567", 1),
        ("Gia", None, 2),
    ]
    assert all(isinstance(p["id"], int) for p in body["players"])
    # the key works as X-Team-Key
    own = team_client(body["access_key"]).get(f"{API}/teams/{body['id']}/")
    assert own.status_code == 200
    assert own.json()["name"] == "Team Gold"


def test_register_team_of_three_in_a_three_headed_event(world, alice_api):
    event = new_event(alice_api, name="Three", team_size=3)
    team = new_team(alice_api, event["id"], "Trio", ["A", "B", "C"])
    assert [p["seat"] for p in team["players"]] == [1, 2, 3]
    short = post(
        alice_api,
        f"/events/{event['id']}/teams/",
        {"name": "Duo", "players": [{"name": "D"}, {"name": "E"}]},
    )
    assert_400(short, "players")


@pytest.mark.parametrize(
    "players",
    [
        [{"name": "Solo"}],
        [{"name": "A1"}, {"name": "A2"}, {"name": "A3"}],
        [],
    ],
)
def test_register_team_wrong_player_count_is_400(world, alice_api, players):
    response = post(
        alice_api, f"/events/{world.event.pk}/teams/", {"name": "Odd", "players": players}
    )
    assert_400(response, "players", flat=False)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "   ", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": f"Team{RLO}deR", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": f"Team{RLM}", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "Team\x1b[31mRed", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "Team\x00", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "T" * 100_000, "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": ["Team"], "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": None, "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "Okay", "players": [{"name": ""}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": "  "}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": f"Al{RLO}ice"}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": f"Bob{RLM}"}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": "Bell\x07"}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": "P" * 100_000}, {"name": "B"}]}, "players"),
        (
            {"name": "Okay", "players": [{"name": "A", "wizards_id": ["1"]}, {"name": "B"}]},
            "players",
        ),
        (
            {"name": "Okay", "players": [{"name": "A", "wizards_id": "1 2; DROP"}, {"name": "B"}]},
            "players",
        ),
        ({"name": "Okay", "players": [{"wizards_id": "77"}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": "Same"}, {"name": "same"}]}, "players"),
        ({"name": "Okay", "players": "A, B"}, "players"),
        ({"name": "Okay", "players": {"name": "A"}}, "players"),
        ({"name": "Okay", "players": [["A"], ["B"]]}, "players"),
        ({"name": "Okay", "players": [1, 2]}, "players"),
        ({"name": "Okay", "players": None}, "players"),
        ({"name": "Okay"}, "players"),
    ],
)
def test_register_team_bad_input_is_400_and_registers_nothing(world, alice_api, body, field):
    path = f"/events/{world.event.pk}/teams/"
    before = len(alice_api.get(f"{API}{path}").json())
    assert_400(post(alice_api, path, body), field, flat=False)
    assert len(alice_api.get(f"{API}{path}").json()) == before


@pytest.mark.parametrize(
    "players",
    [
        [{"wizards_id": "77"}, {"name": "B"}],
        [["A"], ["B"]],
        "A, B",
        [],
    ],
)
def test_register_team_player_errors_are_field_messages(world, alice_api, players):
    response = post(
        alice_api, f"/events/{world.event.pk}/teams/", {"name": "Shape", "players": players}
    )
    assert_400(response, "players")


def test_register_team_list_body_is_400(world, alice_api):
    body = [{"name": "A", "players": [{"name": "A"}, {"name": "B"}]}]
    assert_400(post(alice_api, f"/events/{world.event.pk}/teams/", body))


def test_register_team_malformed_json_is_400(world, alice_api):
    assert_400(
        raw(
            alice_api,
            "post",
            f"/events/{world.event.pk}/teams/",
            '{"name": "x", "players": [',
            "application/json",
        )
    )


def test_register_team_player_already_in_the_event_by_name_is_400(world, alice_api):
    # Rita plays for Team Red (case and spaces do not make a new person)
    body = {"name": "Team Copy", "players": [{"name": "  rita "}, {"name": "Ned"}]}
    assert_400(post(alice_api, f"/events/{world.event.pk}/teams/", body), "players")


def test_register_team_player_already_in_the_event_by_wizards_id_is_400(world, alice_api):
    path = f"/events/{world.event.pk}/teams/"
    ok = post(
        alice_api,
        path,
        {"name": "Ids", "players": [{"name": "Ida", "wizards_id": "555"}, {"name": "Ivo"}]},
    )
    assert ok.status_code == 201
    again = post(
        alice_api,
        path,
        {
            "name": "Ids 2",
            "players": [{"name": "Other Name", "wizards_id": "555"}, {"name": "Ulf"}],
        },
    )
    assert_400(again, "players")


def test_same_player_may_play_in_two_different_events(world, alice_api):
    body = {"name": "Team Green Again", "players": [{"name": "Gus"}, {"name": "Gwen"}]}
    assert post(alice_api, f"/events/{world.event.pk}/teams/", body).status_code == 201


def test_register_team_by_outsider_or_team_is_refused(world, charlie_api):
    path = f"/events/{world.event.pk}/teams/"
    body = {"name": "Crashers", "players": [{"name": "C1"}, {"name": "C2"}]}
    assert post(APIClient(), path, body).status_code in (401, 404)
    assert_hidden_or_forbidden(post(charlie_api, path, body))
    assert post(team_client(world.red.access_key), path, body).status_code == 403
    assert_hidden_or_forbidden(post(team_client(world.green.access_key), path, body))
    names = [t["name"] for t in login("alice").get(f"{API}{path}").json()]
    assert "Crashers" not in names


def test_register_team_in_unknown_event_is_404(world, alice_api):
    body = {"name": "Ghost", "players": [{"name": "G1"}, {"name": "G2"}]}
    assert post(alice_api, "/events/987654321/teams/", body).status_code == 404


def test_team_list_of_a_public_event_hides_access_keys_from_anonymous(world):
    response = APIClient().get(f"{API}/events/{world.other_event.pk}/teams/")
    assert response.status_code == 200
    teams = response.json()
    assert [t["name"] for t in teams] == ["Team Green"]
    assert world.green.access_key not in json.dumps(teams)
    assert {"id", "name", "players", "dropped"} <= set(teams[0])


def test_team_list_for_organizer_has_every_team(world, alice_api):
    teams = alice_api.get(f"{API}/events/{world.event.pk}/teams/").json()
    assert sorted(t["name"] for t in teams) == ["Team Blue", "Team Red"]
    red = next(t for t in teams if t["name"] == "Team Red")
    assert [(p["name"], p["seat"]) for p in red["players"]] == [("Rita", 1), ("Rob", 2)]


def test_patch_team_name(world, sam_api):
    response = patch(sam_api, f"/teams/{world.red.pk}/", {"name": "Team Crimson"})
    assert response.status_code == 200
    assert response.json()["name"] == "Team Crimson"


@pytest.mark.parametrize(
    "body",
    [
        {"name": ""},
        {"name": f"Red{RLO}"},
        {"name": "Team Blue"},
        {"name": "team blue"},
        {"name": "R" * 100_000},
        {"name": ["x"]},
        {"seat_order": "abc"},
        {"seat_order": ["abc", "def"]},
        {"seat_order": {"a": 1}},
        {"seat_order": []},
        {"seat_order": [10**20, 10**20 + 1]},
    ],
)
def test_patch_team_bad_input_is_400_and_changes_nothing(world, sam_api, body):
    path = f"/teams/{world.red.pk}/"
    before = sam_api.get(f"{API}{path}").json()
    response = patch(sam_api, path, body)
    assert_400(response)
    assert sam_api.get(f"{API}{path}").json() == before


def test_patch_team_list_body_is_400(world, sam_api):
    assert_400(patch(sam_api, f"/teams/{world.red.pk}/", [{"name": "x"}]))


def test_swap_seats_with_seat_order(world, sam_api):
    path = f"/teams/{world.red.pk}/"
    players = sam_api.get(f"{API}{path}").json()["players"]
    rita, rob = (p["id"] for p in players)
    response = patch(sam_api, path, {"seat_order": [rob, rita]})
    assert response.status_code == 200
    seats = {p["name"]: p["seat"] for p in sam_api.get(f"{API}{path}").json()["players"]}
    assert seats == {"Rob": 1, "Rita": 2}


def test_seat_order_with_players_of_another_team_is_400(world, sam_api):
    red = sam_api.get(f"{API}/teams/{world.red.pk}/").json()["players"]
    blue = sam_api.get(f"{API}/teams/{world.blue.pk}/").json()["players"]
    for order in (
        [red[0]["id"], blue[0]["id"]],
        [red[0]["id"], red[0]["id"]],
        [red[0]["id"]],
        [red[0]["id"], red[1]["id"], blue[0]["id"]],
    ):
        assert_400(patch(sam_api, f"/teams/{world.red.pk}/", {"seat_order": order}), "seat_order")
    seats = [
        (p["name"], p["seat"])
        for p in sam_api.get(f"{API}/teams/{world.red.pk}/").json()["players"]
    ]
    assert sorted(seats) == [("Rita", 1), ("Rob", 2)]


def test_patch_team_by_outsider_or_other_team_is_refused(world, charlie_api):
    path = f"/teams/{world.red.pk}/"
    assert_hidden_or_forbidden(patch(charlie_api, path, {"name": "Hijacked"}))
    assert_hidden_or_forbidden(
        patch(team_client(world.green.access_key), path, {"name": "Hijacked"})
    )
    assert_hidden_or_forbidden(
        patch(team_client(world.blue.access_key), path, {"name": "Hijacked"})
    )
    assert login("alice").get(f"{API}{path}").json()["name"] == "Team Red"


def test_get_unknown_team_is_404(world, alice_api):
    assert alice_api.get(f"{API}/teams/987654321/").status_code == 404
    assert patch(alice_api, "/teams/987654321/", {"name": "x"}).status_code == 404
    assert post(alice_api, "/teams/987654321/drop/").status_code == 404


def test_drop_team_then_drop_again_is_refused(world, sam_api):
    response = post(sam_api, f"/teams/{world.red.pk}/drop/")
    assert response.status_code == 200
    assert response.json()["dropped"] is True
    assert sam_api.get(f"{API}/teams/{world.red.pk}/").json()["dropped"] is True
    again = post(sam_api, f"/teams/{world.red.pk}/drop/")
    assert again.status_code in (400, 409)
    assert again.json()["code"]


def test_drop_team_by_outsider_or_other_event_team_is_refused(world, charlie_api):
    path = f"/teams/{world.red.pk}/drop/"
    assert_hidden_or_forbidden(post(charlie_api, path))
    assert_hidden_or_forbidden(post(team_client(world.green.access_key), path))
    assert login("alice").get(f"{API}/teams/{world.red.pk}/").json()["dropped"] is False


def test_team_key_cannot_rename_or_drop_its_own_team(world, alice_api):
    red = team_client(world.red.access_key)
    assert patch(red, f"/teams/{world.red.pk}/", {"name": "Red Renamed"}).status_code == 403
    assert post(red, f"/teams/{world.red.pk}/drop/").status_code == 403
    after = alice_api.get(f"{API}/teams/{world.red.pk}/").json()
    assert (after["name"], after["dropped"]) == ("Team Red", False)


def test_access_keys_are_shown_to_staff_and_the_team_itself_only(world, sam_api):
    blue = team_client(world.blue.access_key)
    assert world.red.access_key not in blue.get(f"{API}/teams/{world.red.pk}/").content.decode()
    assert (
        world.red.access_key
        not in blue.get(f"{API}/events/{world.event.pk}/teams/").content.decode()
    )
    assert world.blue.access_key in blue.get(f"{API}/teams/{world.blue.pk}/").content.decode()
    staff_view = sam_api.get(f"{API}/events/{world.event.pk}/teams/").json()
    assert {t["access_key"] for t in staff_view} == {world.red.access_key, world.blue.access_key}


def test_team_key_of_another_event_reads_nothing_of_this_event(world):
    green = team_client(world.green.access_key)
    for path in (
        f"/events/{world.event.pk}/",
        f"/events/{world.event.pk}/teams/",
        f"/teams/{world.red.pk}/",
        f"/teams/{world.red.pk}/decklists/",
        f"/events/{world.event.pk}/rounds/",
        f"/events/{world.event.pk}/standings/",
    ):
        assert_hidden_or_forbidden(green.get(f"{API}{path}"))


# --- decklists -------------------------------------------------------------------------------

BOLT_DECK = "4 Lightning Bolt\n56 Mountain"
OPT_DECK = "4 Opt\n56 Island"


@pytest.fixture
def deck_team(world, alice_api, catalogue):  # noqa: F811
    """A team registered through the API in a modern event; its players and key."""
    team = new_team(alice_api, world.event.pk, "Team Decks", ["Dee", "Dan"])
    first, second = (p["id"] for p in team["players"])
    return {"team": team, "first": first, "second": second, "key": team["access_key"]}


def codes(problems) -> set[str]:
    return {p["code"] for p in problems}


def test_put_decklist_200_with_lines_and_problems(deck_team, alice_api):
    response = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": BOLT_DECK, "sideboard": ""}
    )
    assert response.status_code == 200
    body = response.json()
    assert {(c["name"], c["count"]) for c in body["main"]} == {
        ("Lightning Bolt", 4),
        ("Mountain", 56),
    }
    assert body["sideboard"] == []
    assert body["problems"] == []


def test_team_reads_its_own_decklists_checked_as_a_whole(deck_team, sam_api):
    team = team_client(deck_team["key"])
    assert (
        put(
            sam_api,
            f"/players/{deck_team['first']}/decklist/",
            {"main": BOLT_DECK, "sideboard": ""},
        ).status_code
        == 200
    )
    assert (
        put(
            sam_api,
            f"/players/{deck_team['second']}/decklist/",
            {"main": OPT_DECK, "sideboard": ""},
        ).status_code
        == 200
    )
    response = team.get(f"{API}/teams/{deck_team['team']['id']}/decklists/")
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True
    assert body["problems"] == []
    assert isinstance(body["decks"], list)
    assert len(body["decks"]) == 2


@pytest.mark.parametrize(
    "text",
    [
        "4x Lightning Bolt\n56x Mountain",
        "4 x Lightning Bolt\n56 x Mountain",
        "4 Lightning Bolt (M10) 146\n56 Mountain (M10) 242",
        "Deck\n4 Lightning Bolt (2XM) 129\n56 Mountain (ZNR) 276",
    ],
)
def test_decklist_text_forms_are_read(deck_team, alice_api, text):
    body = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    ).json()
    assert {(c["name"], c["count"]) for c in body["main"]} == {
        ("Lightning Bolt", 4),
        ("Mountain", 56),
    }
    assert "unknown_card" not in codes(body["problems"])
    assert "parse_error" not in codes(body["problems"])


def test_sideboard_header_moves_cards_to_the_sideboard_which_constructed_2hg_refuses(
    deck_team, alice_api
):
    text = BOLT_DECK + "\n\nSideboard\n2 Opt"
    body = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    ).json()
    assert [(c["name"], c["count"]) for c in body["sideboard"]] == [("Opt", 2)]
    assert "sideboard_not_allowed" in codes(body["problems"])


def test_sideboard_field_in_constructed_is_sideboard_not_allowed(deck_team, alice_api):
    body = put(
        alice_api,
        f"/players/{deck_team['first']}/decklist/",
        {"main": BOLT_DECK, "sideboard": "2 Opt"},
    ).json()
    assert "sideboard_not_allowed" in codes(body["problems"])


@pytest.mark.parametrize(
    ("text", "code", "card"),
    [
        ("4 Notarealcard Xyzzy\n56 Mountain", "unknown_card", None),
        ("4 Lightning Bolt\n20 Mountain", "deck_too_small", None),
        ("4 Chrome Mox\n56 Mountain", "banned", "Chrome Mox"),
        ("1 Erayo, Soratami Ascendant\n59 Island", "banned", None),
        ("1 Black Lotus\n59 Mountain", "not_legal", "Black Lotus"),
        ("8 Seven Dwarves\n52 Mountain", "card_limit_exceeded", "Seven Dwarves"),
        ("0 Lightning Bolt\n60 Mountain", "parse_error", None),
        ("99999999999999999999 Lightning Bolt\n60 Mountain", "parse_error", None),
        ("-4 Lightning Bolt\n60 Mountain", None, None),
    ],
)
def test_decklist_problem_codes(deck_team, alice_api, text, code, card):
    response = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    )
    assert response.status_code == 200
    problems = response.json()["problems"]
    assert problems, "a wrong list must name a problem"
    if code is None:
        return
    found = [p for p in problems if p["code"] == code]
    assert found, problems
    for problem in found:
        assert problem["message"]
        assert deck_team["first"] in problem["players"]
    if card:
        assert any(p["card"] == card for p in found)
    if code == "parse_error":
        assert all(p["line"] == 1 for p in found)


@pytest.mark.parametrize(
    ("text", "card", "over"),
    [
        ("7 Seven Dwarves\n53 Mountain", "Seven Dwarves", False),
        ("9 Nazgûl\n51 Swamp", "Nazgûl", False),
        ("10 Nazgûl\n50 Swamp", "Nazgûl", True),
        ("30 Persistent Petitioners\n30 Island", "Persistent Petitioners", False),
        ("5 Lightning Bolt\n55 Mountain", "Lightning Bolt", True),
    ],
)
def test_a_cards_own_limit(deck_team, alice_api, text, card, over):
    body = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    ).json()
    limited = [
        p for p in body["problems"] if p["card"] == card and p["code"].endswith("limit_exceeded")
    ]
    assert bool(limited) == over, body["problems"]


def test_restricted_over_limit_in_vintage(world, alice_api, catalogue):  # noqa: F811
    event = new_event(alice_api, name="Vintage", format="vintage")
    team = new_team(alice_api, event["id"], "Vin")
    player = team["players"][0]["id"]
    body = put(
        alice_api,
        f"/players/{player}/decklist/",
        {"main": "2 Brainstorm\n58 Island", "sideboard": ""},
    ).json()
    assert "restricted_over_limit" in codes(body["problems"])
    one = put(
        alice_api,
        f"/players/{player}/decklist/",
        {"main": "1 Brainstorm\n59 Island", "sideboard": ""},
    ).json()
    assert "restricted_over_limit" not in codes(one["problems"])


def test_unified_deck_construction_two_decks_sharing_a_card(deck_team, alice_api):
    put(alice_api, f"/players/{deck_team['first']}/decklist/", {"main": BOLT_DECK, "sideboard": ""})
    put(
        alice_api,
        f"/players/{deck_team['second']}/decklist/",
        {"main": "4 Lightning Bolt\n56 Island", "sideboard": ""},
    )
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert body["valid"] is False
    udc = [p for p in body["problems"] if p["code"] == "udc_over_limit"]
    assert udc
    assert udc[0]["card"] == "Lightning Bolt"
    assert set(udc[0]["players"]) == {deck_team["first"], deck_team["second"]}
    # basic lands are shared freely: Mountain in both decks is no problem
    assert not any(p["card"] == "Mountain" for p in body["problems"])


def test_combined_four_rule_allows_a_split_playset(world, alice_api, catalogue):  # noqa: F811
    event = new_event(alice_api, name="Old rule", udc_rule="combined_four")
    team = new_team(alice_api, event["id"], "Split")
    first, second = (p["id"] for p in team["players"])
    put(
        alice_api,
        f"/players/{first}/decklist/",
        {"main": "2 Lightning Bolt\n58 Mountain", "sideboard": ""},
    )
    put(
        alice_api,
        f"/players/{second}/decklist/",
        {"main": "2 Lightning Bolt\n58 Mountain", "sideboard": ""},
    )
    body = alice_api.get(f"{API}/teams/{team['id']}/decklists/").json()
    assert body["valid"] is True, body["problems"]
    put(
        alice_api,
        f"/players/{second}/decklist/",
        {"main": "3 Lightning Bolt\n57 Mountain", "sideboard": ""},
    )
    body = alice_api.get(f"{API}/teams/{team['id']}/decklists/").json()
    assert "udc_over_limit" in codes(body["problems"])


def test_missing_decklist_names_the_player(deck_team, alice_api):
    put(alice_api, f"/players/{deck_team['first']}/decklist/", {"main": BOLT_DECK, "sideboard": ""})
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert body["valid"] is False
    missing = [p for p in body["problems"] if p["code"] == "missing_decklist"]
    assert [p["players"] for p in missing] == [[deck_team["second"]]]


def test_team_decklists_problem_shape(deck_team, alice_api):
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert {"valid", "problems", "decks"} <= set(body)
    for problem in body["problems"]:
        assert {"code", "card", "message", "players"} <= set(problem)


def test_decklist_of_100000_lines_is_refused_with_400(deck_team, alice_api):
    text = "\n".join(["1 Mountain"] * 100_000)
    response = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    )
    assert_400(response, "main")
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert "missing_decklist" in codes(body["problems"])  # nothing half-written


@pytest.mark.parametrize(
    "body",
    [
        {"main": 60, "sideboard": ""},
        {"main": ["4 Lightning Bolt"], "sideboard": ""},
        {"main": {"Lightning Bolt": 4}, "sideboard": ""},
        {"main": None, "sideboard": ""},
        {"sideboard": ""},
        {"main": "4 Lightning Bolt", "sideboard": ["2 Opt"]},
        {"main": "4 Lightning Bolt\x00\n56 Mountain", "sideboard": ""},
        {"main": "x" * 2_000_000, "sideboard": ""},
    ],
)
def test_decklist_bad_input_is_400(deck_team, alice_api, body):
    response = put(alice_api, f"/players/{deck_team['first']}/decklist/", body)
    assert_400(response)
    report = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert "missing_decklist" in codes(report["problems"])


def test_decklist_with_controls_and_rtl_marks_is_not_a_500(deck_team, alice_api):
    text = f"4 Lightning{RLO} Bolt\n4 Opt\x07\n4 {RLM}Island\n\x1b[2J48 Mountain"
    response = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    )
    assert response.status_code in (200, 400)
    if response.status_code == 200:
        assert response.json()["problems"]


def test_decklist_lone_surrogate_is_400(deck_team, alice_api):
    body = '{"main": "4 Lightning \\ud800Bolt", "sideboard": ""}'
    response = raw(
        alice_api, "put", f"/players/{deck_team['first']}/decklist/", body, "application/json"
    )
    assert_400(response)


def test_decklist_list_body_and_non_json_are_4xx(deck_team, alice_api):
    path = f"/players/{deck_team['first']}/decklist/"
    assert_400(put(alice_api, path, [BOLT_DECK]))
    assert_400(raw(alice_api, "put", path, "{main: 4 bolts}", "application/json"))
    assert raw(alice_api, "put", path, BOLT_DECK, "text/plain").status_code in (400, 415)


def test_decklist_of_unknown_player_is_404(world, alice_api):
    assert (
        put(
            alice_api, "/players/987654321/decklist/", {"main": BOLT_DECK, "sideboard": ""}
        ).status_code
        == 404
    )
    assert alice_api.get(f"{API}/teams/987654321/decklists/").status_code == 404


def test_decklists_of_another_team_are_private(deck_team, world, charlie_api):
    path = f"/players/{deck_team['first']}/decklist/"
    body = {"main": BOLT_DECK, "sideboard": ""}
    assert put(APIClient(), path, body).status_code in (401, 403, 404)
    assert_hidden_or_forbidden(put(charlie_api, path, body))
    assert_hidden_or_forbidden(put(team_client(world.red.access_key), path, body))
    assert_hidden_or_forbidden(put(team_client(world.green.access_key), path, body))
    team_path = f"{API}/teams/{deck_team['team']['id']}/decklists/"
    assert_hidden_or_forbidden(team_client(world.red.access_key).get(team_path))
    assert_hidden_or_forbidden(team_client(world.green.access_key).get(team_path))
    report = login("alice").get(team_path).json()
    missing = {
        pid for p in report["problems"] if p["code"] == "missing_decklist" for pid in p["players"]
    }
    assert missing == {deck_team["first"], deck_team["second"]}  # nothing was written


# --- rounds ----------------------------------------------------------------------------------


def test_pair_round_201_with_contract_fields(paired):
    round_ = paired["round"]
    assert isinstance(round_["id"], int)
    assert round_["number"] == 1
    assert round_["stage"] == "swiss"
    assert len(round_["matches"]) == 2
    teams = set()
    for match in round_["matches"]:
        assert {"id", "table", "team_a", "team_b", "bye"} <= set(match)
        assert match["bye"] is False
        teams |= {match["team_a"], match["team_b"]}
    assert teams == set(paired["by_id"])
    assert sorted(m["table"] for m in round_["matches"]) == [1, 2]


def test_pair_round_with_an_odd_count_gives_a_bye_with_team_b_null(four, alice_api):
    new_team(alice_api, four["event"]["id"], "Odd One")
    body = post(alice_api, f"/events/{four['event']['id']}/rounds/").json()
    byes = [m for m in body["matches"] if m["bye"]]
    assert len(byes) == 1
    assert byes[0]["team_b"] is None
    assert len(body["matches"]) == 3


def test_second_pairing_while_the_round_is_unfinished_is_409(paired, sam_api):
    event = paired["event"]["id"]
    response = post(sam_api, f"/events/{event}/rounds/")
    assert response.status_code == 409
    assert response.json()["code"]
    rounds = sam_api.get(f"{API}/events/{event}/rounds/").json()
    assert [r["number"] for r in rounds] == [1]


def test_second_pairing_with_one_of_two_results_in_is_still_409(paired, sam_api):
    first = played_matches(paired["round"])[0]
    assert post(sam_api, f"/matches/{first['id']}/result/", games(1, 0)).status_code == 200
    assert post(sam_api, f"/events/{paired['event']['id']}/rounds/").status_code == 409


def test_next_round_pairs_once_every_result_is_final(paired, sam_api):
    for match in played_matches(paired["round"]):
        assert post(sam_api, f"/matches/{match['id']}/result/", games(1, 0)).status_code == 200
    response = post(sam_api, f"/events/{paired['event']['id']}/rounds/")
    assert response.status_code == 201
    second = response.json()
    assert second["number"] == 2
    winners = {m["team_a"] for m in played_matches(paired["round"])}
    # Swiss: the two winners meet, no rematch
    pairs = [{m["team_a"], m["team_b"]} for m in played_matches(second)]
    assert winners in pairs
    firsts = [{m["team_a"], m["team_b"]} for m in played_matches(paired["round"])]
    assert not any(p in firsts for p in pairs)


def test_unpair_round_without_results_then_it_is_gone(paired, sam_api):
    round_id = paired["round"]["id"]
    response = sam_api.delete(f"{API}/rounds/{round_id}/")
    assert response.status_code in (200, 204)
    assert sam_api.get(f"{API}/rounds/{round_id}/").status_code == 404
    assert sam_api.get(f"{API}/events/{paired['event']['id']}/rounds/").json() == []
    again = post(sam_api, f"/events/{paired['event']['id']}/rounds/")
    assert again.status_code == 201
    assert again.json()["number"] == 1


def test_unpair_round_with_a_result_is_409(paired, sam_api):
    match = played_matches(paired["round"])[0]
    post(sam_api, f"/matches/{match['id']}/result/", games(0, 1))
    response = sam_api.delete(f"{API}/rounds/{paired['round']['id']}/")
    assert response.status_code == 409
    assert response.json()["code"]
    assert sam_api.get(f"{API}/rounds/{paired['round']['id']}/").status_code == 200
    assert sam_api.get(f"{API}/matches/{match['id']}/").json()["status"] == "final"


def test_unpair_an_older_round_is_409(paired, sam_api):
    for match in played_matches(paired["round"]):
        post(sam_api, f"/matches/{match['id']}/result/", games(1, 0))
    post(sam_api, f"/events/{paired['event']['id']}/rounds/")
    response = sam_api.delete(f"{API}/rounds/{paired['round']['id']}/")
    assert response.status_code == 409
    assert sam_api.get(f"{API}/rounds/{paired['round']['id']}/").status_code == 200


def test_unknown_round_is_404(world, alice_api):
    assert alice_api.get(f"{API}/rounds/987654321/").status_code == 404
    assert alice_api.delete(f"{API}/rounds/987654321/").status_code == 404
    assert alice_api.get(f"{API}/rounds/99999999999999999999999/").status_code == 404


def test_pair_unknown_event_is_404(world, alice_api):
    assert post(alice_api, "/events/987654321/rounds/").status_code == 404


def test_round_list_and_detail(paired, sam_api):
    listing = sam_api.get(f"{API}/events/{paired['event']['id']}/rounds/")
    assert listing.status_code == 200
    assert [(r["id"], r["number"], r["stage"]) for r in listing.json()] == [
        (paired["round"]["id"], 1, "swiss")
    ]
    detail = sam_api.get(f"{API}/rounds/{paired['round']['id']}/").json()
    assert detail["number"] == 1
    assert {m["id"] for m in detail["matches"]} == {m["id"] for m in paired["round"]["matches"]}


def test_pairing_needs_enough_teams_and_never_500s(world, alice_api):
    event = new_event(alice_api, name="Tiny", swiss_rounds=3)
    response = post(alice_api, f"/events/{event['id']}/rounds/")
    assert 400 <= response.status_code < 500
    assert response.json()["code"]
    new_team(alice_api, event["id"], "Lonely")
    response = post(alice_api, f"/events/{event['id']}/rounds/")
    assert 400 <= response.status_code < 500
    assert alice_api.get(f"{API}/events/{event['id']}/rounds/").json() == []


def test_pairing_is_refused_to_outsiders_and_teams(four, charlie_api):
    event = four["event"]["id"]
    assert post(APIClient(), f"/events/{event}/rounds/").status_code in (401, 404)
    assert_hidden_or_forbidden(post(charlie_api, f"/events/{event}/rounds/"))
    key = four["teams"][0]["access_key"]
    assert post(team_client(key), f"/events/{event}/rounds/").status_code == 403
    assert login("alice").get(f"{API}/events/{event}/rounds/").json() == []


def test_registration_is_closed_once_round_1_is_paired(paired, alice_api):
    body = {"name": "Too Late", "players": [{"name": "L1"}, {"name": "L2"}]}
    response = post(alice_api, f"/events/{paired['event']['id']}/teams/", body)
    assert 400 <= response.status_code < 500


def test_automatic_swiss_rounds_with_four_teams_pairs_a_playoff(world, alice_api):
    """swiss_rounds null: from the number of teams (rules.md: 4 teams, 0 Swiss, 2 playoff rounds)."""
    event = new_event(alice_api, name="Auto")
    for name in ("A", "B", "C", "D"):
        new_team(alice_api, event["id"], f"Auto {name}")
    response = post(alice_api, f"/events/{event['id']}/rounds/")
    assert response.status_code == 201
    assert response.json()["stage"] == "top_cut"
    draw = post(
        alice_api, f"/matches/{response.json()['matches'][0]['id']}/result/", games(0, 0, 1)
    )
    assert_400(draw)


def test_dropped_team_is_not_paired_again(paired, sam_api):
    dropper = played_matches(paired["round"])[0]["team_a"]
    assert post(sam_api, f"/teams/{dropper}/drop/").json()["dropped"] is True
    for match in played_matches(paired["round"]):
        assert post(sam_api, f"/matches/{match['id']}/result/", games(1, 0)).status_code == 200
    second = post(sam_api, f"/events/{paired['event']['id']}/rounds/").json()
    teams = {t for m in second["matches"] for t in (m["team_a"], m["team_b"]) if t}
    assert teams == set(paired["by_id"]) - {dropper}
    assert sum(m["bye"] for m in second["matches"]) == 1


def test_top_cut_after_swiss_seeds_1v4_and_2v3_then_the_final_then_409(four, alice_api):
    event = four["event"]["id"]
    assert (
        patch(alice_api, f"/events/{event}/", {"swiss_rounds": 1, "top_cut": 4}).status_code == 200
    )
    swiss = post(alice_api, f"/events/{event}/rounds/").json()
    for match in played_matches(swiss):
        post(alice_api, f"/matches/{match['id']}/result/", games(1, 0))
    ranks = [
        r["team"]
        for r in alice_api.get(f"{API}/events/{event}/standings/?after_round=1").json()["rows"]
    ]
    semis = post(alice_api, f"/events/{event}/rounds/")
    assert semis.status_code == 201
    semis = semis.json()
    assert (semis["number"], semis["stage"]) == (2, "top_cut")
    pairs = {frozenset((m["team_a"], m["team_b"])) for m in semis["matches"]}
    assert pairs == {frozenset((ranks[0], ranks[3])), frozenset((ranks[1], ranks[2]))}
    for match in semis["matches"]:
        assert_400(post(alice_api, f"/matches/{match['id']}/result/", games(0, 0, 1)))
        post(alice_api, f"/matches/{match['id']}/result/", games(0, 1))
    final = post(alice_api, f"/events/{event}/rounds/").json()
    assert final["stage"] == "top_cut"
    assert {final["matches"][0]["team_a"], final["matches"][0]["team_b"]} == {ranks[3], ranks[2]}
    post(alice_api, f"/matches/{final['matches'][0]['id']}/result/", games(1, 0))
    over = post(alice_api, f"/events/{event}/rounds/")
    assert over.status_code == 409
    assert over.json()["code"]


def test_automatic_structure_five_teams_three_playoff_rounds(world, alice_api):
    """rules.md: 5-8 teams, 0 Swiss rounds, 3 single-elimination rounds."""
    event = new_event(alice_api, name="Auto5")
    for name in "ABCDE":
        new_team(alice_api, event["id"], f"Five {name}")
    stages = []
    response = post(alice_api, f"/events/{event['id']}/rounds/")
    while response.status_code == 201:
        stages.append(response.json()["stage"])
        for match in played_matches(response.json()):
            assert (
                post(alice_api, f"/matches/{match['id']}/result/", games(0, 1)).status_code == 200
            )
        response = post(alice_api, f"/events/{event['id']}/rounds/")
    assert response.status_code == 409
    assert stages == ["top_cut"] * 3


def test_anonymous_reads_pairings_and_standings_of_a_public_event(world):
    olga = login("olga")
    other = world.other_event.pk
    new_team(olga, other, "Orange")
    patch(olga, f"/events/{other}/", {"swiss_rounds": 2})
    round_ = post(olga, f"/events/{other}/rounds/").json()
    publish(olga, round_["id"])  # not in api.md: the app shows teams only published rounds
    anon = APIClient()
    listing = anon.get(f"{API}/events/{other}/rounds/")
    assert listing.status_code == 200
    assert [r["id"] for r in listing.json()] == [round_["id"]]
    detail = anon.get(f"{API}/rounds/{round_['id']}/").json()
    assert {m["id"] for m in detail["matches"]} == {m["id"] for m in round_["matches"]}
    match = anon.get(f"{API}/matches/{round_['matches'][0]['id']}/")
    assert match.status_code == 200
    assert "reports" not in match.json()
    assert (
        post(anon, f"/matches/{round_['matches'][0]['id']}/result/", games(1, 0)).status_code == 401
    )
    standings = anon.get(f"{API}/events/{other}/standings/")
    assert standings.status_code == 200
    assert sorted(r["name"] for r in standings.json()["rows"]) == ["Orange", "Team Green"]


# --- matches and results ---------------------------------------------------------------------


def test_match_has_the_contract_fields(paired, sam_api):
    match = played_matches(paired["round"])[0]
    response = sam_api.get(f"{API}/matches/{match['id']}/")
    assert response.status_code == 200
    body = response.json()
    assert {
        "id", "round", "table", "team_a", "team_b", "games_a", "games_b", "games_drawn",
        "result", "status", "time",
    } <= set(body)  # fmt: skip
    assert body["round"] == paired["round"]["id"]
    assert (body["team_a"], body["team_b"]) == (match["team_a"], match["team_b"])
    assert body["status"] == "pending"
    assert body["result"] is None


@pytest.mark.parametrize(
    ("score", "result"),
    [
        ((1, 0, 0), "a"),
        ((0, 1, 0), "b"),
        ((0, 0, 1), "draw"),
        ((1, 0, 2), "a"),
        ((0, 0, 0), "draw"),
    ],
)
def test_staff_result_is_final(paired, sam_api, score, result):
    match = played_matches(paired["round"])[0]
    response = post(sam_api, f"/matches/{match['id']}/result/", games(*score))
    assert response.status_code == 200
    body = sam_api.get(f"{API}/matches/{match['id']}/").json()
    assert body["status"] == "final"
    assert body["result"] == result
    assert (body["games_a"], body["games_b"], body["games_drawn"]) == score


def test_staff_may_correct_a_final_result(paired, sam_api):
    match = played_matches(paired["round"])[0]
    post(sam_api, f"/matches/{match['id']}/result/", games(1, 0))
    response = post(sam_api, f"/matches/{match['id']}/result/", games(0, 1))
    assert response.status_code == 200
    assert sam_api.get(f"{API}/matches/{match['id']}/").json()["result"] == "b"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (games(1, 1), None),
        (games(1, 1, 3), None),
        ({"games_a": 2, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": -1, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": 0, "games_b": -1, "games_drawn": 0}, "games_b"),
        ({"games_a": 1, "games_b": 0, "games_drawn": -1}, "games_drawn"),
        ({"games_a": 1, "games_b": 0, "games_drawn": 10**30}, "games_drawn"),
        ({"games_a": 10**30, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": "one", "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": [1], "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": {"n": 1}, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": 0.5, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": True, "games_b": False, "games_drawn": 0}, "games_a"),
        ({"games_a": None, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": 1, "games_drawn": 0}, "games_b"),
        ({}, "games_a"),
    ],
)
def test_bad_result_is_400_and_leaves_the_match_pending(paired, sam_api, body, field):
    match = played_matches(paired["round"])[0]
    response = post(sam_api, f"/matches/{match['id']}/result/", body)
    if field:
        assert_400(response, field)
    else:
        assert_400(response)
    after = sam_api.get(f"{API}/matches/{match['id']}/").json()
    assert (after["status"], after["result"]) == ("pending", None)


def test_result_list_body_and_non_json_are_4xx(paired, sam_api):
    match = played_matches(paired["round"])[0]
    path = f"/matches/{match['id']}/result/"
    assert_400(post(sam_api, path, [games(1, 0)]))
    assert_400(raw(sam_api, "post", path, "{games_a: 1}", "application/json"))
    assert raw(sam_api, "post", path, "1-0-0", "text/plain").status_code in (400, 415)
    assert sam_api.get(f"{API}/matches/{match['id']}/").json()["status"] == "pending"


def test_result_for_unknown_match_is_404(world, alice_api):
    assert post(alice_api, "/matches/987654321/result/", games(1, 0)).status_code == 404
    assert alice_api.get(f"{API}/matches/987654321/").status_code == 404
    assert (
        post(alice_api, "/matches/99999999999999999999999/result/", games(1, 0)).status_code == 404
    )


def test_result_for_a_bye_is_refused_not_500(four, alice_api):
    new_team(alice_api, four["event"]["id"], "Odd One")
    round_ = post(alice_api, f"/events/{four['event']['id']}/rounds/").json()
    bye = next(m for m in round_["matches"] if m["bye"])
    response = post(alice_api, f"/matches/{bye['id']}/result/", games(1, 0))
    assert 400 <= response.status_code < 500
    assert response.json()["code"]


def test_result_for_a_match_of_another_event_is_refused(paired, world):
    """Olga runs the other (public) event; Sam keeps score only in Alice's."""
    olga = login("olga")
    other = world.other_event.pk
    for name in ("O1", "O2"):
        new_team(olga, other, f"Olga {name}")
    patch(olga, f"/events/{other}/", {"swiss_rounds": 3})
    round_ = post(olga, f"/events/{other}/rounds/")
    assert round_.status_code == 201, round_.content
    foreign = played_matches(round_.json())[0]
    sam = login("sam")
    response = post(sam, f"/matches/{foreign['id']}/result/", games(1, 0))
    assert_hidden_or_forbidden(response)
    key = paired["teams"][0]["access_key"]
    assert_hidden_or_forbidden(
        post(team_client(key), f"/matches/{foreign['id']}/result/", games(1, 0))
    )
    assert olga.get(f"{API}/matches/{foreign['id']}/").json()["status"] == "pending"
    # and the other way round: Olga (organizer elsewhere) on Alice's private event
    mine = played_matches(paired["round"])[0]
    assert_hidden_or_forbidden(post(olga, f"/matches/{mine['id']}/result/", games(1, 0)))
    assert sam.get(f"{API}/matches/{mine['id']}/").json()["status"] == "pending"


def test_team_key_of_another_event_cannot_report(paired, world):
    match = played_matches(paired["round"])[0]
    publish(login("sam"), paired["round"]["id"])
    response = post(
        team_client(world.green.access_key), f"/matches/{match['id']}/result/", games(1, 0)
    )
    assert_hidden_or_forbidden(response)
    assert login("sam").get(f"{API}/matches/{match['id']}/").json()["status"] == "pending"


def test_team_reports_right_after_pairing_as_api_md_describes(paired):
    match = played_matches(paired["round"])[0]
    key = paired["by_id"][match["team_a"]]["access_key"]
    response = post(team_client(key), f"/matches/{match['id']}/result/", games(1, 0))
    assert response.status_code == 200
    assert response.json()["status"] == "reported"


@pytest.fixture
def reporting(paired, sam_api):
    """Round 1 published (the app's extra step), one match and both teams' clients."""
    publish(sam_api, paired["round"]["id"])
    match = played_matches(paired["round"])[0]
    a = team_client(paired["by_id"][match["team_a"]]["access_key"])
    b = team_client(paired["by_id"][match["team_b"]]["access_key"])
    return {**paired, "match": match, "a": a, "b": b}


def test_team_report_then_same_report_is_final(reporting, sam_api):
    path = f"/matches/{reporting['match']['id']}/result/"
    first = post(reporting["a"], path, games(0, 1, 1))
    assert first.status_code == 200
    assert first.json()["status"] == "reported"
    second = post(reporting["b"], path, games(0, 1, 1))
    assert second.status_code == 200
    body = sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()
    assert (body["status"], body["result"], body["games_drawn"]) == ("final", "b", 1)


def test_team_reports_that_differ_are_disputed_with_409_to_the_second(reporting, sam_api):
    path = f"/matches/{reporting['match']['id']}/result/"
    assert post(reporting["a"], path, games(1, 0)).status_code == 200
    second = post(reporting["b"], path, games(0, 1))
    assert second.status_code == 409
    assert second.json()["code"]
    body = sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()
    assert body["status"] == "disputed"
    assert body["result"] is None
    # staff decide: final
    decided = post(sam_api, path, games(0, 1))
    assert decided.status_code == 200
    body = sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()
    assert (body["status"], body["result"]) == ("final", "b")


def test_team_bad_report_is_400(reporting, sam_api):
    path = f"/matches/{reporting['match']['id']}/result/"
    assert_400(post(reporting["a"], path, games(1, 1)))
    assert_400(post(reporting["a"], path, {"games_a": "yes"}), "games_a")
    assert sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()["status"] == "pending"


def test_team_cannot_report_a_match_it_does_not_play(reporting, sam_api):
    others = [m for m in played_matches(reporting["round"]) if m["id"] != reporting["match"]["id"]]
    stranger = reporting["by_id"][others[0]["team_a"]]["access_key"]
    response = post(
        team_client(stranger), f"/matches/{reporting['match']['id']}/result/", games(1, 0)
    )
    assert response.status_code in (403, 404)
    assert sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()["status"] == "pending"


def test_outsider_cannot_enter_a_result(paired, charlie_api):
    match = played_matches(paired["round"])[0]
    assert_hidden_or_forbidden(post(charlie_api, f"/matches/{match['id']}/result/", games(1, 0)))
    assert post(APIClient(), f"/matches/{match['id']}/result/", games(1, 0)).status_code in (
        401,
        404,
    )
    assert login("sam").get(f"{API}/matches/{match['id']}/").json()["status"] == "pending"


# --- standings -------------------------------------------------------------------------------


def test_standings_after_round_1(paired, sam_api):
    matches = played_matches(paired["round"])
    post(sam_api, f"/matches/{matches[0]['id']}/result/", games(1, 0))
    post(sam_api, f"/matches/{matches[1]['id']}/result/", games(0, 0, 1))
    response = sam_api.get(f"{API}/events/{paired['event']['id']}/standings/?after_round=1")
    assert response.status_code == 200
    body = response.json()
    assert body["round"] == 1
    rows = body["rows"]
    assert len(rows) == 4
    for row in rows:
        assert {
            "rank", "team", "name", "match_points", "wins", "losses", "draws",
            "penalty_points", "omw", "gw", "ogw",
        } <= set(row)  # fmt: skip
        for key in ("omw", "gw", "ogw"):
            assert isinstance(row[key], float | int)
            assert 0 <= row[key] <= 1
            assert round(row[key], 4) == row[key]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    points = {r["team"]: (r["match_points"], r["wins"], r["losses"], r["draws"]) for r in rows}
    assert points[matches[0]["team_a"]] == (3, 1, 0, 0)
    assert points[matches[0]["team_b"]] == (0, 0, 1, 0)
    assert points[matches[1]["team_a"]] == (1, 0, 0, 1)
    assert points[matches[1]["team_b"]] == (1, 0, 0, 1)
    assert [r["match_points"] for r in rows] == sorted(
        (r["match_points"] for r in rows), reverse=True
    )
    assert rows[0]["team"] == matches[0]["team_a"]
    names = {r["team"]: r["name"] for r in rows}
    assert names[matches[0]["team_a"]] == paired["by_id"][matches[0]["team_a"]]["name"]
    # OMW% of the winner: its one opponent had 0 points, floored at 0.33
    assert rows[0]["omw"] == pytest.approx(0.33, abs=0.0034)


def test_standings_count_a_bye_as_a_win(four, alice_api):
    new_team(alice_api, four["event"]["id"], "Odd One")
    round_ = post(alice_api, f"/events/{four['event']['id']}/rounds/").json()
    for match in played_matches(round_):
        post(alice_api, f"/matches/{match['id']}/result/", games(1, 0))
    bye_team = next(m["team_a"] for m in round_["matches"] if m["bye"])
    rows = alice_api.get(f"{API}/events/{four['event']['id']}/standings/?after_round=1").json()[
        "rows"
    ]
    row = next(r for r in rows if r["team"] == bye_team)
    assert (row["match_points"], row["wins"]) == (3, 1)


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "99999999999999999999999", "1;DROP", "%00"])
def test_standings_bad_after_round_is_400(paired, sam_api, value):
    response = sam_api.get(
        f"{API}/events/{paired['event']['id']}/standings/", {"after_round": value}
    )
    assert_400(response)


def test_standings_before_any_round_lists_every_team(four, alice_api):
    response = alice_api.get(f"{API}/events/{four['event']['id']}/standings/")
    assert response.status_code == 200
    body = response.json()
    assert sorted(r["team"] for r in body["rows"]) == sorted(four["by_id"])
    assert all(r["match_points"] == 0 for r in body["rows"])


def test_standings_of_unknown_or_private_event(world, charlie_api):
    assert charlie_api.get(f"{API}/events/987654321/standings/").status_code == 404
    assert_hidden_or_forbidden(charlie_api.get(f"{API}/events/{world.event.pk}/standings/"))
    public = APIClient().get(f"{API}/events/{world.other_event.pk}/standings/")
    assert public.status_code == 200
    assert [r["name"] for r in public.json()["rows"]] == ["Team Green"]


# --- commands --------------------------------------------------------------------------------


def test_adduser_makes_a_user_who_gets_a_token_and_creates_events(db):
    call_command("adduser", "zelda", "--password", "triforce-123", stdout=io.StringIO())
    client = login("zelda", "triforce-123")
    assert post(client, "/events/", {"name": "Zelda's", "structure": "draft"}).status_code == 201
    assert (
        post(
            APIClient(), "/auth/token/", {"username": "zelda", "password": "wrong-one"}
        ).status_code
        == 401
    )


def test_adduser_bad_input_is_a_command_error_not_a_traceback(db):
    with pytest.raises(CommandError):
        call_command("adduser", "zed", "--password", "short", stdout=io.StringIO())
    with pytest.raises(CommandError):
        call_command("adduser", "   ", "--password", "long-enough-1", stdout=io.StringIO())
    with pytest.raises(CommandError):
        call_command("adduser", "zed", stdout=io.StringIO())
    assert (
        post(APIClient(), "/auth/token/", {"username": "zed", "password": "short"}).status_code
        == 401
    )


@pytest.mark.usefixtures("catalogue")
def test_demo_builds_an_event_readable_through_the_api(db):
    out = io.StringIO()
    call_command("demo", stdout=out)
    text = out.getvalue()
    org_pw = re.search(r"organizer login: organizer / (\S+)", text)
    judge_pw = re.search(r"judge login: judge / (\S+)", text)
    assert org_pw, text
    assert judge_pw, text
    organizer = login("organizer", org_pw.group(1))
    login("judge", judge_pw.group(1))
    events = organizer.get(f"{API}/events/").json()
    demo = [e for e in events if e["organizer"] == "organizer"]
    assert len(demo) == 1
    event_id = demo[0]["id"]
    teams = organizer.get(f"{API}/events/{event_id}/teams/").json()
    assert len(teams) == 16
    rounds = organizer.get(f"{API}/events/{event_id}/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2]
    assert post(organizer, f"/events/{event_id}/rounds/").status_code == 409  # round 2 running
    for team in teams[:4]:
        report = organizer.get(f"{API}/teams/{team['id']}/decklists/").json()
        assert "missing_decklist" not in codes(report["problems"]), team["name"]


def test_simulate_plays_a_whole_event_readable_through_the_api(db):
    out = io.StringIO()
    call_command("simulate", "--teams", "9", "--rounds", "3", "--seed", "4", stdout=out)
    text = out.getvalue()
    found = re.search(r"Event (\d+)", text)
    assert found, text
    event_id = int(found.group(1))
    assert re.search(r"\d+\.\d+ ?s", text)  # the time of each phase
    client = APIClient()
    rounds = client.get(f"{API}/events/{event_id}/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2, 3]
    standings = client.get(f"{API}/events/{event_id}/standings/").json()
    rows = standings["rows"]
    assert standings["round"] == 3
    assert 1 <= len(rows) <= 9
    assert all(r["wins"] + r["losses"] + r["draws"] <= 3 for r in rows)
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))


@pytest.mark.parametrize(
    "args",
    [
        ["--teams", "0", "--rounds", "3"],
        ["--teams", "-5", "--rounds", "3"],
        ["--teams", "8", "--rounds", "0"],
        ["--teams", "8", "--rounds", "1000"],
        ["--teams", "abc", "--rounds", "3"],
        ["--teams", "8"],
    ],
)
def test_simulate_bad_arguments_are_command_errors(db, args):
    with pytest.raises(CommandError):
        call_command("simulate", *args, stdout=io.StringIO())


CARD = {
    "object": "card",
    "name": "Tandem Contract Golem",
    "layout": "normal",
    "type_line": "Artifact Creature — Golem",
    "oracle_text": "",
    "legalities": {"modern": "legal", "legacy": "legal", "vintage": "legal"},
}


@pytest.mark.usefixtures("catalogue")
def test_import_cards_scryfall_file_makes_a_card_known_to_decklists(world, alice_api, tmp_path):
    team = new_team(alice_api, world.event.pk, "Golems")
    player = team["players"][0]["id"]
    deck = {"main": "4 Tandem Contract Golem\n56 Mountain", "sideboard": ""}
    before = put(alice_api, f"/players/{player}/decklist/", deck).json()
    assert "unknown_card" in codes(before["problems"])
    path = tmp_path / "oracle-cards-20260101000000.json"
    path.write_text(json.dumps([CARD]), encoding="utf-8")
    out = io.StringIO()
    call_command("import_cards", str(path), stdout=out, stderr=io.StringIO())
    assert "1" in out.getvalue()
    after = put(alice_api, f"/players/{player}/decklist/", deck).json()
    assert "unknown_card" not in codes(after["problems"])
    assert after["problems"] == []


@pytest.mark.usefixtures("catalogue")
def test_import_cards_mtgjson_file(world, alice_api, tmp_path):
    card = {
        "name": "Tandem Atomic Golem",
        "type": "Artifact Creature — Golem",
        "supertypes": [],
        "layout": "normal",
        "text": "",
        "legalities": {"modern": "Legal", "legacy": "Legal", "vintage": "Legal"},
    }
    data = {"meta": {"date": "2026-01-01", "version": "5.2.2"}, "data": {card["name"]: [card]}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    call_command("import_cards", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    team = new_team(alice_api, world.event.pk, "Atoms")
    body = put(
        alice_api,
        f"/players/{team['players'][0]['id']}/decklist/",
        {"main": "4 Tandem Atomic Golem\n56 Island", "sideboard": ""},
    ).json()
    assert body["problems"] == []


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not json at all",
        b'{"data": 5}',
        b"[1, 2, 3]",
        b'[{"name": 5}]',
        b"\xff\xfe\x00garbage",
    ],
)
def test_import_cards_bad_file_is_a_command_error(db, tmp_path, content):
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stdout=io.StringIO(), stderr=io.StringIO())


def test_import_cards_missing_file_is_a_command_error(db, tmp_path):
    with pytest.raises(CommandError):
        call_command("import_cards", str(tmp_path / "nope.json"), stdout=io.StringIO())


@pytest.mark.usefixtures("catalogue")
def test_import_banlists_replaces_the_lists_of_named_formats(world, alice_api, tmp_path):
    team = new_team(alice_api, world.event.pk, "Bolters")
    player = team["players"][0]["id"]
    deck = {"main": BOLT_DECK, "sideboard": ""}
    assert put(alice_api, f"/players/{player}/decklist/", deck).json()["problems"] == []
    path = tmp_path / "banlists.json"
    data = {
        "as_of": "2026-11-01",
        "formats": {"modern": {"banned": ["Lightning Bolt"], "restricted": []}},
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    call_command("import_banlists", str(path), stdout=io.StringIO())
    problems = put(alice_api, f"/players/{player}/decklist/", deck).json()["problems"]
    assert [(p["code"], p["card"]) for p in problems] == [("banned", "Lightning Bolt")]
    # Chrome Mox was banned in modern by the old list: the list was replaced, not merged
    mox = put(
        alice_api,
        f"/players/{player}/decklist/",
        {"main": "4 Chrome Mox\n56 Mountain", "sideboard": ""},
    )
    assert "banned" not in codes(mox.json()["problems"])


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"nonsense",
        b"[]",
        b'{"formats": 5}',
        b'{"formats": {"modern": {"banned": "Lightning Bolt"}}}',
        b'{"formats": {"modern": {"banned": [1, 2]}}}',
        b'{"formats": {"modern": 7}}',
    ],
)
def test_import_banlists_bad_file_is_a_command_error(db, tmp_path, content):
    path = tmp_path / "banlists.json"
    path.write_bytes(content)
    with pytest.raises(CommandError):
        call_command("import_banlists", str(path), stdout=io.StringIO())
