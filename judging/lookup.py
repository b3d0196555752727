"""Loading a penalty with the rights check of its event (the access layer's rules: an event the
caller cannot see hides its penalties, 404; a right the caller lacks is a 403)."""

from __future__ import annotations

from access import Caller, Perm, access_event
from access.objects import MAX_ID
from core.errors import NotVisible
from judging.models import Penalty


def access_penalty(caller: Caller, penalty_id: object, right: Perm = Perm.PENALTIES) -> Penalty:
    """The penalty (with its event), or NotVisible / AccessDenied as access.access_event."""
    if isinstance(penalty_id, str) and penalty_id.isdecimal():
        penalty_id = int(penalty_id)
    if isinstance(penalty_id, bool) or not isinstance(penalty_id, int):
        raise NotVisible
    if not 0 < penalty_id <= MAX_ID:
        raise NotVisible
    event_id = Penalty.objects.filter(pk=penalty_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise NotVisible
    event = access_event(caller, event_id, right)
    penalty = Penalty.objects.select_related("player", "team").get(pk=penalty_id)
    penalty.event = event
    return penalty
