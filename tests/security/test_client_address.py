"""One client address for every throttle (core/clients.py): behind the proxy, failed logins and
team-key misses count per phone, not per proxy; X-Forwarded-For is believed only from a trusted
proxy, so a client reaching the app's port directly can neither rotate its way past the
throttles nor lock out someone else by forging their address."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from core import keylog
from core.clients import client_address
from support import factories

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.1"
PASSWORD = "correct-horse-battery"
TOKEN = "/api/v1/auth/token/"


@pytest.fixture
def behind_proxy(settings):
    cache.clear()
    keylog.forget_counts()
    settings.PROXY_HOPS = 1
    settings.TRUSTED_PROXIES = [PROXY]
    settings.AXES_FAILURE_LIMIT = 3
    settings.AXES_COOLOFF_TIME = timedelta(minutes=15)
    settings.TEAM_KEY_MISS_LIMIT = 3
    yield 3
    cache.clear()
    keylog.forget_counts()


def _via_proxy(phone: str, forged: str = "", api: bool = False):
    chain = f"{forged}, {phone}" if forged else phone
    client_class = APIClient if api else Client
    return client_class(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=chain)


def _login(client, username: str, password: str) -> int:
    return client.post(
        TOKEN, {"username": username, "password": password}, format="json"
    ).status_code


@pytest.fixture
def bob(db):
    user = factories.user("bob")
    user.set_password(PASSWORD)
    user.save()
    return user


def test_behind_the_proxy_failed_logins_lock_out_the_guesser_not_everyone(bob, behind_proxy):
    guesser = _via_proxy("203.0.113.66", api=True)
    for n in range(behind_proxy - 1):
        assert _login(guesser, f"nobody{n}", "guess") == 401
    assert _login(guesser, "nobody", "guess") == 429
    assert _login(guesser, "bob", PASSWORD) == 429
    # Every other phone behind the same proxy still logs in, on the page and the API.
    assert _login(_via_proxy("203.0.113.7", api=True), "bob", PASSWORD) == 200
    page = _via_proxy("203.0.113.8").post("/login/", {"username": "bob", "password": PASSWORD})
    assert page.status_code == 302


def test_forged_entries_before_the_proxys_own_do_not_spread_the_login_count(bob, behind_proxy):
    for n in range(behind_proxy):
        client = _via_proxy("203.0.113.66", forged=f"198.51.100.{n}", api=True)
        _login(client, f"nobody{n}", "guess")
    assert _login(_via_proxy("203.0.113.66", api=True), "bob", PASSWORD) == 429


def test_straight_to_the_port_a_rotated_forwarded_header_is_counted_as_the_sender(
    world, behind_proxy
):
    for n in range(behind_proxy):
        client = Client(REMOTE_ADDR="192.0.2.5", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
        assert client.get(f"/t/guess{n}/").status_code == 404
    again = Client(REMOTE_ADDR="192.0.2.5", HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert again.get(f"/t/{world.red.access_key}/").status_code == 429


def test_straight_to_the_port_a_forged_address_locks_out_nobody_else(world, bob, behind_proxy):
    victim = "203.0.113.20"
    for n in range(behind_proxy):
        forger = Client(REMOTE_ADDR="192.0.2.6", HTTP_X_FORWARDED_FOR=victim)
        forger.get(f"/t/guess{n}/")
        _login(APIClient(REMOTE_ADDR="192.0.2.6", HTTP_X_FORWARDED_FOR=victim), f"x{n}", "guess")
    assert _via_proxy(victim).get(f"/t/{world.red.access_key}/").status_code == 200
    assert _login(_via_proxy(victim, api=True), "bob", PASSWORD) == 200


def test_twenty_misses_from_one_phone_behind_the_proxy_lock_only_that_phone(world, behind_proxy):
    for n in range(behind_proxy):
        _via_proxy("203.0.113.30").get(f"/t/guess{n}/")
    assert _via_proxy("203.0.113.30").get(f"/t/{world.red.access_key}/").status_code == 429
    assert _via_proxy("203.0.113.31").get(f"/t/{world.red.access_key}/").status_code == 200


@pytest.mark.parametrize(
    ("trusted", "peer", "forwarded", "address"),
    [
        (["10.0.0.1"], "10.0.0.1", "203.0.113.9", "203.0.113.9"),
        (["10.0.0.0/8"], "10.1.2.3", "203.0.113.9", "203.0.113.9"),
        (["10.0.0.1"], "10.0.0.2", "203.0.113.9", "10.0.0.2"),  # not a trusted proxy
        (["*"], "192.0.2.1", "203.0.113.9", "203.0.113.9"),
        (["10.0.0.1"], "10.0.0.1", "", "10.0.0.1"),
        (["10.0.0.1"], "10.0.0.1", "garbage", "10.0.0.1"),
        (["10.0.0.1"], "10.0.0.1", "[2001:db8::1]:443", "2001:db8::1"),
        (["::1"], "::1", "203.0.113.9:5000", "203.0.113.9"),
        ("10.0.0.1,10.0.0.3", "10.0.0.3", "203.0.113.9", "203.0.113.9"),
    ],
)
def test_the_forwarded_header_is_read_only_from_trusted_proxies(
    settings, rf, trusted, peer, forwarded, address
):
    settings.PROXY_HOPS = 1
    settings.TRUSTED_PROXIES = trusted
    request = rf.get("/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == address


def test_the_login_throttle_uses_the_same_address(settings):
    assert settings.AXES_CLIENT_IP_CALLABLE == "core.clients.client_address"
