"""Decklists written as XML: MTGO's ``.dek`` and Cockatrice's ``.cod``, pasted or uploaded.

- MTGO ``.dek``: ``<Deck>`` holding ``<Cards Quantity="4" Sideboard="false" Name="..."/>``
  (with ``CatID`` and ``Annotation``, not needed here); the rest (``NetDeckID``...) is metadata.
- Cockatrice ``.cod``: ``<cockatrice_deck>`` with ``<deckname>``, ``<comments>`` and
  ``<zone name="main">`` / ``"side"`` / ``"tokens"`` holding ``<card number="4" name="..."/>``
  (newer versions add ``setShortName``, ``collectorNumber``, ``uuid``). Tokens are outside the
  deck.

Read with the standard library's expat parser, which gives each element's line, so a problem is
reported on the line of the file that holds it. A document type declaration (``<!DOCTYPE``,
``<!ENTITY``: entity expansion, external files) is refused before anything is read: no decklist
program writes one. Each item is a :class:`~decklists.domain.deck_lines` kind with its line.
"""

from __future__ import annotations

import re
import xml.parsers.expat

from core.text import Text, gettext_noop
from decklists.domain.deck_lines import BadLine, CardLine, Form, LineKind, SkipLine, card_line

_DECLARATION_RE = re.compile(r"<!(?:DOCTYPE|ENTITY)", re.I)
_SIDE_ZONES = {"side": "sideboard", "sideboard": "sideboard", "main": "main"}
_ROOTS: dict[str, Form] = {"Deck": "mtgo_dek", "cockatrice_deck": "cockatrice"}


def is_xml(text: str) -> bool:
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def read_xml(text: str) -> tuple[Form, list[tuple[int, LineKind]]]:
    """The form and the lines of an XML decklist: (line number, kind), in document order."""
    if _DECLARATION_RE.search(text):
        bad = Text(gettext_noop("XML with a document type declaration is not read."))
        return "text", [(0, BadLine(bad))]
    reader = _Reader()
    parser = xml.parsers.expat.ParserCreate()
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.data
    reader.parser = parser
    try:
        parser.Parse(text.lstrip("\ufeff \t\r\n"), True)
    except xml.parsers.expat.ExpatError as exc:
        message = Text(
            gettext_noop("The XML could not be read: %(error)s."),
            error=xml.parsers.expat.ErrorString(exc.code),
        )
        reader.items.append((exc.lineno or 0, BadLine(message)))
    if reader.form == "text" and not any(isinstance(k, BadLine) for _, k in reader.items):
        message = Text(
            gettext_noop(
                "This XML is not a decklist Tandem reads (an MTGO .dek or a Cockatrice .cod)."
            )
        )
        reader.items.append((1, BadLine(message)))
    return reader.form, reader.items


class _Reader:
    """Collects the cards of either document as expat reports its elements."""

    def __init__(self) -> None:
        self.parser: xml.parsers.expat.XMLParserType | None = None
        self.form: Form = "text"
        self.zone: str | None = None
        self.items: list[tuple[int, LineKind]] = []
        self._text_of: tuple[int, str] | None = None
        self._text: list[str] = []
        self._depth = 0

    @property
    def line(self) -> int:
        return self.parser.CurrentLineNumber if self.parser is not None else 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self._depth += 1
        if self._depth == 1:
            self.form = _ROOTS.get(tag, "text")
            return
        if self.form == "mtgo_dek":
            self._mtgo(tag, attrs)
        elif self.form == "cockatrice":
            self._cockatrice(tag, attrs)

    def end(self, tag: str) -> None:
        self._depth -= 1
        if self._text_of is not None and self._depth == 1:
            line, name = self._text_of
            content = " ".join("".join(self._text).split())
            if content:
                self.items.append((line, SkipLine("metadata", f"{name}: {content}"[:200])))
            self._text_of, self._text = None, []
        if tag == "zone":
            self.zone = None

    def data(self, text: str) -> None:
        if self._text_of is not None:
            self._text.append(text)

    def _mtgo(self, tag: str, attrs: dict[str, str]) -> None:
        if tag != "Cards":
            if self._depth == 2:
                self._text_of = (self.line, tag)
            return
        side = attrs.get("Sideboard", "false").strip().lower() == "true"
        self._card(attrs.get("Quantity", ""), attrs.get("Name", ""), "sideboard" if side else None)

    def _cockatrice(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == "zone":
            self.zone = attrs.get("name", "").strip().lower()
        elif tag == "card":
            section = _SIDE_ZONES.get(self.zone or "", "outside")
            self._card(
                attrs.get("number", ""),
                attrs.get("name", ""),
                None if section == "main" else section,
            )
        elif self._depth == 2:
            self._text_of = (self.line, tag)

    def _card(self, count: str, name: str, section: str | None) -> None:
        kind = card_line(f"{count.strip()} {name}".strip())
        if isinstance(kind, CardLine) and section is not None:
            kind = CardLine(kind.count, kind.name, section)  # type: ignore[arg-type]  # section is one of _SIDE_ZONES' values, a Section
        self.items.append((self.line, kind))
