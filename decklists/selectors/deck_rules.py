"""The event's deck rules (decklists.models.EventDeckRules), read in one place."""

from __future__ import annotations

from decklists.models import EventDeckRules
from tournament.models import Event


def of(event: Event) -> EventDeckRules:
    """The event's deck rules; the defaults (unsaved) until the organizer changes them. Read
    with the event where it was loaded with ``select_related("deck_rules")`` (access_event, the
    event lists), else one query; kept on the event as Django keeps a related row."""
    try:
        return event.deck_rules
    except EventDeckRules.DoesNotExist:
        return EventDeckRules(event=event)
