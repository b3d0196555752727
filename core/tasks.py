"""Run a Celery task in-process or through the broker, with an optional time to run it at.

Tasks only do side effects (cached pages, notifications, marking a deadline that readers
compute from the facts on their own), so the embedded default (no broker,
``CELERY_TASK_ALWAYS_EAGER``) runs a task due now at once in-process, and one meant for later on
this process's own timer thread (``in_process``) when the server started it (config.asgi,
config.wsgi), the periodic tasks of beat's schedule too; a process that did not start it (a
management command, the tests) drops the later ones. With a broker the task is queued; when the
broker cannot be reached the request does not wait on it: a task due now runs in-process, a later
one is logged and dropped (the worker's periodic sweep finds what it would have done).

Queuing waits at most the broker's short connection timeouts (settings: CELERY_BROKER_*); after a
failure the breaker skips the broker for ``TASK_BROKER_RETRY_SECONDS`` (tasks due now run
in-process meanwhile), then the next task tries it again. Results are not kept for queued tasks
(``ignore_result``): nothing reads them, and storing them would wait on Redis too.
"""

from __future__ import annotations

import datetime as dt
import heapq
import itertools
import logging
import os
import threading
import time
from collections.abc import Callable, Hashable
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
            assert eta is not None  # for mypy: not due now means an eta ahead
            return in_process.call_at(
                eta.timestamp(), _key(task, args, kwargs), task, *args, **kwargs
            )
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
    return "running it in-process" if due_now else "dropping it (the periodic sweep finds its work)"


def _key(task: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Hashable:
    """The task with these arguments: a later call for the same replaces the one waiting (the
    caller computed its time again from newer facts)."""
    key = (getattr(task, "name", repr(task)), args, tuple(sorted(kwargs.items())))
    try:
        hash(key)
    except TypeError:  # unhashable arguments: every call stands alone
        return object()
    return key


class InProcess:
    """Tasks meant for later, run at their time on one daemon thread of this process: the
    embedded default's worker and beat. Nothing is kept when the process stops; the periodic
    tasks (the clock sweep) find late what a lost timer would have done."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int, Hashable]] = []
        self._waiting: dict[Hashable, tuple[int, Callable[[], object]]] = {}
        self._seq = itertools.count()
        self._thread: threading.Thread | None = None
        self._pid = 0
        self.started = False

    def start(self, every: dict[str, tuple[float, Callable[[], object]]] | None = None) -> None:
        """Run later tasks from now on; ``every``: name -> (seconds, task) run periodically,
        the first time a few seconds from now (what a restart left undone)."""
        self.started = True
        for name, (seconds, task) in (every or {}).items():
            self._every(name, seconds, task, first=min(seconds, 5.0))

    def call_at(
        self, when: float, key: Hashable, func: Callable[..., object], *args: Any, **kwargs: Any
    ) -> bool:
        """Run ``func(*args, **kwargs)`` at ``when`` (a timestamp); False when not started."""
        with self._cond:
            if not self.started:
                return False
            seq = next(self._seq)
            self._waiting[key] = (seq, lambda: func(*args, **kwargs))
            heapq.heappush(self._heap, (when, seq, key))
            if self._thread is None or not self._thread.is_alive() or self._pid != os.getpid():
                self._pid = os.getpid()  # a forked worker process starts its own thread
                self._thread = threading.Thread(target=self._loop, name="tandem-tasks", daemon=True)
                self._thread.start()
            self._cond.notify()
        return True

    def stop(self) -> None:
        """Run nothing more: the waiting tasks are dropped (the thread then only waits)."""
        with self._cond:
            self.started = False
            self._heap.clear()
            self._waiting.clear()
            self._cond.notify()

    def pending(self) -> int:
        with self._cond:
            return len(self._waiting)

    def _every(
        self, name: str, seconds: float, task: Callable[[], object], *, first: float
    ) -> None:
        def tick() -> None:
            try:
                task()
            finally:
                self._every(name, seconds, task, first=seconds)

        self.call_at(time.time() + first, ("every", name), tick)

    def _next(self) -> Callable[[], object]:
        with self._cond:
            while True:
                if not self._heap:
                    self._cond.wait()
                    continue
                when, seq, key = self._heap[0]
                delay = when - time.time()
                if delay > 0:
                    self._cond.wait(delay)
                    continue
                heapq.heappop(self._heap)
                waiting = self._waiting.get(key)
                if waiting is None or waiting[0] != seq:
                    continue  # replaced by a later call for the same task
                del self._waiting[key]
                return waiting[1]

    def _loop(self) -> None:
        from django.db import connections

        while True:
            func = self._next()
            try:
                func()
            except Exception:  # a side effect failed: logged, the thread goes on
                log.exception("an in-process task failed")
            finally:
                connections.close_all()  # this thread's connections, not the requests'


in_process = InProcess()


def start_in_process() -> None:
    """The server's entry points call this: without a broker, later tasks and beat's periodic
    ones (those with a period in seconds) run on this process's timer thread."""
    if not settings.CELERY_TASK_ALWAYS_EAGER or not settings.TASK_TIMERS or in_process.started:
        return
    from celery import current_app

    every: dict[str, tuple[float, Callable[[], object]]] = {}
    for name, entry in getattr(settings, "CELERY_BEAT_SCHEDULE", {}).items():
        schedule = entry.get("schedule")
        if isinstance(schedule, int | float) and entry.get("task") in current_app.tasks:
            every[name] = (float(schedule), current_app.tasks[entry["task"]])
    in_process.start(every)
