"""The event's judging settings (judging.models.JudgingSettings), read in one place."""

from __future__ import annotations

from judging.models import JudgingSettings
from tournament.models import Event


def of(event: Event) -> JudgingSettings:
    """The event's judging settings; the defaults (unsaved) until the head judge or the
    organizer changes them. Read with the event where it was loaded with
    ``select_related("judging_settings")`` (access_event, the event lists), else one query;
    kept on the event as Django keeps a related row (the services that save them keep the saved
    row on the event they were given)."""
    try:
        return event.judging_settings
    except JudgingSettings.DoesNotExist:
        return JudgingSettings(event=event)
