"""Responses checked against the OpenAPI schema served at /api/v1/schema/ (drf-spectacular).

The operation is found by the path template and the method; the JSON body is validated with
`jsonschema` against the response described for its status code. A success status the schema
does not describe is an error of the schema; an error status is checked when it is described.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from typing import Any

from jsonschema import Draft4Validator

API_PREFIX = "/api/v1/"


@functools.cache
def _spec() -> dict[str, Any]:
    from drf_spectacular.generators import SchemaGenerator

    spec = SchemaGenerator().get_schema(request=None, public=True)
    # Plain JSON types (the generator's output holds lazy strings and enums).
    return _nullable_to_json_schema(json.loads(json.dumps(spec, default=str)))


@functools.cache
def _routes() -> list[tuple[re.Pattern[str], str]]:
    routes = []
    for template in _spec()["paths"]:
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
        routes.append((re.compile(f"^{pattern}$"), template))
    # Literal paths before templated ones (/teams/import/ before /teams/{id}/).
    return sorted(routes, key=lambda route: route[1].count("{"))


def _nullable_to_json_schema(node: Any) -> Any:
    """OpenAPI 3.0's `nullable: true` as JSON Schema: null among the allowed types."""
    if isinstance(node, list):
        return [_nullable_to_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _nullable_to_json_schema(value) for key, value in node.items()}
    if node.pop("nullable", False):
        if "type" in node:
            node["type"] = [node["type"], "null"]
            if "enum" in node:
                node["enum"] = [*node["enum"], None]
        else:
            node = {"anyOf": [node, {"type": "null"}]}
    return node


def operation(method: str, path: str) -> tuple[str, dict[str, Any]] | None:
    for pattern, template in _routes():
        if pattern.match(path):
            return template, _spec()["paths"][template].get(method.lower())
    return None


def check(response) -> None:
    """Raise AssertionError when the response's JSON body does not match the schema."""
    path = response.request["PATH_INFO"]
    method = response.request["REQUEST_METHOD"]
    if not path.startswith(API_PREFIX) or path == f"{API_PREFIX}schema/":
        return
    found = operation(method, path)
    status = response.status_code
    if found is None or found[1] is None:
        assert status >= 400, f"{method} {path} ({status}) is missing from the OpenAPI schema"
        return
    template, op = found
    described = op.get("responses", {})
    spec_response = described.get(str(status)) or described.get("default")
    if spec_response is None:
        assert status >= 300, f"{method} {template}: status {status} is not in the schema"
        return
    content = (spec_response.get("content") or {}).get("application/json")
    if content is None or "schema" not in content:
        return
    body = json.loads(response.content) if response.content else None
    schema = {**copy.deepcopy(content["schema"]), "components": _spec()["components"]}
    errors = sorted(Draft4Validator(schema).iter_errors(body), key=lambda e: list(e.path))
    assert not errors, (
        f"{method} {template} {status}: the body does not match the schema:\n"
        + "\n".join(f"  at {list(e.path)}: {e.message}" for e in errors[:10])
    )
