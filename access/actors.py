"""The actor of a service: who acts in one event, resolved once, checked by the service itself.

An interface resolves the caller of its request for the event it acts on (``actor_for``: the
user, the team whose key it holds, its staff role there, one query at most) and passes the
``Actor`` to the service; the service asks ``holds`` / ``require_actor`` for the rights its rules
need (a Game Loss is the head judge's, IPG 1.2), so no interface decides a right for it. A task, a
command or the demo acts as ``Actor.system``: every right, nobody recorded.

Services may import this module (and access.rights); the rest of the access package loads
objects for interfaces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib.auth.models import User

from access.rights import MIN_RANK, ORGANIZER, RANK, TEAM_RIGHTS, Perm, staff_right
from core.actors import recorded
from core.errors import AccessDenied

if TYPE_CHECKING:
    from access.caller import Caller
    from tournament.models import Event, Team


@dataclass(frozen=True)
class Actor:
    """Who acts in the event ``event_id``: ``user`` (None: nobody logged in, or a task),
    ``team`` (the team whose key the caller holds, of this event) and ``role`` (organizer,
    head_judge, judge, scorekeeper; None: no staff role)."""

    event_id: int
    user: User | None = None
    team: Team | None = None
    role: str | None = None

    @classmethod
    def system(cls, event: Event) -> Actor:
        """A task, a command, the demo or the simulator: every right; records nobody."""
        return cls(event_id=event.pk, role=ORGANIZER)

    def holds(self, right: Perm) -> bool:
        """The actor's staff role holds ``right`` (a team right: its staff side; the team's own
        right on its team or match is ``acts_for``'s)."""
        return self.role is not None and RANK[self.role] >= MIN_RANK[staff_right(right)]

    def acts_for(self, team_id: int) -> bool:
        """The actor holds this team's key."""
        return self.team is not None and self.team.pk == team_id

    def holds_on_team(self, right: Perm, team_id: int) -> bool:
        """A team right held by the team itself, or its staff side by the actor's role."""
        return (right in TEAM_RIGHTS and self.acts_for(team_id)) or self.holds(right)


def actor_for(caller: Caller, event: Event) -> Actor:
    """The request's caller acting in ``event`` (its role read once per request and event)."""
    team = caller.team if caller.is_team_of(event) else None
    return Actor(
        event_id=event.pk, user=recorded(caller.user), team=team, role=caller.staff_role(event)
    )


def actor_of_user(user: User, event: Event) -> Actor:
    """A logged-in user acting in ``event`` where the service was given only who acts (``by``):
    their staff role read once, here (check-in and drops at the desk)."""
    from access.caller import Caller

    return actor_for(Caller(user), event)


def require_actor(actor: Actor, right: Perm, event: Event) -> None:
    """The service's own check: the actor acts in ``event`` and holds ``right`` (403 otherwise;
    401 for nobody at all)."""
    assert actor.event_id == event.pk, "an actor acts in the event it was resolved for"
    if not actor.holds(right):
        raise AccessDenied
