"""core.pagecache.once: a page is rendered once per version (single flight), whoever asks first;
and without a broker, a request's tasks run after its answer (core.tasks)."""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import RequestFactory

from core import pagecache, tasks


@pytest.fixture
def key() -> str:
    return f"test-flight:{uuid.uuid4().hex}"


def test_two_concurrent_first_readers_render_once(key):
    renders: list[int] = []
    started = threading.Event()

    def render() -> str:
        renders.append(1)
        started.set()
        time.sleep(0.3)  # a big page: the second reader arrives while it renders
        return "<p>round 5</p>"

    got: list[str] = []

    def reader() -> None:
        got.append(pagecache.once(key, render, 60))

    first = threading.Thread(target=reader)
    first.start()
    assert started.wait(5)
    second = threading.Thread(target=reader)
    second.start()
    first.join(5)
    second.join(5)
    assert got == ["<p>round 5</p>", "<p>round 5</p>"]
    assert len(renders) == 1
    assert cache.get(key) == "<p>round 5</p>"


def test_two_concurrent_first_page_requests_render_once(key):
    """The same through pagecache.response, as two anonymous visitors of a new page."""
    renders: list[int] = []
    factory = RequestFactory()

    def render() -> str:
        renders.append(1)
        time.sleep(0.3)
        return "<p>pairings</p>"

    bodies: list[bytes] = []

    def visitor() -> None:
        response = pagecache.response(factory.get("/events/1/rounds/5/"), key, render, 60)
        bodies.append(response.content)

    readers = [threading.Thread(target=visitor) for _ in range(3)]
    for reader in readers:
        reader.start()
        time.sleep(0.02)
    for reader in readers:
        reader.join(5)
    assert bodies == [b"<p>pairings</p>"] * 3
    assert len(renders) == 1


def test_a_failed_render_lets_the_next_reader_render(key):
    def broken() -> str:
        raise RuntimeError("template error")

    with pytest.raises(RuntimeError):
        pagecache.once(key, broken, 60)
    assert pagecache.once(key, lambda: "fixed", 60) == "fixed"  # the flight was let go


def test_a_kept_version_is_not_rendered_again(key):
    assert pagecache.once(key, lambda: "first", 60) == "first"
    assert pagecache.once(key, lambda: "second", 60) == "first"


def _run(done: list[str], what: str) -> None:
    done.append(what)


@pytest.mark.django_db  # request_finished closes old connections
def test_without_a_broker_a_requests_tasks_run_after_its_answer(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    done: list[str] = []

    def view(request):
        tasks.run_task(_run, done, "warm")
        assert done == []  # not inside the request
        return HttpResponse("answered")

    response = tasks.AfterAnswerMiddleware(view)(RequestFactory().get("/"))
    assert response.content == b"answered"
    assert done == []  # the answer is not sent yet
    response.close()  # the server sent it (request_finished)
    assert done == ["warm"]


def test_outside_a_request_a_task_runs_at_once(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    done: list[str] = []
    tasks.run_task(_run, done, "now")
    assert done == ["now"]
