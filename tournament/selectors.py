"""Reads of the tournament app that are more than a queryset."""

from django.db.models import Count, QuerySet
from django.urls import reverse

from tournament.domain.sanctioning import Sanctioning, sanctioning
from tournament.hooks import EVENT_PLAN, NEXT_STEP, EventPlan, NextStep
from tournament.models import Event, PlayerChange, Team

__all__ = ["EventPlan", "NextStep", "event_plan", "events_listed", "next_step", "player_changes"]


def events_listed(events: QuerySet[Event]) -> QuerySet[Event]:
    """Events as lists show them: the organizer and the team count read with the rows."""
    return events.select_related("organizer").annotate(team_count=Count("teams", distinct=True))


def next_step(event: Event) -> NextStep:
    """What the organizer should do next, shown at the top of the event dashboard."""
    teams = event.teams.filter(dropped=False).count()
    teams_url = reverse("event-teams", args=[event.pk])
    if teams == 0:
        return NextStep(
            "Register teams",
            "Add the teams one by one or import a CSV file.",
            teams_url,
            "Register teams",
        )
    if teams < 4:
        return NextStep(
            "Register more teams",
            f"{teams} team(s) so far; a sanctioned event needs at least 4 (MTR 10.1).",
            teams_url,
            "Register teams",
        )
    step = NEXT_STEP(event)
    if step is not None:
        return step
    return NextStep(
        "Ready",
        f"{teams} teams registered. Share each team's private link with its players.",
        teams_url,
        "Teams",
    )


def event_plan(event: Event) -> tuple[EventPlan | None, Sanctioning]:
    """The structure that will be paired (answered by the pairing app) and whether the event
    can be sanctioned (tournament.domain.sanctioning)."""
    plan = EVENT_PLAN(event)
    teams = plan.teams if plan else event.teams.filter(dropped=False).count()
    rounds = plan.rounds if plan else (event.swiss_rounds or 0)
    check = sanctioning(
        structure=event.structure,
        format=event.format,
        team_size=event.team_size,
        round_minutes=event.round_minutes,
        teams=teams,
        rounds=rounds,
    )
    return plan, check


def player_changes(team: Team, limit: int = 30) -> list[PlayerChange]:
    """The latest changes of the team's players' names and Wizards Account IDs."""
    return list(
        PlayerChange.objects.filter(player__team=team).select_related("player", "by")[:limit]
    )
