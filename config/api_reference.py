"""The API reference as a page of the app: rendered on the server from the OpenAPI schema that
/api/v1/schema/ serves (drf-spectacular), so it works offline and needs no script or CDN."""

from __future__ import annotations

import functools
from typing import Any

from django.shortcuts import render

METHODS = ("get", "post", "put", "patch", "delete")


@functools.cache
def _schema() -> dict[str, Any]:
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _ref_name(node: dict[str, Any] | None) -> str:
    """'Round' for {"$ref": "#/components/schemas/Round"}; 'list of Round' for an array."""
    if not node:
        return ""
    if "$ref" in node:
        return str(node["$ref"]).rsplit("/", 1)[-1]
    if node.get("type") == "array":
        return f"list of {_ref_name(node.get('items')) or 'values'}"
    return str(node.get("type", "object"))


def _body(content: dict[str, Any] | None) -> str:
    if not content:
        return ""
    media: dict[str, Any] = content.get("application/json") or next(iter(content.values()), {})
    return _ref_name(media.get("schema"))


def _fields(schema: dict[str, Any]) -> list[dict[str, Any]]:
    required = set(schema.get("required", []))
    fields = []
    for name, prop in (schema.get("properties") or {}).items():
        kind = _ref_name(prop) if ("$ref" in prop or prop.get("type") == "array") else ""
        kind = kind or str(prop.get("type", "")) or "object"
        if prop.get("enum"):
            kind += ": " + ", ".join(str(v) for v in prop["enum"] if v is not None)
        fields.append(
            {
                "name": name,
                "type": kind,
                "required": name in required,
                "read_only": prop.get("readOnly", False),
                "nullable": prop.get("nullable", False),
                "help": prop.get("description", ""),
            }
        )
    return fields


@functools.cache
def reference() -> dict[str, Any]:
    schema = _schema()
    operations = []
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            operations.append(
                {
                    "anchor": f"{method}-{path}".replace("/", "-").strip("-"),
                    "method": method.upper(),
                    "path": path,
                    "tag": (op.get("tags") or ["other"])[0],
                    "description": op.get("description", ""),
                    "request": _body((op.get("requestBody") or {}).get("content")),
                    "responses": [
                        {
                            "status": code,
                            "body": _body(r.get("content")),
                            "text": r.get("description", ""),
                        }
                        for code, r in sorted(op.get("responses", {}).items())
                    ],
                }
            )
    components = schema.get("components", {}).get("schemas", {})
    models = [
        {"name": name, "fields": _fields(body), "description": body.get("description", "")}
        for name, body in sorted(components.items())
    ]
    info = schema.get("info", {})
    return {"title": info.get("title", "API"), "version": info.get("version", ""),
            "operations": operations, "models": models}  # fmt: skip


def api_reference(request):
    """/api/v1/docs/: every endpoint and every body, from the OpenAPI schema."""
    return render(request, "api_reference.html", reference())
