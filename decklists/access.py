"""Rights of decklists and pools, built on tournament.access (api.md "Who may call").

- read a team's lists: the team itself (its key) or staff with Perm.VIEW_PRIVATE;
- write before the lock (round 1 not yet paired): the team itself, or Perm.MANAGE_DECKLISTS;
- write after the lock: Perm.DECK_CHECKS only (judge, head judge, organizer); the change is logged.
"""

from __future__ import annotations

from decklists.services.decklists import DecklistsLocked, is_locked
from tournament.access import Actor, Perm, can, require_team
from tournament.models import Team


def require_decklist_read(actor: Actor, team: Team) -> None:
    require_team(actor, team, Perm.VIEW_PRIVATE)


def require_decklist_write(actor: Actor, team: Team) -> bool:
    """Raise unless the actor may change the team's lists now; True when it acts as a judge.

    A team or scorekeeper after the lock gets DecklistsLocked (403, code ``decklists_locked``).
    """
    require_team(actor, team, Perm.MANAGE_DECKLISTS)
    judge = can(actor, Perm.DECK_CHECKS, team.event)
    if is_locked(team.event) and not judge:
        raise DecklistsLocked
    return judge


def may_write(actor: Actor, team: Team) -> bool:
    """Whether pages should offer the edit forms (the same rule, without raising)."""
    if is_locked(team.event):
        return can(actor, Perm.DECK_CHECKS, team.event)
    return actor.acts_for(team) or can(actor, Perm.MANAGE_DECKLISTS, team.event)
