"""Security headers: a strict Content-Security-Policy (no inline script or style on any page, so
none is allowed), a Permissions-Policy, and Django's admin only where a setting enables it."""

import importlib
import re

import pytest
from django.test import Client
from django.urls import clear_url_caches

from core.middleware import CONTENT_SECURITY_POLICY
from pairing import services
from support import factories

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_STYLE = re.compile(rb"<style\b|\sstyle\s*=|\son[a-z]+\s*=", re.I)


def _pages(world) -> list[tuple[Client, str]]:
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_publish(round_=services.round_pair_next(event=world.event, seed=7))
    match = round_.matches.first()
    staff = Client()
    staff.force_login(world.alice)
    team = Client()
    e, key = world.event.pk, world.red.access_key
    staff_paths = [
        "/", f"/events/{e}/", f"/events/{e}/edit/", f"/events/{e}/teams/",
        f"/events/{e}/teams/{world.red.pk}/", f"/events/{e}/staff/", f"/events/{e}/rounds/",
        f"/events/{e}/rounds/1/", f"/events/{e}/matches/{match.pk}/", f"/events/{e}/standings/",
        f"/events/{e}/decklists/", f"/events/{e}/penalties/", f"/events/{e}/penalties/new/",
        f"/events/{e}/clock/", f"/events/{e}/clock/floor/",
        f"/events/{e}/matches/{match.pk}/clock/", f"/events/{e}/matches/{match.pk}/game/",
        "/events/new/", "/catalogue/",
    ]  # fmt: skip
    team_paths = [f"/t/{key}/", f"/t/{key}/decklists/", f"/t/{key}/table/", "/login/"]
    return [(staff, p) for p in staff_paths] + [(team, p) for p in team_paths]


def test_pages_have_no_inline_script_or_style_and_send_a_strict_policy(world):
    checked = 0
    for client, path in _pages(world):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
        assert "unsafe-inline" not in response["Content-Security-Policy"]
        body = response.content
        assert not INLINE_SCRIPT.search(body), (path, INLINE_SCRIPT.search(body))
        assert not INLINE_STYLE.search(body), (path, INLINE_STYLE.search(body))
        checked += 1
    assert checked >= 20


def test_htmx_is_told_not_to_inject_its_style_or_evaluate_code(world):
    """htmx loads only where a page includes _htmx.html, and always with its settings."""
    from django.template.loader import render_to_string

    body = Client().get("/login/").content
    assert b"htmx.min.js" not in body
    snippet = render_to_string("_htmx.html")
    assert '"includeIndicatorStyles": false' in snippet
    assert '"allowEval": false' in snippet
    assert "htmx.min.js" in snippet


def test_policy_forbids_framing_plugins_and_foreign_scripts():
    for directive in (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
    ):
        assert directive in CONTENT_SECURITY_POLICY


def test_permissions_policy_on_pages_and_api(world):
    for path in ("/login/", "/api/v1/events/"):
        policy = Client().get(path)["Permissions-Policy"]
        assert "camera=()" in policy
        assert "microphone=()" in policy
        assert "geolocation=()" in policy


def _reload_urls():
    import config.urls

    importlib.reload(config.urls)
    clear_url_caches()


def test_admin_is_off_by_default():
    assert Client().get("/admin/login/").status_code == 404


def test_admin_is_served_when_enabled(settings):
    settings.ADMIN_ENABLED = True
    try:
        _reload_urls()
        assert Client().get("/admin/login/").status_code == 200
    finally:
        settings.ADMIN_ENABLED = False
        _reload_urls()
