"""Words built by pure code (the domain packages), translated where they are shown.

Pure Python: no Django import, so every domain package may use it. A :class:`Text` is a ``str``
holding the English words (so stored JSON, logs and the English pages are unchanged) that also
keeps its template and parameters; ``core.i18n.localize`` builds the words again in the active
language. Templates are marked with :func:`gettext_noop` and :func:`ngettext_noop`, which
``makemessages`` extracts by name (``tournament/management/commands/makemessages.py`` adds the
plural keyword); parameters may themselves be :class:`Text` (a sentence inside a sentence).
"""

from __future__ import annotations

from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a template for translation; the words are translated where they are shown."""
    return message


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """Mark the singular and plural of a template whose words depend on a count."""
    return singular, plural


class Text(str):
    """English words with the template and parameters they came from.

    ``Text(gettext_noop("%(name)s concedes"), name="Ann")`` equals ``"Ann concedes"``;
    ``Text.counted(ngettext_noop("%(count)s card", "%(count)s cards"), 2, count=2)`` equals
    ``"2 cards"``. Parameters are used with ``%(name)s`` (and ``%(name)+d`` for signed numbers).
    """

    template: str
    params: dict[str, Any]
    # Most texts are neither counted nor capitalized: these are kept on the class, and set on
    # an instance only when they differ (a floor view builds thousands of texts).
    plural: str | None = None
    number: int | None = None
    capital: bool = False  # the first letter upper-case, in every language (a sentence's start)

    def __new__(cls, template: str, /, **params: Any) -> Text:
        obj = super().__new__(cls, template % params if params else template)
        obj.template, obj.params = template, params
        return obj

    @classmethod
    def counted(cls, forms: tuple[str, str], number: int, /, **params: Any) -> Text:
        """The singular or the plural of ``forms`` (:func:`ngettext_noop`) by ``number``."""
        return cls._make(forms[0], forms[1], number, params)

    def capitalized(self) -> Text:
        """The same words starting with a capital letter, here and once translated."""
        return self._make(self.template, self.plural, self.number, self.params, capital=True)

    @classmethod
    def _make(
        cls,
        template: str,
        plural: str | None,
        number: int | None,
        params: dict[str, Any],
        capital: bool = False,
    ) -> Text:
        chosen = plural if plural is not None and number != 1 else template
        words = chosen % params if params else chosen
        obj = super().__new__(cls, words[:1].upper() + words[1:] if capital else words)
        obj.template, obj.params = template, params
        if plural is not None:
            obj.plural, obj.number = plural, number
        if capital:
            obj.capital = True
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        # Text._make pickles as a reference to the class's method: one signature, not two.
        return (Text._make, (self.template, self.plural, self.number, self.params, self.capital))

    def render(self, gettext: Any, ngettext: Any) -> str:
        """The words again, with ``gettext(template)`` (``ngettext`` for a counted text) and
        every parameter that is a :class:`Text` rendered the same way."""
        params = {
            key: value.render(gettext, ngettext) if isinstance(value, Text) else value
            for key, value in self.params.items()
        }
        if self.plural is not None:
            chosen = ngettext(self.template, self.plural, self.number)
        else:
            chosen = gettext(self.template)
        words = str(chosen % params if params else chosen)
        return words[:1].upper() + words[1:] if self.capital else words
