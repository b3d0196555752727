"""The error answers every operation of the API may give, added to the OpenAPI schema
(drf-spectacular's postprocessing hook, settings.SPECTACULAR_SETTINGS), so that the schema
describes every status the API answers (docs/api.md "Error answers";
tests/contract/test_schemathesis.py calls every operation with generated input and checks it).

- A 400 is either ``{detail, code}`` (the Error component) or the field form
  ``{field: [messages]}`` (FieldErrors): the BadRequest component is either.
- 401, 403, 404, 429 and 503 may come from any operation (credentials, rights, an object that is
  not there or not visible, a throttle, the database away); 405 from a method a path lacks.
- An operation with a request body may answer 413 (too large) and 415 (not JSON).
- A write may answer 409: a conflict with the event's state (a round already paired...).

What an operation documents itself is kept, but a 400 is always BadRequest (the field form is
the answer of every serializer's validation), or its own answer (an import's preview) or that.

Text sent to the API may not hold a NUL character (core.inputs: a 400 "bad_request", in a
query parameter, a field's value or a field's name): every free text of a request (a string
without a format, an enum or a pattern of its own, in a request body or a query parameter)
says so with a pattern, and a request body's object names no fields beyond its own.
"""

from __future__ import annotations

from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}
BAD_REQUEST = {"$ref": "#/components/schemas/BadRequest"}
WRITES = ("post", "put", "patch", "delete")

_ANY = {
    "401": "Not authenticated: wrong, expired or missing credentials.",
    "403": "A known caller without the right.",
    "404": "Not found, or not visible to this caller.",
    "405": "The method is not allowed on this path.",
    "429": "Throttled (failed logins, unknown team keys); see Retry-After.",
    "503": "The database is unavailable for a moment; see Retry-After.",
}
_BODY = {
    "413": "The request body is too large.",
    "415": "The request body is not in a media type this operation reads (JSON).",
}
_WRITE = {"409": "A conflict with the current state of the event."}


NO_NUL = "^[^\\x00]*$"


def _no_nul(node: Any) -> None:
    """Every free string of a request's schema without a NUL; no field beyond those named."""
    if isinstance(node, list):
        for item in node:
            _no_nul(item)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") == "string" and not ({"format", "enum", "pattern"} & node.keys()):
        node["pattern"] = NO_NUL
    if node.get("type") == "object" and "properties" in node:
        node.setdefault("additionalProperties", False)
    for value in node.values():
        _no_nul(value)


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _bad_request(documented: dict[str, Any] | None) -> dict[str, Any]:
    """BadRequest, or either it or what the operation documents itself (an import's preview)."""
    documented = documented or {}
    own = (documented.get("content") or {}).get("application/json", {}).get("schema")
    if own and own != ERROR and own != BAD_REQUEST:
        return _json({"oneOf": [own, BAD_REQUEST]}, documented.get("description", ""))
    return _json(BAD_REQUEST, "Bad input (docs/api.md, Error answers).")


def add_error_answers(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """drf-spectacular POSTPROCESSING_HOOKS: see the module."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault(
        "Error",
        {
            "type": "object",
            "properties": {"detail": {"type": "string"}, "code": {"type": "string"}},
            "required": ["detail", "code"],
        },
    )
    schemas["FieldErrors"] = {
        "type": "object",
        "description": "{field: [messages]}; non_field_errors for the body as a whole.",
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
    }
    schemas["BadRequest"] = {
        "oneOf": [
            {"$ref": "#/components/schemas/Error"},
            {"$ref": "#/components/schemas/FieldErrors"},
        ]
    }
    for name, component in schemas.items():
        if name.endswith("Request") and name != "BadRequest":  # COMPONENT_SPLIT_REQUEST
            _no_nul(component)
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in (*WRITES, "get"):
                continue
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "query":
                    _no_nul(parameter.get("schema"))
            responses = operation.setdefault("responses", {})
            responses["400"] = _bad_request(responses.get("400"))
            added = dict(_ANY)
            if "requestBody" in operation:
                added.update(_BODY)
            if method in WRITES:
                added.update(_WRITE)
            for status, description in added.items():
                responses.setdefault(status, _json(ERROR, description))
    return result
