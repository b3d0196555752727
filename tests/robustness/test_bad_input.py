"""Input no form should have to survive is a 400 with a message, never a 500 (core/inputs.py):
a username over 255 characters at the login page and the token API (django-axes once overflowed
its varchar on PostgreSQL), a NUL in a sign-up refusal's reason and in other page forms, text
that is not UTF-8, and a 100 KB value. Run on SQLite and on PostgreSQL."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

LONG_NAME = "u" * 300
HUGE = "x" * 100_000


@pytest.fixture
def organizer(world):
    client = Client()
    client.force_login(world.alice)
    return client


def test_a_username_over_255_characters_at_the_login_page_is_a_400():
    response = Client().post("/login/", {"username": LONG_NAME, "password": "x"})
    assert response.status_code == 400
    assert "No username is longer than 150 characters" in response.content.decode()


def test_a_username_over_255_characters_at_the_token_api_is_a_400():
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": LONG_NAME, "password": "x"}, format="json"
    )
    assert response.status_code == 400
    assert "username" in response.json()


def test_a_nul_in_the_token_apis_username_is_a_400():
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "al\x00ice", "password": "x"}, format="json"
    )
    assert response.status_code == 400


def test_a_nul_in_a_signup_refusals_reason_is_a_400(world, organizer):
    response = organizer.post(
        f"/events/{world.event.pk}/signups/",
        {"action": "refuse", "signup": "1", "reason": "no\x00pe"},
    )
    assert response.status_code == 400
    assert "The reason contains a NUL character." in response.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"name": "Bad\x00name"},
        {"name": HUGE},
        {"na\x00me": "x"},
    ],
)
def test_page_forms_refuse_nul_and_huge_values_with_a_400(world, organizer, data):
    for path in (
        f"/events/{world.event.pk}/teams/",
        f"/events/{world.event.pk}/edit/",
        "/login/",
    ):
        response = organizer.post(path, data)
        assert response.status_code == 400, path
        assert "<h1>" in response.content.decode()  # the styled page, with its message


def test_invalid_utf8_in_a_form_body_or_the_query_is_a_400(world, organizer):
    response = organizer.post(
        f"/events/{world.event.pk}/teams/",
        b"name=%FF%FEbad&player1=x",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert "UTF-8" in response.content.decode()
    assert Client().get(f"/events/{world.other_event.pk}/?q=%C3%28").status_code == 400


def test_the_api_answers_the_same_refusal_in_json(world):
    client = APIClient()
    client.force_authenticate(world.alice)
    response = client.get("/api/v1/events/?name=%00")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "The name contains a NUL character.",
        "code": "bad_request",
    }


def test_sound_input_and_long_decklist_text_still_pass(world, organizer):
    text = "\n".join(f"1 Card number {n}" for n in range(1000))  # ~20 KB, well under the bound
    assert len(text) > 16_000
    response = organizer.post(f"/events/{world.event.pk}/teams/", {"name": "Ñandú", "x": text})
    assert response.status_code in (200, 302)


def test_a_database_refusal_that_gets_past_the_door_is_a_400(world, organizer, monkeypatch):
    from django.db import DataError

    from tournament import views

    def refuse(*args, **kwargs):
        raise DataError("value too long for type character varying(300)")

    monkeypatch.setattr(views.signup_svc, "signups_set_open", refuse)
    response = organizer.post(f"/events/{world.event.pk}/signups/", {"action": "open"})
    assert response.status_code == 400
