"""Run a Celery task in-process or through the broker, with an optional time to run it at.

Tasks only do side effects (cached pages, notifications, marking a deadline that readers also
compute on read), so the embedded default (no broker, ``CELERY_TASK_ALWAYS_EAGER``) runs them at
once in-process and drops the ones meant for later: whatever they would do, a reader does when
it looks. With a broker the task is queued; when the broker cannot be reached the request does
not wait on it: a task due now runs in-process, a later one is logged and left to readers.

Queuing waits at most the broker's short connection timeouts (settings: CELERY_BROKER_*); after a
failure the breaker skips the broker for ``TASK_BROKER_RETRY_SECONDS`` (tasks due now run
in-process meanwhile), then the next task tries it again. Results are not kept for queued tasks
(``ignore_result``): nothing reads them, and storing them would wait on Redis too.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from typing import Any

from django.conf import settings
from django.core.signals import request_finished
from django.dispatch import receiver
from django.utils import timezone

from core.cache import Breaker

log = logging.getLogger(__name__)

broker = Breaker("the task broker", 10)


def run_task(task: Any, *args: Any, eta: dt.datetime | None = None, **kwargs: Any) -> bool:
    """Run ``task(*args, **kwargs)`` now (in-process or queued) or queue it for ``eta``.

    True when the task ran or was queued; False when it was dropped (a later task without a
    broker, or a broker that is down).
    """
    due_now = eta is None or eta <= timezone.now()
    if settings.CELERY_TASK_ALWAYS_EAGER:
        if not due_now:
            return False
        after = getattr(_answer, "after", None)
        if after is not None:  # in a request: once its answer is sent (AfterAnswerMiddleware)
            after.append(lambda: task(*args, **kwargs))
        else:
            task(*args, **kwargs)
        return True
    broker.retry_after = getattr(settings, "TASK_BROKER_RETRY_SECONDS", 10)
    if broker.closed:
        try:
            options: dict[str, Any] = {"retry": False, "ignore_result": True}
            if not due_now:
                options["eta"] = eta
            task.apply_async(args=args, kwargs=kwargs, **options)
            return True
        except Exception as exc:  # the broker is down: never fail the request for a side effect
            broker.failed(exc)
            log.warning("could not queue %s; %s", getattr(task, "name", task), _fallback(due_now))
    if due_now:
        task(*args, **kwargs)
        return True
    return False


# --- in-process tasks after the answer ----------------------------------------------------------
#
# Without a broker a task runs in the process of the request that asked for it. Inside a request
# it runs once the answer is sent (Django's request_finished, when the server closes the
# response), so the scorekeeper who publishes a round is answered before its pages are warmed.

_answer = threading.local()


class AfterAnswerMiddleware:
    """Tasks run in-process for a request (no broker) wait until its answer is sent."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not settings.CELERY_TASK_ALWAYS_EAGER:
            return self.get_response(request)
        outer = getattr(_answer, "after", None)
        _answer.after = [] if outer is None else outer
        try:
            return self.get_response(request)
        finally:
            if outer is None:
                _answer.ready, _answer.after = _answer.after, None


@receiver(request_finished)
def _after_answer(**kwargs: Any) -> None:
    """The answer is sent: run the tasks its request asked for (each on its own: one failing
    is logged, as a worker would)."""
    ready, _answer.ready = getattr(_answer, "ready", None) or [], None
    for run in ready:
        try:
            run()
        except Exception:
            log.exception("a task run after the answer failed")


def _fallback(due_now: bool) -> str:
    return "running it in-process" if due_now else "readers compute its effect on read"
