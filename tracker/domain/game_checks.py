"""The checks of one event before it is applied (``tracker.domain.game_step``): its type and fields,
the amounts, and the rules that refuse it in the game's state; an undo's own checks."""

from __future__ import annotations

from core.text import Text, gettext_noop
from tracker.domain.game_model import (
    EVENT_TYPES,
    MAX_AMOUNT,
    MAX_MULLIGANS,
    TOGGLE_TYPES,
    Event,
    GameError,
    GameState,
)
from tracker.domain.game_words import entry

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
    "cant_gain_life": ("player", "amount"),
    "cant_get_poison": ("player", "amount"),
}


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
        if e.amount < 0:
            return GameError(
                "pay_not_positive", Text(gettext_noop("pay_life takes a positive amount, or 0"))
            )
        if e.amount == 0:
            return None  # 0 can always be paid (CR 810.9b), even by a team that can't lose life
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
