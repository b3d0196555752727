"""Helpers of the black-box tests of the REST API and commands as docs/api.md names them.

Everything goes through HTTP (DRF's APIClient) or `call_command`, with the paths, field names,
codes and status codes of the contract, plus the bad input the quality bar "Bad input and faults"
names: wrong types, missing fields, huge values, control characters and right-to-left marks,
a 100,000-line decklist, a result for a match of another event, a team key of another event.

Covered: auth, events, staff, teams, decklists, rounds, matches, results, standings, and the
commands demo, simulate, import_cards, import_banlists, adduser; and the app's endpoints beyond
docs/api.md that the per-app API tests used to cover (team import and new keys, unpublished rounds,
swap, missing results, a team's standing, the decklist board and change log, deck rules, pools,
catalogue and card look-up), each test saying so. Not covered (not built yet): clock, extensions,
penalties, tracker.

Readings of the contract where it is not explicit (noted so they can be argued with):
- "Bad input: 400": a body that is not JSON at all (wrong Content-Type) may also be 415.
- A private event read by someone who may not read it: 404 (its existence is private) or 403.
- Where the contract allows two answers (403 or 404, 400 or 409, 200 or 204), a test may also pin
  the one Tandem gives, and says so ("Tandem's choice").
- Rounds are paired, then seen by teams: docs/api.md names no "publish" step; where a test needs the
  teams to see a round it uses the app's extra `POST /api/v1/rounds/{id}/publish/` and says so.
"""

import os

from rest_framework.test import APIClient

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres", "postgresql"))
PASSWORD = "correct-horse-9"  # support.factories.user's default
API = "/api/v1"

RLM = "\u200f"  # right-to-left mark
RLO = "\u202e"  # right-to-left override

BOLT_DECK = "4 Lightning Bolt\n56 Mountain"
OPT_DECK = "4 Opt\n56 Island"


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


def publish(client: APIClient, round_id: int) -> None:
    """Not in docs/api.md: the app's extra step before teams see (and may report) a round."""
    response = post(client, f"/rounds/{round_id}/publish/")
    assert response.status_code == 200, response.content


def played_matches(round_json: dict) -> list[dict]:
    return [m for m in round_json["matches"] if not m["bye"]]


def codes(problems) -> set[str]:
    return {p["code"] for p in problems}
