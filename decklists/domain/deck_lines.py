"""One line of a decklist, whatever program wrote it: a card, a section header, a total, metadata.

The forms read (docs/api.md "Decklists" lists them for users):

- plain and MTGO text: ``4 Lightning Bolt``, ``4x Lightning Bolt``, ``SB: 2 Duress``;
- MTG Arena: ``4 Lightning Bolt (M11) 146``; headers ``Deck``, ``Sideboard``, ``Commander``,
  ``Companion`` and ``About`` (whose lines, ``Name Burn``, are metadata);
- Moxfield and Archidekt: ``1 Sol Ring (C21) 263 *F*``, ``1x Sol Ring (c21) 263 [Ramp]``; an
  Archidekt category names the section (``[Commander{top}]``, ``[Sideboard]``, ``[Maybeboard]``);
  headers ``MAINBOARD:``, ``SIDEBOARD:``, ``COMMANDER:``; trailing tags ``#Ramp`` and ``^Have^``;
- MTGGoldfish and published lists: type headers with counts (``Creatures (12)``, ``Land (24)``),
  totals (``60 Cards``, ``Total: 75``), ``Sideboard (15)``;
- XMage ``.dck``: ``4 [WWK:134] Creeping Tar Pit``, ``SB: 2 [M14:97] Duress``, ``NAME:`` and
  ``LAYOUT MAIN:`` lines;
- Forge ``.dck``: ``[metadata]`` (``Name=...``), ``[Main]``, ``[Sideboard]``, ``[Commander]``,
  ``4 Abrupt Decay|MM3|1``; its other sections (``[Avatar]``, ``[Planes]``...) are outside the deck;
- Magic Workstation ``.mwDeck``: ``// NAME : Burn`` comments, ``4 [M10] Lightning Bolt``,
  ``SB:  1 [M10] Duress``; Apprentice ``.dec``: ``//`` comments and ``SB:`` lines.

A line is one of: a card (count and name, maybe a section of its own: ``SB:``, an Archidekt
category), a header (the section that follows), a line skipped on purpose (comment, total,
metadata, a card outside the deck: its ``reason``), or an error (the message). Pure functions of
the line's text (and of whether the current section holds metadata); no line raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from core.text import Text, gettext_noop

MAX_COUNT = 999
MAX_NAME_LENGTH = 200

Section = Literal["main", "sideboard", "commander"]
Target = Literal["main", "sideboard", "commander", "type", "metadata", "outside"]
"""Where a header leads: a deck section, a type group of the main deck (``Creatures (12)``),
a block of metadata (Arena's ``About``, Forge's ``[metadata]``) or cards outside the deck."""
SkipReason = Literal["comment", "header", "total", "metadata", "outside"]
Form = Literal["text", "arena", "mtgo_dek", "cockatrice", "xmage", "forge", "mwdeck"]

_SECTION_WORDS: dict[str, Target] = {
    **dict.fromkeys(
        ("deck", "main", "maindeck", "main deck", "mainboard", "main board", "main deck cards"),
        "main",
    ),
    **dict.fromkeys(
        ("sideboard", "side board", "side", "sb", "sideboard cards", "companion", "companions"),
        "sideboard",
    ),
    **dict.fromkeys(("commander", "commanders", "command zone", "commander cards"), "commander"),
    **dict.fromkeys(("about", "metadata", "info", "description"), "metadata"),
    **dict.fromkeys(
        (
            "maybeboard",
            "maybe board",
            "maybe",
            "considering",
            "tokens",
            "token",
            "wishlist",
            "avatar",
            "planes",
            "schemes",
            "conspiracy",
            "dungeon",
            "attractions",
            "contraptions",
            "stickers",
        ),
        "outside",
    ),  # fmt: skip
    **dict.fromkeys(
        (
            "creature",
            "creatures",
            "planeswalker",
            "planeswalkers",
            "battle",
            "battles",
            "instant",
            "instants",
            "sorcery",
            "sorceries",
            "artifact",
            "artifacts",
            "enchantment",
            "enchantments",
            "land",
            "lands",
            "spell",
            "spells",
            "other spells",
            "other",
            "others",
            "nonland",
            "non land",
            "noncreature spells",
            "instants and sorceries",
        ),
        "type",
    ),  # fmt: skip
}
_FORGE_HEADER_RE = re.compile(r"^\[(?P<word>[A-Za-z][A-Za-z ]*)\]$")
_HEADER_RE = re.compile(
    r"^(?P<word>[A-Za-z][A-Za-z ]*?)\s*[:\-]?\s*(?:\(\s*\d+\s*\)|\d+)?\s*(?:cards?)?\s*:?$"
)
_TOTAL_RE = re.compile(
    r"^(?:total\s*(?:cards?)?\s*[:=]?\s*\d+|\d+\s+cards?(?:\s+total)?|cards?\s*[:=]\s*\d+)$", re.I
)
_METADATA_RE = re.compile(
    r"^(?:name|creator|format|author|description|comments?|date|title|event|player|deck ?name"
    r"|layout(?: main| sideboard)?|url|source|tags|version)\s*[:=]",
    re.I,
)
_SB_PREFIX_RE = re.compile(r"^sb\s*:\s*", re.I)
_COUNT_RE = re.compile(r"^(?P<count>\d+)(?:\s*[xX])?\s+(?P<name>\S.*)$")
_GLUED_COUNT_RE = re.compile(r"^(?P<count>\d+)[xX](?P<name>[^\sxX].*)$")
# XMage "[WWK:134] Creeping Tar Pit" and Magic Workstation "[M10] Duress": the set before the name.
_SET_PREFIX_RE = re.compile(r"^\[[^\]\s]{0,12}\]\s*")
# A set code after the name: "(M11) 146", "[MH2]", "(PLST) LRW-123"; lower case ("(c21) 263",
# Archidekt) only with a collector number, so "Hazmat Suit (Used)" keeps its name.
_SET_SUFFIX_RE = re.compile(
    r"\s+(?:(?:\([A-Z0-9]{2,6}\)|\[[A-Z0-9]{2,6}\])(?:\s+[\w\u2605\u2020-]{1,10})?"
    r"|\([a-z0-9]{2,6}\)\s+[\w\u2605\u2020-]{1,10})$"
)
_FOIL_SUFFIX_RE = re.compile(r"\s+\*[A-Za-z]{1,2}\*$")
_CATEGORY_RE = re.compile(r"\s+\[(?P<category>[^\]]*[a-z{ ,][^\]]*)\]$")
_DETAIL_RE = re.compile(r"[\[(|*#^]")
_TAG_RE = re.compile(r"\s+(?:\^[^^]*\^|#\S.*)$")


@dataclass(frozen=True, slots=True)
class CardLine:
    count: int
    name: str
    section: Section | Literal["outside"] | None = None  # the line's own section, if it has one
    marked: bool = False  # an XMage / Magic Workstation set before the name


@dataclass(frozen=True, slots=True)
class Header:
    target: Target


@dataclass(frozen=True, slots=True)
class SkipLine:
    reason: SkipReason
    text: str = ""  # what to show for it, when not the line itself (an XML element)


@dataclass(frozen=True, slots=True)
class BadLine:
    message: str
    text: str = ""
    uncounted: bool = False  # words without a count: a card's, or a published list's title


LineKind = CardLine | Header | SkipLine | BadLine


def classify(stripped: str, *, in_metadata: bool = False) -> LineKind:
    """What a stripped, non-blank line is; ``in_metadata``: the section holds metadata."""
    if stripped[0].isdigit() and not in_metadata:
        # Nearly every line: a card. Only "60 Cards" (a total) also starts with a digit.
        if stripped[-1] in "sSdD" and _TOTAL_RE.match(stripped):
            return SkipLine("total")
        return card_line(stripped)
    if stripped.startswith(("#", "//")):
        header = header_target(stripped.lstrip("#/ \t"))
        return Header(header) if header is not None else SkipLine("comment")
    forge = _FORGE_HEADER_RE.match(stripped)
    if forge is not None:
        target = _SECTION_WORDS.get(" ".join(forge["word"].lower().split()))
        return Header(target or "outside")
    header = header_target(stripped)
    if header is not None:
        return Header(header)
    if in_metadata:
        return SkipLine("metadata")
    if _TOTAL_RE.match(stripped):
        return SkipLine("total")
    if _METADATA_RE.match(stripped):
        return SkipLine("metadata")
    return card_line(stripped)


def header_target(stripped: str) -> Target | None:
    match = _HEADER_RE.match(stripped)
    return _SECTION_WORDS.get(" ".join(match["word"].lower().split())) if match else None


def card_line(text: str) -> CardLine | BadLine:
    section: Section | Literal["outside"] | None = None
    if text[:2] in ("SB", "sb", "Sb", "sB") and _SB_PREFIX_RE.match(text):
        section, text = "sideboard", _SB_PREFIX_RE.sub("", text)
    match = _COUNT_RE.match(text) or _GLUED_COUNT_RE.match(text)
    if match is None:
        return BadLine(
            Text(gettext_noop("Missing count: write the number of copies first, e.g. '1 Island'.")),
            text,
            uncounted=True,
        )
    count = int(match["count"]) if len(match["count"]) <= 6 else MAX_COUNT + 1
    if not 1 <= count <= MAX_COUNT:
        return BadLine(
            Text(gettext_noop("Count must be between 1 and %(max)s."), max=MAX_COUNT), text
        )
    raw = " ".join(match["name"].split())
    name, category = _strip_print_details(raw)
    if not name:
        return BadLine(Text(gettext_noop("Missing card name after the count.")), text)
    if len(name) > MAX_NAME_LENGTH:
        return BadLine(
            Text(gettext_noop("Card name longer than %(max)s characters."), max=MAX_NAME_LENGTH),
            text[:MAX_NAME_LENGTH],
        )
    return CardLine(count, name, category or section, marked=raw.startswith("["))


def _strip_print_details(name: str) -> tuple[str, Section | Literal["outside"] | None]:
    """The card's name without what the exporting program adds around it, and the section an
    Archidekt category gives: set and collector number, foil mark, Forge's ``|SET|art``,
    tags."""
    if not _DETAIL_RE.search(name):
        return name, None  # a bare name: nothing to take off
    name = _SET_PREFIX_RE.sub("", name)
    if "|" in name:
        name = name.split("|", 1)[0]  # Forge: "Abrupt Decay|MM3|1"; no card name has a bar
    category = None
    previous = None
    while previous != name:
        previous = name
        # Each pattern is anchored at the end: tried only where the end can match (the line's
        # last character), for a 1,000-line list is read on every save.
        if "^" in name or "#" in name:
            name = _TAG_RE.sub("", name)
        if name.endswith("]"):
            found = _CATEGORY_RE.search(name)
            if found is not None:
                category = category or _category_section(found["category"])
                name = name[: found.start()]
        if name.endswith("*"):
            name = _FOIL_SUFFIX_RE.sub("", name)
        name = _SET_SUFFIX_RE.sub("", name)
    return name.strip(), category


def _category_section(category: str) -> Section | Literal["outside"] | None:
    """Archidekt's categories, "Commander{top}", "Maybeboard{noDeck}{noPrice}", "Ramp,Draw"."""
    if "{nodeck}" in category.lower():
        return "outside"
    for part in category.split(","):
        target = _SECTION_WORDS.get(part.split("{", 1)[0].strip().lower())
        if target in ("sideboard", "commander", "outside"):
            return target  # type: ignore[return-value]  # narrowed by the membership test to the Literal's values
    return None
