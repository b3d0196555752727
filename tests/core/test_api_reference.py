"""The API reference page: served by the app from the OpenAPI schema, offline (no script, no CDN),
every endpoint and body of the schema on it."""

import re

import pytest
from django.test import Client

from config.api_reference import reference

pytestmark = pytest.mark.django_db


def test_reference_lists_every_operation_of_the_schema_without_outside_resources():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    response = Client().get("/api/v1/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    for path, item in schema["paths"].items():
        for method in ("get", "post", "put", "patch", "delete"):
            if method in item:
                assert f"{method.upper()} {path}" in page
    assert not re.search(r'(src|href)="https?://', page)  # nothing from another site
    assert "<script" not in page


def test_reference_names_the_round_pairing_body_and_its_confirm_field():
    ops = {(op["method"], op["path"]): op for op in reference()["operations"]}
    pair = ops[("POST", "/api/v1/events/{id}/rounds/")]
    assert pair["request"] == "PairInRequest"
    assert "409" in [r["status"] for r in pair["responses"]]
    models = {m["name"]: m for m in reference()["models"]}
    assert "confirm" in [f["name"] for f in models["PairInRequest"]["fields"]]


def test_reference_is_linked_from_the_schema_neighbourhood():
    page = Client().get("/api/v1/docs/").content.decode()
    assert 'href="/api/v1/schema/"' in page
