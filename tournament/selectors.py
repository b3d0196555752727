"""Reads of the tournament app that are more than a queryset."""

from django.db.models import Count, F, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce, TruncDate
from django.urls import reverse

from tournament.hooks import NEXT_STEP, NextStep
from tournament.models import Event, Team

__all__ = ["NextStep", "events_home", "events_listed", "next_step"]


def events_listed(events: QuerySet[Event]) -> QuerySet[Event]:
    """Events as lists show them: the organizer and the team count read with the rows."""
    return events.select_related("organizer").annotate(team_count=Count("teams", distinct=True))


def events_home(events: QuerySet[Event]) -> QuerySet[Event]:
    """The home page's list: each event with its teams still playing, counted by a subquery (a
    count over a join would multiply by the staff rows the visibility filter joins), newest date
    first; an event without a date sorts by the day it was created."""
    active = (
        Team.objects.filter(event=OuterRef("pk"), dropped=False)
        .order_by()
        .values("event")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return events.annotate(
        team_count=Coalesce(Subquery(active, output_field=IntegerField()), 0),
        day=Coalesce(F("date"), TruncDate("created_at")),
    ).order_by("-day", "-id")


def next_step(event: Event) -> NextStep:
    """What the organizer should do next, shown at the top of the event dashboard."""
    teams = event.teams.filter(dropped=False).count()
    teams_url = reverse("event-teams", args=[event.pk])
    if teams == 0 and event.status == Event.Status.REGISTRATION:
        return NextStep(
            "Register teams",
            "Add the teams one by one or import a CSV file.",
            teams_url,
            "Register teams",
        )
    if teams < 4 and event.status == Event.Status.REGISTRATION:  # once paired, rounds lead
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
