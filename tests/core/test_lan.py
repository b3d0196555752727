"""LAN mode: the local network address, the `lan` command the run script calls, the allowed
host, the dashboard's address and QR code, and pages that load nothing from the internet."""

import os
import re
import socket
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from core import lan, qr
from support import factories

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("address", "ok"),
    [("192.168.1.20", True), ("10.0.0.7", True), ("127.0.0.1", False), ("169.254.3.4", False),
     ("0.0.0.0", False), ("224.0.0.1", False), ("fe80::1", False), ("store-laptop", False)],
)  # fmt: skip
def test_usable_addresses_are_ipv4_that_other_machines_reach(address, ok):
    assert lan.usable(address) is ok


class _Probe:
    def __init__(self, address):
        self.address = address

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, target):
        if self.address is None:
            raise OSError("Network is unreachable")

    def getsockname(self):
        return (self.address, 40000)


def test_local_address_is_the_interface_of_the_default_route(monkeypatch):
    monkeypatch.setattr(socket, "socket", lambda *a: _Probe("192.168.1.20"))
    assert lan.local_address() == "192.168.1.20"


def test_without_a_route_the_host_name_address_is_used(monkeypatch):
    monkeypatch.setattr(socket, "socket", lambda *a: _Probe(None))
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a: [(0, 0, 0, "", ("127.0.1.1", 0)), (0, 0, 0, "", ("10.42.0.1", 0))],
    )
    assert lan.local_address() == "10.42.0.1"


def test_no_network_says_what_to_do(monkeypatch):
    monkeypatch.setattr(socket, "socket", lambda *a: _Probe("127.0.0.1"))
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a: [(0, 0, 0, "", ("127.0.0.1", 0))])
    with pytest.raises(lan.NoNetwork, match="Join the Wi-Fi"):
        lan.local_address()
    with pytest.raises(CommandError, match="Join the Wi-Fi"):
        call_command("lan", "--url")


def test_command_prints_the_url_from_the_address_given(monkeypatch):
    monkeypatch.setenv("TANDEM_LAN_ADDRESS", "192.168.4.9")
    out = StringIO()
    call_command("lan", "--url", "--port", "8080", stdout=out)
    assert out.getvalue().strip() == "http://192.168.4.9:8080"
    monkeypatch.setenv("TANDEM_LAN_ADDRESS", "127.0.0.1")
    with pytest.raises(CommandError, match="not an IPv4 address other machines reach"):
        call_command("lan", "--url")


def test_command_shows_the_address_and_its_qr_code_for_the_terminal():
    out = StringIO()
    call_command("lan", "--show", "http://192.168.4.9:8000", stdout=out)
    text = out.getvalue()
    assert "http://192.168.4.9:8000/" in text
    assert qr.terminal("http://192.168.4.9:8000/") in text
    assert "█" in text
    assert "▀" in text


def _allowed_hosts(**env) -> list[str]:
    code = "import django; django.setup(); from django.conf import settings; print(settings.ALLOWED_HOSTS)"
    environ = {k: v for k, v in os.environ.items() if k not in ("TANDEM_LAN_URL", "ALLOWED_HOSTS")}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**environ, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return eval(result.stdout)  # noqa: S307 - a list literal printed just above


def test_lan_mode_allows_the_lan_address_as_a_host():
    assert "192.168.4.9" not in _allowed_hosts()
    assert "192.168.4.9" in _allowed_hosts(TANDEM_LAN_URL="http://192.168.4.9:8000")


@pytest.mark.django_db
def test_dashboard_shows_the_lan_address_and_qr_code_to_staff(settings):
    event = factories.event(public=True)
    organizer, outsider = Client(), Client()
    organizer.force_login(event.organizer)
    outsider.force_login(factories.user())
    page = organizer.get(f"/events/{event.pk}/").content.decode()
    assert 'class="card lan"' not in page  # serving this machine only
    settings.LAN_URL = "http://192.168.4.9:8000"
    url = f"http://192.168.4.9:8000/events/{event.pk}/"
    page = organizer.get(f"/events/{event.pk}/").content.decode()
    assert f'href="{url}"' in page
    assert str(qr.svg(url, label=f"QR code of {url}")) in page
    assert url not in outsider.get(f"/events/{event.pk}/").content.decode()


def test_a_request_to_the_lan_address_is_refused_unless_in_lan_mode(settings):
    client = Client(HTTP_HOST="192.168.4.9:8000")
    # (/healthz answers before the host check, for the containers' health checks)
    assert client.get("/login/").status_code == 400  # DisallowedHost
    settings.ALLOWED_HOSTS = _allowed_hosts(TANDEM_LAN_URL="http://192.168.4.9:8000")
    assert client.get("/login/").status_code != 400


EXTERNAL = re.compile(
    r"<(script|img|iframe|audio|video|source)\b[^>]*\bsrc=\"(https?:)?//"
    r"|<link\b[^>]*\bhref=\"(https?:)?//[^\"]*\"[^>]*\brel=\"(stylesheet|preload|icon|manifest)"
    r"|<link\b[^>]*\brel=\"(stylesheet|preload|icon|manifest)\"[^>]*\bhref=\"(https?:)?//",
    re.I,
)


def test_no_page_loads_anything_from_the_internet():
    """A store's Wi-Fi may have no internet: templates and stylesheets load local files only
    (links for people to follow are fine)."""
    assert EXTERNAL.search('<script src="https://unpkg.com/htmx.org"></script>')
    assert EXTERNAL.search('<link rel="stylesheet" href="//cdn.example/x.css">')
    assert not EXTERNAL.search('<a href="https://scryfall.com/docs" rel="noopener">')
    found = []
    for path in (ROOT / "templates").rglob("*.html"):
        if EXTERNAL.search(path.read_text()):
            found.append(str(path))
    for path in (ROOT / "static" / "css").rglob("*.css"):
        if re.search(r"url\(\s*['\"]?(https?:)?//|@import", path.read_text()):
            found.append(str(path))
    assert found == []
