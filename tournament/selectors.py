"""Reads of the tournament app that are more than a queryset."""

from django.urls import reverse

from tournament.hooks import NEXT_STEP, NextStep
from tournament.models import Event

__all__ = ["NextStep", "next_step"]


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
