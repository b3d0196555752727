"""Loading the judging app's rows with the rights check of their event: a penalty, a deck check
(an event the caller cannot see hides its rows, 404; a right the caller lacks is a 403) and judge
calls.

Who sees a call (docs/api.md "Judge calls"): staff of its event and the two teams of its table;
anyone else gets 404, its existence being private (another event's staff included).
"""

from __future__ import annotations

from django.db import models

from access.caller import Caller
from access.objects import MAX_ID, access_event, access_match, can, plays
from access.rights import Perm
from core.errors import AccessDenied, NotVisible
from judging.models import DeckCheck, JudgeCall, Penalty
from judging.selectors.calls import calls
from pairing.models import Match
from tournament.models import Event


def _event_of(model: type[models.Model], row_id: object) -> tuple[int, int]:
    """The row's id and its event's id, or NotVisible (an id that is not a positive integer
    within range, or no such row)."""
    if isinstance(row_id, str) and row_id.isdecimal():
        row_id = int(row_id)
    if isinstance(row_id, bool) or not isinstance(row_id, int):
        raise NotVisible
    if not 0 < row_id <= MAX_ID:
        raise NotVisible
    event_id = model._default_manager.filter(pk=row_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise NotVisible
    return row_id, event_id


def access_penalty(caller: Caller, penalty_id: object, right: Perm = Perm.PENALTIES) -> Penalty:
    """The penalty (with its event), or NotVisible / AccessDenied as access.access_event."""
    penalty_id, event_id = _event_of(Penalty, penalty_id)
    event = access_event(caller, event_id, right)
    penalty = Penalty.objects.select_related("player", "team").get(pk=penalty_id)
    penalty.event = event
    return penalty


def access_deck_check(
    caller: Caller, check_id: object, right: Perm = Perm.DECK_CHECKS
) -> DeckCheck:
    """The deck check (with its event), or NotVisible / AccessDenied as access.access_event."""
    check_id, event_id = _event_of(DeckCheck, check_id)
    event = access_event(caller, event_id, right)
    check = DeckCheck.objects.select_related("match", "team", "extension").get(pk=check_id)
    check.event = event
    return check


# --- judge calls ---------------------------------------------------------------------------


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
