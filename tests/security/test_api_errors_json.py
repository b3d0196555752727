"""API errors are JSON {detail, code}, never Django's HTML pages: an unknown path, a body over
DATA_UPLOAD_MAX_MEMORY_SIZE (413), a database that went away (503), a bug (500). Kept database
connections are health-checked, so a database restart costs no failed request."""

import json

import psycopg
import pytest
from django.conf import settings
from django.db import OperationalError, close_old_connections, connection
from django.test import Client

from support.api_clients import client_for
from tournament import api as tournament_api

pytestmark = pytest.mark.django_db


def _is_json_error(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = json.loads(response.content)
    assert isinstance(body["detail"], str)
    assert body["detail"]
    assert isinstance(body["code"], str)
    assert body["code"]
    return body


def test_unknown_api_path_is_a_json_404_with_the_security_headers():
    response = Client().get("/api/v1/no-such-thing/")
    _is_json_error(response, 404)
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in response


def test_oversized_json_body_is_a_json_413(world, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"name": "x" * 20_000, "players": []})
    response = client_for(world.alice).post(
        f"/api/v1/events/{world.event.pk}/teams/", body, content_type="application/json"
    )
    assert _is_json_error(response, 413)["code"] == "too_large"


def test_oversized_form_body_is_a_json_413(world, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    response = client_for(world.alice).post(
        f"/api/v1/events/{world.event.pk}/staff/",
        "username=" + "x" * 20_000 + "&role=judge",
        content_type="application/x-www-form-urlencoded",
    )
    _is_json_error(response, 413)


def test_a_bug_in_a_view_is_a_json_500_not_the_html_page(world, monkeypatch):
    def broken(self, request, pk):
        raise RuntimeError("boom")

    monkeypatch.setattr(tournament_api.EventDetailView, "get", broken)
    client = Client(raise_request_exception=False)
    client.force_login(world.alice)
    body = _is_json_error(client.get(f"/api/v1/events/{world.event.pk}/"), 500)
    assert "boom" not in body["detail"]


def test_a_lost_database_is_a_json_503_with_retry_after(world, monkeypatch):
    def lost(self, request, pk):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(tournament_api.EventDetailView, "get", lost)
    response = client_for(world.alice).get(f"/api/v1/events/{world.event.pk}/")
    assert _is_json_error(response, 503)["code"] == "unavailable"
    assert response["Retry-After"]


def test_pages_keep_their_html_errors():
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_connection_health_checks_are_on():
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_kept_connection_killed_by_a_database_restart_heals_before_the_next_request():
    """What a request start does (close_old_connections) with CONN_MAX_AGE > 0: the dead
    connection is found by the health check and replaced, so the request's query succeeds."""
    connection.settings_dict["CONN_MAX_AGE"] = 60
    try:
        connection.close()
        connection.ensure_connection()  # kept for 60 s, as in production
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid = cursor.fetchone()[0]
        params = connection.get_connection_params()
        params.pop("cursor_factory", None)
        params.pop("context", None)
        with psycopg.connect(**params, autocommit=True) as killer:
            killer.execute("SELECT pg_terminate_backend(%s)", [pid])
        close_old_connections()  # the request_started signal
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            assert cursor.fetchone()[0] != pid
    finally:
        connection.settings_dict["CONN_MAX_AGE"] = 0
        connection.close()
