"""``{% event_tabs event %}``: the event's tabs, each shown only to whoever may open it (the
rights are access's: a scorekeeper sees the clock but not the penalties, a player or a visitor
sees the event's public pages only)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from access import Perm, can

register = template.Library()


def tabs_for(caller: Any, event: Any) -> list[tuple[str, str]]:
    """(label, url) of the tabs this caller may open, in the nav's order."""
    staff = can(caller, Perm.VIEW_PRIVATE, event)
    pk = event.pk
    shown: list[tuple[str, str, bool]] = [
        (_("Dashboard") if staff else _("Event"), reverse("event", args=[pk]), True),
        (_("Teams"), reverse("event-teams", args=[pk]), True),
        (_("Decklists"), reverse("event-decklists", args=[pk]), staff),
        (_("Rounds"), reverse("rounds", args=[pk]), True),
        (_("Standings"), reverse("standings", args=[pk]), True),
        (_("Clock"), reverse("clock", args=[pk]), can(caller, Perm.MANAGE_CLOCK, event)),
        (_("Penalties"), reverse("penalties", args=[pk]), can(caller, Perm.PENALTIES, event)),
        (_("Staff"), reverse("event-staff", args=[pk]), staff),
    ]
    return [(label, url) for label, url, show in shown if show]


@register.inclusion_tag("tournament/_event_nav.html", takes_context=True)
def event_tabs(context: template.Context, event: Any) -> dict[str, Any]:
    request = context["request"]
    return {"tabs": tabs_for(request.caller, event), "here": request.path}


@register.filter
def event_zone(event: Any) -> str | None:
    """The event's time zone for ``{% timezone %}`` (base.html): its organizer's, or None (the
    server's TIME_ZONE) for an event without one and for a page without an event."""
    return getattr(event, "time_zone", "") or None
