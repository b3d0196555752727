"""The seat check at a round's start and its Tardiness penalties (IPG 3.1; MTR 2.5, 8.2).

A judge checks each table once (the empty seats ticked; none ticked: all four seated), records
each missing player's arrival, and issues the Tardiness penalty Tandem proposes from the minutes
late (judging.domain.tardiness): the table's Tardiness extension and, at ten minutes, the Match
Loss and the team's drop follow from the penalty (judging.services.penalties).

Locks: the Event row first (the order of the other judging services).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from access.actors import Actor
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from judging.domain.penalties import decide_penalty
from judging.models import EmptySeatRow, Penalty, SeatCheck
from judging.selectors import settings as judging_settings
from judging.selectors.tardiness import again, late_teams
from judging.services.penalties import PenaltyInput, penalty_issue
from pairing.models import Match
from tournament.models import Event, Player


def _lock(match: Match) -> None:
    Event.objects.select_for_update().get(pk=match.round.event_id)


def _players(match: Match) -> dict[int, Player]:
    return {p.pk: p for p in Player.objects.filter(team_id__in=[match.team_a_id, match.team_b_id])}


@transaction.atomic
def seat_check_record(
    *, match: Match, missing: Sequence[int], by: By = None, now: datetime | None = None
) -> SeatCheck:
    """The table's seats at the round's start: ``missing`` the players not seated ([]: all four
    seated). Checked again, the new empty seats are added; a seat already recorded stays."""
    if match.table is None or match.team_b_id is None:
        raise ServiceError(field="match", message=gettext("A bye has no seats to check."))
    _lock(match)
    players = _players(match)
    stray = [p for p in missing if p not in players]
    if stray:
        raise ServiceError(field="missing", message=gettext("Only players of this table."))
    now = now or timezone.now()
    check, _ = SeatCheck.objects.get_or_create(
        match=match, defaults={"checked_at": now, "by": recorded(by)}
    )
    known = set(check.empty_seats.values_list("player_id", flat=True))
    EmptySeatRow.objects.bulk_create(
        EmptySeatRow(seat_check=check, player_id=pid)
        for pid in dict.fromkeys(missing)
        if pid not in known
    )
    return check


@transaction.atomic
def seat_arrived(
    *, match: Match, player: Player, by: By = None, now: datetime | None = None
) -> EmptySeatRow:
    """The missing player sat down."""
    _lock(match)
    row = (
        EmptySeatRow.objects.select_for_update()
        .filter(seat_check__match=match, player=player)
        .first()
    )
    if row is None:
        raise ServiceError(
            field="player", message=gettext("This player was not missing at this table.")
        )
    if row.arrived_at is not None:
        raise Conflict(
            gettext("%(player)s has already arrived.") % {"player": player.name}, code="arrived"
        )
    row.arrived_at, row.arrived_by = now or timezone.now(), recorded(by)
    row.save(update_fields=["arrived_at", "arrived_by"])
    return row


@dataclass(frozen=True)
class TardinessIssued:
    penalty: Penalty
    minutes: float


@transaction.atomic
def tardiness_issue(
    *,
    match: Match,
    team_id: int,
    actor: Actor,
    now: datetime | None = None,
) -> TardinessIssued:
    """Issue the Tardiness penalty of a late team of the table, for the minutes it was late (or
    is, while a player is still missing), to its first missing player (IPG 3.1)."""
    _lock(match)
    now = now or timezone.now()
    late = next((t for t in late_teams(match, now) if t.team == team_id), None)
    if late is None:
        raise ServiceError(field="team", message=gettext("This team was not late at this table."))
    rows = list(
        EmptySeatRow.objects.select_for_update().filter(
            seat_check__match=match, player__team_id=team_id
        )
    )
    last = Penalty.objects.filter(pk__in=[r.penalty_id for r in rows if r.penalty_id]).first()
    player = Player.objects.get(pk=late.player)
    minutes = round(late.minutes, 2)
    event = match.round.event
    policy = judging_settings.of(event).penalty_policy
    base = decide_penalty("TE-T", event.rel, policy, tardiness_minutes=minutes)
    if last is not None and last.rescinded_at is None and not again(base, last.penalty):
        raise Conflict(gettext("This Tardiness penalty was already issued."), code="already_issued")
    issued = penalty_issue(
        event=event,
        actor=actor,
        wanted=PenaltyInput(
            player=player,
            infraction="TE-T",
            round_=match.round,
            tardiness_minutes=minutes,
            notes=f"Seat check: {late.minutes:.1f} minutes late"
            + (" (still missing)." if late.waiting else "."),
        ),
        now=now,
    )
    for row in rows:
        row.penalty = issued.penalty
        row.save(update_fields=["penalty"])
    return TardinessIssued(issued.penalty, late.minutes)
