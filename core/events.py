"""Events fired after commit: what happened, announced once the database has it.

A service fires an event inside its transaction; the receivers run only when that transaction
commits (``transaction.on_commit``), and never for a rolled-back write. Cache renewal, live
updates and Celery scheduling hang off these events, never inside the transaction. A receiver
that fails is logged and does not disturb the others: the write it follows is already committed,
and what receivers do is derived (a cached page, a queued task), never a fact.

Payloads carry ids, not model instances, so a receiver reads fresh rows and a payload can cross
into a task.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, TypeVar

from django.db import transaction

from core import timing

log = logging.getLogger(__name__)

T = TypeVar("T")


class Signal(Generic[T]):
    """One kind of event; ``fire(payload)`` inside a transaction, receivers run after commit."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._receivers: list[Callable[[T], object]] = []

    def connect(self, receiver: Callable[[T], object]) -> Callable[[T], object]:
        """Add a receiver (usable as a decorator); connecting the same function twice is a no-op."""
        if receiver not in self._receivers:
            self._receivers.append(receiver)
        return receiver

    def disconnect(self, receiver: Callable[[T], object]) -> None:
        if receiver in self._receivers:
            self._receivers.remove(receiver)

    @contextmanager
    def connected(self, receiver: Callable[[T], object]) -> Iterator[Callable[[T], object]]:
        added = receiver not in self._receivers
        self.connect(receiver)
        try:
            yield receiver
        finally:
            if added:
                self.disconnect(receiver)

    def fire(self, payload: T) -> None:
        """Announce ``payload`` once the current transaction commits (at once outside one)."""
        transaction.on_commit(lambda: self.dispatch(payload))

    def dispatch(self, payload: T) -> None:
        """Run every receiver now; one failing receiver is logged, the others still run."""
        for receiver in tuple(self._receivers):
            try:
                with timing.phase("after-commit receivers"):
                    receiver(payload)
            except Exception:
                log.exception("%s: receiver %r failed for %r", self.name, receiver, payload)

    def __repr__(self) -> str:
        return f"<Signal {self.name}: {len(self._receivers)} receiver(s)>"


# --- the events ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultFinal:
    """A match's result became final (staff entry, two matching reports, a decision, a bye)."""

    event_id: int
    round_id: int
    match_id: int


@dataclass(frozen=True)
class RoundPublished:
    event_id: int
    round_id: int


@dataclass(frozen=True)
class RoundChanged:
    """A round was paired, re-paired, edited or unpaired (its pairings are not what they were).

    ``teams``: the teams that had a match in it, when the caller knows them; an unpair must say
    them, for after the commit the round's entries are gone."""

    event_id: int
    round_id: int | None
    number: int
    teams: tuple[int, ...] = ()


@dataclass(frozen=True)
class TeamChanged:
    """A team's name, players, seats or drop state changed (drop and undrop included).

    ``team_id`` None: many teams of the event at once (a CSV import)."""

    event_id: int
    team_id: int | None


@dataclass(frozen=True)
class DecklistsChanged:
    """A team's decklists or pool were saved (by the team, a scorekeeper or a judge)."""

    event_id: int
    team_id: int


@dataclass(frozen=True)
class TimeCalled:
    """Time was called for a round (``match_id`` None) or for one table after its extension;
    ``teams``: that table's two teams when the caller knows them (saves each receiver a read)."""

    event_id: int
    round_id: int
    match_id: int | None = None
    teams: tuple[int, ...] = ()


@dataclass(frozen=True)
class EventChanged:
    """The event's own settings changed (name, date, visibility, format...)."""

    event_id: int


@dataclass(frozen=True)
class ResultReported:
    """A team reported its match's result and the match is not final (reported or disputed)."""

    event_id: int
    match_id: int


@dataclass(frozen=True)
class StandingsChanged:
    """Something besides a result moved the standings: a Match Point penalty issued or
    rescinded, a disqualification."""

    event_id: int


@dataclass(frozen=True)
class TeamPromoted:
    """A team moved up from a capped event's waiting list before round 1 (a drop or a higher cap
    opened a place): it takes part now. Its pages say so; a notification receiver (Web Push)
    may tell the team's phones."""

    event_id: int
    team_id: int


@dataclass(frozen=True)
class GameChanged:
    """A table's game state changed (a tracker event, a judge's turn passed); ``teams``: the
    table's two teams when the caller knows them (saves each receiver a read)."""

    event_id: int
    match_id: int
    seq: int
    teams: tuple[int, ...] = ()


@dataclass(frozen=True)
class TeamKeyRenewed:
    """A team was given a new private key: what belonged to the old one (push subscriptions)
    goes."""

    event_id: int
    team_id: int


result_final: Signal[ResultFinal] = Signal("result_final")
round_published: Signal[RoundPublished] = Signal("round_published")
round_changed: Signal[RoundChanged] = Signal("round_changed")
team_changed: Signal[TeamChanged] = Signal("team_changed")
decklists_changed: Signal[DecklistsChanged] = Signal("decklists_changed")
time_called: Signal[TimeCalled] = Signal("time_called")
game_changed: Signal[GameChanged] = Signal("game_changed")
standings_changed: Signal[StandingsChanged] = Signal("standings_changed")
result_reported: Signal[ResultReported] = Signal("result_reported")
event_changed: Signal[EventChanged] = Signal("event_changed")
team_promoted: Signal[TeamPromoted] = Signal("team_promoted")
team_key_renewed: Signal[TeamKeyRenewed] = Signal("team_key_renewed")
