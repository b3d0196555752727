"""``{{ problem.message|localize }}``: words of the pure code (a ``core.text.Text``, such as a
decklist problem) in the page's language; other words are shown as they are."""

from django import template

from core.i18n import localize as _localize

register = template.Library()


@register.filter
def localize(value: object) -> str:
    return _localize(value)
