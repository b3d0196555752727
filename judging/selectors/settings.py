"""The event's judging settings (judging.models.JudgingSettings), read in one place."""

from __future__ import annotations

from judging.models import JudgingSettings
from tournament.models import Event


def of(event: Event) -> JudgingSettings:
    """The event's judging settings; the defaults (unsaved) until the head judge or the
    organizer changes them."""
    found = JudgingSettings.objects.filter(event=event).first()
    return found if found is not None else JudgingSettings(event=event)
