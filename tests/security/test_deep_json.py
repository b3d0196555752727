"""JSON nested 1,000 levels deep is refused by the parser with a 400 on every JSON write
endpoint of the API (core/parsers.py), never a 500 from code that walks it recursively."""

import re

import pytest

from judging import services as judging
from pairing import services
from support import factories
from support.api_clients import client_for
from support.openapi import _spec

pytestmark = pytest.mark.django_db

DEEP = '{"name": ' + "[" * 1000 + "]" * 1000 + "}"
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000
SHALLOWER = '{"name": ' + "[" * 100 + "]" * 100 + "}"  # parses, but deeper than any endpoint takes


def _write_operations() -> list[tuple[str, str]]:
    return sorted(
        (method, path)
        for path, item in _spec()["paths"].items()
        for method in item
        if method in ("post", "put", "patch")
    )


def _ids(world) -> dict[str, int]:
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_pair_next(event=world.event, seed=7)
    match = round_.matches.exclude(table=None).first()
    check = judging.deck_check_start(round_=round_, match=match, team=match.team_a)
    return {
        "events": world.event.pk,
        "teams": world.red.pk,
        "players": world.red.players.first().pk,
        "rounds": round_.pk,
        "matches": match.pk,
        "penalties": 1,
        "pools": world.red.pk,
        "deck-checks": check.pk,
    }


def test_the_api_has_many_json_write_endpoints():
    assert len(_write_operations()) >= 14


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT, SHALLOWER])
def test_deeply_nested_json_is_a_400_on_every_write_endpoint(world, body):
    ids = _ids(world)
    client = client_for(world.alice)
    seen = []
    for method, template in _write_operations():
        path = re.sub(
            r"/([\w-]+)/\{[^}]+\}",
            lambda m: f"/{m.group(1)}/{ids.get(m.group(1), 1)}",
            template,
        )
        response = getattr(client, method)(path, body, content_type="application/json")
        seen.append((method, path, response.status_code))
        if response.status_code == 404 and path.startswith("/api/v1/penalties/"):
            continue  # no penalty exists: the object is looked up before the body is read
        assert response.status_code == 400, (method, path, response.content[:200])
        assert response["Content-Type"].startswith("application/json")
    assert len(seen) >= 14


def test_nesting_within_the_limit_is_read_as_before(world):
    client = client_for(world.alice)
    body = {"name": "Team Deep", "players": [{"name": "A"}, {"name": "B"}], "x": [[[[1]]]]}
    response = client.post(f"/api/v1/events/{world.event.pk}/teams/", body, format="json")
    assert response.status_code == 201
