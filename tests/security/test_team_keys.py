"""Team keys are credentials: they never reach a log line (the servers' access logs, Django's
request log), and an address trying many unknown keys is refused for a while (429)."""

import logging
import time

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from core import keylog

pytestmark = pytest.mark.django_db

KEY = "Zq8-secret_KEY42"


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        ("GET /t/Zq8-secret_KEY42/ HTTP/1.1", "GET /t/<hidden>/ HTTP/1.1"),
        ("/t/Zq8-secret_KEY42/decklists/?x=1", "/t/<hidden>/decklists/?x=1"),
        ("/t/Zq8-secret_KEY42", "/t/<hidden>"),
        ("/live/decklists/3/?key=Zq8-secret_KEY42&v=2", "/live/decklists/3/?key=<hidden>&v=2"),
        ("/events/3/standings/?after_round=2", "/events/3/standings/?after_round=2"),
    ],
)
def test_redact_hides_keys_in_links_and_parameters(text, clean):
    assert keylog.redact(text) == clean


class _Capture(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(record.getMessage())


@pytest.fixture
def capture():
    keylog.install()
    handler = _Capture()
    names = ("uvicorn.access", "gunicorn.access", "granian.access", "django.request")
    levels = {}
    for name in names:
        logger = logging.getLogger(name)
        levels[name] = logger.level
        logger.setLevel(logging.INFO)
        logger.addHandler(handler)
    yield handler
    for name in names:
        logging.getLogger(name).removeHandler(handler)
        logging.getLogger(name).setLevel(levels[name])


def test_uvicorn_access_line_has_no_key(capture):
    # uvicorn's own call (uvicorn/protocols/http/*_impl.py).
    logging.getLogger("uvicorn.access").info(
        '%s - "%s %s HTTP/%s" %d', "10.0.0.1:5000", "GET", f"/t/{KEY}/table/", "1.1", 200
    )
    assert capture.lines == ['10.0.0.1:5000 - "GET /t/<hidden>/table/ HTTP/1.1" 200']


def test_gunicorn_access_line_has_no_key(capture):
    # gunicorn's atoms: request line, path, query and the Referer header.
    atoms = {
        "r": f"GET /t/{KEY}/ HTTP/1.1",
        "U": f"/t/{KEY}/",
        "q": f"key={KEY}",
        "f": f"https://tandem.example.org/t/{KEY}/",
        "s": "200",
    }
    logging.getLogger("gunicorn.access").info('"%(r)s" %(s)s "%(f)s" %(U)s %(q)s', atoms)
    assert KEY not in capture.lines[0]
    assert "/t/<hidden>/" in capture.lines[0]


def test_granian_access_line_has_no_key(capture):
    # granian's own access logger (the web service's server, deploy/web.sh), with its path,
    # query string and a header in the format.
    from granian.log import log_request_builder

    log = log_request_builder('%(path)s %(query_string)s %(status)d "%(header{referer})s"')
    headers = {"referer": f"https://tandem.example.org/t/{KEY}/"}
    request = {
        "addr_remote": "10.0.0.1",
        "path": f"/t/{KEY}/table/",
        "qs": f"key={KEY}",
        "method": "GET",
        "scheme": "https",
        "protocol": "HTTP/1.1",
        "headers": headers.get,
    }
    log(time.time(), time.perf_counter(), request, 200)
    assert capture.lines == [
        '/t/<hidden>/table/ key=<hidden> 200 "https://tandem.example.org/t/<hidden>/"'
    ]


def test_django_request_log_of_a_wrong_key_has_no_key(world, capture):
    Client().get(f"/t/{KEY}/")
    assert capture.lines
    assert all(KEY not in line for line in capture.lines)


def test_the_console_handler_of_the_settings_hides_keys(settings):
    handler = settings.LOGGING["handlers"]["console"]
    assert "team_keys" in handler["filters"]


# --- misses ---------------------------------------------------------------------------------


@pytest.fixture
def limit(settings):
    cache.clear()
    settings.TEAM_KEY_MISS_LIMIT = 3
    settings.TEAM_KEY_MISS_WINDOW = 600
    yield 3
    cache.clear()


def test_an_address_guessing_keys_is_refused_after_the_limit(world, limit):
    guesser = Client(REMOTE_ADDR="10.0.0.66")
    for n in range(limit):
        assert guesser.get(f"/t/guess{n}/").status_code == 404
    refused = guesser.get(f"/t/{world.red.access_key}/")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == 600
    # Another address, and the same address without a key, are served.
    assert Client(REMOTE_ADDR="10.0.0.67").get(f"/t/{world.red.access_key}/").status_code == 200
    assert guesser.get("/login/").status_code == 200


def test_behind_a_proxy_misses_count_per_forwarded_address_not_per_proxy(world, limit, settings):
    # Every request reaches the app from the proxy (REMOTE_ADDR 10.0.0.1); the proxy appends
    # the address it was reached from. What a client writes before that entry is not trusted.
    settings.PROXY_HOPS = 1
    settings.TRUSTED_PROXIES = ["10.0.0.1"]

    def via_proxy(client_address: str, forged: str = "") -> Client:
        chain = f"{forged}, {client_address}" if forged else client_address
        return Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=chain)

    guesser = via_proxy("203.0.113.9")
    for n in range(limit):
        forged = f"198.51.100.{n}"  # a new made-up address each time changes nothing
        assert via_proxy("203.0.113.9", forged).get(f"/t/guess{n}/").status_code == 404
    assert guesser.get(f"/t/{world.red.access_key}/").status_code == 429
    # Another phone behind the same proxy is served.
    assert via_proxy("203.0.113.10").get(f"/t/{world.red.access_key}/").status_code == 200


def test_without_proxy_hops_the_forwarded_header_is_ignored(world, limit, settings):
    settings.PROXY_HOPS = 0
    for n in range(limit):
        client = Client(REMOTE_ADDR="10.0.0.71", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
        assert client.get(f"/t/guess{n}/").status_code == 404
    refused = Client(REMOTE_ADDR="10.0.0.71", HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert refused.get(f"/t/{world.red.access_key}/").status_code == 429


@pytest.mark.parametrize(
    ("hops", "forwarded", "address"),
    [
        (1, "203.0.113.9", "203.0.113.9"),
        (1, " 198.51.100.1 ,203.0.113.9 ", "203.0.113.9"),
        (2, "198.51.100.1, 203.0.113.9, 10.0.0.2", "203.0.113.9"),
        # the inner trusted proxy was reached straight from the client
        (2, "198.51.100.1, 203.0.113.9", "203.0.113.9"),
        (2, "203.0.113.9", "203.0.113.9"),
        (1, "203.0.113.9, not-an-address", "10.0.0.1"),
        (1, "", "10.0.0.1"),
        (0, "203.0.113.9", "10.0.0.1"),
    ],
)
def test_the_client_address_is_the_forwarded_entry_as_many_from_the_right_as_proxies(
    settings, rf, hops, forwarded, address
):
    settings.PROXY_HOPS = hops
    settings.TRUSTED_PROXIES = ["10.0.0.0/24"]
    request = rf.get("/t/x/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert keylog._address(request) == address


def test_api_key_guesses_count_and_are_refused_in_json(world, limit):
    for n in range(limit):
        client = APIClient(REMOTE_ADDR="10.0.0.70")
        client.credentials(HTTP_X_TEAM_KEY=f"guess{n}")
        assert client.get(f"/api/v1/teams/{world.red.pk}/").status_code == 401
    client = APIClient(REMOTE_ADDR="10.0.0.70")
    client.credentials(HTTP_X_TEAM_KEY=world.red.access_key)
    refused = client.get(f"/api/v1/teams/{world.red.pk}/")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"


def test_misses_this_process_counts_refuse_at_once_within_the_recheck(world, limit, settings):
    settings.TEAM_KEY_MISS_RECHECK = 600  # the count read once is kept (core/keylog.py)
    guesser = Client(REMOTE_ADDR="10.0.0.68")
    assert guesser.get(f"/t/{world.red.access_key}/").status_code == 200  # count 0 read
    for n in range(limit):
        assert guesser.get(f"/t/guess{n}/").status_code == 404
    assert guesser.get(f"/t/{world.red.access_key}/").status_code == 429


def test_misses_another_process_counted_are_seen_once_the_count_is_read_again(
    world, limit, settings
):
    settings.TEAM_KEY_MISS_RECHECK = 600
    address, key = "10.0.0.69", world.red.access_key
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_X_TEAM_KEY=key)
    assert client.get(f"/api/v1/teams/{world.red.pk}/").status_code == 200  # count 0 read
    cache.set(f"tandem:keymiss:{address}", limit, 600)  # another process counted the misses
    assert client.get(f"/api/v1/teams/{world.red.pk}/").status_code == 200  # not read again yet
    settings.TEAM_KEY_MISS_RECHECK = 0  # the recheck is due: read on the next request
    assert client.get(f"/api/v1/teams/{world.red.pk}/").status_code == 429


def test_right_keys_do_not_count(world, limit):
    client = Client(REMOTE_ADDR="10.0.0.80")
    for _ in range(limit * 3):
        assert client.get(f"/t/{world.red.access_key}/").status_code == 200


def test_a_failing_cache_throttles_nothing(world, limit, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get", broken)
    monkeypatch.setattr(cache, "add", broken)
    client = Client(REMOTE_ADDR="10.0.0.90")
    for n in range(limit + 2):
        assert client.get(f"/t/guess{n}/").status_code == 404
    assert client.get(f"/t/{world.red.access_key}/").status_code == 200


def test_a_real_uvicorn_server_logs_no_key(tmp_path):
    """The web service's server (deploy/web.sh runs uvicorn) with its access log on."""
    import os
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "CELERY_"))}
    env |= {"TANDEM_VAR_DIR": str(tmp_path), "TANDEM_PLAIN_STATIC": "1", "LOG_LEVEL": "INFO"}
    log = tmp_path / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)],
            cwd=root,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/t/{KEY}/", timeout=5)
                except urllib.error.HTTPError:
                    break  # answered (404 or 500 on the empty database): the line is logged
                except OSError:
                    assert time.monotonic() < deadline, log.read_text()
                    time.sleep(0.3)
                    continue
                break
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz?key={KEY}", timeout=5)
            except urllib.error.HTTPError:
                pass
            time.sleep(0.5)
        finally:
            server.terminate()
            server.wait(timeout=10)
    text = log.read_text()
    assert "/t/<hidden>/" in text, text
    assert "key=<hidden>" in text, text
    assert KEY not in text
