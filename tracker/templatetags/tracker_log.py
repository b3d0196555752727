"""``{% log_line row %}``: a game log row in the page's language. A row of a folded log
(tracker.selectors.game_state) carries its words as ``core.text.Text``, which is translated here;
rows read back from the cached state are plain English words and are shown as they are."""

from datetime import UTC, datetime
from typing import Any

from django import template
from django.utils import timezone

from core.i18n import localize

register = template.Library()


@register.simple_tag
def log_line(row: Any) -> str:
    return localize(row.get("text", ""))


@register.simple_tag
def event_summary(row: Any) -> str:
    """The undo button's words for the row it would undo: its whole line."""
    return localize(row.get("text", ""))


@register.filter
def clock_time(at: Any) -> str:
    """A log row's ``at`` (ISO 8601, UTC) as "HH:MM:SS" in the page's time zone (the event's,
    base.html): a judge reads the log in the hall's time."""
    if not at:
        return ""
    try:
        moment = datetime.fromisoformat(str(at))
    except ValueError:
        return ""
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, UTC)
    return timezone.localtime(moment).strftime("%H:%M:%S")
