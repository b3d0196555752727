"""The event's cap on teams and its waiting list (tournament.models.arrivals; docs/rules.md
"Sign-ups, solo players, check-in").

A team registered while the admitted teams (not dropped, not waiting) already fill the cap goes
on the waiting list, in order. Before round 1, a drop, or a higher cap, promotes the first teams
waiting; the team's page says so. At round 1 the teams still waiting do not take part (dropped,
recorded). Called inside the callers' transactions, the Event row already locked.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from core import events, live
from core.actors import By, recorded
from core.errors import ServiceError
from tournament.models import Capacity, DropRecord, Event, Team, WaitingTeam
from tournament.selectors import playing_teams


def topic(event: Event) -> str:
    """The live topic of the event's arrivals (teams taking part, checked in, waiting; staff
    only: tournament.apps): published by every change of those counts before round 1."""
    return f"checkin:{event.pk}"


def publish(event: Event) -> None:
    if event.status == Event.Status.REGISTRATION:
        live.publish(topic(event))  # after the commit


def max_teams(event: Event) -> int | None:
    row = Capacity.objects.filter(event=event).first()
    return row.max_teams if row else None


def admitted(event: Event) -> int:
    return playing_teams(event).count()


def _waiting(event: Event) -> QuerySet[WaitingTeam]:
    return WaitingTeam.objects.filter(
        team__event=event, team__dropped=False, promoted_at__isnull=True
    ).select_related("team")


def is_waiting(team: Team) -> bool:
    return WaitingTeam.objects.filter(team=team, promoted_at__isnull=True).exists()


def place_new_team(event: Event, team: Team) -> None:
    """A team just saved: on the waiting list when the cap is reached (the event row locked).
    Only before round 1: a team staff enter late (tournament.services.late) is in at once."""
    if event.status != Event.Status.REGISTRATION:
        return
    cap = max_teams(event)
    if cap is not None and admitted(event) - 1 >= cap:
        WaitingTeam.objects.create(team=team, since=timezone.now())
    publish(event)  # the dashboard's counts


def wait_if_full(event: Event, team: Team) -> None:
    """A team brought back (undrop) before round 1 while the admitted teams fill the cap: it
    waits again, last in line, rather than taking a place a team waiting was given."""
    if event.status != Event.Status.REGISTRATION:
        return
    cap = max_teams(event)
    if cap is None or is_waiting(team) or admitted(event) <= cap:
        return
    WaitingTeam.objects.update_or_create(
        team=team, defaults={"since": timezone.now(), "promoted_at": None}
    )


def promote(event: Event) -> list[Team]:
    """Before round 1, the first teams waiting take the places open under the cap."""
    if event.status != Event.Status.REGISTRATION:
        return []
    publish(event)  # a drop or a new cap before round 1: the dashboard's counts
    cap = max_teams(event)
    entries = list(_waiting(event).select_for_update(of=("self",)).order_by("since", "team_id"))
    free = len(entries) if cap is None else max(0, cap - admitted(event))
    promoted = []
    now = timezone.now()
    for entry in entries[:free]:
        entry.promoted_at = now
        entry.save(update_fields=["promoted_at"])
        promoted.append(entry.team)
    if promoted:
        from tournament.services.teams import _team_changed

        for team in promoted:
            _team_changed(team)  # its page says it is in
            events.team_promoted.fire(events.TeamPromoted(event.pk, team.pk))  # tell the team
    return promoted


@transaction.atomic
def set_max_teams(*, event: Event, value: object) -> Capacity:
    """The organizer sets the cap (null: none); a higher cap promotes teams waiting."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 10000
    ):
        raise ServiceError(
            gettext("The team cap is a number from 2 to 10000, or empty for none."),
            field="max_teams",
        )
    row, _ = Capacity.objects.get_or_create(event=event)
    row.max_teams = value
    row.save(update_fields=["max_teams"])
    promote(event)
    return row


def position(team: Team) -> int | None:
    """The team's place on the waiting list (1 = next), or None when not waiting."""
    entry = WaitingTeam.objects.filter(team=team, promoted_at__isnull=True).first()
    if entry is None or team.dropped:
        return None
    return (
        _waiting(team.event).filter(since__lt=entry.since).count()
        + _waiting(team.event).filter(since=entry.since, team_id__lt=team.pk).count()
        + 1
    )


def leave_out_at_round_one(event: Event, by: By = None) -> list[Team]:
    """Round 1: the teams still waiting do not take part (dropped before round 1, recorded)."""
    from tournament.services.teams import team_drop

    left = [entry.team for entry in _waiting(event)]
    for team in left:
        team_drop(team=team)
        DropRecord.objects.create(
            event=event,
            team=team,
            kind=DropRecord.Kind.NOT_ADMITTED,
            by=recorded(by),
        )
    return left


def waiting_state(team: Team | None) -> dict:
    """What a team's sign-up or solo page says of the waiting list: ``waiting_place`` (1 =
    next) while the team waits, ``promoted_at`` once a place opened for it."""
    entry = WaitingTeam.objects.filter(team=team).first() if team is not None else None
    if entry is None or team is None or team.dropped:
        return {"waiting_place": None, "promoted_at": None}
    if team.event.status != Event.Status.REGISTRATION:  # the list ended at round 1
        return {"waiting_place": None, "promoted_at": None}
    return {"waiting_place": position(team), "promoted_at": entry.promoted_at}


def waiting_entries(event: Event) -> list[WaitingTeam]:
    """The waiting list, in order."""
    return list(_waiting(event).order_by("since", "team_id"))
