"""Reads of decklists that need no service (the access layer uses them)."""

from tournament.models import Event


def is_locked(event: Event) -> bool:
    """Lists lock when round 1 is paired: the event is no longer in registration."""
    return event.status != Event.Status.REGISTRATION
