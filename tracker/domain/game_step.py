"""One step of the fold: the effect of one event on the state (its checks: game_checks), with the words
of its log line (the rules and choices are in ``tracker.domain.game``'s notes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from core.text import Text, gettext_noop
from tracker.domain.game_checks import violation
from tracker.domain.game_model import (
    TOGGLE_TYPES,
    Event,
    GameSetup,
    GameState,
    LogEntry,
    Reason,
    TeamState,
    poison_to_lose,
    starting_life,
)
from tracker.domain.game_words import (
    describe_event,
    entry,
    no_effect,
    one_after,
    sentence,
    signed,
    team_name,
    totals,
)

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


# --- the step ---------------------------------------------------------------------------------


def step(state: GameState, e: Event, undone: Mapping[int, int]) -> GameState:
    summary = describe_event(state, e)
    undone_by = undone.get(e.seq)
    if undone_by is not None:
        undone_words = gettext_noop("%(summary)s (undone by #%(seq)s).")
        return _logged(
            state, e, Text(undone_words, summary=summary, seq=undone_by), False, undone_by
        )
    error = violation(state, e)
    if error is not None:
        return _logged(state, e, no_effect(summary, error.message), False)
    if e.type == "undo":
        return _undo_step(state, e, summary, undone)
    after, detail = _HANDLERS[e.type](state, e)
    if e.type in _CHECKED and after.status == "playing":
        after, ended = _state_based(after)
        detail = one_after(detail, ended)
    if detail:
        return _logged(
            after,
            e,
            Text(gettext_noop("%(summary)s: %(detail)s"), summary=summary, detail=detail),
            True,
        )
    return _logged(after, e, sentence(summary), True)


def _undo_step(state: GameState, e: Event, summary: Text, undone: Mapping[int, int]) -> GameState:
    target = e.amount
    assert target is not None
    if target >= e.seq or entry(state.log, target) is None:
        why = Text(gettext_noop("no earlier event #%(seq)s"), seq=target)
        return _logged(state, e, no_effect(summary, why), False)
    by = undone.get(target)
    if by is not None and by != e.seq:
        why = Text(gettext_noop("#%(seq)s was undone by #%(by)s"), seq=target, by=by)
        return _logged(state, e, no_effect(summary, why), False)
    return _logged(state, e, sentence(summary), True)


def _logged(
    state: GameState, e: Event, words: Text, applied: bool, undone_by: int | None = None
) -> GameState:
    entry = LogEntry(e.seq, e, state.game, words.capitalized(), applied, undone_by)
    return replace(state, seq=e.seq, log=(*state.log, entry))


def _withteam_name(state: GameState, index: int, team: TeamState) -> GameState:
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
        words = gettext_noop("no life lost, the team can't lose life (CR 810.9h); %(totals)s.")
        return state, Text(words, totals=totals(state, i))
    if amount > 0 and team.cant_gain_life:
        words = gettext_noop("no life gained, the team can't gain life (CR 810.9g); %(totals)s.")
        return state, Text(words, totals=totals(state, i))
    after = _withteam_name(state, i, replace(team, life=team.life + amount))
    return after, sentence(totals(after, i))


def _pay_life(state: GameState, e: Event) -> tuple[GameState, str]:
    i = _index(state, e)
    team = state.teams[i]
    if not e.amount:
        words = gettext_noop("0 life paid, which is always allowed (CR 810.9b); %(totals)s.")
        return state, Text(words, totals=totals(state, i))
    after = _withteam_name(state, i, replace(team, life=team.life - (e.amount or 0)))
    return after, Text(gettext_noop("%(totals)s (CR 810.9b)."), totals=totals(after, i))


def _set_life(state: GameState, e: Event) -> tuple[GameState, str]:
    i = _index(state, e)
    team = state.teams[i]
    diff = (e.amount or 0) - team.life
    read = Text(
        gettext_noop("the player's life reads as the team's %(life)s (CR 810.9a)"), life=team.life
    )
    if diff < 0 and team.cant_lose_life:
        words = gettext_noop("%(read)s; the team can't lose life (CR 810.9h): no change.")
        return state, Text(words, read=read)
    if diff > 0 and team.cant_gain_life:
        words = gettext_noop("%(read)s; the team can't gain life (CR 810.9g): no change.")
        return state, Text(words, read=read)
    after = _withteam_name(state, i, replace(team, life=team.life + diff))
    words = gettext_noop("%(read)s, so %(diff)s (CR 810.9c); %(totals)s.")
    return after, Text(words, read=read, diff=signed(diff), totals=totals(after, i))


def _poison(state: GameState, e: Event) -> tuple[GameState, str]:
    i = _index(state, e)
    team = state.teams[i]
    if (e.amount or 0) > 0 and team.cant_get_poison:
        words = gettext_noop(
            "no poison counter, the team can't get poison counters (CR 810.10c); %(totals)s."
        )
        return state, Text(words, totals=totals(state, i))
    after = _withteam_name(state, i, replace(team, poison=max(0, team.poison + (e.amount or 0))))
    words = gettext_noop("%(totals)s (shared by the team, CR 810.10).")
    return after, Text(words, totals=totals(after, i))


def _proliferate(state: GameState, e: Event) -> tuple[GameState, str]:
    i = _index(state, e)
    team = state.teams[i]
    if not team.poison:
        return state, Text(gettext_noop("the team has no poison counter, no change."))
    if team.cant_get_poison:
        words = gettext_noop("the team can't get poison counters (CR 810.10c), no change.")
        return state, Text(words)
    after = _withteam_name(state, i, replace(team, poison=team.poison + 1))
    words = gettext_noop("one counter more, at most one per team; %(totals)s.")
    return after, Text(words, totals=totals(after, i))


def _effect(state: GameState, e: Event) -> tuple[GameState, str]:
    life, poison = [0, 0], [0, 0]
    prevented = False
    for c in e.changes:
        i = state.setup.team_of(c.player)
        assert i is not None
        if c.life < 0 and state.teams[i].cant_lose_life:
            prevented = True
        elif c.life > 0 and state.teams[i].cant_gain_life:
            prevented = True
        else:
            life[i] += c.life
        if c.poison > 0 and state.teams[i].cant_get_poison:
            prevented = True
        else:
            poison[i] += c.poison
    a, b = (
        replace(t, life=t.life + life[i], poison=max(0, t.poison + poison[i]))
        for i, t in enumerate(state.teams)
    )
    after = replace(state, teams=(a, b))
    if prevented:
        words = gettext_noop(
            "%(a)s; %(b)s (a team that can't lose life, gain life or get poison counters did"
            " not, CR 810.9g, 810.9h, 810.10c)."
        )
    else:
        words = gettext_noop("%(a)s; %(b)s.")
    return after, Text(words, a=totals(after, 0), b=totals(after, 1))


def _pass_turn(state: GameState, e: Event) -> tuple[GameState, str]:
    teams = [t.team for t in state.setup.teams]
    active, starter, guessed = state.active_team, state.starter, False
    if active is None:
        active = teams[0] if e.team is None else teams[1 - teams.index(e.team)]
        starter, guessed = active, True
    following = e.team if e.team is not None else teams[1 - teams.index(active)]
    turn = state.turn + 1
    after = replace(state, turn=turn, active_team=following, starter=starter)
    if following == active:
        active_words = gettext_noop("turn %(turn)s, %(team)s is active again (an extra turn)")
    else:
        active_words = gettext_noop("turn %(turn)s, %(team)s is active")
    line = Text(active_words, turn=turn, team=team_name(state.setup, following))
    if guessed:
        words = gettext_noop("%(line)s (who played first was not recorded: taken as %(team)s).")
        return after, Text(words, line=line, team=team_name(state.setup, active))
    return after, sentence(line)


def _concede(state: GameState, e: Event) -> tuple[GameState, str]:
    return _finish(state, {_index(state, e): "conceded"})


def _player_loses(state: GameState, e: Event) -> tuple[GameState, str]:
    return _finish(state, {_index(state, e): "player_lost"})


def _player_wins(state: GameState, e: Event) -> tuple[GameState, str]:
    return _finish(state, {1 - _index(state, e): "opponent_won"})


def _game_drawn(state: GameState, e: Event) -> tuple[GameState, str]:
    after = replace(state, status="over", drawn=True, winner=None)
    words = gettext_noop(
        "no team wins; the match goes on with a new game while time allows (MTR 9.1)."
    )
    return after, Text(words)


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
    words = gettext_noop("still game %(game)s of the match, fresh totals and turn 1; %(a)s, %(b)s.")
    return after, Text(words, game=state.game, a=totals(after, 0), b=totals(after, 1))


def _choose_play(state: GameState, e: Event) -> tuple[GameState, str]:
    before = state.starter
    after = replace(state, starter=e.team, active_team=e.team)
    if before not in (None, e.team):
        words = gettext_noop(
            "the team on the draw draws in its first turn (CR 810.6); instead of %(team)s."
        )
        return after, Text(words, team=team_name(state.setup, before))
    return after, Text(gettext_noop("the team on the draw draws in its first turn (CR 810.6)."))


def _mulligan(state: GameState, e: Event) -> tuple[GameState, str]:
    assert e.player is not None
    count = state.mulligans_of(e.player) + 1
    mulligans = tuple((p, n + 1 if p == e.player else n) for p, n in state.mulligans)
    if count == 1:
        words = gettext_noop("mulligan %(count)s, the free one: 7 cards, %(bottom)s to the bottom.")
    else:
        words = gettext_noop("mulligan %(count)s: 7 cards, %(bottom)s to the bottom.")
    text = Text(words, count=count, bottom=count - 1)
    if _after_the_other_team(state, e.player, count):
        late = gettext_noop(
            "%(text)s Out of turn order: entered after the other team's mulligan %(count)s,"
            " though the team that plays first declares first (2HG FAQ; MTR 9.4)."
        )
        text = Text(late, text=text, count=count)
    return replace(state, mulligans=mulligans), text


def _after_the_other_team(state: GameState, player: int, count: int) -> bool:
    """Whether a player of the team that plays first takes mulligan ``count`` after a player of
    the other team already took theirs: the starting team declares first (docs/rules.md
    "Mulligans"). Only marked in the log; the mulligans themselves are taken together."""
    index = state.setup.team_of(player)
    if index is None or state.starter != state.setup.teams[index].team:
        return False
    others = state.setup.teams[1 - index].players
    return any(n >= count for p, n in state.mulligans if p in others)


def _new_game(state: GameState, e: Event) -> tuple[GameState, str]:
    fresh = initial_state(state.setup)
    after = replace(
        fresh, game=state.game + 1, chooser=state.chooser, game_start_seq=e.seq, log=state.log
    )
    if state.chooser is not None:
        chooser = team_name(state.setup, state.chooser)
    else:
        chooser = Text(gettext_noop("the same team"))
    words = gettext_noop(
        "game %(game)s, fresh totals; %(chooser)s chooses play or draw again (MTR 2.2)."
    )
    return after, Text(words, game=after.game, chooser=chooser)


_TOGGLE_WORDS = {
    "cant_lose": (
        gettext_noop("%(team)s now can't lose the game (CR 810.8a)."),
        gettext_noop("%(team)s now can lose the game (CR 810.8a)."),
    ),
    "cant_lose_life": (
        gettext_noop("%(team)s now can't lose life (CR 810.9h)."),
        gettext_noop("%(team)s now can lose life (CR 810.9h)."),
    ),
    "cant_gain_life": (
        gettext_noop("%(team)s now can't gain life (CR 810.9g)."),
        gettext_noop("%(team)s now can gain life (CR 810.9g)."),
    ),
    "cant_get_poison": (
        gettext_noop("%(team)s now can't get poison counters (CR 810.10c)."),
        gettext_noop("%(team)s now can get poison counters (CR 810.10c)."),
    ),
}


def _toggle(state: GameState, e: Event) -> tuple[GameState, str]:
    """A toggle on one player covers the whole team while any of its players has it on."""
    assert e.player is not None
    i = _index(state, e)
    team = state.teams[i]
    players: frozenset[int] = getattr(team, e.type)
    players = players | {e.player} if e.amount else players - {e.player}
    if e.type == "cant_lose":
        changed = replace(team, cant_lose=players)
    elif e.type == "cant_lose_life":
        changed = replace(team, cant_lose_life=players)
    elif e.type == "cant_gain_life":
        changed = replace(team, cant_gain_life=players)
    else:
        changed = replace(team, cant_get_poison=players)
    after = _withteam_name(state, i, changed)
    on, off = _TOGGLE_WORDS[e.type]
    return after, Text(on if players else off, team=state.setup.team_name(i))


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
    "cant_gain_life": _toggle,
    "cant_get_poison": _toggle,
}

_REASONS: dict[Reason, str] = {
    "life": gettext_noop("0 or less life, CR 810.8c"),
    "poison": gettext_noop("the poison threshold, CR 810.8d"),
    "conceded": gettext_noop("a player conceded, CR 810.8b"),
    "player_lost": gettext_noop("a player lost, CR 810.8a"),
    "opponent_won": gettext_noop("a player of the other team won, CR 810.8a"),
}


def _state_based(state: GameState) -> tuple[GameState, str]:
    """Teams at 0 life or less or at the poison threshold lose (CR 810.8c, 810.8d), unless one of
    their players can't lose the game (CR 810.8a)."""
    threshold = poison_to_lose(state.setup.team_size)
    lost: dict[int, Reason] = {}
    spared: str = ""
    for i, team in enumerate(state.teams):
        reason: Reason | None = None
        if team.life <= 0:
            reason = "life"
        elif team.poison >= threshold:
            reason = "poison"
        if reason is not None and team.cant_lose:
            spare = Text(
                gettext_noop("%(team)s can't lose the game (CR 810.8a)."),
                team=state.setup.team_name(i),
            )
            spared = one_after(spared, spare)
        elif reason is not None:
            lost[i] = reason
    if not lost:
        return state, spared
    after, words = _finish(state, lost)
    return after, one_after(spared, words)


def _finish(state: GameState, lost: Mapping[int, Reason]) -> tuple[GameState, str]:
    teams = list(state.teams)
    for i, reason in lost.items():
        teams[i] = replace(teams[i], lost=True, reason=reason)
    pair = (teams[0], teams[1])
    if len(lost) == 2:
        after = replace(state, teams=pair, status="over", winner=None, drawn=True)
        return after, Text(gettext_noop("Both teams lose at once: the game is a draw (CR 104.4a)."))
    ((loser, reason),) = lost.items()
    winner = teams[1 - loser].team
    after = replace(state, teams=pair, status="over", winner=winner, drawn=False)
    name = state.setup.team_name
    words = gettext_noop("%(loser)s loses (%(reason)s); %(winner)s wins.")
    return after, Text(
        words, loser=name(loser), reason=Text(_REASONS[reason]), winner=name(1 - loser)
    )
