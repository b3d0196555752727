"""Reads of a table's game: its setup (who sits where) and its state as the API shows it
(docs/api.md "Tracker"). Once the game has an event, the whole state is the fold of its log
(the ``Game`` row keeps only the numbers and the latest rows, ``state_summary``, which the writer
answers and the live topic publishes); before, it is the fresh game of the table (nothing is
written by a read)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from core.db import json_column, prepared_cursor
from core.errors import Conflict
from pairing.models import Match, MatchTeam, Round
from tournament.models import Event as EventRow
from tournament.models import Player, Team
from tracker.domain.game import (
    Change,
    Event,
    GameSetup,
    GameState,
    TeamSetup,
    fold,
    initial_state,
    pick_chooser,
    propose_result,
    to_contract,
)
from tracker.domain.game_json import setup_from_json
from tracker.domain.game_model import SetupError
from tracker.domain.game_undo import last_in_force
from tracker.hooks import NO_NEW_GAME
from tracker.models import Game, GameEvent

LOG_TAIL = 30  # the latest log rows the Game row keeps, a write answers and an undo publishes


def build_setup(match: Match) -> GameSetup:
    """The table as the pairing seated it: team A then team B, each team's players in seat order
    at pairing (MatchTeam.seats, MTR 9.4), and the team that chooses play or draw: the one the
    pairing recorded (Match.chooses_play_draw, MTR 9.3, 2.2), or for a match paired before it
    was recorded one picked by an RNG seeded from the round's seed and the match, so it is the
    same for every reader before it is stored with the first event. Read as it is stored now
    (``table_setup``)."""
    return table_setup(match.pk)


# Everything build_setup reads, in one statement: the match, its round's seed, its event's match
# format, and per team of the match its name, its seats at pairing and its players in seat order
# (a game's first event reads it, 500 a second at the start of a round: with the ORM's four
# queries and get_or_create a first event cost 6.6 ms of CPU, now 1.8-2.5, in
# bench_tracker_write's warm-up). The tables' names come from the models; the match is a
# parameter.
_TABLE_SQL = (
    "SELECT m.team_a_id, m.team_b_id, m.chooses_play_draw, r.seed, v.match_format,"  # noqa: S608
    " t.id, t.name, e.seats, p.id, p.name"
    f" FROM {Match._meta.db_table} m"
    f" JOIN {Round._meta.db_table} r ON r.id = m.round_id"
    f" JOIN {EventRow._meta.db_table} v ON v.id = r.event_id"
    f" LEFT JOIN {Team._meta.db_table} t ON t.id = m.team_a_id OR t.id = m.team_b_id"
    f" LEFT JOIN {MatchTeam._meta.db_table} e ON e.match_id = m.id AND e.team_id = t.id"
    f" LEFT JOIN {Player._meta.db_table} p ON p.team_id = t.id"
    " WHERE m.id = %s ORDER BY t.id, p.seat"
)


def table_setup(match_id: int) -> GameSetup:
    """build_setup of the match with this id (one statement)."""
    with prepared_cursor() as cursor:
        cursor.execute(_TABLE_SQL, [match_id])
        rows = cursor.fetchall()
    if not rows:
        raise Match.DoesNotExist(f"no match {match_id}")
    team_a, team_b, side, seed, match_format = rows[0][:5]
    if team_b is None:
        raise Conflict("A bye has no table and no game.", code="bye")
    names: dict[int, str] = {}
    seats: dict[int, list[int]] = {}
    players: dict[int, list[tuple[int, str]]] = {}
    for *_match, team, name, seated, player, player_name in rows:
        if team is None:
            continue
        names[team] = name
        seats[team] = json_column(seated) or []
        if player is not None:
            players.setdefault(team, []).append((player, player_name))
    try:
        setup = GameSetup(
            (
                _team_setup(
                    team_a, names.get(team_a, ""), players.get(team_a, []), seats.get(team_a, [])
                ),
                _team_setup(
                    team_b, names.get(team_b, ""), players.get(team_b, []), seats.get(team_b, [])
                ),
            ),
            match_format=match_format,
        )
    except SetupError as exc:
        raise Conflict(f"This table cannot be tracked: {exc}.", code="no_table") from exc
    recorded = {"a": team_a, "b": team_b}.get(side or "")
    if recorded is not None:
        return GameSetup(setup.teams, chooser=recorded, match_format=match_format)
    rng = random.Random(f"{seed}:{match_id}")
    return GameSetup(setup.teams, chooser=pick_chooser(setup, rng), match_format=match_format)


def _team_setup(
    team: int, name: str, players: list[tuple[int, str]], seats: Sequence[int]
) -> TeamSetup:
    """One team at the table: its players in their seats at pairing (``players`` in seat order
    now, as (id, name))."""
    by_id = dict(players)
    ordered = [pk for pk in seats if pk in by_id]
    ordered += [pk for pk, _name in players if pk not in ordered]  # added after pairing: last
    return TeamSetup(team, tuple(ordered), name, tuple(by_id[pk] for pk in ordered))


def to_event(row: GameEvent) -> Event:
    return Event(
        seq=row.seq,
        type=row.type,
        player=row.player,
        team=row.team,
        amount=row.amount,
        changes=tuple(
            Change(c["player"], c.get("life", 0), c.get("poison", 0)) for c in row.changes
        ),
    )


def log_rows(match: Match, *, upto: int | None = None) -> list[GameEvent]:
    rows = GameEvent.objects.filter(match=match).select_related("by_user", "by_team")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    return list(rows.order_by("seq"))


def api_state(state: GameState, rows: Iterable[GameEvent]) -> dict[str, Any]:
    """The state as docs/api.md "Tracker" shows it, with the result it proposes (None while
    playing) and, on each log row, when it was entered and by whom (a judge's evidence)."""
    body: dict[str, Any] = to_contract(state)
    meta = {r.seq: r for r in rows}
    for entry in body["log"]:
        row = meta.get(entry["seq"])
        entry["at"] = row.created_at.isoformat() if row else None
        entry["by"] = entered_by(row) if row else ""
    # The latest action in force: from a whole fold, or from one step (tracker.services' fast
    # write), whose event is always one (apply refuses what would have no effect).
    latest = last_in_force(state)
    body["last_action"] = None if latest is None else last_action(log_row(body, latest.seq))
    proposal = propose_result(state)
    body["proposal"] = (
        None
        if proposal is None
        else {
            "games_a": proposal.games_a,
            "games_b": proposal.games_b,
            "games_drawn": proposal.games_drawn,
            "winner": proposal.winner,
            "match_over": proposal.match_over,
        }
    )
    return body


def with_time(match: Match, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with its proposal as the clock makes it: after a drawn game, once no new game
    may begin (time is called in a Swiss round, tracker.hooks.NO_NEW_GAME), the draw ends the
    match (MTR 2.4, 9.1), so ``match_over`` is true and ``no_new_game`` says why (absent
    otherwise). The clock is
    asked only for a drawn game's proposal."""
    proposal = body.get("proposal")
    if not isinstance(proposal, dict) or proposal.get("match_over"):
        return body
    refused = NO_NEW_GAME(match)
    if refused is None:
        return body
    return {**body, "proposal": {**proposal, "match_over": True, "no_new_game": refused}}


def log_row(body: dict[str, Any], seq: int) -> dict[str, Any]:
    """The API state's log row of ``seq`` in ``body``."""
    return next(row for row in reversed(body["log"]) if row["seq"] == seq)


def last_action(row: Mapping[str, Any]) -> dict[str, Any]:
    """The state's ``last_action`` (docs/api.md "Tracker"): the latest action still in force,
    which the table's Undo names and an ``undo`` without ``amount`` undoes, as ``{seq, type,
    text}`` of its log row."""
    return {"seq": row["seq"], "type": row["type"], "text": row["text"]}


def entered_by(row: GameEvent) -> str:
    if row.by_team_id is not None and row.by_team is not None:
        return row.by_team.name
    if row.by_user_id is not None and row.by_user is not None:
        return row.by_user.get_username()
    return ""


def game_state(match: Match) -> dict[str, Any]:
    """The game's current state with its whole log (the fold of the stored events), or the
    fresh game of the table."""
    game = Game.objects.filter(pk=match.pk).only("setup").first()
    if game is None:
        return api_state(initial_state(build_setup(match)), ())
    rows = log_rows(match)
    state = fold(setup_from_json(game.setup), [to_event(r) for r in rows])
    return with_time(match, api_state(state, rows))


def game_summary(match: Match) -> dict[str, Any]:
    """The game's current state with only the latest rows of its log (``state_summary``): the
    Game row's cache, or the fresh game of the table."""
    cached = cached_state(match.pk)
    if cached is not None:
        return with_time(match, cached)
    return state_summary(api_state(initial_state(build_setup(match)), ()))


def state_summary(state: dict[str, Any]) -> dict[str, Any]:
    """An API state with only the latest ``LOG_TAIL`` rows of its log and ``log_total``, the
    number of rows of the whole log (a write's answer, the Game row's cache)."""
    log = state["log"]
    return {**state, "log": log[-LOG_TAIL:], "log_total": state.get("log_total", len(log))}


def game_setup(match: Match) -> GameSetup:
    game = Game.objects.filter(pk=match.pk).only("setup").first()
    return setup_from_json(game.setup) if game is not None else build_setup(match)


def state_at(match: Match, seq: int) -> dict[str, Any]:
    """The state right after event ``seq``: the fold of the log up to it (a retry's answer)."""
    rows = log_rows(match, upto=seq)
    setup = game_setup(match)
    return api_state(fold(setup, [to_event(r) for r in rows]), rows)


def rebuilt_state(match: Match) -> dict[str, Any]:
    """The state folded again from the whole log, ignoring the cache."""
    rows = log_rows(match)
    return api_state(fold(game_setup(match), [to_event(r) for r in rows]), rows)


# match id -> (seq, state) of the latest write of this process, so that publishing it after the
# commit needs no read (tracker.receivers.table_changed); taken once, and a later write replaces it.
_written: dict[int, tuple[int, dict[str, Any]]] = {}


def remember_written(match_id: int, seq: int, state: dict[str, Any]) -> None:
    _written[match_id] = (seq, state)


def written_state(match_id: int, seq: int) -> dict[str, Any] | None:
    """The state this process wrote at ``seq``, once (None: another seq was written since, or
    another process wrote it)."""
    kept = _written.pop(match_id, None)
    return kept[1] if kept is not None and kept[0] == seq else None


def cached_state(match_id: int) -> dict[str, Any] | None:
    """The Game row's cached state (``state_summary``), None before the game's first event."""
    return Game.objects.filter(pk=match_id).values_list("state", flat=True).first()
