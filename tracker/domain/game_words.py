"""The words of the game log (tracker.domain.game_step), as core.text.Text: English words that
keep their template and parameters, so a page says every line in its reader's language
(core.i18n.localize) while the stored copy stays English. Pure: no Django."""

from __future__ import annotations

import bisect

from core.text import Text, gettext_noop
from tracker.domain.game_model import Change, Event, GameSetup, GameState, LogEntry


def entry(log: tuple[LogEntry, ...], seq: int) -> LogEntry | None:
    i = bisect.bisect_left(log, seq, key=lambda entry: entry.seq)
    return log[i] if i < len(log) and log[i].seq == seq else None


def sentence(words: str) -> Text:
    return Text(gettext_noop("%(words)s."), words=words)


def no_effect(summary: Text, why: str) -> Text:
    return Text(gettext_noop("%(summary)s (no effect: %(why)s)."), summary=summary, why=why)


def one_after(first: str, then: str) -> str:
    """Two sentences one after the other (either may be empty)."""
    if first and then:
        return Text(gettext_noop("%(first)s %(then)s"), first=first, then=then)
    return first or then


def signed(value: int) -> str:
    return f"{value:+d}"


def describe_event(state: GameState, e: Event) -> Text:
    """What the event says, without the state: the first words of its log line."""
    p = player_name(state.setup, e.player)
    t = team_name(state.setup, e.team)
    amount = e.amount or 0
    match e.type:
        case "life":
            return Text(gettext_noop("%(player)s %(amount)s life"), player=p, amount=signed(amount))
        case "pay_life":
            return Text(gettext_noop("%(player)s pays %(amount)s life"), player=p, amount=e.amount)
        case "set_life":
            words = gettext_noop("%(player)s's life total becomes %(amount)s")
            return Text(words, player=p, amount=e.amount)
        case "poison":
            return Text(
                gettext_noop("%(player)s %(amount)s poison"), player=p, amount=signed(amount)
            )
        case "proliferate":
            return Text(gettext_noop("proliferate on %(team)s"), team=t)
        case "effect":
            changes = [change_words(state.setup, c) for c in e.changes]
            listed: str = changes[0] if changes else ""
            for change in changes[1:]:
                listed = Text(gettext_noop("%(list)s, %(item)s"), list=listed, item=change)
            return Text(gettext_noop("at once: %(changes)s"), changes=listed)
        case "pass_turn":
            if e.team is None:
                return Text(gettext_noop("turn passed"))
            return Text(gettext_noop("turn passed to %(team)s"), team=t)
        case "concede":
            return Text(gettext_noop("%(player)s concedes"), player=p)
        case "player_loses":
            return Text(gettext_noop("%(player)s loses the game"), player=p)
        case "player_wins":
            return Text(gettext_noop("%(player)s wins the game"), player=p)
        case "game_drawn":
            return Text(gettext_noop("the game is drawn"))
        case "restart":
            return Text(gettext_noop("the game restarts"))
        case "choose_play":
            return Text(gettext_noop("%(name)s plays first and skips its first draw step"), name=t)
        case "mulligan":
            return Text(gettext_noop("%(player)s mulligans"), player=p)
        case "undo":
            target = entry(state.log, e.amount) if e.amount is not None else None
            if target is None:
                return Text(gettext_noop("undo #%(seq)s"), seq=e.amount)
            if target.event.type == "undo":  # no nesting: "undo #6 (undo #5)"
                what = Text(gettext_noop("undo #%(seq)s"), seq=target.event.amount)
            else:
                what = describe_event(state, target.event)
            return Text(gettext_noop("undo #%(seq)s (%(event)s)"), seq=e.amount, event=what)
        case "new_game":
            return Text(gettext_noop("next game of the match"))
        case "cant_lose" | "cant_lose_life" | "cant_gain_life" | "cant_get_poison":
            on, off = _TOGGLE_LINES[e.type]
            return Text(on if e.amount else off, player=p)
    return Text(gettext_noop("%(type)s event"), type=repr(e.type))


# A toggle's log line when it is turned on and off: whole sentences, so each is translated whole.
_TOGGLE_LINES = {
    "cant_lose": (
        gettext_noop("%(player)s can't lose the game: on"),
        gettext_noop("%(player)s can't lose the game: off"),
    ),
    "cant_lose_life": (
        gettext_noop("%(player)s can't lose life: on"),
        gettext_noop("%(player)s can't lose life: off"),
    ),
    "cant_gain_life": (
        gettext_noop("%(player)s can't gain life: on"),
        gettext_noop("%(player)s can't gain life: off"),
    ),
    "cant_get_poison": (
        gettext_noop("%(player)s can't get poison counters: on"),
        gettext_noop("%(player)s can't get poison counters: off"),
    ),
}


def player_name(setup: GameSetup, player: int | None) -> str:
    return setup.player_name(player) if player is not None else "?"


def team_name(setup: GameSetup, team: int | None) -> str:
    index = setup.team_index(team) if team is not None else None
    return (
        setup.team_name(index)
        if index is not None
        else Text(gettext_noop("team %(team)s"), team=team)
    )


def change_words(setup: GameSetup, c: Change) -> Text:
    name = setup.player_name(c.player)
    if c.life and c.poison:
        words = gettext_noop("%(player)s %(life)s life %(poison)s poison")
        return Text(words, player=name, life=signed(c.life), poison=signed(c.poison))
    if c.poison:
        return Text(
            gettext_noop("%(player)s %(amount)s poison"), player=name, amount=signed(c.poison)
        )
    return Text(gettext_noop("%(player)s %(amount)s life"), player=name, amount=signed(c.life))


def totals(state: GameState, index: int) -> Text:
    t = state.teams[index]
    name = state.setup.team_name(index)
    if t.poison:
        words = gettext_noop("%(team)s at %(life)s life, %(poison)s poison")
        return Text(words, team=name, life=t.life, poison=t.poison)
    return Text(gettext_noop("%(team)s at %(life)s life"), team=name, life=t.life)
