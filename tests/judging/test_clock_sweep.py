"""Time called survives a killed worker: the task queued for a round's deadline is lost with it,
and the clock sweep (Celery beat, every CLOCK_SWEEP_SECONDS, beside the card update) marks what
is due from the facts. The sweep is also the worker's heartbeat: /healthz says "stalled" (and
"degraded") when no worker has run it for WORKER_STALE_SECONDS."""

import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from config import health
from judging import services
from judging.models import RoundClock
from judging.tasks import HEARTBEAT_KEY, clock_sweep

pytestmark = pytest.mark.django_db


def test_the_beat_schedule_has_the_sweep_beside_the_card_update():
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["clock-sweep"]["task"] == "judging.clock_sweep"
    assert schedule["clock-sweep"]["schedule"] == float(settings.CLOCK_SWEEP_SECONDS)
    assert "update-cards" in schedule


def test_a_deadline_whose_task_was_lost_is_marked_by_the_sweep(table, settings):
    # The clock ran out an hour ago; its queued task never ran (the worker was killed). With a
    # worker, nothing in the web process marks it (judging.services.clock_mark_if_due).
    settings.CELERY_TASK_ALWAYS_EAGER = False
    services.clock_start(round_=table.round, now=timezone.now() - timedelta(minutes=61))
    assert RoundClock.objects.get(round=table.round).time_called_marked_at is None
    assert clock_sweep() == 1
    assert RoundClock.objects.get(round=table.round).time_called_marked_at is not None
    assert clock_sweep() == 0  # marked once


def test_a_running_clock_not_yet_due_is_left_alone(table):
    services.clock_start(round_=table.round)
    assert clock_sweep() == 0
    assert RoundClock.objects.get(round=table.round).time_called_marked_at is None


@pytest.fixture
def shared_cache(settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(health, "_cache", lambda: "ok")
    monkeypatch.setattr(health, "_broker", lambda: "ok")
    cache.delete(HEARTBEAT_KEY)
    yield
    cache.delete(HEARTBEAT_KEY)


def test_healthz_reports_a_worker_that_stopped_consuming(shared_cache, settings):
    assert Client().get("/healthz").json()["checks"]["worker"] == "unknown"
    clock_sweep()
    fresh = Client().get("/healthz").json()
    assert fresh == {
        "status": "ok",
        "checks": {"database": "ok", "cache": "ok", "broker": "ok", "worker": "ok"},
    }
    cache.set(HEARTBEAT_KEY, time.time() - settings.WORKER_STALE_SECONDS - 1, None)
    stalled = Client().get("/healthz")
    assert stalled.status_code == 200
    assert stalled.json()["status"] == "degraded"
    assert stalled.json()["checks"]["worker"] == "stalled"
