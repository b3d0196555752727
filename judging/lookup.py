"""Loading a penalty or a deck check with the rights check of its event (the access layer's
rules: an event the caller cannot see hides its rows, 404; a right the caller lacks is a 403)."""

from __future__ import annotations

from django.db import models

from access import Caller, Perm, access_event
from access.objects import MAX_ID
from core.errors import NotVisible
from judging.models import DeckCheck, Penalty


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
