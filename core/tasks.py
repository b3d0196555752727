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
from typing import Any

from django.conf import settings
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


def _fallback(due_now: bool) -> str:
    return "running it in-process" if due_now else "readers compute its effect on read"
