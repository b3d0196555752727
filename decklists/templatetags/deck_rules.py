"""``{% with rules=event|deck_rules %}``: the event's deck rules (decklists.selectors.deck_rules.of)
in a template, the defaults when the organizer has saved none."""

from django import template

from decklists.models import EventDeckRules
from decklists.selectors import deck_rules as read
from tournament.models import Event

register = template.Library()


@register.filter
def deck_rules(event: Event) -> EventDeckRules:
    return read.of(event)
