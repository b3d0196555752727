"""The caller of a request: a user (maybe anonymous) and/or a team holding its access key.

core.middleware.CallerMiddleware puts one Caller on every request (``request.caller``, resolved
lazily through settings.TANDEM_CALLER_RESOLVER = caller_for_request); core.api_views.APIView
resolves it again after DRF authentication, so a token user or an X-Team-Key team is part of it.
A page under a team's private link (/t/<key>/...) makes the caller that team through
access.access_team_by_key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from access.rights import ORGANIZER
from core.keylog import note_key_miss
from tournament.models import Event, StaffRole, Team


@dataclass
class Caller:
    """Who calls: ``user`` (AnonymousUser when nobody is logged in) and ``team`` (its key)."""

    user: Any  # a User or AnonymousUser
    team: Team | None = None
    _roles: dict[int, str | None] = field(default_factory=dict, repr=False)

    @property
    def is_authenticated(self) -> bool:
        return self.is_user or self.team is not None

    @property
    def is_user(self) -> bool:
        return bool(getattr(self.user, "is_authenticated", False))

    def staff_role(self, event: Event) -> str | None:
        """organizer, head_judge, judge, scorekeeper or None; one query per event and request."""
        if event.pk not in self._roles:
            self._roles[event.pk] = _lookup_role(self.user, event)
        return self._roles[event.pk]

    def is_team_of(self, event: Event) -> bool:
        return self.team is not None and self.team.event_id == event.pk

    def acts_for(self, team: Team) -> bool:
        """The caller holds this team's key."""
        return self.team is not None and self.team.pk == team.pk


def _lookup_role(user: Any, event: Event) -> str | None:
    if not getattr(user, "is_authenticated", False):
        return None
    if event.organizer_id == user.pk or getattr(user, "is_superuser", False):
        return ORGANIZER
    return (
        StaffRole.objects.filter(event=event, user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )


def caller_for_request(request: Any) -> Caller:  # a Django or DRF request
    """The caller of a Django request, or of a DRF request once it is authenticated (a team
    authenticated by X-Team-Key is DRF's ``request.auth``)."""
    auth = getattr(request, "auth", None)
    return Caller(user=request.user, team=auth if isinstance(auth, Team) else None)


def team_of_key(key: str) -> Team | None:
    """The team holding this access key (with its event), or None."""
    if not key or "\x00" in key:  # no key has one, and PostgreSQL refuses NUL in a query's text
        note_key_miss()
        return None
    team = Team.objects.select_related("event").filter(access_key=key).first()
    if team is None:
        note_key_miss()  # counted per address (core.keylog)
    return team
