"""Factories free of surprising behaviour: each makes exactly what its name says."""

from itertools import count

from django.contrib.auth import get_user_model

from tournament.hooks import event_settings
from tournament.models import Event, StaffRole, Team
from tournament.services import events as svc
from tournament.services import teams as tournament_teams

_seq = count(1)


def user(username: str | None = None, password: str = "correct-horse-9"):
    username = username or f"user{next(_seq)}"
    return get_user_model().objects.create_user(username=username, password=password)


def event(organizer=None, **values) -> Event:
    organizer = organizer or user()
    defaults = {"name": f"Event {next(_seq)}", "structure": "constructed", "format": "modern"}
    return svc.event_create(organizer=organizer, **{**defaults, **values})


def settings(event: Event, **values) -> Event:
    """Set settings the apps keep for the event (tournament.hooks.EVENT_SETTINGS: udc_rule,
    round_minutes, penalty_policy, swiss_rounds, top_cut, top_cut_automatic, tiebreak_order,
    tiebreak_oomw, pods_lifted) by the names the event's form and API give them, as the event's
    service stores them (without its checks of the event as a whole)."""
    for entry in event_settings():
        now = entry.read(event)
        own = {k: v for k, v in values.items() if k in entry.names and now.get(k) != v}
        if own:  # a row only where a setting is not the default, as the event's service saves
            entry.write(event, own)
    return event


def staff(event: Event, role: str, username: str | None = None):
    member = user(username)
    StaffRole.objects.create(event=event, user=member, role=role)
    return member


def team(event: Event, name: str | None = None, players: list[str] | None = None) -> Team:
    n = next(_seq)
    players = players or [f"Player {n}-{seat}" for seat in range(1, event.team_size + 1)]
    return tournament_teams.team_register(
        event=event, name=name or f"Team {n}", players=[{"name": p} for p in players]
    )
