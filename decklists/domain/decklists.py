"""Decklist reader: every form players bring, pasted or uploaded, chosen by the content.

Glossary
--------
- *entry*: a card name with a count, and the line it was read from (1-based).
- *main deck* / *sideboard*: MTR 6.1. Constructed 2HG has no sideboard (MTR 9.5); the reader
  still reads one, apart from the main deck, so that the check can say so.
- *command zone*: a Commander deck's commander(s) (CR 903.3), in a ``Commander`` section (Arena,
  Moxfield, Forge's ``[Commander]``, an Archidekt ``[Commander]`` category).
- *header*: a line naming the section that follows (:mod:`decklists.domain.deck_lines` has them
  all): ``Deck``/``Main``/``MAINBOARD:`` (main deck), ``Sideboard``/``SB``/``Companion``
  (sideboard: a companion starts outside the game, MTR 3.16), ``Commander``, ``About`` and
  Forge's ``[metadata]`` (metadata), ``Maybeboard``/``Tokens`` (outside the deck), and the type
  headers of published lists (``Creatures (12)``: the main deck goes on).
- *skipped line*: a line read on purpose and not counted: a header, a comment, a total
  (``60 Cards``), metadata (``NAME:Burn``, ``Name=Burn``), a card outside the deck. Every one is
  listed in :attr:`ParsedDecklist.skipped` with its reason, never silently lost; a line that
  cannot be read is a :class:`ParseError` with its text.
- *MTGO blank line*: in a list without any header or ``SB:`` line, the cards after the last blank
  line may be the sideboard (MTGO's and MTGGoldfish's .txt export: main deck, blank line,
  sideboard). :class:`BlankLineRule` says when: in 2HG only when the part before already reaches
  the format's minimum and the block holds at most 15 cards, so a list with its lands after a
  blank line is still one deck. ``blank_line_sideboard=False``: a blank line never starts one.

The form is found from the content, never a file name: XML is an MTGO ``.dek`` or a Cockatrice
``.cod`` (:mod:`decklists.domain.deck_xml`); any other text is read line by line, whatever
program wrote it (plain, MTGO, Arena, Moxfield, Archidekt, MTGGoldfish, XMage, Forge, Magic
Workstation, Apprentice). Lines of the same card in one section are merged (counts summed, the
first line kept). The reader never raises on any text.

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
from decklists.domain.deck_lines import (
    MAX_COUNT as MAX_COUNT,
)
from decklists.domain.deck_lines import (
    MAX_NAME_LENGTH,
    BadLine,
    CardLine,
    Form,
    Header,
    LineKind,
    Section,
    SkipLine,
    classify,
)
from decklists.domain.deck_xml import is_xml, read_xml

MAX_LINES = 20_000
MAX_CHARS = 1_000_000
MAX_SIDEBOARD = 15  # MTR 6.1: a sideboard holds at most 15 cards
FORM_LINES = 120  # the lines that tell the form (every form shows itself in its first lines)


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
class Skipped:
    """A line read on purpose and not counted: ``reason`` is ``header``, ``comment``,
    ``total``, ``metadata`` or ``outside`` (a card outside the deck: maybeboard, tokens)."""

    line: int
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class BlankLineRule:
    """When the block after the last blank line of a header-less list is its sideboard: the part
    before holds at least ``minimum`` cards and the block at most ``maximum`` (None: any)."""

    minimum: int = 0
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class ParsedDecklist:
    main: tuple[Entry, ...]
    sideboard: tuple[Entry, ...]
    errors: tuple[ParseError, ...]
    commander: tuple[Entry, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    form: Form = "text"

    @property
    def main_count(self) -> int:
        return sum(entry.count for entry in self.main)

    @property
    def sideboard_count(self) -> int:
        return sum(entry.count for entry in self.sideboard)

    @property
    def commander_count(self) -> int:
        return sum(entry.count for entry in self.commander)


_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
_FORGE_RE = re.compile(r"^\[(?:main|sideboard|metadata|commander)\]$", re.I)
_XMAGE_RE = re.compile(
    r"^(?:sb:\s*)?\d+\s+\[[^\]\s:]*:[^\]\s]*\]|^layout (?:main|sideboard):", re.I
)
_ARENA_RE = re.compile(r"\([A-Z0-9]{2,6}\)\s+[\w\u2605-]{1,10}\s*$|^(?:deck|about|companion)$")

_Item = tuple[int, LineKind | None, str]  # line number, what it is (None: blank), its text


def parse_decklist(
    text: str,
    *,
    default_section: Section = "main",
    blank_line_sideboard: bool | BlankLineRule = True,
) -> ParsedDecklist:
    """Read a decklist of any form; ``default_section`` is where cards go before any header.

    Pass ``default_section="sideboard"`` for a text that holds only a sideboard.
    ``blank_line_sideboard``: ``True`` reads the block after the last blank line of a header-less
    list as its sideboard (MTGO), a :class:`BlankLineRule` only when the rule says so (2HG),
    ``False`` never.
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
    if is_xml(text):
        form, found = read_xml(text)
        items: list[_Item] = [(number, kind, "") for number, kind in found]
    else:
        items = _classify(_split_lines(text))
        form = _text_form(items)
    rule = BlankLineRule() if blank_line_sideboard is True else blank_line_sideboard
    sideboard_from = (
        _blank_line_sideboard_start(items, rule)
        if default_section == "main" and rule is not False
        else None
    )
    builder = _Builder(default_section)
    for number, kind, raw in items:
        if number == sideboard_from:
            builder.section = "sideboard"
        if kind is not None:
            builder.feed(number, kind, raw)
    return builder.result(form)


def parse_count_lines(text: str) -> tuple[tuple[Entry, ...], tuple[ParseError, ...]]:
    """Entries of a card pool (sealed pool, draft picks): every counted line, headers ignored."""
    parsed = parse_decklist(text)
    merged = _merge([*parsed.commander, *parsed.main, *parsed.sideboard])
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


def _classify(lines: list[str]) -> list[_Item]:
    items: list[_Item] = []
    in_metadata = False
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped:
            items.append((number, None, raw))
            continue
        bad = None if stripped.startswith(("#", "//")) else _forbidden_character(raw)
        kind: LineKind = (
            BadLine(bad, _printable(raw))
            if bad is not None
            else classify(stripped, in_metadata=in_metadata)
        )
        if isinstance(kind, Header):
            in_metadata = kind.target == "metadata"
        items.append((number, kind, raw))
    return _published_title(items)


def _published_title(items: list[_Item]) -> list[_Item]:
    """A published list (a total ``60 Cards`` or type headers ``Creature (12)``) copied whole
    starts with its name and author: the lines without a count before its first card or header
    are its title, metadata, not cards missing their count. In any other list they stay errors."""
    if not any(
        (isinstance(kind, SkipLine) and kind.reason == "total")
        or (isinstance(kind, Header) and kind.target == "type")
        for _, kind, _ in items
    ):
        return items
    for position, (number, kind, raw) in enumerate(items):
        if isinstance(kind, BadLine) and kind.uncounted:
            items[position] = (number, SkipLine("metadata"), raw)
        elif kind is not None:
            break
    return items


def _text_form(items: list[_Item]) -> Form:
    """The program that wrote the text, from its first lines (what the answer says it read)."""
    items = items[:FORM_LINES]
    raws = [raw.strip() for _, kind, raw in items if kind is not None]
    if any(_FORGE_RE.match(raw) for raw in raws):
        return "forge"
    if any(_XMAGE_RE.match(raw) for raw in raws):
        return "xmage"
    if any(isinstance(kind, CardLine) and kind.marked for _, kind, _ in items):
        return "mwdeck"
    if any(_ARENA_RE.search(raw) for raw in raws):
        return "arena"
    return "text"


def _blank_line_sideboard_start(items: list[_Item], rule: BlankLineRule) -> int | None:
    """Line number where the sideboard starts in a list without headers: after its last blank
    line, when ``rule`` allows it (the counts before and after that line)."""
    if any(
        isinstance(kind, Header) or (isinstance(kind, CardLine) and kind.section is not None)
        for _, kind, _ in items
    ):
        return None
    last_blank = None
    seen_card = False
    for position, (_, kind, _) in enumerate(items):
        if kind is None:
            if seen_card:
                last_blank = position
        elif isinstance(kind, CardLine):
            seen_card = True
    if last_blank is None:
        return None
    before = sum(k.count for _, k, _ in items[:last_blank] if isinstance(k, CardLine))
    block = sum(k.count for _, k, _ in items[last_blank:] if isinstance(k, CardLine))
    if not block or before < rule.minimum:
        return None
    if rule.maximum is not None and block > rule.maximum:
        return None
    return items[last_blank][0] + 1


class _Builder:
    """Accumulates entries per section, and the skipped lines, while lines are fed in order."""

    def __init__(self, section: Section) -> None:
        self.section: Section | Literal["metadata", "outside"] = section
        self.entries: dict[Section, list[Entry]] = {"main": [], "sideboard": [], "commander": []}
        self.errors: list[ParseError] = []
        self.skipped: list[Skipped] = []

    def feed(self, number: int, kind: LineKind, raw: str) -> None:
        if isinstance(kind, BadLine):
            self.errors.append(ParseError(number, kind.message, kind.text or _printable(raw)))
        elif isinstance(kind, Header):
            self._header(kind)
            self._skip(number, raw, "header")
        elif isinstance(kind, SkipLine):
            self._skip(number, kind.text or raw, kind.reason)
        else:
            section = kind.section or self.section
            if section in ("metadata", "outside"):
                self._skip(number, raw or f"{kind.count} {kind.name}", "outside")
            else:
                self.entries[section].append(Entry(kind.name, kind.count, number))  # type: ignore[index]  # section is a main or sideboard key here (outside went above)

    def _header(self, header: Header) -> None:
        if header.target == "type":
            # "Creatures (12)": a group of the main deck, or of the sideboard it is in
            if self.section != "sideboard":
                self.section = "main"
        else:
            self.section = header.target

    def _skip(self, number: int, text: str, reason: str) -> None:
        self.skipped.append(Skipped(number, _printable(text).strip(), reason))

    def result(self, form: Form) -> ParsedDecklist:
        return ParsedDecklist(
            main=_merge(self.entries["main"]),
            sideboard=_merge(self.entries["sideboard"]),
            commander=_merge(self.entries["commander"]),
            errors=tuple(self.errors),
            skipped=tuple(self.skipped),
            form=form,
        )


_ASCII_CONTROL_RE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def _forbidden_character(line: str) -> str | None:
    if line.isascii() and not _ASCII_CONTROL_RE.search(line):
        return None  # most lines: nothing to look at character by character
    for column, ch in enumerate(line, start=1):
        if ch == "\t" or " " <= ch < "\x7f":
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
    if line.isascii() and line.isprintable():
        return line[:MAX_NAME_LENGTH]
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
