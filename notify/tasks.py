"""Push tasks: after the events the players are told of (NotifyConfig.ready connects the
receivers below), one task builds every subscription's message (notify.selectors) and hands
them, in batches, to the sending task (notify.sender), never inside the request.

With a broker both are Celery tasks (each batch its own ``notify.send``, so several workers share
a round's 8,192 pushes). Without one, in a server, both run on a thread of their own
(``outbox``), from the commit on, so a slow push service holds no request's thread and the pushes
do not wait behind the request's other after-answer tasks; elsewhere (a command, the tests) they
run in-process as every task does (core.tasks). Failures to retry are sent again later
(``PUSH_RETRIES`` times, waiting ``PUSH_RETRY_SECONDS`` x 4^n); gone subscriptions are deleted.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import connections
from django.utils import timezone

from core import events
from core.tasks import in_process, run_task
from judging.services.calls import CallClaimed
from judging.services.clock import ClockChanged
from notify import selectors, sender, services

log = logging.getLogger(__name__)

BUILDERS: dict[str, Callable[..., list[dict[str, Any]]]] = {
    "round_published": selectors.round_published,
    "clock_started": selectors.clock_started,
    "time_called": selectors.time_called,
    "confirm_result": selectors.confirm_result,
    "judge_coming": selectors.judge_coming,
    "promoted": selectors.team_promoted,
}


# --- receivers (after commit): queue the building task, nothing more ----------------------------


def _queue(kind: str, event_id: int, *ids: Any) -> None:
    """Queue ``push``: to the broker; without one, in a server, on the outbox's thread at once
    (not behind the request's other after-answer tasks, nor in its thread); else in-process."""
    if not selectors.has_subscriptions(event_id):
        return
    if settings.CELERY_TASK_ALWAYS_EAGER and in_process.started:
        outbox.submit(push, kind, event_id, *ids)
    else:
        run_task(push, kind, event_id, *ids)


def round_published(payload: events.RoundPublished) -> None:
    _queue("round_published", payload.event_id, payload.round_id)


def clock_started(payload: ClockChanged) -> None:
    _queue("clock_started", payload.event_id, payload.round_id)


def time_called(payload: events.TimeCalled) -> None:
    _queue("time_called", payload.event_id, payload.round_id, payload.match_id)


def result_reported(payload: events.ResultReported) -> None:
    _queue("confirm_result", payload.event_id, payload.match_id)


def call_claimed(payload: CallClaimed) -> None:
    _queue("judge_coming", payload.event_id, payload.call_id)


def team_promoted(payload: events.TeamPromoted) -> None:
    _queue("promoted", payload.event_id, payload.team_id)


# --- the tasks ----------------------------------------------------------------------------------


@shared_task(name="notify.push")
def push(kind: str, event_id: int, *ids: Any) -> int:
    """Build the messages of one event (of ``event_id``) and hand them to the senders; how many."""
    messages = BUILDERS[kind](*ids)
    dispatch(messages)
    return len(messages)


def dispatch(messages: list[dict[str, Any]], attempt: int = 0) -> None:
    """Hand the messages to ``send`` in batches of ``PUSH_BATCH``."""
    size = max(1, int(settings.PUSH_BATCH))
    for start in range(0, len(messages), size):
        batch = messages[start : start + size]
        if settings.CELERY_TASK_ALWAYS_EAGER and in_process.started:
            outbox.submit(send, batch, attempt)
        else:
            run_task(send, batch, attempt)


@shared_task(name="notify.send")
def send(messages: list[dict[str, Any]], attempt: int = 0) -> dict[str, int]:
    """Send a batch; delete the gone subscriptions; queue the failures again, later."""
    outcome = sender.deliver(messages)
    services.subscriptions_gone(outcome.gone)
    retries = int(settings.PUSH_RETRIES)
    if outcome.retry and attempt < retries:
        wait = float(settings.PUSH_RETRY_SECONDS) * 4**attempt
        later = timezone.now() + timedelta(seconds=wait)
        if settings.CELERY_TASK_ALWAYS_EAGER and in_process.started:
            # The timer thread only hands it to the outbox: a slow push service never holds it
            # (it runs the rounds' deadlines).
            queued = in_process.call_at(
                later.timestamp(), object(), outbox.submit, send, outcome.retry, attempt + 1
            )
        else:
            queued = run_task(send, outcome.retry, attempt + 1, eta=later)
        if not queued:
            log.warning("%s pushes to retry were dropped (no timer)", len(outcome.retry))
    elif outcome.retry:
        log.warning("%s pushes failed %s times; given up", len(outcome.retry), attempt + 1)
    return {
        "sent": outcome.sent,
        "gone": len(outcome.gone),
        "retry": len(outcome.retry),
        "dropped": outcome.dropped,
    }


class Outbox:
    """Without a broker, in a server: the push tasks run one after the other, in the order they
    were queued, on a thread of this process (each batch itself on the sender's pool)."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._pid = 0
        self._lock = threading.Lock()

    def submit(self, task: Callable[..., object], *args: Any) -> None:
        with self._lock:
            if self._pool is None or self._pid != os.getpid():
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="tandem-outbox")
                self._pid = os.getpid()
            self._pool.submit(self._run, task, *args)

    @staticmethod
    def _run(task: Callable[..., object], *args: Any) -> None:
        try:
            task(*args)
        except Exception:
            log.exception("a push task failed")
        finally:
            connections.close_all()  # this thread's connections

    def wait(self) -> None:
        """Until every task submitted so far has run (benchmarks, tests)."""
        with self._lock:
            pool = self._pool
        if pool is not None:
            pool.submit(lambda: None).result()


outbox = Outbox()
