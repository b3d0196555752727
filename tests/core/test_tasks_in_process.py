"""core.tasks.InProcess: without a broker the server runs a task meant for later on its own
timer thread, at its time; a later call for the same task replaces the waiting one (its time was
computed again from newer facts); periodic tasks run again and again."""

import threading
import time

import pytest

from core.tasks import InProcess, run_task


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, float]] = []
        self.event = threading.Event()

    def __call__(self, what: str) -> None:
        self.calls.append((what, time.time()))
        self.event.set()


def test_not_started_it_runs_nothing_later():
    timers = InProcess()
    assert timers.call_at(time.time(), "k", print) is False
    assert timers.pending() == 0


def test_a_task_runs_at_its_time_not_before():
    timers, rec = InProcess(), Recorder()
    timers.start()
    at = time.time() + 0.2
    assert timers.call_at(at, "k", rec, "deadline") is True
    assert rec.event.wait(5)
    assert rec.calls[0][0] == "deadline"
    assert rec.calls[0][1] >= at


def test_a_later_call_for_the_same_task_replaces_the_waiting_one():
    timers, rec = InProcess(), Recorder()
    timers.start()
    timers.call_at(time.time() + 0.1, ("clock_due", (1,)), rec, "old deadline")
    timers.call_at(time.time() + 0.3, ("clock_due", (1,)), rec, "new deadline")
    timers.call_at(time.time() + 0.2, ("clock_due", (2,)), rec, "other round")
    deadline = time.time() + 5
    while len(rec.calls) < 2 and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    assert [what for what, _ in rec.calls] == ["other round", "new deadline"]
    assert timers.pending() == 0


def test_a_failing_task_leaves_the_thread_running(caplog):
    timers, rec = InProcess(), Recorder()
    timers.start()

    def boom() -> None:
        raise RuntimeError("boom")

    timers.call_at(time.time(), "a", boom)
    timers.call_at(time.time() + 0.1, "b", rec, "after")
    assert rec.event.wait(5)
    assert "an in-process task failed" in caplog.text


def test_a_periodic_task_runs_again():
    timers, rec = InProcess(), Recorder()
    runs = threading.Semaphore(0)

    def sweep() -> None:
        rec("sweep")
        runs.release()

    timers.start({"sweep": (0.05, sweep)})
    try:
        assert runs.acquire(timeout=10)
        assert runs.acquire(timeout=5)
    finally:
        timers.stop()
    assert [what for what, _ in rec.calls[:2]] == ["sweep", "sweep"]
    assert timers.pending() == 0


@pytest.mark.django_db
def test_run_task_uses_the_timers_when_the_server_started_them(settings, monkeypatch):
    import datetime as dt

    from django.utils import timezone

    from core import tasks

    settings.CELERY_TASK_ALWAYS_EAGER = True
    timers, rec = InProcess(), Recorder()
    monkeypatch.setattr(tasks, "in_process", timers)
    later = timezone.now() + dt.timedelta(milliseconds=200)
    assert run_task(rec, "dropped", eta=later) is False  # not started: as before
    timers.start()
    assert run_task(rec, "later", eta=later) is True
    assert rec.event.wait(5)
    assert rec.calls == [("later", rec.calls[0][1])]
