"""Reads of the tournament app that are more than a queryset."""

from dataclasses import dataclass

from django.db.models import Count, QuerySet
from django.urls import reverse

from tournament.models import Event


def events_listed(events: QuerySet[Event]) -> QuerySet[Event]:
    """Events as lists show them: the organizer and the team count read with the rows."""
    return events.select_related("organizer").annotate(team_count=Count("teams", distinct=True))


@dataclass(frozen=True)
class NextStep:
    title: str
    detail: str
    url: str
    label: str


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
    for hook in NEXT_STEP_HOOKS:
        step = hook(event)
        if step is not None:
            return step
    return NextStep(
        "Ready",
        f"{teams} teams registered. Share each team's private link with its players.",
        teams_url,
        "Teams",
    )


# Later stages (decklists, rounds) add functions event -> NextStep | None here, in order.
NEXT_STEP_HOOKS: list = []
