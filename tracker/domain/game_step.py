"""One step of the fold: the checks of one event and its effect on the state, with the words
of its log line (the rules and choices are in ``tracker.domain.game``'s notes)."""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import replace

from core.text import Text, gettext_noop
from tracker.domain.game_model import (
    EVENT_TYPES,
    MAX_AMOUNT,
    MAX_MULLIGANS,
    TOGGLE_TYPES,
    Change,
    Event,
    GameError,
    GameSetup,
    GameState,
    LogEntry,
    Reason,
    TeamState,
    poison_to_lose,
    starting_life,
)

_FIELDS: dict[str, tuple[str, ...]] = {
    "life": ("player", "amount"),
    "pay_life": ("player", "amount"),
    "set_life": ("player", "amount"),
    "poison": ("player", "amount"),
    "proliferate": ("team",),
    "effect": ("changes",),
    "pass_turn": (),
    "concede": ("player",),
    "player_loses": ("player",),
    "player_wins": ("player",),
    "game_drawn": (),
    "restart": (),
    "choose_play": ("team",),
    "mulligan": ("player",),
    "undo": ("amount",),
    "new_game": (),
    "cant_lose": ("player", "amount"),
    "cant_lose_life": ("player", "amount"),
}
# Events after which the state-based actions are checked (CR 810.8c, 810.8d).
_CHECKED = frozenset(
    {"life", "pay_life", "set_life", "poison", "proliferate", "effect", *TOGGLE_TYPES}
)


def initial_state(setup: GameSetup) -> GameState:
    """The state before any event: the first game, starting totals, turn 1."""
    life = starting_life(setup.team_size)
    a, b = setup.teams
    return GameState(
        setup=setup,
        game=1,
        seq=0,
        status="playing",
        turn=1,
        active_team=None,
        teams=(TeamState(a.team, life, 0), TeamState(b.team, life, 0)),
        winner=None,
        drawn=False,
        chooser=setup.chooser,
        starter=None,
        mulligans=tuple((p, 0) for p in setup.players),
        restarts=0,
        game_start_seq=0,
        log=(),
    )


# --- validation -----------------------------------------------------------------------------


def violation(state: GameState, e: Event) -> GameError | None:
    """Why ``e`` cannot apply to ``state``, or None. An undo's target is checked apart
    (``undo_violation``), since the fold settles undos before it replays."""
    setup = state.setup
    if e.type not in EVENT_TYPES:
        known = ", ".join(sorted(EVENT_TYPES))
        return GameError(
            "unknown_type",
            Text(
                gettext_noop("unknown event type %(type)s; known: %(known)s"),
                type=repr(e.type),
                known=known,
            ),
        )
    for name in _FIELDS[e.type]:
        if (name == "changes" and not e.changes) or (
            name != "changes" and getattr(e, name) is None
        ):
            return GameError(
                "missing_field",
                Text(gettext_noop("a %(type)s event needs %(field)s"), type=e.type, field=name),
            )
    players = [e.player] if e.player is not None else []
    players += [c.player for c in e.changes]
    for player in players:
        if setup.team_of(player) is None:
            return GameError(
                "unknown_player",
                Text(gettext_noop("player %(player)s does not sit at this table"), player=player),
            )
    if e.team is not None and setup.team_index(e.team) is None:
        return GameError(
            "unknown_team",
            Text(gettext_noop("team %(team)s does not play at this table"), team=e.team),
        )
    amounts = [e.amount] if e.amount is not None and e.type != "undo" else []
    amounts += [n for c in e.changes for n in (c.life, c.poison)]
    if any(abs(n) > MAX_AMOUNT for n in amounts):
        return GameError(
            "amount_out_of_range",
            Text(gettext_noop("amounts are between -%(max)s and %(max)s"), max=MAX_AMOUNT),
        )
    if e.type in TOGGLE_TYPES and e.amount not in (0, 1):
        return GameError(
            "bad_toggle", Text(gettext_noop("%(type)s takes amount 1 (on) or 0 (off)"), type=e.type)
        )
    if e.type == "undo":
        return None
    return _rule_violation(state, e)


def _rule_violation(state: GameState, e: Event) -> GameError | None:
    if state.status == "over":
        if e.type == "new_game" and state.drawn:
            return None
        if e.type == "new_game":
            return GameError(
                "not_drawn",
                Text(gettext_noop("the match is decided: a new game follows a drawn one")),
            )
        return GameError("game_over", Text(gettext_noop("the game is over: only undo is accepted")))
    if e.type == "new_game":
        return GameError(
            "not_drawn", Text(gettext_noop("a new game starts only after a drawn game (MTR 9.1)"))
        )
    if e.type in ("choose_play", "mulligan") and state.turn > 1:
        return GameError(
            "game_started",
            Text(gettext_noop("%(type)s comes before the first turn passes"), type=e.type),
        )
    index = state.setup.team_of(e.player) if e.player is not None else None
    team = state.teams[index] if index is not None else None
    if e.type == "pay_life" and team is not None and e.amount is not None:
        if e.amount <= 0:
            return GameError(
                "pay_not_positive", Text(gettext_noop("pay_life takes a positive amount"))
            )
        if team.cant_lose_life:
            return GameError(
                "cant_lose_life",
                Text(gettext_noop("this team can't lose life, so it can pay only 0 (CR 810.9h)")),
            )
        if e.amount > team.life:
            return GameError(
                "pay_beyond_total",
                Text(
                    gettext_noop(
                        "the team has %(life)s life and cannot pay %(amount)s (CR 810.9b)"
                    ),
                    life=team.life,
                    amount=e.amount,
                ),
            )
    if e.type == "mulligan" and e.player is not None:
        if state.starter is None:
            return GameError(
                "play_not_chosen",
                Text(gettext_noop("record who plays first before mulligans (MTR 9.4)")),
            )
        if state.mulligans_of(e.player) >= MAX_MULLIGANS:
            return GameError(
                "mulligan_limit",
                Text(gettext_noop("no mulligan after the %(max)sth"), max=MAX_MULLIGANS),
            )
    if e.type == "player_loses" and team is not None and team.cant_lose:
        return GameError(
            "team_cant_lose", Text(gettext_noop("this team can't lose the game (CR 810.8a)"))
        )
    return None


def undo_violation(state: GameState, e: Event) -> GameError | None:
    target = e.amount
    assert target is not None  # _violation checked the field
    if target >= e.seq:
        return GameError(
            "undo_not_earlier",
            Text(gettext_noop("#%(seq)s can only undo an earlier event"), seq=e.seq),
        )
    if entry(state.log, target) is None:
        return GameError(
            "undo_unknown_seq",
            Text(gettext_noop("there is no event #%(seq)s in this game's log"), seq=target),
        )
    if target < state.game_start_seq:
        return GameError(
            "undo_other_game",
            Text(gettext_noop("#%(seq)s belongs to an earlier game of the match"), seq=target),
        )
    return None


def entry(log: tuple[LogEntry, ...], seq: int) -> LogEntry | None:
    i = bisect.bisect_left(log, seq, key=lambda entry: entry.seq)
    return log[i] if i < len(log) and log[i].seq == seq else None


# --- the step ---------------------------------------------------------------------------------


def step(state: GameState, e: Event, undone: Mapping[int, int]) -> GameState:
    summary = _summary(state, e)
    undone_by = undone.get(e.seq)
    if undone_by is not None:
        return _logged(state, e, f"{summary} (undone by #{undone_by}).", False, undone_by)
    error = violation(state, e)
    if error is not None:
        return _logged(state, e, f"{summary} (no effect: {error.message}).", False)
    if e.type == "undo":
        return _undo_step(state, e, summary, undone)
    after, detail = _HANDLERS[e.type](state, e)
    if e.type in _CHECKED and after.status == "playing":
        after, ended = _state_based(after)
        detail = f"{detail} {ended}".strip()
    return _logged(after, e, f"{summary}: {detail}" if detail else f"{summary}.", True)


def _undo_step(state: GameState, e: Event, summary: str, undone: Mapping[int, int]) -> GameState:
    target = e.amount
    assert target is not None
    if target >= e.seq or entry(state.log, target) is None:
        return _logged(state, e, f"{summary} (no effect: no earlier event #{target}).", False)
    by = undone.get(target)
    if by is not None and by != e.seq:
        return _logged(state, e, f"{summary} (no effect: #{target} was undone by #{by}).", False)
    return _logged(state, e, f"{summary}.", True)


def _logged(
    state: GameState, e: Event, text: str, applied: bool, undone_by: int | None = None
) -> GameState:
    entry = LogEntry(e.seq, e, state.game, text[:1].upper() + text[1:], applied, undone_by)
    return replace(state, seq=e.seq, log=(*state.log, entry))


def _summary(state: GameState, e: Event) -> str:
    """What the event says, without the state: the first words of its log line."""
    p = _player(state.setup, e.player)
    t = _team(state.setup, e.team)
    on_off = "on" if e.amount else "off"
    match e.type:
        case "life":
            return f"{p} {e.amount or 0:+d} life"
        case "pay_life":
            return f"{p} pays {e.amount} life"
        case "set_life":
            return f"{p}'s life total becomes {e.amount}"
        case "poison":
            return f"{p} {e.amount or 0:+d} poison"
        case "proliferate":
            return f"proliferate on {t}"
        case "effect":
            return "at once: " + ", ".join(_change(state.setup, c) for c in e.changes)
        case "pass_turn":
            return "turn passed" + (f" to {t}" if e.team is not None else "")
        case "concede":
            return f"{p} concedes"
        case "player_loses":
            return f"{p} loses the game"
        case "player_wins":
            return f"{p} wins the game"
        case "game_drawn":
            return "the game is drawn"
        case "restart":
            return "the game restarts"
        case "choose_play":
            return f"{t} plays first"
        case "mulligan":
            return f"{p} mulligans"
        case "undo":
            target = entry(state.log, e.amount) if e.amount is not None else None
            if target is None or target.event.type == "undo":  # no nesting: "undo #6 (undo #5)"
                what = f" (undo #{target.event.amount})" if target is not None else ""
            else:
                what = f" ({_summary(state, target.event)})"
            return f"undo #{e.amount}{what}"
        case "new_game":
            return "next game of the match"
        case "cant_lose":
            return f"{p} can't lose the game: {on_off}"
        case "cant_lose_life":
            return f"{p} can't lose life: {on_off}"
    return f"{e.type!r} event"


def _player(setup: GameSetup, player: int | None) -> str:
    return setup.player_name(player) if player is not None else "?"


def _team(setup: GameSetup, team: int | None) -> str:
    index = setup.team_index(team) if team is not None else None
    return setup.team_name(index) if index is not None else f"team {team}"


def _change(setup: GameSetup, c: Change) -> str:
    parts = [f"{c.life:+d} life"] if c.life or not c.poison else []
    parts += [f"{c.poison:+d} poison"] if c.poison else []
    return f"{setup.player_name(c.player)} {' '.join(parts)}"


def _totals(state: GameState, index: int) -> str:
    t = state.teams[index]
    poison = f", {t.poison} poison" if t.poison else ""
    return f"{state.setup.team_name(index)} at {t.life} life{poison}"


def _with_team(state: GameState, index: int, team: TeamState) -> GameState:
    teams = (team, state.teams[1]) if index == 0 else (state.teams[0], team)
    return replace(state, teams=teams)


def _index(state: GameState, e: Event) -> int:
    """The team index of the event's player, or of its team."""
    if e.player is not None:
        index = state.setup.team_of(e.player)
    else:
        index = state.setup.team_index(e.team) if e.team is not None else None
    assert index is not None  # _violation checked the field
    return index


# --- handlers: (state, event) -> (state, words) ---------------------------------------------


def _life(state: GameState, e: Event) -> tuple[GameState, str]:
    i, amount = _index(state, e), e.amount or 0
    team = state.teams[i]
    if amount < 0 and team.cant_lose_life:
        return state, f"no life lost, the team can't lose life (CR 810.9h); {_totals(state, i)}."
    after = _with_team(state, i, replace(team, life=team.life + amount))
    return after, f"{_totals(after, i)}."


def _pay_life(state: GameState, e: Event) -> tuple[GameState, str]:
    i = _index(state, e)
    team = state.teams[i]
    after = _with_team(state, i, replace(team, life=team.life - (e.amount or 0)))
    return after, f"{_totals(after, i)} (CR 810.9b)."


def _set_life(state: GameState, e: Event) -> tuple[GameState, str]:
    i = _index(state, e)
    team = state.teams[i]
    diff = (e.amount or 0) - team.life
    read = f"the player's life reads as the team's {team.life} (CR 810.9a)"
    if diff < 0 and team.cant_lose_life:
        return state, f"{read}; the team can't lose life (CR 810.9h): no change."
    after = _with_team(state, i, replace(team, life=team.life + diff))
    return after, f"{read}, so {diff:+d} (CR 810.9c); {_totals(after, i)}."


def _poison(state: GameState, e: Event) -> tuple[GameState, str]:
    i = _index(state, e)
    team = state.teams[i]
    after = _with_team(state, i, replace(team, poison=max(0, team.poison + (e.amount or 0))))
    return after, f"{_totals(after, i)} (shared by the team, CR 810.10)."


def _proliferate(state: GameState, e: Event) -> tuple[GameState, str]:
    i = _index(state, e)
    team = state.teams[i]
    if not team.poison:
        return state, "the team has no poison counter, no change."
    after = _with_team(state, i, replace(team, poison=team.poison + 1))
    return after, f"one counter more, at most one per team; {_totals(after, i)}."


def _effect(state: GameState, e: Event) -> tuple[GameState, str]:
    life, poison = [0, 0], [0, 0]
    prevented = False
    for c in e.changes:
        i = state.setup.team_of(c.player)
        assert i is not None
        if c.life < 0 and state.teams[i].cant_lose_life:
            prevented = True
        else:
            life[i] += c.life
        poison[i] += c.poison
    a, b = (
        replace(t, life=t.life + life[i], poison=max(0, t.poison + poison[i]))
        for i, t in enumerate(state.teams)
    )
    after = replace(state, teams=(a, b))
    note = " (a team that can't lose life lost none, CR 810.9h)" if prevented else ""
    return after, f"{_totals(after, 0)}; {_totals(after, 1)}{note}."


def _pass_turn(state: GameState, e: Event) -> tuple[GameState, str]:
    teams = [t.team for t in state.setup.teams]
    active, starter, note = state.active_team, state.starter, ""
    if active is None:
        active = teams[0] if e.team is None else teams[1 - teams.index(e.team)]
        starter = active
        note = f" (who played first was not recorded: taken as {_team(state.setup, active)})"
    following = e.team if e.team is not None else teams[1 - teams.index(active)]
    turn = state.turn + 1
    after = replace(state, turn=turn, active_team=following, starter=starter)
    again = " again (an extra turn)" if following == active else ""
    return after, f"turn {turn}, {_team(state.setup, following)} is active{again}{note}."


def _concede(state: GameState, e: Event) -> tuple[GameState, str]:
    return _finish(state, {_index(state, e): "conceded"})


def _player_loses(state: GameState, e: Event) -> tuple[GameState, str]:
    return _finish(state, {_index(state, e): "player_lost"})


def _player_wins(state: GameState, e: Event) -> tuple[GameState, str]:
    return _finish(state, {1 - _index(state, e): "opponent_won"})


def _game_drawn(state: GameState, e: Event) -> tuple[GameState, str]:
    after = replace(state, status="over", drawn=True, winner=None)
    return after, "no team wins; the match goes on with a new game while time allows (MTR 9.1)."


def _restart(state: GameState, e: Event) -> tuple[GameState, str]:
    fresh = initial_state(state.setup)
    after = replace(
        fresh,
        game=state.game,
        chooser=state.chooser,
        restarts=state.restarts + 1,
        game_start_seq=state.game_start_seq,
        log=state.log,
    )
    return after, f"still game {state.game} of the match, fresh totals and turn 1; " + (
        f"{_totals(after, 0)}, {_totals(after, 1)}."
    )


def _choose_play(state: GameState, e: Event) -> tuple[GameState, str]:
    before = state.starter
    after = replace(state, starter=e.team, active_team=e.team)
    note = f" (instead of {_team(state.setup, before)})" if before not in (None, e.team) else ""
    return after, f"the other team draws; it skips its first draw step (CR 810.6){note}."


def _mulligan(state: GameState, e: Event) -> tuple[GameState, str]:
    assert e.player is not None
    count = state.mulligans_of(e.player) + 1
    mulligans = tuple((p, n + 1 if p == e.player else n) for p, n in state.mulligans)
    free = ", the free one" if count == 1 else ""
    return replace(state, mulligans=mulligans), (
        f"mulligan {count}{free}: 7 cards, {count - 1} to the bottom."
    )


def _new_game(state: GameState, e: Event) -> tuple[GameState, str]:
    fresh = initial_state(state.setup)
    after = replace(
        fresh, game=state.game + 1, chooser=state.chooser, game_start_seq=e.seq, log=state.log
    )
    chooser = _team(state.setup, state.chooser) if state.chooser is not None else "the same team"
    return after, (
        f"game {after.game}, fresh totals; {chooser} chooses play or draw again (MTR 2.2)."
    )


def _toggle(state: GameState, e: Event) -> tuple[GameState, str]:
    assert e.player is not None
    i = _index(state, e)
    team = state.teams[i]
    game = e.type == "cant_lose"
    players = team.cant_lose if game else team.cant_lose_life
    players = players | {e.player} if e.amount else players - {e.player}
    changed = replace(team, cant_lose=players) if game else replace(team, cant_lose_life=players)
    after = _with_team(state, i, changed)
    what = "lose the game (CR 810.8a)" if game else "lose life (CR 810.9h)"
    now = "can't" if players else "can"
    return after, f"{state.setup.team_name(i)} now {now} {what}."


_HANDLERS = {
    "life": _life,
    "pay_life": _pay_life,
    "set_life": _set_life,
    "poison": _poison,
    "proliferate": _proliferate,
    "effect": _effect,
    "pass_turn": _pass_turn,
    "concede": _concede,
    "player_loses": _player_loses,
    "player_wins": _player_wins,
    "game_drawn": _game_drawn,
    "restart": _restart,
    "choose_play": _choose_play,
    "mulligan": _mulligan,
    "new_game": _new_game,
    "cant_lose": _toggle,
    "cant_lose_life": _toggle,
}

_REASONS: dict[Reason, str] = {
    "life": "0 or less life, CR 810.8c",
    "poison": "the poison threshold, CR 810.8d",
    "conceded": "a player conceded, CR 810.8b",
    "player_lost": "a player lost, CR 810.8a",
    "opponent_won": "a player of the other team won, CR 810.8a",
}


def _state_based(state: GameState) -> tuple[GameState, str]:
    """Teams at 0 life or less or at the poison threshold lose (CR 810.8c, 810.8d), unless one of
    their players can't lose the game (CR 810.8a)."""
    threshold = poison_to_lose(state.setup.team_size)
    lost: dict[int, Reason] = {}
    spared: list[str] = []
    for i, team in enumerate(state.teams):
        reason: Reason | None = None
        if team.life <= 0:
            reason = "life"
        elif team.poison >= threshold:
            reason = "poison"
        if reason is not None and team.cant_lose:
            spared.append(f"{state.setup.team_name(i)} can't lose the game (CR 810.8a).")
        elif reason is not None:
            lost[i] = reason
    if not lost:
        return state, " ".join(spared)
    after, words = _finish(state, lost)
    return after, " ".join([*spared, words])


def _finish(state: GameState, lost: Mapping[int, Reason]) -> tuple[GameState, str]:
    teams = list(state.teams)
    for i, reason in lost.items():
        teams[i] = replace(teams[i], lost=True, reason=reason)
    pair = (teams[0], teams[1])
    if len(lost) == 2:
        after = replace(state, teams=pair, status="over", winner=None, drawn=True)
        return after, "Both teams lose at once: the game is a draw (CR 104.4a)."
    ((loser, reason),) = lost.items()
    winner = teams[1 - loser].team
    after = replace(state, teams=pair, status="over", winner=winner, drawn=False)
    name = state.setup.team_name
    return after, f"{name(loser)} loses ({_REASONS[reason]}); {name(1 - loser)} wins."
