"""Hooks: a question one app asks and other apps answer, declared once with its type and meaning.

The app that asks declares the hook in its own ``hooks.py`` (``tournament.hooks.NEXT_STEP``); an
app that answers registers a function in its ``AppConfig.ready()``. Imports then run one way: the
asking app never imports the answering one.

Three meanings, one class each:

- ``CallAll``: every answer, in registration order (a page gathers blocks, the demo runs steps).
- ``FirstAnswer``: the first answer that is not ``None`` (the dashboard's next step).
- ``Sum``: answers are mappings of numbers, added key by key (penalty points per team).

A hook read once per round or page takes the whole batch (a round and its matches), never one
object at a time, so a 2,048-table round costs a bounded number of queries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
K = TypeVar("K")


class _Hook(Generic[P, R]):
    def __init__(self, name: str, doc: str = "") -> None:
        self.name = name
        self.__doc__ = doc
        self._receivers: list[Callable[P, R]] = []

    def register(self, receiver: Callable[P, R]) -> Callable[P, R]:
        """Add an answer (usable as a decorator). Registering the same function twice is a no-op,
        so a ``ready()`` run twice does not double the answers."""
        if receiver not in self._receivers:
            self._receivers.append(receiver)
        return receiver

    def unregister(self, receiver: Callable[P, R]) -> None:
        if receiver in self._receivers:
            self._receivers.remove(receiver)

    @contextmanager
    def connected(self, receiver: Callable[P, R]) -> Iterator[Callable[P, R]]:
        """Register for the duration of a ``with`` block (tests, benchmarks)."""
        added = receiver not in self._receivers
        self.register(receiver)
        try:
            yield receiver
        finally:
            if added:
                self.unregister(receiver)

    @property
    def receivers(self) -> tuple[Callable[P, R], ...]:
        return tuple(self._receivers)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}: {len(self._receivers)} receiver(s)>"


class CallAll(_Hook[P, R]):
    """Call every receiver; the answers in registration order."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return [receiver(*args, **kwargs) for receiver in self._receivers]


class FirstAnswer(_Hook[P, R | None]):
    """Call receivers in order until one answers something other than None."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R | None:
        for receiver in self._receivers:
            answer = receiver(*args, **kwargs)
            if answer is not None:
                return answer
        return None


class Sum(_Hook[P, Mapping[K, int]]):
    """Add the receivers' mappings key by key (an empty dict when nobody answers)."""

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> dict[K, int]:
        total: dict[K, int] = {}
        for receiver in self._receivers:
            for key, value in receiver(*args, **kwargs).items():
                total[key] = total.get(key, 0) + int(value)
        return total
