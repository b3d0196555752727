"""A table's Two-Headed Giant game as an append-only event log and a pure fold to its state.

The records live in ``tracker.domain.game_model``; this module reads the events (docs/api.md
"Tracker") and folds them (docs/architecture.md "Facts, not counters"): ``fold(setup, events)``
computes the state from the whole log, ``apply(state, event)`` checks one new event and adds it,
and ``apply`` always equals ``fold`` of the log with the event appended.

Rules and the choices made where they leave one (docs/rules.md "The game at the table (CR 810)"
and "Matches, results, byes"):

life and poison
    Everything happens to a player and moves the team's shared total (CR 810.9, 810.10). A
    player's life total, when a cost or an effect reads it, is the team's total (CR 810.9a;
    ``GameState.player_life``): Lurking Evil's "half your life, rounded up" on a team at 11 is 6.
    ``set_life`` moves the team by the difference between ``amount`` and the team's total
    (CR 810.9c). "Each player's life total becomes N" affects one member the team chooses
    (CR 810.9d): the table enters one ``set_life`` per team on that member, or one ``effect``
    with the differences so that both land together. Poison never goes below 0 (CR 810.10b).
paying life
    ``pay_life`` is a positive amount no greater than the team's total (CR 810.9b); more is
    refused (``pay_beyond_total``). Paying 0 is always allowed, even for a team that can't lose
    life (CR 810.9b, 810.9h): it is logged and changes nothing.
toggles (not in the API contract yet)
    ``cant_lose_life`` (``amount`` 1 on, 0 off) on a player: no player of the team loses life,
    and the team pays no life (CR 810.9h); losses are recorded with no effect, payments refused.
    ``cant_lose`` (1 on, 0 off) on a player: the team doesn't lose the game (CR 810.8a,
    Platinum Angel): 0 life and the poison threshold do not end the game and ``player_loses`` is
    refused; switching it off checks again. ``cant_gain_life`` (1 on, 0 off) on a player: no
    player of the team gains life (CR 810.9g), gains are recorded with no effect.
    ``cant_get_poison`` (1 on, 0 off) on a player: no player of the team gets poison counters
    (CR 810.10c), proliferate included.
proliferate
    One counter more for the team, only if it already has poison: at most one per team however
    many of its players are chosen (docs/rules.md "Life and poison").
losing and winning
    A team at 0 life or less or at the poison threshold loses as a state-based action after the
    event (CR 810.8c, 810.8d). A concession by one player is the team's (CR 810.8b); a player's
    loss or win is the team's (CR 810.8a). Both teams losing at once is a drawn game
    (CR 104.4a): only an ``effect`` can do that. A loss is an ordinary consequence of an event,
    so undoing that event (and, for Platinum Angel, entering ``cant_lose`` then the damage
    again) gives the game back (CR 810.8a).
after the end
    Only ``undo`` is accepted, and ``new_game`` after a drawn game (docs/api.md lists only
    ``undo``; a new game can only follow a finished, drawn one).
turns
    ``turn`` counts team turns from 1; ``pass_turn`` names the team active next (the same team
    is an extra turn, taken by the whole team, docs/rules.md "Turn structure"). Passing before
    ``choose_play`` takes the passing team as the starting team and says so in the log.
play or draw
    ``GameSetup.chooser`` is the team picked at random (``pick_chooser``, MTR 9.3);
    ``choose_play`` records the team that plays first, before the first turn passes. After a
    drawn game the same team chooses again (MTR 2.2: "the player who decided to play or draw at
    the beginning of the drawn game chooses"; issue 10).
mulligans
    Counted per player, before the first turn passes and after ``choose_play`` (the pregame
    order of MTR 9.4). The first is free (7 cards again), so a hand reaches 0 after 8. The order
    "the starting team declares first" is recorded, not enforced: the tracker sees the mulligans
    taken, and those are taken at the same time after both teams have declared (docs/rules.md
    "Matches, results, byes", Mulligans 2-3), so the order the phones send them in means nothing.
restart
    A restarted game (Karn Liberated) is the same game of the match with fresh totals, turn 1,
    no starting team and no mulligans (its starting team is recorded again with ``choose_play``).
undo
    ``undo`` names the seq to undo, an earlier event of the current game (the ``new_game`` that
    began it included); undoing an undo applies its target again. An undo is in force unless a
    later undo in force cancels it; the fold then replays the events in force in order. An event
    that the replay can no longer apply (a payment beyond the total after an earlier gain was
    undone, an event after a loss that is back in force) stays in the log with "no effect".
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from core.text import Text, gettext_noop
from pairing.domain.match_format import Games
from pairing.domain.match_format import match_format as format_of
from tracker.domain.game_checks import undo_violation, violation
from tracker.domain.game_model import (
    Change,
    Event,
    GameError,
    GameSetup,
    GameState,
    LogEntry,
    TeamSetup,
    TeamState,
    poison_to_lose,
    starting_life,
)
from tracker.domain.game_step import initial_state, step

__all__ = [
    "Change",
    "Event",
    "GameError",
    "GameSetup",
    "GameState",
    "LogEntry",
    "ResultProposal",
    "TeamSetup",
    "TeamState",
    "apply",
    "check",
    "fold",
    "head_across",
    "initial_state",
    "parse_event",
    "pick_chooser",
    "poison_to_lose",
    "propose_result",
    "starting_life",
    "to_contract",
    "undone_by",
]


def pick_chooser(setup: GameSetup, rng: random.Random) -> int:
    """The team that chooses play or draw in the first game, at random (MTR 9.3)."""
    return rng.choice([t.team for t in setup.teams])


def head_across(setup: GameSetup, player: int) -> int:
    """The opposing player sitting directly across: the default target of an attack (MTR 4.2).

    Each team lists its players left to right as it sees them, so the leftmost player of one
    team faces the rightmost of the other."""
    index = setup.team_of(player)
    if index is None:
        raise KeyError(player)
    mine, theirs = setup.teams[index].players, setup.teams[1 - index].players
    return theirs[len(theirs) - 1 - mine.index(player)]


def check(state: GameState, event: Event) -> None:
    """Raise ``GameError`` if ``event`` cannot be appended to the log that gave ``state``."""
    if event.seq <= state.seq:
        raise GameError("bad_seq", f"event #{event.seq} is not after #{state.seq}")
    error = violation(state, event)
    if error is None and event.type == "undo":
        error = undo_violation(state, event)
    if error is not None:
        raise error


def apply(state: GameState, event: Event) -> GameState:
    """The state after appending ``event``; raises ``GameError`` (a 400) when it is refused.

    Equal to ``fold(state.setup, [e.event for e in state.log] + [event])``; an undo folds the
    log again, every other event is one step."""
    check(state, event)
    if event.type == "undo":
        return fold(state.setup, (*(entry.event for entry in state.log), event))
    return step(state, event, {})


def fold(setup: GameSetup, events: Iterable[Event]) -> GameState:
    """The state of a match's game from its whole log, in seq order."""
    log = tuple(events)
    last = 0
    for event in log:
        if event.seq <= last:
            raise GameError("bad_seq", f"event #{event.seq} is not after #{last}")
        last = event.seq
    undone = undone_by(log)
    state = initial_state(setup)
    for event in log:
        state = step(state, event, undone)
    return state


def undone_by(log: tuple[Event, ...]) -> dict[int, int]:
    """seq -> the earliest undo in force that cancels it. An undo is in force unless a later
    undo in force cancels it; targets are earlier, so one pass from the end decides."""
    undone: dict[int, int] = {}
    seqs = {event.seq for event in log}
    for event in reversed(log):
        target = event.amount
        if event.type != "undo" or event.seq in undone or target is None:
            continue
        if target < event.seq and target in seqs:
            undone[target] = event.seq  # going backwards: the earliest undo in force wins
    return undone


@dataclass(frozen=True, slots=True)
class ResultProposal:
    """The match result a finished game proposes, in the API's terms (docs/api.md "Rounds,
    clock, matches, results"). ``match_over`` is False after a drawn game: the match goes on
    with a new game while time allows, and if time is up the proposal stands as a draw
    (MTR 9.1, docs/rules.md "Matches, results, byes")."""

    games_a: int
    games_b: int
    games_drawn: int
    winner: int | None
    match_over: bool


def propose_result(state: GameState) -> ResultProposal | None:
    """None while the game is playing. Every earlier game of the match was drawn (a new game
    follows only a drawn one), so the result is the drawn games and this game's outcome in the
    match's format, the event's as the game's setup carries it: in 2HG (``ONE_GAME``, MTR 9.1) a
    game won ends the match, a drawn one is replayed while time allows."""
    if state.status != "over":
        return None
    match_format = format_of(state.setup.match_format)
    before = Games(0, 0, state.game - 1)
    if state.drawn or state.winner is None:
        games = match_format.game_drawn(before)
        winner = None
    else:
        side: Literal["a", "b"] = "a" if state.winner == state.setup.teams[0].team else "b"
        games = match_format.game_won(before, side)
        winner = state.winner
    return ResultProposal(
        games_a=games.a,
        games_b=games.b,
        games_drawn=games.drawn,
        winner=winner,
        match_over=match_format.over_after(games),
    )


def to_contract(state: GameState) -> dict[str, object]:
    """The state as docs/api.md "Tracker" shows it: ``{game, seq, status, turn, active_team,
    teams: [{team, life, poison, lost, reason}], log}``, plus the winner, the drawn flag,
    play/draw and mulligans. Each log row has the event's contract fields and its words."""
    return {
        "game": state.game,
        "seq": state.seq,
        "status": state.status,
        "turn": state.turn,
        "active_team": state.active_team,
        "teams": [
            {"team": t.team, "life": t.life, "poison": t.poison, "lost": t.lost, "reason": t.reason}
            for t in state.teams
        ],
        "winner": state.winner,
        "drawn": state.drawn,
        "chooser": state.chooser,
        "starter": state.starter,
        "mulligans": [{"player": p, "count": n} for p, n in state.mulligans],
        "log": [
            {
                "seq": entry.seq,
                "game": entry.game,
                "type": entry.event.type,
                "player": entry.event.player,
                "team": entry.event.team,
                "amount": entry.event.amount,
                "changes": [
                    {"player": c.player, "life": c.life, "poison": c.poison}
                    for c in entry.event.changes
                ],
                "text": entry.text,
                "applied": entry.applied,
                "undone": entry.undone,
                "undone_by": entry.undone_by,
            }
            for entry in state.log
        ],
    }


def parse_event(seq: int, data: Mapping[str, object]) -> Event:
    """An ``Event`` from the contract's JSON body (``type``, ``player``, ``team``, ``amount``,
    ``changes``); raises ``GameError`` on a wrong shape. Other keys (``client_id``) are the
    caller's."""
    kind = data.get("type")
    if not isinstance(kind, str):
        raise GameError("unknown_type", Text(gettext_noop("type must be a string")))
    changes = data.get("changes") or []
    if not isinstance(changes, list):
        raise GameError(
            "missing_field",
            Text(gettext_noop("changes must be a list of {player, life?, poison?}")),
        )
    parsed: list[Change] = []
    for item in changes:
        if not isinstance(item, Mapping):
            raise GameError(
                "missing_field",
                Text(gettext_noop("each change is an object {player, life?, poison?}")),
            )
        player = _int_or_none(item.get("player"), "changes.player")
        if player is None:
            raise GameError("missing_field", Text(gettext_noop("each change names a player")))
        life = _int_or_none(item.get("life"), "changes.life") or 0
        poison = _int_or_none(item.get("poison"), "changes.poison") or 0
        parsed.append(Change(player, life, poison))
    return Event(
        seq=seq,
        type=kind,
        player=_int_or_none(data.get("player"), "player"),
        team=_int_or_none(data.get("team"), "team"),
        amount=_int_or_none(data.get("amount"), "amount"),
        changes=tuple(parsed),
    )


def _int_or_none(value: object, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(
            "missing_field", Text(gettext_noop("%(field)s must be an integer"), field=name)
        )
    return value
