"""Every persona against every endpoint (tests/support/matrix): docs/api.md "Who may call"."""

import pytest
from django.db import transaction
from django.test import Client

from support.api_clients import client_for
from support.matrix import PERSONAS, all_rows

ROWS = all_rows()


def _persona(world, name):
    return None if name == "anon" else getattr(world, name)


def _page_client(who) -> Client:
    client = Client()
    if who is not None and not hasattr(who, "access_key"):
        client.force_login(who)
    return client


def _page_status(status: int) -> int:
    """Pages send anonymous callers to the login page where the API answers 401."""
    return 302 if status == 401 else status


def _call(world, row, name):
    who = _persona(world, name)
    path = row.path(world)
    body = row.body(world) if row.body else None
    if row.fmt == "page":
        response = getattr(_page_client(who), row.method)(path, body or {})
        return response.status_code
    client = client_for(who)
    response = getattr(client, row.method)(path, body, format="json")
    return response.status_code


def test_matrix_covers_every_persona():
    for row in ROWS:
        assert set(row.expect) == set(PERSONAS), row.id


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_permission_matrix(world, row):
    got = {}
    for name in PERSONAS:
        with transaction.atomic():
            if row.setup:
                row.setup(world)
            got[name] = _call(world, row, name)
            transaction.set_rollback(True)
    want = dict(row.expect)
    if row.fmt == "page":
        want = {k: _page_status(v) for k, v in want.items()}
        # A team on the pages is just an anonymous browser.
        for team in ("red", "green"):
            want[team] = want["anon"]
    assert got == want


# Routes outside the matrix, with the reason. Everything else must have a row.
NOT_IN_MATRIX = {
    "home": "lists only what the caller may see (tests/tournament/test_pages_registration.py)",
    "login": "the login form itself",
    "logout": "ends the caller's own session",
    "set_language": "sets the caller's own language cookie (tests/core/test_i18n.py)",
    "healthz": "liveness probe, no data",
    "favicon": "the site's icon, no data",
    "api-reference": "the API's documentation, rendered from the public schema; no data",
    "invite-accept": "the one-time link is the credential (tests/tournament/test_staff_invites.py)",
    "account-signup": "off unless settings.ALLOW_SIGNUP (tests/tournament/test_staff_invites.py)",
    "api-token": "exchanges a password for a token (tests/contract/test_contract_auth.py)",
}


def _route_names(patterns, prefix=""):
    from django.urls import URLPattern, URLResolver

    for entry in patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            yield from _route_names(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and entry.name:
            yield entry.name, prefix + str(entry.pattern)


def test_matrix_has_a_row_for_every_route(world):
    """Every API endpoint and page is in the matrix (or named above with a reason)."""
    from django.urls import get_resolver, resolve

    covered = set()
    for row in ROWS:
        with transaction.atomic():
            if row.setup:
                row.setup(world)
            covered.add(resolve(row.path(world).split("?")[0]).url_name)
            transaction.set_rollback(True)
    routes = dict(_route_names(get_resolver().url_patterns))
    # A team's own pages (/t/<key>/...) take the key in the URL as the credential.
    team_pages = {name for name, route in routes.items() if route.startswith("t/")}
    missing = set(routes) - covered - set(NOT_IN_MATRIX) - team_pages
    assert not missing, {name: routes[name] for name in sorted(missing)}
