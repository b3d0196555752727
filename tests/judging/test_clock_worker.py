"""The round clock's task with a real Celery worker over Redis (issue 8 "Deliver" 2 and 5): the
task queued for the deadline is re-queued on pause, resume and correction; the worker marks time
called at the corrected deadline, and the task queued for the stale deadline marks nothing."""

import os
import socket
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection

from judging.models import RoundClock
from judging.selectors import clock as clock_selectors
from pairing import services as pairing_services
from support.rounds import event_with_teams

ROOT = Path(__file__).resolve().parents[2]
WAIT = 30  # seconds the worker has to mark time called once the client is done


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


# Run by a client process with the broker configured, so the after-commit receivers queue the
# round's task (judging.clock_due) with its eta on the test's own queue.
_CLIENT = """
import time
import django
django.setup()
from config.celery import app
app.conf.task_default_queue = "{queue}"
from judging import services
from pairing.models import Round
round_ = Round.objects.select_related("event").get(pk={round_id})
services.clock_start(round_=round_)
services.clock_set_remaining(round_=round_, seconds=6)  # a stale deadline 6 s from now
time.sleep(1)
services.clock_pause(round_=round_)
time.sleep(3)
services.clock_resume(round_=round_)
services.clock_set_remaining(round_=round_, seconds=6)  # the deadline: 9 s after the first
"""


@pytest.mark.postgres
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_real_celery_worker_calls_time_at_the_deadline_after_a_pause_and_a_correction():
    if not _redis_up():
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and Redis is not reachable on 127.0.0.1:6379")
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
    event, _ = event_with_teams(4)
    round_ = pairing_services.round_pair_next(event=event)
    pairing_services.round_publish(round_=round_)
    s = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "CELERY_"))}
    env |= {
        "DATABASE_URL": f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/14",
        "CELERY_RESULT_BACKEND": "redis://127.0.0.1:6379/15",
        "REDIS_URL": "redis://127.0.0.1:6379/13",
    }
    queue = f"tandem-test-{uuid.uuid4().hex[:8]}"
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
         "--queues", queue, "--without-gossip", "--without-mingle", "--loglevel", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        client = subprocess.run(
            [sys.executable, "-c", _CLIENT.format(queue=queue, round_id=round_.pk)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert client.returncode == 0, client.stderr
        clock = RoundClock.objects.get(round=round_)
        facts = clock_selectors.round_facts(round_)
        assert len(facts.pauses) == 1
        assert len(facts.corrections) == 2
        deadline = clock_selectors.clock_of(round_).ends_at  # computed from the facts
        assert deadline is not None
        give_up = time.monotonic() + WAIT
        while clock.time_called_marked_at is None and time.monotonic() < give_up:
            time.sleep(0.25)
            clock.refresh_from_db()
        assert clock.time_called_marked_at is not None, "the worker did not call time"
        # at the corrected deadline: not at the stale one 3 s earlier, and not long after
        assert deadline <= clock.time_called_marked_at < deadline + timedelta(seconds=WAIT)
        assert clock_selectors.clock_of(round_).status == "time_called"
    finally:
        worker.terminate()
        worker.wait(timeout=30)
