"""``{% log_line row %}``: a game log row in the page's language (tracker.log_lines), with the
names of the page's ``sides`` and the other rows of ``state.log`` (an undo names its target)."""

from typing import Any

from django import template

from tracker import log_lines

register = template.Library()


def _lookups(context: template.Context) -> tuple[dict, dict, dict]:
    teams, players = log_lines.names_of(context.get("sides") or [])
    state = context.get("state") or {}
    rows = {row["seq"]: row for row in state.get("log") or []}
    return teams, players, rows


@register.simple_tag(takes_context=True)
def log_line(context: template.Context, row: Any) -> str:
    return log_lines.log_line(row, *_lookups(context))


@register.simple_tag(takes_context=True)
def event_summary(context: template.Context, row: Any) -> str:
    return log_lines.event_summary(row, *_lookups(context))
