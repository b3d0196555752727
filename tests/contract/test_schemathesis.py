"""Every operation of the OpenAPI schema (/api/v1/schema/, drf-spectacular) called with input
generated from the schema by schemathesis, in-process, by three callers: anonymous, a team's key
(X-Team-Key) and the organizer's token. Whatever the input: no 5xx; every status and body the
schema describes (a 400's field errors in the documented form); a content type the schema names;
data the schema calls valid is not refused as invalid (a 400 for valid input is a schema that
should say more, or a check too strict).

Bounded to stay a part of the normal suite (``./tandem test``, SQLite then PostgreSQL): a few
examples per operation and caller (SCHEMATHESIS_EXAMPLES, default 6), no shrinking, no
database of examples kept between runs. Path ids are half the time those of a real event (its
round 1 paired and published), so the operations are reached beyond their 404.
"""

from __future__ import annotations

import json
import os
import re
from typing import get_args

import pytest
import schemathesis
from django.core.cache import cache
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application
from pairing import services
from support.rounds import event_with_teams
from tracker.domain.game_model import ErrorCode

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "6"))
# A 400 for data the schema calls valid is allowed only where no schema could say it: what the
# data names is not there or not of this event, two fields disagree (a rule of the game), or the
# event's state refuses it. Each such refusal by its code (the {detail, code} form) or its
# message (the field form); any other 400 for valid data fails (the schema should say more).
REFUSED_FOR_WHAT_IT_NAMES = {
    "bad_event_file": "an event file is a whole Tandem export: no schema of its own here",
    "not_staff": "the user id names no staff member of this event",
    "two_wins": "games_a and games_b both won: a 2HG match ends at its first won game (MTR 9.1)",
    "not_limited": "a pool in a constructed event",
    "missing_field": "an event type's own fields (tracker.domain.game_model): one schema for all",
    "unknown_player": "the player id names nobody at this table",
    "nothing_to_undo": "an undo with nothing left to undo in the game",
    "push_host_not_allowed": "a push service's host outside the server's PUSH_ALLOWED_HOSTS",
    "push_endpoint_invalid": "a push address the server will not post to (not https, a user)",
}
# A game event (POST /matches/{id}/game/events/): one body schema for every event type, and the
# game's state decides the rest (tracker.domain.game_model.ErrorCode: a player not at the table,
# nothing to undo, the game over...).
GAME_EVENTS = "/api/v1/matches/{id}/game/events/"
GAME_RULES = set(get_args(ErrorCode))
# An event file (POST /events/import/) is a whole Tandem export, checked by carry.exchange:
# its schema is "a JSON object", so any refusal of its content is the file's, not the schema's.
FREE_FORM = {"/api/v1/events/import/"}
REFUSED_MESSAGES = re.compile(
    r"No user named|not a player of this event|Not a table of this round|does not play in"
    r"|exactly once|Send two_headed_giant_bans, decklists_required or both"
    r"|Not a penalty of this event|Not a team of this event|not in this event"
    r"|Not a player of this team"
    # Names (tournament.domain.names): control, format and unassigned characters but emoji
    # sequences, Unicode categories no pattern of the schema's regular expressions can name.
    r"|contains a control or invisible character|right-to-left or direction-override"
    r"|A constructed event needs a format",
    re.IGNORECASE,
)


@schemathesis.check
def valid_data_accepted(ctx, response, case):
    """Schema-valid data is not refused as invalid (400), but for REFUSED_FOR_WHAT_IT_NAMES."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    if case.operation.path in FREE_FORM:
        return None
    body = json.loads(response.content or b"{}")
    if case.operation.path == GAME_EVENTS and isinstance(body, dict):
        if body.get("code") in GAME_RULES:
            return None
    if isinstance(body, dict) and body.get("code") in REFUSED_FOR_WHAT_IT_NAMES:
        return None
    messages = [m for v in body.values() if isinstance(v, list) for m in v]
    if messages and all(REFUSED_MESSAGES.search(str(m)) for m in messages):
        return None
    raise AssertionError(f"Schema-valid data refused: {body}")


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    valid_data_accepted,
]
CALLERS = ("anonymous", "team key", "organizer")


def _spec() -> dict:
    """The schema as served, its request bodies sent as JSON only where JSON is one of their
    media types (the API's contract, docs/api.md; a form encoding cannot carry a null or a list
    of objects, so "valid" form data would not be)."""
    from drf_spectacular.generators import SchemaGenerator

    spec = SchemaGenerator().get_schema(request=None, public=True)
    spec = json.loads(json.dumps(spec, default=str))  # plain JSON (lazy strings, enums)
    for operations in spec["paths"].values():
        for operation in operations.values():
            content = operation.get("requestBody", {}).get("content", {})
            if isinstance(content, dict) and "application/json" in content:
                operation["requestBody"]["content"] = {
                    "application/json": content["application/json"]
                }
    return spec


schema = schemathesis.openapi.from_dict(_spec())
schema.app = application


@pytest.fixture(autouse=True)
def _one_connection():
    """The application is called in-process, in the test's transaction: its requests must not
    close the database connection at their end (Django's test client does the same)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def real():
    """A real event and what a path id may name in it: its organizer's token, a team's key."""
    event, teams = event_with_teams(4, public=True)
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    match = round_.matches.filter(team_b__isnull=False).first()
    token, _ = Token.objects.get_or_create(user=event.organizer)
    return {
        "token": token.key,
        "key": teams[0].access_key,
        "ids": {
            "events": event.pk,
            "teams": teams[0].pk,
            "rounds": round_.pk,
            "matches": match.pk,
            "players": teams[0].players.first().pk,
            "team_id": teams[1].pk,
            "user_id": event.organizer.pk,
        },
    }


def _real_ids(case, real) -> None:
    """The path's ids replaced by those of the real event (by the path's first word)."""
    first = case.operation.path.strip("/").split("/")[2]
    for name in list(case.path_parameters or {}):
        value = real["ids"].get(name if name != "id" else first)
        if value is not None:
            case.path_parameters[name] = value


def _headers(caller: str, real) -> dict[str, str]:
    if caller == "team key":
        return {"X-Team-Key": real["key"]}
    if caller == "organizer":
        return {"Authorization": f"Token {real['token']}"}
    return {}


@pytest.mark.parametrize("caller", CALLERS)
@schema.parametrize()
@schema.given(use_real=st.booleans())
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_the_schema_says(case, use_real, caller, real):
    cache.clear()  # no throttle carried from one generated call to the next
    if use_real:
        _real_ids(case, real)
    headers = _headers(caller, real)
    # The token may have been deleted by a generated DELETE /auth/token/: a new one each call.
    if caller == "organizer":
        token, _ = Token.objects.get_or_create(user_id=real["ids"]["user_id"])
        headers["Authorization"] = f"Token {token.key}"
    case.call_and_validate(headers={**(case.headers or {}), **headers}, checks=CHECKS)
