"""Logins are throttled per address and per account (django-axes): the login page, the API's
token endpoint and Django's admin. API tokens expire after API_TOKEN_TTL and their user revokes
them with DELETE /api/v1/auth/token/; logging out of the site ends the browser session only."""

import importlib
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import clear_url_caches
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from support import factories

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
PASSWORD = "correct-horse-battery"


@pytest.fixture
def limit(settings):
    settings.AXES_FAILURE_LIMIT = 3
    settings.AXES_COOLOFF_TIME = timedelta(minutes=15)
    return 3


@pytest.fixture
def alice(db):
    user = factories.user("alice")
    user.set_password(PASSWORD)
    user.save()
    return user


def _token(username, password, address="10.0.0.1"):
    return APIClient().post(
        TOKEN, {"username": username, "password": password}, format="json", REMOTE_ADDR=address
    )


def _form(username, password, address="10.0.0.1", client=None):
    client = client or Client()
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_api_token_guesses_are_locked_out_and_the_right_password_waits_too(alice, limit):
    for _ in range(limit - 1):
        assert _token("alice", "guess").status_code == 401
    locked = _token("alice", "guess")
    assert locked.status_code == 429
    assert locked.json()["code"] == "throttled"
    assert int(locked["Retry-After"]) == 15 * 60
    assert _token("alice", PASSWORD).status_code == 429


def test_one_address_guessing_many_accounts_is_locked_out(alice, limit):
    for n in range(limit):
        _token(f"nobody{n}", "guess", address="10.0.0.9")
    assert _token("alice", PASSWORD, address="10.0.0.9").status_code == 429
    assert _token("alice", PASSWORD, address="10.0.0.10").status_code == 200


def test_one_account_guessed_from_many_addresses_is_locked_out(alice, limit):
    for n in range(limit):
        _token("alice", "guess", address=f"10.0.1.{n}")
    assert _token("alice", PASSWORD, address="10.0.2.1").status_code == 429


def test_the_lockout_ends_after_the_cool_off(alice, limit):
    for _ in range(limit):
        _token("alice", "guess")
    assert _token("alice", PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert _token("alice", PASSWORD).status_code == 200


def test_a_success_before_the_limit_resets_the_count(alice, limit):
    for _ in range(limit - 1):
        _token("alice", "guess")
    assert _token("alice", PASSWORD).status_code == 200
    for _ in range(limit - 1):
        assert _token("alice", "guess").status_code == 401


def test_login_page_is_locked_out_with_a_page(alice, limit):
    for _ in range(limit - 1):
        assert _form("alice", "guess").status_code == 200  # the form again, with its error
    locked = _form("alice", "guess")
    assert locked.status_code == 429
    assert b"Too many failed logins" in locked.content
    assert _form("alice", PASSWORD).status_code == 429
    # The page and the API count together: the account is locked for the API as well.
    assert _token("alice", PASSWORD, address="10.9.9.9").status_code == 429


def test_login_page_still_logs_in_below_the_limit(alice, limit):
    _form("alice", "guess")
    response = _form("alice", PASSWORD)
    assert response.status_code == 302


def test_admin_login_is_throttled_when_the_admin_is_enabled(alice, limit, settings):
    import config.urls

    settings.ADMIN_ENABLED = True
    try:
        importlib.reload(config.urls)
        clear_url_caches()
        for _ in range(limit):
            Client().post(
                "/admin/login/", {"username": "alice", "password": "guess"}, REMOTE_ADDR="10.0.0.7"
            )
        response = Client().post(
            "/admin/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.7"
        )
        assert response.status_code == 429
    finally:
        settings.ADMIN_ENABLED = False
        importlib.reload(config.urls)
        clear_url_caches()


# --- tokens ----------------------------------------------------------------------------------


def _api(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_token_expires_after_the_configured_time_and_a_new_login_issues_a_new_one(alice, settings):
    settings.API_TOKEN_TTL = timedelta(hours=2)
    key = _token("alice", PASSWORD).json()["token"]
    assert _api(key).get("/api/v1/events/").status_code == 200
    Token.objects.filter(key=key).update(created=timezone.now() - timedelta(hours=3))
    expired = _api(key).get("/api/v1/events/")
    assert expired.status_code == 401
    assert "expired" in expired.json()["detail"]
    fresh = _token("alice", PASSWORD).json()["token"]
    assert fresh != key
    assert _api(fresh).get("/api/v1/events/").status_code == 200


def test_an_expired_token_in_the_header_does_not_block_logging_in_again(alice, settings):
    key = _token("alice", PASSWORD).json()["token"]
    Token.objects.filter(key=key).update(created=timezone.now() - timedelta(days=365))
    response = _api(key).post(TOKEN, {"username": "alice", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    assert response.json()["token"] != key


def test_its_user_revokes_a_token(alice):
    key = _token("alice", PASSWORD).json()["token"]
    assert _api(key).delete(TOKEN).status_code == 204
    assert _api(key).get("/api/v1/events/").status_code == 401
    assert not Token.objects.filter(user=alice).exists()


def test_revoking_needs_a_caller():
    response = APIClient().delete(TOKEN)
    assert response.status_code == 401


def test_logging_out_of_the_site_ends_the_session_and_leaves_api_tokens_valid(alice):
    key = _token("alice", PASSWORD).json()["token"]
    browser = Client()
    browser.force_login(alice)
    assert browser.post("/logout/").status_code == 302
    assert "_auth_user_id" not in browser.session
    assert _api(key).get("/api/v1/events/").status_code == 200
