"""The round clock's task with a real Celery worker over Redis (issue 8 "Deliver" 2 and 5): the
task queued for the deadline is re-queued on pause, resume and correction; the worker marks time
called at the corrected deadline, and the task queued for the stale deadline marks nothing."""

import time
from datetime import timedelta
from pathlib import Path

import pytest

from judging.models import RoundClock
from judging.selectors import clock as clock_selectors
from pairing import services as pairing_services
from support.celery_worker import celery_worker, require_redis, run_client, worker_env
from support.rounds import event_with_teams

ROOT = Path(__file__).resolve().parents[2]
WAIT = 30  # seconds the worker has to mark time called once the client is done


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
    require_redis()
    event, _ = event_with_teams(4)
    round_ = pairing_services.round_pair_next(event=event)
    pairing_services.round_publish(round_=round_)
    env = worker_env()
    with celery_worker(env) as queue:
        run_client(_CLIENT.format(queue=queue, round_id=round_.pk), env)
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
