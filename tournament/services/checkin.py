"""Check-in, and the drops a team makes itself (tournament.models.arrivals).

Rules: docs/rules.md "Check-in" and "Drops" (MTR 2.10). Every write takes the Event row lock
first, like pairing a round (pairing.services.rounds): a check-in or a team's own drop racing
"pair round 1" runs either before the pairing reads the teams or after the round exists.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from access.actors import actor_of_user
from access.rights import Perm
from core import events, live
from core.actors import By, recorded
from core.errors import AccessDenied, Conflict
from tournament.models import CheckIn, DropRecord, Event, Team, TeamCheckIn
from tournament.selectors import playing_teams
from tournament.services import capacity
from tournament.services import teams as team_svc


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def topic(event: Event) -> str:
    """The live topic of the event's check-in count (staff only: tournament.apps)."""
    return capacity.topic(event)


def _staff(by: By, event: Event, right: Perm) -> User | None:
    """The logged-in user acting as the event's staff, once their actor in the event holds
    ``right`` there (access.actors); None for nobody (a task, a command). A logged-in user who
    is not staff is refused (AccessDenied), whatever the caller decided."""
    user = recorded(by)
    if user is not None and not actor_of_user(user, event).holds(right):
        raise AccessDenied(gettext("Only the event's staff may do this."))
    return user


def is_open(event: Event) -> bool:
    """Check-in is on: the organizer opened it and round 1 is not paired yet."""
    if event.status != Event.Status.REGISTRATION:
        return False
    return CheckIn.objects.filter(event=event, open=True).exists()


@transaction.atomic
def checkin_set_open(*, event: Event, open: bool) -> CheckIn:
    """The organizer opens or closes check-in (it cannot open once round 1 is paired)."""
    event = _locked(event)
    if open and event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Check-in is over: round 1 has been paired."), code="registration_closed"
        )
    row, _ = CheckIn.objects.get_or_create(event=event)
    row.open = bool(open)
    row.save(update_fields=["open", "changed_at"])
    live.publish(topic(event))  # the dashboard shows the count while check-in is open
    events.event_changed.fire(events.EventChanged(event.pk))  # the team pages' check-in button
    return row


@transaction.atomic
def team_check_in(*, team: Team, by: By = None) -> TeamCheckIn:
    """The team (from its page) or staff at the desk (``by``, a logged-in user the access layer
    finds is staff of the event) check the team in. Checking in again answers the first
    check-in. The team itself only while check-in is open; staff also while it is closed,
    before round 1 is paired."""
    event = _locked(team.event)
    staff_user = _staff(by, event, Perm.CHECK_IN)
    team = Team.objects.select_for_update().get(pk=team.pk)
    done = TeamCheckIn.objects.filter(team=team).first()
    if done is not None:
        return done
    staff = staff_user is not None
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Check-in is over: round 1 has been paired."), code="registration_closed"
        )
    if not staff and not CheckIn.objects.filter(event=event, open=True).exists():
        raise Conflict(gettext("Check-in is not open."), code="check_in_closed")
    if team.dropped:
        raise Conflict(
            gettext("%(team)s has dropped.") % {"team": team.name}, code="already_dropped"
        )
    row = TeamCheckIn.objects.create(team=team, at=timezone.now(), by=staff_user)
    team_svc._team_changed(team)
    live.publish(topic(event))  # the dashboard's count, after the commit
    return row


@transaction.atomic
def team_check_in_undo(*, team: Team, by: By = None) -> None:
    """Staff take back a check-in made by mistake (before round 1)."""
    event = _locked(team.event)
    _staff(by, event, Perm.CHECK_IN)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Check-in is over: round 1 has been paired."), code="registration_closed"
        )
    TeamCheckIn.objects.filter(team=team).delete()
    team_svc._team_changed(team)
    live.publish(topic(event))


def not_checked_in(event: Event) -> list[Team]:
    """The teams still playing that have not checked in, by name."""
    return list(playing_teams(event).filter(checked_in__isnull=True).order_by("name_key"))


def counts(event: Event) -> tuple[int, int]:
    """(checked in, teams still playing: neither dropped nor on the waiting list)."""
    playing = playing_teams(event)
    return playing.filter(checked_in__isnull=False).count(), playing.count()


def before_round_one(*, event: Event, confirm: bool, by: By = None) -> list[Team]:
    """Called by the pairing of round 1 inside its transaction, the event row already locked.

    While check-in is on, the teams not checked in are named: 409 ``teams_not_checked_in``
    with the teams, unless the organizer confirmed; then they are dropped as not arrived (MTR
    2.10: a team that does not take part in round 1 has no place), each drop recorded. Staff
    may bring a team back (undrop) before round 1 starts being played."""
    capacity.leave_out_at_round_one(event, by=by)
    if not is_open(event):
        return []
    missing = not_checked_in(event)
    if not missing:
        return []
    if not confirm:
        raise Conflict(
            ngettext(
                "%(count)s team has not checked in: %(teams)s. Confirm to pair without it; "
                "it is dropped as not arrived.",
                "%(count)s teams have not checked in: %(teams)s. Confirm to pair without "
                "them; they are dropped as not arrived.",
                len(missing),
            )
            % {"count": len(missing), "teams": ", ".join(t.name for t in missing)},
            code="teams_not_checked_in",
            data={"teams": [{"id": t.pk, "name": t.name} for t in missing]},
        )
    for team in missing:
        team_svc.team_drop(team=team)
        DropRecord.objects.create(
            event=event,
            team=team,
            kind=DropRecord.Kind.NOT_ARRIVED,
            by=recorded(by),  # who paired round 1: the pairing checked its right
        )
    return missing


@transaction.atomic
def team_drop_self(*, team: Team) -> Team:
    """The team drops itself (MTR 2.10), from its page or with its key; recorded with the time.
    Before a round is paired it is not paired; if its current match is under way it still
    plays or concedes it (the page says so). Undrop stays staff's."""
    team = team_svc.team_drop(team=team)
    DropRecord.objects.create(
        event_id=team.event_id,
        team=team,
        kind=DropRecord.Kind.SELF,
        after_round=team.dropped_after_round,
    )
    capacity.promote(team.event)  # before round 1, a place opens for the next team waiting
    return team


def drop_records(team: Team) -> list[DropRecord]:
    return list(team.drop_records.select_related("by").order_by("at", "id"))


@transaction.atomic
def team_drop_by_staff(*, team: Team, by: By = None) -> Team:
    """Staff drop a team (as before), now recorded with who and when."""
    _staff(by, team.event, Perm.DROP_TEAM)
    team = team_svc.team_drop(team=team)
    DropRecord.objects.create(
        event_id=team.event_id,
        team=team,
        kind=DropRecord.Kind.STAFF,
        after_round=team.dropped_after_round,
        by=recorded(by),
    )
    capacity.promote(team.event)
    return team


@transaction.atomic
def team_undrop_by_staff(*, team: Team, by: By = None) -> Team:
    """Staff bring a dropped team back (a team dropped as not arrived included); recorded."""
    _staff(by, team.event, Perm.MANAGE_TEAMS)
    team = team_svc.team_undrop(team=team)
    DropRecord.objects.create(
        event_id=team.event_id,
        team=team,
        kind=DropRecord.Kind.UNDROP,
        by=recorded(by),
    )
    capacity.publish(team.event)  # before round 1: one more team taking part
    return team
