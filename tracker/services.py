"""The writes of a table's game (docs/api.md "Tracker"): add an event, rebuild the cached state,
confirm the result a finished game proposes.

Locks: the match's ``Game`` row (select_for_update), created on the first event. A writer holds it
while it checks the new event with the domain and appends it with the next seq, so two phones
tapping at once are both kept, one after the other. A write costs the same whatever the game's
length: the row keeps the domain state without its log (``core``), the new event is applied to it
in one step, and the cached state keeps only the latest rows of the log; only an undo (and
``game_rebuild``) reads and folds the whole log. No other row is locked, so the
result services (event, then match) never wait on the tracker in the other order.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from core import events
from core.errors import Conflict, ServiceError
from pairing import services as pairing_services
from pairing.models import Match
from tournament.models import Team
from tracker import selectors
from tracker.domain import game_json
from tracker.domain.game import GameError, apply, fold, initial_state, parse_event
from tracker.models import Game, GameEvent

CLIENT_ID_RE = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


@dataclass(frozen=True)
class Added:
    """The answer to an event: its seq and the state right after it, with the latest rows of
    its log (tracker.selectors.state_summary). ``created`` is False when the client_id was seen
    before and this is the first answer again."""

    seq: int
    state: dict[str, Any]
    created: bool


def clean_client_id(value: object) -> str:
    if not isinstance(value, str) or not CLIENT_ID_RE.match(value):
        raise ServiceError(
            "client_id must be 1 to 64 letters, digits or the signs _ . : -", code="missing_field"
        )
    return value


@transaction.atomic
def game_add_event(
    *,
    match: Match,
    data: Mapping[str, object],
    client_id: object,
    by_user=None,
    by_team: Team | None = None,
) -> Added:
    """Append one event to the match's log (400 with the domain's code when the game refuses
    it); the same client_id again answers the first answer and appends nothing."""
    client_id = clean_client_id(client_id)
    game = _locked_game(match)
    first = GameEvent.objects.filter(match=match, client_id=client_id).only("seq").first()
    if first is not None:
        state_then = selectors.state_at(match, first.seq)
        return Added(first.seq, selectors.state_summary(state_then), created=False)
    setup = game_json.setup_from_json(game.setup)
    seq = game.last_seq + 1
    rows: list[GameEvent] | None = None
    try:
        event = parse_event(seq, data)
        if event.type == "undo" or not game.core:
            # An undo changes earlier rows of the log: fold it all again (so does a row kept
            # before the core was).
            rows = selectors.log_rows(match)
            state = apply(fold(setup, [selectors.to_event(r) for r in rows]), event)
        else:
            state = apply(game_json.core_from_json(setup, game.core), event)
    except GameError as exc:
        raise ServiceError(exc.message, code=exc.code) from exc
    row = GameEvent.objects.create(
        match=match,
        seq=seq,
        client_id=client_id,
        type=event.type,
        player=event.player,
        team=event.team,
        amount=event.amount,
        changes=[{"player": c.player, "life": c.life, "poison": c.poison} for c in event.changes],
        by_user=by_user if getattr(by_user, "is_authenticated", False) else None,
        by_team=by_team,
    )
    if rows is None:
        # One step: the earlier rows do not change, the new one joins the kept ones.
        body = selectors.contract(state, [row])  # state's log is the new event alone
        kept = game.state["log"]
        body["log"] = [*kept, *body["log"]][-selectors.LOG_TAIL :]
        body["log_total"] = game.state["log_total"] + 1
    else:
        body = selectors.state_summary(selectors.contract(state, [*rows, row]))
    game.last_seq, game.state, game.core = seq, body, game_json.core_to_json(state)
    game.save(update_fields=["last_seq", "state", "core", "updated_at"])
    selectors.remember_written(match.pk, seq, body)
    teams = tuple(t for t in (match.team_a_id, match.team_b_id) if t is not None)
    events.game_changed.fire(events.GameChanged(match.round.event_id, match.pk, seq, teams))
    return Added(seq, body, created=True)


def _locked_game(match: Match) -> Game:
    """The match's Game row, locked; created (with the table's setup) on the first event."""
    locked = Game.objects.select_for_update()
    game = locked.filter(pk=match.pk).first()
    if game is None:
        setup = selectors.build_setup(match)
        fresh = initial_state(setup)
        defaults = {
            "setup": game_json.setup_to_json(setup),
            "state": selectors.state_summary(selectors.contract(fresh, ())),
            "core": game_json.core_to_json(fresh),
        }
        # Two first events at once: one creates, the other's insert fails and it reads the row.
        Game.objects.get_or_create(match=match, defaults=defaults)
        game = locked.get(pk=match.pk)
    return game


@transaction.atomic
def game_rebuild(*, match: Match) -> dict[str, Any]:
    """Fold the whole log again and store it as the cached state and core (after a fix of the
    rules, or to check the cache: nothing changes when the cache was right). Answers the state
    with its whole log."""
    game = _locked_game(match)
    rows = selectors.log_rows(match)
    state = fold(game_json.setup_from_json(game.setup), [selectors.to_event(r) for r in rows])
    full = selectors.contract(state, rows)
    game.state, game.core = selectors.state_summary(full), game_json.core_to_json(state)
    game.save(update_fields=["state", "core", "updated_at"])
    return full


def game_confirm_result(*, match: Match, team: Team) -> pairing_services.ReportOutcome:
    """A team confirms the result its finished game proposes: the team's report of the match,
    as pairing.services.match_report_result files it (both teams confirming make it final, a
    different report makes it disputed)."""
    proposal = selectors.game_summary(match).get("proposal")
    if not isinstance(proposal, dict):
        raise Conflict("The game is still being played: there is no result yet.", code="playing")
    return pairing_services.match_report_result(
        match=match,
        team=team,
        games_a=proposal["games_a"],
        games_b=proposal["games_b"],
        games_drawn=proposal["games_drawn"],
    )
