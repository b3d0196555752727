"""/healthz: each dependency's state and an overall status a load balancer can use.

    {"status": "ok" | "degraded" | "unavailable",
     "checks": {"database": "ok" | "down",
                "cache": "ok" | "down" | "local",
                "broker": "ok" | "down" | "in-process",
                "worker": "ok" | "stalled" | "unknown" | "in-process"}}

The database is the one dependency the site cannot serve without: down, the answer is 503
("unavailable"). Redis as the cache or the task broker down leaves the site working, slower
(pages rendered on each request, tasks run in-process: core.cache, core.tasks), so the answer
stays 200 with "degraded" for the operator's monitoring; so does a worker that stopped
consuming tasks (no clock sweep for WORKER_STALE_SECONDS, judging/tasks.py). Each check waits at most about a
second.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:  # noqa: BLE001 - any database failure means "down"
        return "down"
    return "ok"


def _cache() -> str:
    ping = getattr(cache, "ping", None)  # core.cache.ResilientRedisCache
    if ping is None:
        return "local"
    return "ok" if ping() else "down"


def _broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "in-process"
    from config.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, timeout=1)
    except Exception:  # noqa: BLE001 - refused, timed out, unknown host: "down"
        return "down"
    return "ok"


def _worker(cache_state: str) -> str:
    """Whether a worker consumes tasks: the clock sweep (judging/tasks.py, every
    CLOCK_SWEEP_SECONDS from beat) leaves its time in the shared cache. "stalled": none for
    WORKER_STALE_SECONDS; "unknown": no shared cache or no sweep yet to tell."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "in-process"
    if cache_state != "ok" or settings.CLOCK_SWEEP_SECONDS <= 0:
        return "unknown"
    import time

    last = cache.get("tandem:worker:heartbeat")
    if last is None:
        return "unknown"
    return "ok" if time.time() - float(last) < settings.WORKER_STALE_SECONDS else "stalled"


def healthz(request):
    """The state of the database, the cache, the task broker and the worker (see the module)."""
    checks = {"database": _database(), "cache": _cache(), "broker": _broker()}
    checks["worker"] = _worker(checks["cache"])
    if checks["database"] != "ok":
        status, code = "unavailable", 503
    elif "down" in checks.values() or checks["worker"] == "stalled":
        status, code = "degraded", 200
    else:
        status, code = "ok", 200
    return JsonResponse({"status": status, "checks": checks}, status=code)


def favicon(request):
    """/favicon.ico, which browsers ask for on their own: the icon the pages link to."""
    from django.http import HttpResponsePermanentRedirect
    from django.templatetags.static import static

    return HttpResponsePermanentRedirect(static("favicon.svg"))


class HealthzMiddleware:
    """/healthz answered before the host check and the redirect to https: the containers' own
    health checks (docker-compose.yml) call http://127.0.0.1:<port>/healthz, a host the
    production ALLOWED_HOSTS does not name, over plain HTTP that HTTPS=true would redirect.
    It says nothing private and changes nothing."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info == "/healthz" and request.method in ("GET", "HEAD"):
            return healthz(request)
        return self.get_response(request)
