"""A team's seats for one match (MTR 9.4; the rules of the choice in pairing.domain.seats).

Locks: the Event row, then the Match row, as the result services do, so a seat choice and a
result report of the same match run one after the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext

from core import events
from core.errors import Conflict, ServiceError
from core.i18n import exception_text
from pairing import selectors
from pairing.domain.seats import (
    SeatsError,
    clean_order,
    effective_seats,
    order_with_primary,
    seats_open,
)
from pairing.models import Match, MatchTeam
from tournament.models import Event, Player


def entry_seats(entry: MatchTeam, players: Sequence[int] | None = None) -> list[int]:
    """The seats that hold for the entry's match: the stored choice, then players added since."""
    if players is None:
        players = list(Player.objects.filter(team_id=entry.team_id).values_list("pk", flat=True))
    return effective_seats([int(p) for p in entry.seats or []], players)


@transaction.atomic
def entry_set_seats(
    *, entry: MatchTeam, seat_order: Sequence[object] | None = None, primary: object = None
) -> MatchTeam:
    """Seat the team for this match: a whole ``seat_order`` of player ids, or only the
    ``primary`` player (the others keep their order). Refused once the match has started."""
    Event.objects.select_for_update().get(pk=entry.round.event_id)
    Match.objects.select_for_update().get(pk=entry.match_id)
    entry = MatchTeam.objects.select_related("round", "match").get(pk=entry.pk)
    is_open, why = seats_open(selectors.match_progress(entry))
    if not is_open:
        raise Conflict(why, code="match_started")
    players = list(Player.objects.filter(team_id=entry.team_id).values_list("pk", flat=True))
    current = entry_seats(entry, players)
    try:
        if seat_order is not None:
            order = clean_order(seat_order, players)
        else:
            try:
                pk = int(primary)  # type: ignore[call-overload]  # any value from the request: int() refusing it is caught below
            except (TypeError, ValueError) as exc:
                raise SeatsError(gettext("Choose the primary player.")) from exc
            order = order_with_primary(current, pk)
    except SeatsError as exc:
        raise ServiceError(exception_text(exc), field="seat_order", code="invalid") from exc
    if order != current or entry.seats != order:
        entry.seats = order
        entry.save(update_fields=["seats"])
        # The pairings, slips and the table show these seats: their cached pages are renewed.
        events.team_changed.fire(events.TeamChanged(entry.round.event_id, entry.team_id))
    return entry
