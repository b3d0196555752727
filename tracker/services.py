"""The writes of a table's game (docs/api.md "Tracker"): add an event, rebuild the cached state,
confirm the result a finished game proposes.

Locks: the match's ``Game`` row (select_for_update), created on the first event. A writer holds it
while it folds the log, checks the new event with the domain and appends it with the next seq, so
two phones tapping at once are both kept, one after the other. No other row is locked, so the
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
from tracker.domain.game import GameError, apply, fold, initial_state, parse_event
from tracker.models import Game, GameEvent

CLIENT_ID_RE = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


@dataclass(frozen=True)
class Added:
    """The answer to an event: its seq and the state right after it. ``created`` is False when
    the client_id was seen before and this is the first answer again."""

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
        return Added(first.seq, selectors.state_at(match, first.seq), created=False)
    rows = selectors.log_rows(match)
    setup = selectors.setup_from_json(game.setup)
    seq = game.last_seq + 1
    try:
        event = parse_event(seq, data)
        state = apply(fold(setup, [selectors.to_event(r) for r in rows]), event)
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
    game.last_seq, game.state = seq, selectors.contract(state, [*rows, row])
    game.save(update_fields=["last_seq", "state", "updated_at"])
    events.game_changed.fire(events.GameChanged(match.round.event_id, match.pk, seq))
    return Added(seq, game.state, created=True)


def _locked_game(match: Match) -> Game:
    """The match's Game row, locked; created (with the table's setup) on the first event."""
    locked = Game.objects.select_for_update()
    game = locked.filter(pk=match.pk).first()
    if game is None:
        setup = selectors.build_setup(match)
        state = selectors.contract(initial_state(setup), ())
        # Two first events at once: one creates, the other's insert fails and it reads the row.
        Game.objects.get_or_create(
            match=match, defaults={"setup": selectors.setup_to_json(setup), "state": state}
        )
        game = locked.get(pk=match.pk)
    return game


@transaction.atomic
def game_rebuild(*, match: Match) -> dict[str, Any]:
    """Fold the whole log again and store it as the cached state (after a fix of the rules, or
    to check the cache: the answer equals the stored state when nothing changed)."""
    game = _locked_game(match)
    game.state = selectors.rebuilt_state(match)
    game.save(update_fields=["state", "updated_at"])
    return game.state


def game_confirm_result(*, match: Match, team: Team) -> pairing_services.ReportOutcome:
    """A team confirms the result its finished game proposes: the team's report of the match,
    as pairing.services.match_report_result files it (both teams confirming make it final, a
    different report makes it disputed)."""
    proposal = selectors.game_state(match).get("proposal")
    if not isinstance(proposal, dict):
        raise Conflict("The game is still being played: there is no result yet.", code="playing")
    return pairing_services.match_report_result(
        match=match,
        team=team,
        games_a=proposal["games_a"],
        games_b=proposal["games_b"],
        games_drawn=proposal["games_drawn"],
    )
