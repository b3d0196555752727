"""core.tasks.run_task: in-process when eager, queued with a broker, never failing a request
because the broker is down."""

import datetime as dt

import pytest
from django.utils import timezone

from core import tasks
from core.tasks import run_task


@pytest.fixture(autouse=True)
def _broker_breaker_closed():
    """Each test starts with the broker tried (core.tasks.broker: open after a failure)."""
    tasks.broker.reset()
    yield
    tasks.broker.reset()


class FakeTask:
    name = "fake"

    def __init__(self, broker_up: bool = True) -> None:
        self.ran: list[tuple] = []
        self.queued: list[dict] = []
        self.broker_up = broker_up

    def __call__(self, *args, **kwargs):
        self.ran.append(args)

    def apply_async(self, *, args, kwargs, **options):
        if not self.broker_up:
            raise ConnectionError("broker down")
        self.queued.append({"args": args, **options})


def test_eager_runs_a_task_due_now_in_process(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    task = FakeTask()
    assert run_task(task, 7) is True
    assert task.ran == [(7,)]


def test_eager_drops_a_task_meant_for_later(settings):
    """Without a worker nothing would run it later: readers compute its effect on read."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    task = FakeTask()
    assert run_task(task, 7, eta=timezone.now() + dt.timedelta(minutes=5)) is False
    assert task.ran == []


def test_with_a_broker_a_later_task_is_queued_with_its_eta(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    task = FakeTask()
    eta = timezone.now() + dt.timedelta(minutes=5)
    assert run_task(task, 7, eta=eta) is True
    assert task.queued == [{"args": (7,), "retry": False, "ignore_result": True, "eta": eta}]
    assert task.ran == []


@pytest.mark.parametrize(("later", "ran", "answer"), [(False, [(7,)], True), (True, [], False)])
def test_a_broker_that_is_down_never_fails_the_caller(settings, caplog, later, ran, answer):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    task = FakeTask(broker_up=False)
    eta = timezone.now() + dt.timedelta(minutes=5) if later else None
    assert run_task(task, 7, eta=eta) is answer
    assert task.ran == ran
    assert "could not queue fake" in caplog.text


def test_after_a_broker_failure_tasks_run_in_process_without_trying_it_again(settings):
    """The breaker: a request does not wait on a broker that just failed."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    down = FakeTask(broker_up=False)
    assert run_task(down, 1) is True
    up = FakeTask(broker_up=True)
    assert run_task(up, 2) is True
    assert up.queued == []
    assert up.ran == [(2,)]
    tasks.broker.reset()
    assert run_task(up, 3) is True
    assert up.queued == [{"args": (3,), "retry": False, "ignore_result": True}]
