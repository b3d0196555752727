"""``{% judging_tabs event %}``: the judges' tabs, each shown only to whoever may open it (a
scorekeeper runs the clock and the floor view, a judge also the penalties and deck checks)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from access import Perm, can

register = template.Library()


def tabs_for(caller: Any, event: Any) -> list[tuple[str, str]]:
    pk = event.pk
    clock = can(caller, Perm.MANAGE_CLOCK, event)
    judge = can(caller, Perm.PENALTIES, event)
    shown: list[tuple[str, str, bool]] = [
        (_("Floor"), reverse("clock-floor", args=[pk]), clock),
        (_("Clock"), reverse("clock", args=[pk]), clock),
        (_("Judge calls"), reverse("judge-calls", args=[pk]), clock),
        (_("Coverage"), reverse("coverage", args=[pk]), clock),
        (_("Penalties"), reverse("penalties", args=[pk]), judge),
        (_("New penalty"), reverse("penalty-new", args=[pk]), judge),
        (_("Seats"), reverse("seat-check", args=[pk]), judge),
        (_("Deck checks"), reverse("deck-checks", args=[pk]), can(caller, Perm.DECK_CHECKS, event)),
        (_("2HG quick reference"), reverse("judging-reference", args=[pk]), judge),
    ]
    return [(label, url) for label, url, show in shown if show]


@register.inclusion_tag("judging/_nav.html", takes_context=True)
def judging_tabs(context: template.Context, event: Any) -> dict[str, Any]:
    request = context["request"]
    return {"tabs": tabs_for(request.caller, event), "here": request.path}
