"""The access layer: who may see or do what, for pages and API alike (docs/api.md "Who may call").

- rights.Perm: the rights; a staff role holds a right from its rank up; a team holds the team
  rights on its own team and match.
- caller.Caller: the caller of a request (``request.caller``, core.middleware.CallerMiddleware).
- objects: ``access_*`` load an object with the rights check (NotVisible 404, AccessDenied 403).
- judging: the judging app's rows (a penalty, a deck check, judge calls) loaded the same way.
- actors.Actor: who acts in one event (user, team, role), resolved once by the interface
  (``actor_for``) and passed to a service, which checks its own rights (``require_actor``,
  ``Actor.holds``). Services import access.actors and access.rights only.

Imports the apps' models and selectors and core; never a service, DRF or Celery. Interfaces
(views, api, forms, urls, tasks, commands) sit above it.
"""

from access.actors import Actor, actor_for, require_actor
from access.caller import Caller, caller_for_request, team_of_key
from access.objects import (
    KEY_MATCH_COLUMNS,
    KEY_MATCH_SQL,
    MAX_ID,
    KeyMatch,
    access_event,
    access_match,
    access_match_by_key,
    access_own_match,
    access_player,
    access_round,
    access_round_by_number,
    access_team,
    access_team_by_key,
    can,
    can_on_team,
    can_view,
    key_match_params,
    match_by_key,
    may_follow,
    may_write_decklists,
    plays,
    require,
    require_on_match,
    require_on_team,
    sees_unpublished,
    visible_events,
    visible_rounds,
)
from access.rights import ORGANIZER, TEAM_RIGHTS, Perm

__all__ = [
    "KEY_MATCH_COLUMNS",
    "KEY_MATCH_SQL",
    "MAX_ID",
    "ORGANIZER",
    "TEAM_RIGHTS",
    "Actor",
    "Caller",
    "KeyMatch",
    "Perm",
    "access_event",
    "access_match",
    "access_match_by_key",
    "access_own_match",
    "access_player",
    "access_round",
    "access_round_by_number",
    "access_team",
    "access_team_by_key",
    "actor_for",
    "caller_for_request",
    "can",
    "can_on_team",
    "can_view",
    "key_match_params",
    "match_by_key",
    "may_follow",
    "may_write_decklists",
    "plays",
    "require",
    "require_actor",
    "require_on_match",
    "require_on_team",
    "sees_unpublished",
    "team_of_key",
    "visible_events",
    "visible_rounds",
]
