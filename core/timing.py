"""Server-Timing: how long the phases of one request took, in its answer's header.

With ``SERVER_TIMING`` on (off by default: it tells every caller about the server's work), each
answer carries ``Server-Timing: engine;dur=7.1, save;dur=19.0, ...``: the phases the code marked
with ``phase(name)`` while the request ran (the same name twice adds up), and ``note(name, desc)``
lines (how a cached page was answered). The benchmark of a round's turnaround reads it
(tests/bench/bench_turnaround.py). Off, a phase costs one attribute read.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

from django.conf import settings

P = ParamSpec("P")
R = TypeVar("R")
_local = threading.local()


def _phases() -> dict[str, float] | None:
    return getattr(_local, "phases", None)


@contextmanager
def phase(name: str) -> Iterator[None]:
    """Count the time of the block under ``name`` (when the request is timed)."""
    phases = _phases()
    if phases is None:
        yield
        return
    started = time.perf_counter()
    try:
        yield
    finally:
        phases[name] = phases.get(name, 0.0) + time.perf_counter() - started


def add(name: str, seconds: float) -> None:
    """Count ``seconds`` measured elsewhere under ``name``."""
    phases = _phases()
    if phases is not None:
        phases[name] = phases.get(name, 0.0) + seconds


def note(name: str, desc: str) -> None:
    notes = getattr(_local, "notes", None)
    if notes is not None:
        notes[name] = desc


def header() -> str:
    phases, notes = _phases() or {}, getattr(_local, "notes", None) or {}
    parts = [f"{name};dur={seconds * 1000:.1f}" for name, seconds in phases.items()]
    parts += [f'{name};desc="{desc}"' for name, desc in notes.items()]
    return ", ".join(parts)


class ServerTimingMiddleware:
    """Times the request's phases and sends them as Server-Timing (settings.SERVER_TIMING)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not getattr(settings, "SERVER_TIMING", False):
            return self.get_response(request)
        _local.phases, _local.notes = {}, {}
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            _local.phases["total"] = time.perf_counter() - started
            value = header()
            if value:
                response["Server-Timing"] = value
            return response
        finally:
            _local.phases = _local.notes = None


@contextmanager
def commit_phase() -> Iterator[None]:
    """Inside a transaction: count, as "commit", the time from the end of the block to the first
    after-commit callback (registered first, so it runs before the others)."""
    if _phases() is None:
        yield
        return
    from django.db import transaction

    end: list[float] = []

    def committed() -> None:
        if end:
            add("commit", time.perf_counter() - end[0])

    transaction.on_commit(committed)
    yield
    end.append(time.perf_counter())


def timed_commit(service: Callable[P, R]) -> Callable[P, R]:
    """``commit_phase`` around a service, under its ``transaction.atomic``."""

    @functools.wraps(service)
    def timed(*args: P.args, **kwargs: P.kwargs) -> R:
        with commit_phase():
            return service(*args, **kwargs)

    return timed
