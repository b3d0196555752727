"""Loading judge calls with their rights check (the access layer's rules).

Who sees a call (docs/api.md "Judge calls"): staff of its event and the two teams of its table;
anyone else gets 404, its existence being private (another event's staff included).
"""

from __future__ import annotations

from access import Caller, Perm, access_event, access_match, can, plays
from access.objects import MAX_ID
from core.errors import AccessDenied, NotVisible
from judging.models import JudgeCall
from judging.selectors.calls import calls
from pairing.models import Match
from tournament.models import Event


def may_see_table(caller: Caller, match: Match) -> bool:
    return plays(caller.team, match) or caller.staff_role(match.round.event) is not None


def access_match_calls(caller: Caller, match_id: int) -> Match:
    """A table to call a judge to: its teams (their key) and the event's staff; 404 for anyone
    else."""
    match = access_match(caller, match_id)
    if not may_see_table(caller, match):
        raise NotVisible
    return match


def access_call(caller: Caller, call_id: object, right: Perm | None = None) -> JudgeCall:
    """The call, seen by the event's staff and the table's teams (404 otherwise); ``right``: a
    staff right needed too (403 for those who see the call without it)."""
    if isinstance(call_id, str) and call_id.isdecimal():
        call_id = int(call_id)
    if isinstance(call_id, bool) or not isinstance(call_id, int) or not 0 < call_id <= MAX_ID:
        raise NotVisible
    call = calls().filter(pk=call_id).first()
    if call is None:
        raise NotVisible
    event = call.match.round.event
    staff = caller.staff_role(event) is not None
    if not staff and not plays(caller.team, call.match):
        raise NotVisible
    if right is not None and not can(caller, right, event):
        raise AccessDenied  # the table's team and staff without the right: 403
    return call


def access_event_calls(caller: Caller, event_id: int) -> Event:
    """The event's calls are read by its staff (scorekeepers included); 404 for anyone else."""
    event = access_event(caller, event_id)
    if caller.staff_role(event) is None:
        raise NotVisible
    return event
