"""Words of the pure code in the active language (the request's, LocaleMiddleware).

``localize`` takes what a domain package or a service produced: a :class:`core.text.Text` is
built again from its translated template, anything else is returned as it is (a name, or words
no catalogue holds).
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from core.text import Text


def localize(value: object) -> str:
    """``value`` in the active language: a Text is translated, other words are kept."""
    if isinstance(value, Text):
        return value.render(gettext, ngettext)
    return "" if value is None else str(value)


def exception_text(exc: BaseException) -> str:
    """The message of a domain error in the active language: its Text translated, else its
    words as they are (``str(exc)`` would drop the template)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return localize(first) if isinstance(first, Text) else str(exc)
