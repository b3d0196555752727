"""Which action the table's Undo undoes: the latest action still in force (docs/api.md
"Tracker", ``undo``).

Every phone of the table shows the same Undo, named after the same row, whoever entered it:
the state names that row (``last_in_force``, the state's ``last_action``), and an ``undo`` sent
without ``amount`` undoes the row that is latest when the server stores it (``name_target``), so
a phone whose label was a moment late still undoes the latest action, never an older one.

An action is an event of the current game (the ``new_game`` that began it included) that is in
force: applied, not undone, not an ``undo`` itself. Undoing an undo ("redo") stays possible with
an explicit ``amount``; the button walks back through the actions one at a time.
"""

from __future__ import annotations

from dataclasses import replace

from core.text import Text, gettext_noop
from tracker.domain.game_model import Event, GameError, GameState, LogEntry


def last_in_force(state: GameState) -> LogEntry | None:
    """The latest action still in force in the current game, or None. ``state.log`` is read
    from its end: a state folded from the whole log gives the answer, and so does a state built
    by one step from the stored core (tracker.services' fast write, its log the new event
    alone): ``apply`` refuses an event that would have no effect, so the event it adds other than
    an undo is always the latest action in force."""
    for entry in reversed(state.log):
        if entry.seq < state.game_start_seq:
            return None
        if entry.applied and entry.event.type != "undo":
            return entry
    return None


def name_target(state: GameState, event: Event) -> Event:
    """An ``undo`` without ``amount`` gets the seq of the latest action in force of ``state``
    (the state the undo follows, folded from the whole log); any other event is returned as it
    is. Nothing to undo is a GameError."""
    if event.type != "undo" or event.amount is not None:
        return event
    target = last_in_force(state)
    if target is None:
        raise GameError("nothing_to_undo", Text(gettext_noop("there is nothing to undo")))
    return replace(event, amount=target.seq)
