"""Decklist text parser: the forms players paste (paper lists, MTG Arena and MTGO exports).

Glossary
--------
- *entry*: a card name with a count, and the line it was read from (1-based).
- *main deck* / *sideboard*: MTR 6.1. Constructed 2HG has no sideboard (MTR 9.5); the parser
  still reads one so that the check can say so.
- *header*: a line naming the section that follows: ``Deck``, ``Main``, ``Maindeck``,
  ``Commander`` (main deck); ``Sideboard``, ``SB``, ``Companion`` (sideboard: a companion starts
  outside the game, which means the sideboard, MTR 3.16); ``About`` (Arena's deck name block,
  ignored). A trailing colon and a count ("Sideboard (15)") are allowed.
- *MTGO blank line*: in a list without any header, the cards after the last blank line are the
  sideboard (MTGO's .txt export: main deck, blank line, sideboard). Only where sideboards exist:
  Two-Headed Giant has none of its own (constructed: MTR 9.5; limited: the team's pool is the
  shared sideboard, MTR 9.6), so its lists are read with ``blank_line_sideboard=False``: a blank
  line is just a blank line, and only a ``Sideboard`` header (or ``SB:``) starts a sideboard.

Accepted card lines: ``4 Lightning Bolt``, ``4x Lightning Bolt``, ``4 x Lightning Bolt``,
``SB: 2 Duress``, and Arena/MTGO exports with a trailing set code and collector number
(``4 Lightning Bolt (M11) 146``, ``1 Fire // Ice [MH2]``) or foil mark (``*F*``). A set code is
only removed when written in capitals or digits inside brackets, so "Hazmat Suit (Used)" keeps
its name. Comments start with ``#`` or ``//``. Lines of the same card are merged (counts summed,
the first line kept). Every problem is a :class:`ParseError` with its line number; the parser
never raises on any text.

Limits (bad input must be cheap): more than :data:`MAX_CHARS` characters or :data:`MAX_LINES`
lines is refused whole with one error on line 0, before any line is read. Control characters,
invisible format characters and direction overrides are refused per line ("Trojan Source").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from core.text import Text, gettext_noop
from decklists.domain.cards import normalize_name

MAX_LINES = 20_000
MAX_CHARS = 1_000_000
MAX_COUNT = 999
MAX_NAME_LENGTH = 200

Section = Literal["main", "sideboard"]


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    count: int
    line: int = 0


@dataclass(frozen=True, slots=True)
class ParseError:
    line: int
    message: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class ParsedDecklist:
    main: tuple[Entry, ...]
    sideboard: tuple[Entry, ...]
    errors: tuple[ParseError, ...]

    @property
    def main_count(self) -> int:
        return sum(entry.count for entry in self.main)

    @property
    def sideboard_count(self) -> int:
        return sum(entry.count for entry in self.sideboard)


_HEADERS: dict[str, Section | Literal["about"]] = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "mainboard": "main",
    "commander": "main",
    "sideboard": "sideboard",
    "side board": "sideboard",
    "sb": "sideboard",
    "companion": "sideboard",
    "about": "about",
}
_HEADER_RE = re.compile(r"^(?P<word>[a-z][a-z ]*?)\s*:?\s*(?:\(\d+\))?\s*:?$", re.I)
_SB_PREFIX_RE = re.compile(r"^sb:\s*", re.I)
_COUNT_RE = re.compile(r"^(?P<count>\d+)(?:\s*[xX])?\s+(?P<name>\S.*)$")
_GLUED_COUNT_RE = re.compile(r"^(?P<count>\d+)[xX](?P<name>[^\sxX].*)$")
_SET_SUFFIX_RE = re.compile(
    r"\s+(?:\([A-Z0-9]{2,6}\)|\[[A-Z0-9]{2,6}\])(?:\s+[\w\u2605\u2020-]{1,10})?$"
)
_FOIL_SUFFIX_RE = re.compile(r"\s+\*[A-Z]{1,2}\*$")
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})


def parse_decklist(
    text: str, *, default_section: Section = "main", blank_line_sideboard: bool = True
) -> ParsedDecklist:
    """Parse a decklist; ``default_section`` is where cards go before any header.

    Pass ``default_section="sideboard"`` for a text that holds only a sideboard, and
    ``blank_line_sideboard=False`` where a blank line must not start a sideboard (2HG, MTR 9.5).
    """
    if not isinstance(text, str):
        return _refused(Text(gettext_noop("The decklist must be text.")))
    if len(text) > MAX_CHARS:
        return _refused(
            Text(
                gettext_noop("The decklist is longer than %(max)s characters; it was not read."),
                max=f"{MAX_CHARS:,}",
            )
        )
    if _line_count(text) > MAX_LINES:
        return _refused(
            Text(
                gettext_noop("The decklist has more than %(max)s lines; it was not read."),
                max=f"{MAX_LINES:,}",
            )
        )
    lines = _split_lines(text)
    mtgo_sideboard_from = (
        _mtgo_sideboard_start(lines) if default_section == "main" and blank_line_sideboard else None
    )
    builder = _Builder(default_section)
    for number, raw in enumerate(lines, start=1):
        if number == mtgo_sideboard_from:
            builder.section = "sideboard"
        builder.feed(number, raw)
    return builder.result()


def parse_count_lines(text: str) -> tuple[tuple[Entry, ...], tuple[ParseError, ...]]:
    """Entries of a card pool (sealed pool, draft picks): every counted line, headers ignored."""
    parsed = parse_decklist(text)
    merged = _merge([*parsed.main, *parsed.sideboard])
    return merged, parsed.errors


def _refused(message: str) -> ParsedDecklist:
    return ParsedDecklist(main=(), sideboard=(), errors=(ParseError(line=0, message=message),))


def _line_count(text: str) -> int:
    """Lines in ``text`` (LF, CRLF or CR endings), counted without splitting it."""
    breaks = text.count("\n") + text.count("\r") - text.count("\r\n")
    return breaks if text.endswith(("\n", "\r")) else breaks + 1


def _split_lines(text: str) -> list[str]:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]  # a byte-order mark from Windows editors
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _mtgo_sideboard_start(lines: list[str]) -> int | None:
    """Line number where the sideboard starts in a header-less list: after its last blank line."""
    if any(_is_header_line(line) for line in lines):
        return None
    last_blank = None
    seen_card = False
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped:
            if seen_card:
                last_blank = number
        elif not _is_comment(stripped):
            seen_card = True
    return None if last_blank is None else last_blank + 1


def _is_header_line(line: str) -> bool:
    return _header_section(line.strip()) is not None


def _header_section(stripped: str) -> Section | Literal["about"] | None:
    match = _HEADER_RE.match(stripped)
    return _HEADERS.get(" ".join(match["word"].lower().split())) if match else None


def _is_comment(stripped: str) -> bool:
    return stripped.startswith(("#", "//"))


class _Builder:
    """Accumulates entries per section while lines are fed in order."""

    def __init__(self, section: Section) -> None:
        self.section: Section | Literal["about"] = section
        self.entries: dict[Section, list[Entry]] = {"main": [], "sideboard": []}
        self.errors: list[ParseError] = []

    def feed(self, number: int, raw: str) -> None:
        stripped = raw.strip()
        if not stripped or _is_comment(stripped):
            return
        bad = _forbidden_character(raw)
        if bad is not None:
            self.errors.append(ParseError(number, bad, _printable(raw)))
            return
        header = _header_section(stripped)
        if header is not None:
            self.section = header
        elif self.section != "about":
            self._card_line(number, stripped, self.section)

    def _card_line(self, number: int, stripped: str, section: Section) -> None:
        if _SB_PREFIX_RE.match(stripped):
            section, stripped = "sideboard", _SB_PREFIX_RE.sub("", stripped)
        entry = _parse_card(number, stripped)
        if isinstance(entry, ParseError):
            self.errors.append(entry)
        else:
            self.entries[section].append(entry)

    def result(self) -> ParsedDecklist:
        return ParsedDecklist(
            main=_merge(self.entries["main"]),
            sideboard=_merge(self.entries["sideboard"]),
            errors=tuple(self.errors),
        )


def _parse_card(number: int, text: str) -> Entry | ParseError:
    match = _COUNT_RE.match(text) or _GLUED_COUNT_RE.match(text)
    if match is None:
        return ParseError(
            number,
            Text(gettext_noop("Missing count: write the number of copies first, e.g. '1 Island'.")),
            text,
        )
    count = int(match["count"]) if len(match["count"]) <= 6 else MAX_COUNT + 1
    if not 1 <= count <= MAX_COUNT:
        return ParseError(
            number, Text(gettext_noop("Count must be between 1 and %(max)s."), max=MAX_COUNT), text
        )
    name = _strip_print_details(" ".join(match["name"].split()))
    if not name:
        return ParseError(number, Text(gettext_noop("Missing card name after the count.")), text)
    if len(name) > MAX_NAME_LENGTH:
        return ParseError(
            number,
            Text(gettext_noop("Card name longer than %(max)s characters."), max=MAX_NAME_LENGTH),
            text[:MAX_NAME_LENGTH],
        )
    return Entry(name=name, count=count, line=number)


def _strip_print_details(name: str) -> str:
    """Remove a foil mark and a set code with collector number: "(M11) 146", "[MH2]", "*F*"."""
    previous = None
    while previous != name:
        previous = name
        name = _FOIL_SUFFIX_RE.sub("", name)
        name = _SET_SUFFIX_RE.sub("", name)
    return name.strip()


def _forbidden_character(line: str) -> str | None:
    for column, ch in enumerate(line, start=1):
        if ch == "\t":
            continue
        if ch in _BIDI_CONTROLS:
            return Text(
                gettext_noop(
                    "Right-to-left or direction-override mark U+%(code)s at column %(column)s."
                ),
                code=f"{ord(ch):04X}",
                column=column,
            )
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES:
            return Text(
                gettext_noop("Control or invisible character U+%(code)s at column %(column)s."),
                code=f"{ord(ch):04X}",
                column=column,
            )
    return None


def _printable(line: str) -> str:
    return "".join(
        f"<U+{ord(ch):04X}>"
        if unicodedata.category(ch) in _FORBIDDEN_CATEGORIES and ch != "\t"
        else ch
        for ch in line[:MAX_NAME_LENGTH]
    )


def _merge(entries: list[Entry]) -> tuple[Entry, ...]:
    """One entry per card name key, counts summed, first spelling and line kept."""
    merged: dict[str, Entry] = {}
    for entry in entries:
        key = normalize_name(entry.name)
        first = merged.get(key)
        merged[key] = (
            entry if first is None else Entry(first.name, first.count + entry.count, first.line)
        )
    return tuple(merged.values())
