"""A table's game as JSON for storage: the setup, and the state without its log (the Game row
keeps both, so a write applies the next event to the stored state instead of folding the whole
log again). Pure: ``core_from_json(setup, core_to_json(state))`` is ``state`` without its log."""

from __future__ import annotations

from typing import Any

from pairing.domain.match_format import ONE_GAME
from tracker.domain.game_model import GameSetup, GameState, TeamSetup, TeamState


def setup_to_json(setup: GameSetup) -> dict[str, Any]:
    """The setup as the Game row keeps it; the match format only when it is not the default
    one game (every row stored before the format was kept is a one-game table)."""
    data: dict[str, Any] = {
        "teams": [
            {
                "team": t.team,
                "players": list(t.players),
                "name": t.name,
                "player_names": list(t.player_names),
            }
            for t in setup.teams
        ],
        "chooser": setup.chooser,
    }
    if setup.match_format != ONE_GAME.key:
        data["match_format"] = setup.match_format
    return data


def setup_from_json(data: dict[str, Any]) -> GameSetup:
    a, b = (
        TeamSetup(t["team"], tuple(t["players"]), t["name"], tuple(t["player_names"]))
        for t in data["teams"]
    )
    fmt = data.get("match_format", ONE_GAME.key)
    return GameSetup((a, b), chooser=data["chooser"], match_format=fmt)


def core_to_json(state: GameState) -> dict[str, Any]:
    """The domain state without its log, as the Game row keeps it (``core_from_json``)."""
    return {
        "game": state.game,
        "seq": state.seq,
        "status": state.status,
        "turn": state.turn,
        "active_team": state.active_team,
        "teams": [
            [
                t.team,
                t.life,
                t.poison,
                t.lost,
                t.reason,
                sorted(t.cant_lose),
                sorted(t.cant_lose_life),
                sorted(t.cant_gain_life),
                sorted(t.cant_get_poison),
            ]
            for t in state.teams
        ],
        "winner": state.winner,
        "drawn": state.drawn,
        "chooser": state.chooser,
        "starter": state.starter,
        "mulligans": [list(pair) for pair in state.mulligans],
        "restarts": state.restarts,
        "game_start_seq": state.game_start_seq,
    }


def core_from_json(setup: GameSetup, data: dict[str, Any]) -> GameState:
    """The domain state ``core_to_json`` kept, with an empty log: enough to check and apply the
    next event other than an undo (an undo needs the log and folds it again)."""
    a, b = (_team_from_json(row) for row in data["teams"])
    return GameState(
        setup=setup,
        game=data["game"],
        seq=data["seq"],
        status=data["status"],
        turn=data["turn"],
        active_team=data["active_team"],
        teams=(a, b),
        winner=data["winner"],
        drawn=data["drawn"],
        chooser=data["chooser"],
        starter=data["starter"],
        mulligans=tuple((player, count) for player, count in data["mulligans"]),
        restarts=data["restarts"],
        game_start_seq=data["game_start_seq"],
        log=(),
    )


def _team_from_json(row: list[Any]) -> TeamState:
    """A team as core_to_json keeps it; rows stored before "can't gain life" and "can't get
    poison counters" (CR 810.9g, 810.10c) have neither."""
    team, life, poison, lost, reason, cl, cll, *more = row
    gain, poison_off = (more + [[], []])[:2]
    return TeamState(
        team,
        life,
        poison,
        lost,
        reason,
        frozenset(cl),
        frozenset(cll),
        frozenset(gain),
        frozenset(poison_off),
    )
