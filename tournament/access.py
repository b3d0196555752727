"""Who may do what: the one place that decides access, used by pages and API alike.

Roles of a caller in an event, strongest first: organizer (created the event), head judge, judge,
scorekeeper (added by the organizer), then a team (holder of a team's access key). Everyone may
read a public event. api.md "Who may call" is the table this module implements.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth.models import AnonymousUser
from rest_framework import authentication, exceptions

from core.errors import AccessDenied, NotVisible
from tournament.models import Event, StaffRole, Team


class Perm(StrEnum):
    VIEW_EVENT = "view_event"
    VIEW_PRIVATE = "view_private"  # access keys, every team's decklists, penalty history
    EDIT_EVENT = "edit_event"
    MANAGE_STAFF = "manage_staff"
    MANAGE_TEAMS = "manage_teams"
    MANAGE_DECKLISTS = "manage_decklists"
    MANAGE_ROUNDS = "manage_rounds"
    ENTER_RESULTS = "enter_results"
    MANAGE_CLOCK = "manage_clock"
    PENALTIES = "penalties"
    EXTENSIONS = "extensions"
    DECK_CHECKS = "deck_checks"
    SEVERE_PENALTIES = "severe_penalties"  # Game Loss or more, overrides, rescinding


ORGANIZER = "organizer"
RANK = {
    StaffRole.Role.SCOREKEEPER: 1,
    StaffRole.Role.JUDGE: 2,
    StaffRole.Role.HEAD_JUDGE: 3,
    ORGANIZER: 4,
}
MIN_RANK = {
    Perm.VIEW_PRIVATE: 1,
    Perm.MANAGE_TEAMS: 1,
    Perm.MANAGE_DECKLISTS: 1,
    Perm.MANAGE_ROUNDS: 1,
    Perm.ENTER_RESULTS: 1,
    Perm.MANAGE_CLOCK: 1,
    Perm.PENALTIES: 2,
    Perm.EXTENSIONS: 2,
    Perm.DECK_CHECKS: 2,
    Perm.SEVERE_PENALTIES: 3,
    Perm.EDIT_EVENT: 4,
    Perm.MANAGE_STAFF: 4,
}


@dataclass
class Actor:
    """The caller: a user (maybe anonymous) and/or a team authenticated by its access key."""

    user: object
    team: Team | None = None
    _roles: dict[int, str | None] | None = None

    @property
    def is_authenticated(self) -> bool:
        return bool(getattr(self.user, "is_authenticated", False)) or self.team is not None

    def staff_role(self, event: Event) -> str | None:
        """organizer, head_judge, judge, scorekeeper or None; cached per event."""
        if self._roles is None:
            self._roles = {}
        if event.pk not in self._roles:
            self._roles[event.pk] = _lookup_role(self.user, event)
        return self._roles[event.pk]

    def is_team_of(self, event: Event) -> bool:
        return self.team is not None and self.team.event_id == event.pk

    def acts_for(self, team: Team) -> bool:
        """The caller holds this team's key."""
        return self.team is not None and self.team.pk == team.pk


def _lookup_role(user: object, event: Event) -> str | None:
    if not getattr(user, "is_authenticated", False):
        return None
    if event.organizer_id == user.pk or getattr(user, "is_superuser", False):
        return ORGANIZER
    return (
        StaffRole.objects.filter(event=event, user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )


def can_view(actor: Actor, event: Event) -> bool:
    return event.public or actor.is_team_of(event) or actor.staff_role(event) is not None


def can(actor: Actor, perm: Perm, event: Event) -> bool:
    if perm == Perm.VIEW_EVENT:
        return can_view(actor, event)
    role = actor.staff_role(event)
    return role is not None and RANK[role] >= MIN_RANK[perm]


def require(actor: Actor, perm: Perm, event: Event) -> None:
    """Raise NotVisible (404) or AccessDenied (403/401) unless the actor holds perm."""
    if not can_view(actor, event):
        raise NotVisible
    if not can(actor, perm, event):
        raise AccessDenied


def require_team(actor: Actor, team: Team, staff_perm: Perm) -> None:
    """The team itself, or staff holding staff_perm in the team's event."""
    event = team.event
    if actor.acts_for(team):
        return
    require(actor, staff_perm, event)


def visible_events(actor: Actor):
    """Events the actor may read: public ones, the ones they run, their team's."""
    from django.db.models import Q

    query = Q(public=True)
    user = actor.user
    if getattr(user, "is_authenticated", False):
        if getattr(user, "is_superuser", False):
            return Event.objects.all()
        query |= Q(organizer_id=user.pk) | Q(staff__user_id=user.pk)
    if actor.team is not None:
        query |= Q(pk=actor.team.event_id)
    return Event.objects.filter(query).distinct()


# --- how callers authenticate -------------------------------------------------------------


class TeamKeyAuthentication(authentication.BaseAuthentication):
    """`X-Team-Key: <access_key>`: the caller acts as that team (api.md "Who may call")."""

    header = "HTTP_X_TEAM_KEY"

    def authenticate(self, request):
        key = request.META.get(self.header)
        if key is None:
            return None
        team = _team_of_key(key.strip())
        if team is None or not key.strip():
            raise exceptions.AuthenticationFailed("Unknown team key.")
        return (AnonymousUser(), team)

    def authenticate_header(self, request) -> str:
        return "X-Team-Key"


def actor_from_api(request) -> Actor:
    team = request.auth if isinstance(request.auth, Team) else None
    return Actor(user=request.user, team=team)


def actor_from_page(request, team: Team | None = None) -> Actor:
    return Actor(user=request.user, team=team)


def _team_of_key(key: str) -> Team | None:
    if "\x00" in key:  # no key has one, and PostgreSQL refuses NUL in a query's text
        return None
    return Team.objects.select_related("event").filter(access_key=key).first()


def team_by_key(key: str) -> Team:
    team = _team_of_key(key)
    if team is None:
        raise NotVisible
    return team
