"""The event's pairing settings (pairing.models.PairingSettings), read in one place."""

from __future__ import annotations

from pairing.models import PairingSettings
from tournament.models import Event


def of(event: Event) -> PairingSettings:
    """The event's pairing settings; the defaults (unsaved) until the organizer changes one. Read
    with the event where it was loaded with ``select_related("pairing_settings")`` (access_event,
    the event lists), else one query; kept on the event as Django keeps a related row (the
    service that saves them keeps the saved row on the event it was given)."""
    try:
        return event.pairing_settings
    except PairingSettings.DoesNotExist:
        return PairingSettings(event=event)
