"""An event's life after it is made: archived (off the home page, kept whole) or deleted.

An event in which a round was paired has results that belong to its players' history, so it
is archived and never deleted; an event still in registration may be deleted with its teams.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils import timezone
from django.utils.translation import gettext

from core import events
from core.errors import Conflict
from tournament.models import Event


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


@transaction.atomic
def event_archive(*, event: Event) -> Event:
    event = _locked(event)
    if event.archived_at is None:
        event.archived_at = timezone.now()
        event.save(update_fields=["archived_at"])
    return event


@transaction.atomic
def event_unarchive(*, event: Event) -> Event:
    event = _locked(event)
    if event.archived_at is not None:
        event.archived_at = None
        event.save(update_fields=["archived_at"])
    return event


@transaction.atomic
def event_delete(*, event: Event) -> None:
    """Delete an event that was never played (still in registration); archive a played one."""
    event = _locked(event)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("This event was played: archive it instead, so its results are kept."),
            code="event_played",
        )
    event_id = event.pk
    try:
        event.delete()
    except (ProtectedError, RestrictedError) as exc:
        raise Conflict(
            gettext("This event has played matches: archive it instead."), code="event_played"
        ) from exc
    # After commit: what was derived from the event (its pages and their snapshot in the cache,
    # its teams' private links) goes with it.
    events.event_changed.fire(events.EventChanged(event_id))
