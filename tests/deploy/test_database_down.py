"""PostgreSQL down: pages answer a styled 503 page with Retry-After (the API its JSON 503), and the
live service answers within a second instead of waiting for its pool. Real servers (granian as
deploy/web.sh runs it, uvicorn by deploy/live.sh) pointed at a port where no database listens."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]

DEAD_DB = "postgres://tandem:x@127.0.0.1:{port}/tandem"


def _env(**extra: str) -> dict[str, str]:
    dropped = ("DATABASE_URL", "CELERY_", "DJANGO_ALLOW_ASYNC_UNSAFE", "REDIS_URL", "LIVE_REDIS")
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    env["PATH"] = f"{Path(sys.executable).parent}:{env.get('PATH', '')}"
    return env | extra


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, Message, str, float]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=15) as r:
            status, headers, body = r.status, r.headers, r.read().decode()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read().decode()
    return status, headers, body, time.perf_counter() - started


def _wait_listening(proc: subprocess.Popen, port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/favicon.ico", timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(proc.stdout.read().decode() if proc.stdout else "did not start")


@pytest.fixture
def dead_db_env(tmp_path):
    return _env(
        TANDEM_VAR_DIR=str(tmp_path),
        DATABASE_URL=DEAD_DB.format(port=_free_port()),
        SECRET_KEY="s" * 60,
        ALLOWED_HOSTS="127.0.0.1",
        TANDEM_PLAIN_STATIC="1",
    )


def test_pages_answer_a_styled_503_and_the_api_json_when_the_database_is_down(dead_db_env):
    port = _free_port()
    command = ["granian", "--interface", "wsgi", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "config.wsgi:application"],
        cwd=ROOT,
        env=dead_db_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        _wait_listening(proc, port)
        status, headers, body, _ = _get(f"http://127.0.0.1:{port}/events/1/")
        assert status == 503
        assert "Tandem is unavailable for a moment" in body
        assert 'href="/static/' in body  # the site's style, not a bare text
        assert headers["Retry-After"] == "5"
        status, headers, body, _ = _get(f"http://127.0.0.1:{port}/api/v1/events/")
        assert status == 503
        assert '"unavailable"' in body
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_the_live_service_answers_within_a_second_when_the_database_is_down(dead_db_env):
    port = _free_port()
    env = dead_db_env | {"PORT": str(port), "DATABASE_POOL_MAX": "4", "DATABASE_POOL_TIMEOUT": "1"}
    proc = subprocess.Popen(
        ["./deploy/live.sh"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        _wait_listening(proc, port)
        # the first waits for the pool (DATABASE_POOL_TIMEOUT), then the breaker answers at once
        status, _, _, took = _get(f"http://127.0.0.1:{port}/live/event/1/version?since=0")
        assert status == 503
        assert took < 2.0, took
        for path in ("/live/event/1/version?since=0", "/live/event/1/", "/live/table/2/"):
            status, headers, body, took = _get(f"http://127.0.0.1:{port}{path}")
            assert status == 503
            assert took < 0.5, took
            assert headers["Retry-After"] == "5"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.mark.django_db
def test_a_database_lost_in_a_middleware_is_the_503_page_and_other_faults_the_500(
    world, monkeypatch
):
    from django.contrib.sessions.backends.db import SessionStore

    client = Client(raise_request_exception=False)
    client.force_login(world.alice)

    def lost(self):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(SessionStore, "load", lost)
    response = client.get(f"/events/{world.event.pk}/")
    assert response.status_code == 503
    assert "Tandem is unavailable for a moment" in response.content.decode()
    assert response["Retry-After"] == "5"

    def broken(self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(SessionStore, "load", broken)
    response = client.get(f"/events/{world.event.pk}/")
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()
