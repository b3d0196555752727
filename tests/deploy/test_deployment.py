"""The deployment runs the commands the tests run: docker-compose's web and worker commands,
`check --deploy` with production settings, and a real Celery worker over Redis."""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
import yaml
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"


def _compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def _env(**extra: str) -> dict[str, str]:
    # The child gets the machine's environment without the test run's own switches.
    dropped = ("DATABASE_URL", "CELERY_", "DJANGO_ALLOW_ASYNC_UNSAFE")
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    bin_dir = str(Path(sys.executable).parent)
    env["PATH"] = f"{bin_dir}:{env.get('PATH', '')}"
    return env | extra


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_compose_file_has_every_service_with_health_checks():
    services = _compose()["services"]
    assert set(services) == {"proxy", "db", "redis", "web", "live", "worker", "beat", "backup"}
    for name in services:
        assert "healthcheck" in services[name], name
    assert services["web"]["command"] == ["./deploy/web.sh"]
    assert services["live"]["command"] == ["./deploy/live.sh"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "config", "beat"]  # one beat
    assert "pgdata:/var/lib/postgresql/data" in services["db"]["volumes"]
    env = services["web"]["environment"]
    assert env["DATABASE_URL"].startswith("postgres://")
    assert env["CELERY_BROKER_URL"].startswith("redis://")
    # the web server's few reused threads keep their connections; under ASGI (the live service) no
    # connection outlives its request (a thread per request); the worker keeps them.
    assert env["DATABASE_CONN_MAX_AGE"] == "60"
    live = services["live"]["environment"]
    assert live["DATABASE_CONN_MAX_AGE"] == "0"
    assert 0 < int(live["DATABASE_POOL_MAX"]) < 60  # a bounded pool, under max_connections
    assert services["worker"]["environment"]["DATABASE_CONN_MAX_AGE"] == "60"


def test_compose_file_is_accepted_by_docker_compose_where_it_exists():
    docker = shutil.which("docker")
    ok = (
        docker
        and subprocess.run([docker, "compose", "version"], capture_output=True).returncode == 0
    )
    if not ok:
        pytest.skip("the docker compose client is not installed here")
    result = subprocess.run(
        [docker, "compose", "-f", str(COMPOSE), "config", "--quiet"],
        capture_output=True,
        text=True,
        env=_env(SECRET_KEY="x" * 60),
    )
    assert result.returncode == 0, result.stderr


def test_check_deploy_is_clean_with_production_settings():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=_env(
            DEBUG="false",
            HTTPS="true",
            SECRET_KEY="k" + uuid.uuid4().hex * 2,
            ALLOWED_HOSTS="tandem.example.org",
        ),
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_web_command_of_compose_serves_healthz(tmp_path):
    """Runs deploy/web.sh (the web service's command) on a fresh SQLite database."""
    port = _free_port()
    env = _env(
        TANDEM_VAR_DIR=str(tmp_path),
        PORT=str(port),
        WEB_WORKERS="1",
        SECRET_KEY="s" * 60,
        ALLOWED_HOSTS="127.0.0.1",
    )
    proc = subprocess.Popen(
        ["./deploy/web.sh"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        body = None
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    body = r.read().decode()
                    break
            except OSError:
                time.sleep(0.5)
        assert body is not None, (
            proc.stdout.read().decode() if proc.poll() is not None else "timeout"
        )
        assert '"ok"' in body
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
            assert "Tandem" in r.read().decode()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=2):
            return True
    except OSError:
        return False


@pytest.mark.postgres
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_real_celery_worker_runs_a_task_over_redis():
    """The compose worker command, against Redis, reading the test database."""
    if not _redis_up():
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and Redis is not reachable on 127.0.0.1:6379")
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
    from support import factories

    event = factories.event(name="Worker Cup")
    factories.team(event, "Team Celery", ["Cel", "Ery"])
    s = connection.settings_dict
    db_url = f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
    queue = f"tandem-test-{uuid.uuid4().hex[:8]}"
    env = _env(
        DATABASE_URL=db_url,
        CELERY_BROKER_URL="redis://127.0.0.1:6379/14",
        CELERY_RESULT_BACKEND="redis://127.0.0.1:6379/15",
    )
    command = _compose()["services"]["worker"]["command"]
    worker = subprocess.Popen(
        [*command, "--pool", "solo", "--queues", queue, "--without-gossip", "--without-mingle"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        client = subprocess.run(
            [sys.executable, "-c", _SEND.format(queue=queue, event=event.pk)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert client.returncode == 0, client.stderr
        assert "Team Celery" in client.stdout
        assert "/t/" in client.stdout
    finally:
        worker.terminate()
        worker.wait(timeout=30)


_SEND = """
import django
django.setup()
from tournament.tasks import team_links_export
result = team_links_export.apply_async(args=[{event}, "http://x"], queue="{queue}")
print(result.get(timeout=90))
"""


def test_check_deploy_is_clean_with_the_production_settings_the_readme_shows():
    text = (ROOT / "README.md").read_text()
    block = text.split("<!-- production-settings -->")[1].split("<!-- /production-settings -->")[0]
    lines = [line for line in block.splitlines() if "=" in line and not line.startswith("`")]
    settings = dict(line.split("=", 1) for line in lines)
    assert settings["DEBUG"] == "false"
    assert settings["HTTPS"] == "true"
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=_env(**settings),
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _serve(command: str, env: dict[str, str], port: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [command], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return proc
        except OSError:
            time.sleep(0.5)
    proc.terminate()
    output = proc.stdout.read().decode() if proc.stdout else ""
    raise AssertionError(f"{command} did not serve: {output[-2000:]}")


def _status(url: str, forwarded: str) -> int:
    request = urllib.request.Request(url, headers={"X-Forwarded-For": forwarded})
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as error:
        return error.code


def test_web_and_live_believe_forwarded_addresses_only_from_trusted_proxies(tmp_path):
    """Straight to granian's (web) and uvicorn's (live) ports, a rotated X-Forwarded-For is
    the sender's own address: its key misses are counted and refused (core/clients.py)."""
    web_port, live_port = _free_port(), _free_port()
    env = _env(
        TANDEM_VAR_DIR=str(tmp_path),
        WEB_WORKERS="1",
        SECRET_KEY="s" * 60,
        ALLOWED_HOSTS="127.0.0.1",
        PROXY_HOPS="1",
        FORWARDED_ALLOW_IPS="10.9.9.9",  # the proxy is elsewhere: 127.0.0.1 is a client
        TEAM_KEY_MISS_LIMIT="3",
    )
    web = _serve("./deploy/web.sh", env | {"PORT": str(web_port)}, web_port)
    try:
        live = _serve("./deploy/live.sh", env | {"PORT": str(live_port)}, live_port)
        try:
            for port in (web_port, live_port):
                base = f"http://127.0.0.1:{port}"
                for n in range(3):
                    assert _status(f"{base}/t/guess{n}/", f"198.51.100.{n}") == 404
                assert _status(f"{base}/t/guess9/", "198.51.100.77") == 429, port
        finally:
            live.terminate()
            live.wait(timeout=20)
    finally:
        web.terminate()
        web.wait(timeout=20)


def _production_block() -> dict[str, str]:
    text = (ROOT / "README.md").read_text()
    block = text.split("<!-- production-settings -->")[1].split("<!-- /production-settings -->")[0]
    lines = [line for line in block.splitlines() if "=" in line and not line.startswith("`")]
    return dict(line.split("=", 1) for line in lines)


def _healthcheck(service: str, port: int) -> list[str]:
    """The compose health-check command of a service, on the test's port."""
    test = _compose()["services"][service]["healthcheck"]["test"]
    assert test[0] == "CMD", test
    internal = {"web": "8000", "live": "8001"}[service]
    return [part.replace(f":{internal}/", f":{port}/") for part in test[1:]]


def test_compose_health_checks_pass_under_the_readmes_production_block(tmp_path):
    """web (deploy/web.sh) and live (deploy/live.sh) with the production settings the README
    shows (ALLOWED_HOSTS names only the public host, HTTPS=true redirects plain HTTP): the
    compose health-check commands pass, so live, which waits for a healthy web, starts. The
    database and Redis of the block are the compose network's: a local SQLite file stands in."""
    settings = _production_block()
    assert settings["HTTPS"] == "true"
    assert "127.0.0.1" not in settings["ALLOWED_HOSTS"]
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "DATABASE_CONN_MAX_AGE"):
        settings.pop(name)
    web_port, live_port = _free_port(), _free_port()
    env = _env(**settings, TANDEM_VAR_DIR=str(tmp_path), WEB_WORKERS="1")
    env["PATH"] = f"{Path(sys.executable).parent}:{env['PATH']}"
    web = subprocess.Popen(
        ["./deploy/web.sh"],
        cwd=ROOT,
        env=env | {"PORT": str(web_port)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    live = None
    try:
        deadline = time.monotonic() + 180
        check = _healthcheck("web", web_port)
        while time.monotonic() < deadline and web.poll() is None:
            if subprocess.run(check, cwd=ROOT, env=env, capture_output=True).returncode == 0:
                break
            time.sleep(1)
        result = subprocess.run(check, cwd=ROOT, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr[-1500:]
        live = subprocess.Popen(
            ["./deploy/live.sh"],
            cwd=ROOT,
            env=env | {"PORT": str(live_port)},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        check = _healthcheck("live", live_port)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and live.poll() is None:
            if subprocess.run(check, cwd=ROOT, env=env, capture_output=True).returncode == 0:
                break
            time.sleep(0.5)
        result = subprocess.run(check, cwd=ROOT, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr[-1500:]
        # Every other path still gets the production host check and the https redirect.
        request = urllib.request.Request(f"http://127.0.0.1:{web_port}/")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 400
    finally:
        for proc in (live, web):
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=20)


def test_only_the_proxy_publishes_ports_and_the_app_believes_only_the_proxy():
    """Slow uploads and forged X-Forwarded-For reach the proxy, never web or live directly."""
    compose = _compose()
    services = compose["services"]
    published = {name for name, service in services.items() if service.get("ports")}
    assert published == {"proxy"}
    env = services["web"]["environment"]
    proxy_address = services["proxy"]["networks"]["default"]["ipv4_address"]
    assert env["FORWARDED_ALLOW_IPS"] == proxy_address
    assert env["PROXY_HOPS"].endswith(":-1}")
    subnet = compose["networks"]["default"]["ipam"]["config"][0]["subnet"]
    assert proxy_address.split(":-")[1].rstrip("}").startswith(subnet.split(":-")[1][:10])
    # The proxy's bounds (header and request timeouts, body sizes, the X-Forwarded-For it
    # writes) are checked on the real caddy binary: tests/deploy/test_proxy.py.
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in services["proxy"]["volumes"]
