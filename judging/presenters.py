"""Words of the round clock for the staff's pages (the projector, the floor view, the clock
block of the dashboard and the round's page)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def clock_text(seconds: int | None) -> str:
    """The time left as a clock shows it: "42:05"; hours past 100 minutes ("1:45:00")."""
    if seconds is None:
        return _("no limit")
    seconds = max(0, seconds)
    if seconds >= 100 * 60:  # no playoff round is this long, a final with a limit may be
        hours, rest = divmod(seconds, 3600)
        return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{seconds // 60:02d}:{seconds % 60:02d}"
