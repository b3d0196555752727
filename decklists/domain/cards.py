"""Card facts, name matching and banned/restricted lists: what the deck checks need to know.

Glossary
--------
- *card name*: the English Oracle name. A card with several faces (split, aftermath, flip,
  adventure, transform, modal double-faced) has one name, its faces joined with `` // ``:
  "Fire // Ice", "Delver of Secrets // Insectile Aberration". Faces are one card (MTR 8.4 counts
  "by English card title").
- *front face*: the first face. Players write it alone for double-faced, adventure and flip cards
  ("Delver of Secrets", "Brazen Borrower"); split cards are written whole ("Fire // Ice",
  MTGO's "Fire/Ice").
- *name key*: :func:`normalize_name` of a name; two spellings of one card have the same key.
- *basic*: a card with the basic supertype (CR 205.4a): the five basic lands, Wastes and the
  Snow-Covered basics. MTR 6.1 and 8.4 exempt them from copy limits.
- *deck limit*: a card's own copy limit ("A deck can have any number of cards named ...",
  "up to seven", "up to nine"; MTR 6.1 "cards with text that specifies otherwise"). ``None`` means
  the usual four; :data:`UNLIMITED` means any number.
- *legalities*: format -> ``legal`` | ``not_legal`` | ``banned`` | ``restricted``. A format that
  is absent is *unknown* (the supplement catalogue knows only Commander), never "not legal".
- *other name*: a name printed on some printings of a card that is not its Oracle name: the
  flavor names of Universes Beyond and Secret Lair printings ("Godzilla, King of the Monsters"
  is Zilortha, Strength Incarnate) and a Universes Beyond card's Universes Within reprint. Under
  MTR 3.6 such a card is the card of its Oracle name: a list may use either name, and every count
  (copy limit, Unified Deck Construction, banned and restricted lists) is by the Oracle name.
  The index finds a card by its other names; an Oracle name or front face always wins over an
  other name that happens to be spelt the same.
- *rebalanced card*: MTG Arena's "A-" version of a card ("A-Lightning Bolt" rebalances
  "Lightning Bolt"); a digital-only card, never legal in paper. :meth:`CardIndex.rebalanced_of`
  gives the paper card it rebalances.
- *banlist*: the current banned/restricted lists of a format (MTR 6.3-6.7), loaded from data;
  they replace the catalogue's older statuses. ``two_headed_giant`` is the 2HG-only list
  (MTR 9.5: Erayo, Soratami Ascendant).

Rules implemented: MTR 3.6 (other printed names are the Oracle card), MTR 6.1 (copy limit and
its exceptions), MTR 6.2-6.7 (banned and restricted
lists), MTR 8.4 / 9.5 (cards counted by English name), CR 205.4a (basic supertype).
"""

from __future__ import annotations

import difflib
import functools
import heapq
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

UNLIMITED = 10**9
"""Deck limit of "A deck can have any number of cards named ..." (Relentless Rats)."""

DEFAULT_DECK_LIMIT = 4
REBALANCED_PREFIX = "A-"
"""MTG Arena's prefix of a rebalanced card's name."""
LEGALITY_VALUES = frozenset({"legal", "not_legal", "banned", "restricted"})
TWO_HEADED_GIANT = "two_headed_giant"
"""Key of the 2HG-only list in :func:`parse_banlists`' result."""

_NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        " fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
_DECK_LIMIT_RE = re.compile(
    r"a deck can have (?:(?P<any>any number of)|up to (?P<n>[a-z]+|\d+)) cards named", re.I
)
# Typographic variants people paste from web pages and word processors.
_CHAR_MAP = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u02bc": "'",
        "\u00b4": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00e6": "ae",  # Æther Vial is Aether Vial in the Oracle (casefold makes Æ æ)
        "\u0153": "oe",
    }
)
_SPLIT_SEPARATOR_RE = re.compile(r"\s*/{1,3}\s*")


@functools.lru_cache(maxsize=1 << 16)
def normalize_name(name: str) -> str:
    """Key of a card name: case, accents, quote styles, spacing and ``/`` vs ``//`` ignored.

    >>> normalize_name("  Lim-D\u00fbl\u2019s   Vault ") == normalize_name("lim-dul's vault")
    True
    >>> normalize_name("Fire/Ice")
    'fire // ice'
    """
    if name.isascii():
        key = name.casefold().replace("`", "'")
    else:
        # NFKD both before casefold (styled letters such as U+1D5D4) and after it (casefold can
        # produce combining marks: "İ" -> "i" + dot); the character map runs on both sides too.
        key = unicodedata.normalize("NFKD", name.translate(_CHAR_MAP)).casefold()
        key = unicodedata.normalize("NFKD", key).translate(_CHAR_MAP)
        key = "".join(ch for ch in key if not _is_dropped(ch))
    if "/" in key:
        key = _SPLIT_SEPARATOR_RE.sub(" // ", key)
    return " ".join(key.split())


def _is_dropped(ch: str) -> bool:
    """Combining marks (accents after NFKD) and invisible format characters."""
    return unicodedata.combining(ch) != 0 or unicodedata.category(ch) == "Cf"


def color_identity_of(colors: object) -> str | None:
    """Colour identity letters in WUBRG order from a card file's list (``["G", "W"]`` -> "WG");
    None when the file gives none.

    >>> color_identity_of(["G", "W"])
    'WG'
    """
    if not isinstance(colors, list | tuple | str):
        return None
    letters = {str(c).strip().upper() for c in colors}
    return "".join(c for c in "WUBRG" if c in letters)


def deck_limit_from_text(text: str | None) -> int | None:
    """A card's own copy limit from its rules text, or None for the usual four (MTR 6.1).

    >>> deck_limit_from_text("A deck can have up to seven cards named Seven Dwarves.")
    7
    >>> deck_limit_from_text("Flying") is None
    True
    """
    if not text:
        return None
    match = _DECK_LIMIT_RE.search(text)
    if match is None:
        return None
    if match["any"]:
        return UNLIMITED
    word = match["n"].lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the deck checks know of one card (one Oracle name)."""

    name: str
    faces: tuple[str, ...]
    type_line: str
    is_basic: bool
    deck_limit: int | None
    legalities: Mapping[str, str] = field(default_factory=dict, hash=False)
    # Other printed names of this card (flavor names, Universes Within names; MTR 3.6), as a
    # card file gives them; the index finds the card by them.
    other_names: tuple[str, ...] = field(default=(), compare=False)
    # Colour identity (CR 903.4): letters in WUBRG order, "" colourless, None unknown.
    color_identity: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.faces:
            object.__setattr__(self, "faces", (self.name,))
        if not isinstance(self.legalities, MappingProxyType):
            object.__setattr__(self, "legalities", MappingProxyType(dict(self.legalities)))

    @property
    def front_face(self) -> str:
        return self.faces[0]


class CardIndex:
    """All known cards, found by name as players write it.

    ``get`` tries the full name, then the front face of a multi-face card; a full name wins over
    another card's front face ("Bind" is the Visions card, not "Bind // Liberate"). When two cards
    share a front face, the one whose name is its faces joined wins, then the first loaded.
    Duplicate full names: the first loaded wins (load the newest catalogue first).

    ``aliases`` are (other name, Oracle name) pairs (MTR 3.6), added to the cards' own
    ``other_names``; ``get`` tries them last, so a real card's name or front face always wins.
    A pair whose Oracle name is not a known card is left out (counted in ``unresolved_aliases``).
    """

    def __init__(self, cards: Iterable[CardFacts], aliases: Iterable[tuple[str, str]] = ()) -> None:
        self._cards: list[CardFacts] = []
        self._by_name: dict[str, CardFacts] = {}
        self._by_face: dict[str, CardFacts] = {}
        self._by_alias: dict[str, CardFacts] = {}
        self.unresolved_aliases = 0
        self._pending_aliases: list[tuple[str, CardFacts]] = []
        for card in cards:
            self._add(card)
        for card in self._cards:
            for other in card.other_names:
                self._add_alias(other, card)
        for other, first in self._pending_aliases:
            self._add_alias(other, first)
        self._pending_aliases.clear()
        for other, oracle in aliases:
            target = self.get(oracle)
            if target is None:
                self.unresolved_aliases += 1
            else:
                self._add_alias(other, target)
        self._resolved: dict[frozenset[str], frozenset[str]] = {}
        self._suggester: _Suggester | None = None

    def _add_alias(self, other: str, card: CardFacts) -> None:
        key = normalize_name(other)
        if key and key not in self._by_name and key not in self._by_face:
            self._by_alias.setdefault(key, card)

    def _add(self, card: CardFacts) -> None:
        key = normalize_name(card.name)
        if key in self._by_name:
            if card.other_names:  # a repeated card that brings other names: keep them
                first = self._by_name[key]
                self._pending_aliases.extend((other, first) for other in card.other_names)
            return
        self._by_name[key] = card
        self._cards.append(card)
        if len(card.faces) > 1 or normalize_name(card.front_face) != key:
            face_key = normalize_name(card.front_face)
            other = self._by_face.get(face_key)
            if other is None or (_is_canonical(card) and not _is_canonical(other)):
                self._by_face[face_key] = card

    def get(self, name: str) -> CardFacts | None:
        """The card called ``name`` (full name, front face, or another printed name), or None."""
        key = normalize_name(name)
        card = self._by_name.get(key)
        if card is None:
            card = self._by_face.get(key)
        return card if card is not None else self._by_alias.get(key)

    def is_other_name(self, name: str) -> bool:
        """``name`` designates its card by another printed name, not the Oracle name (MTR 3.6)."""
        key = normalize_name(name)
        return key not in self._by_name and key not in self._by_face and key in self._by_alias

    def aliases(self) -> Iterator[tuple[str, str]]:
        """(other name key, Oracle name) of every other name the index knows."""
        for key, card in self._by_alias.items():
            yield key, card.name

    def rebalanced_of(self, name: str) -> CardFacts | None:
        """The paper card that MTG Arena's rebalanced "A-" card ``name`` rebalances, if known."""
        stripped = name.strip()
        if not stripped.startswith(REBALANCED_PREFIX):
            return None
        # "A-Alrund, God of the Cosmos // A-Hakka, Whispering Raven": each face has the prefix.
        faces = [face.strip().removeprefix(REBALANCED_PREFIX) for face in stripped.split("//")]
        original = self.get(" // ".join(faces))
        if original is None or original.name.startswith(REBALANCED_PREFIX):
            return None
        return original

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[CardFacts]:
        return iter(self._cards)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def resolve_names(self, names: frozenset[str]) -> frozenset[str]:
        """Name keys of the cards ``names`` designate (a front face stands for its card).

        A name the index does not know is kept as its own key. Memoised per set, so a banlist
        is resolved once per index.
        """
        resolved = self._resolved.get(names)
        if resolved is None:
            resolved = frozenset(self._resolve_one(name) for name in names)
            self._resolved[names] = resolved
        return resolved

    def _resolve_one(self, name: str) -> str:
        card = self.get(name)
        return normalize_name(card.name if card is not None else name)

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Up to ``n`` card names close to a misspelt ``name``, best first ("did you mean")."""
        if self._suggester is None:
            self._suggester = _Suggester(self._suggestion_keys())
        return self._suggester.suggest(normalize_name(name), n)

    def prepare_suggestions(self) -> None:
        """Build the typo index now rather than at the first unknown name (about 0.3 s)."""
        if self._suggester is None:
            self._suggester = _Suggester(self._suggestion_keys())

    def _suggestion_keys(self) -> Iterator[tuple[str, str]]:
        for key, card in self._by_name.items():
            yield key, card.name
        for key, card in self._by_face.items():
            yield key, card.name
        for key, card in self._by_alias.items():
            yield key, card.name


def _is_canonical(card: CardFacts) -> bool:
    return card.name == " // ".join(card.faces)


class _Suggester:
    """Trigram index over name keys: candidates sharing most trigrams, ranked by difflib."""

    _CANDIDATES = 40
    _CUTOFF = 0.6
    _PREFIX_SCORE = 0.75

    def __init__(self, keys: Iterable[tuple[str, str]]) -> None:
        self._keys: list[str] = []
        self._names: list[str] = []
        self._postings: dict[str, list[int]] = {}
        for key, display in keys:
            position = len(self._keys)
            self._keys.append(key)
            self._names.append(display)
            for gram in _trigrams(key):
                self._postings.setdefault(gram, []).append(position)

    def suggest(self, key: str, n: int) -> list[str]:
        if not key or n <= 0:
            return []
        shared: Counter[int] = Counter()
        for gram in _trigrams(key):
            shared.update(self._postings.get(gram, ()))
        best = heapq.nlargest(self._CANDIDATES, shared.items(), key=lambda item: item[1])
        scored = self._rank(key, (position for position, _ in best))
        return _unique(name for _, name in scored)[:n]

    def _rank(self, key: str, positions: Iterable[int]) -> list[tuple[float, str]]:
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(key)
        scored = []
        for position in positions:
            candidate = self._keys[position]
            matcher.set_seq1(candidate)
            ratio = matcher.ratio()
            if len(key) >= 4 and candidate.startswith(key):
                ratio = max(ratio, self._PREFIX_SCORE)  # "Erayo" for "Erayo, Soratami Ascendant"
            if ratio >= self._CUTOFF:
                scored.append((ratio, self._names[position]))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return scored


def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))


@dataclass(frozen=True, slots=True)
class Banlist:
    """Banned and restricted names of one format, as name keys (normalised on creation).

    Names may be a front face ("Erayo, Soratami Ascendant"); match them to cards through
    :meth:`CardIndex.resolve_names`, never by comparing strings.
    """

    format: str
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "banned", _keys(self.banned))
        object.__setattr__(self, "restricted", _keys(self.restricted))


def _keys(names: Iterable[str]) -> frozenset[str]:
    return frozenset(normalize_name(name) for name in names)


class BanlistError(ValueError):
    """banlists.json of the wrong shape; the message says what is wrong."""


def parse_banlists(data: Mapping[str, Any]) -> dict[str, Banlist]:
    """Banlists per format from data shaped like ``decklists/catalogue/banlists.json.gz`` (unzipped).

    ``formats.<format>.banned`` / ``.restricted`` become ``Banlist(format, ...)``; the 2HG-only
    list (``two_headed_giant.banned_in_all_constructed``, MTR 9.5) is returned under the key
    :data:`TWO_HEADED_GIANT`, to be applied on top of any format's list in constructed 2HG.
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("formats"), Mapping):
        raise BanlistError("Expected an object with a 'formats' object (banlists.json).")
    result = {
        str(fmt): Banlist(
            format=str(fmt),
            banned=_name_list(entry, "banned", fmt),
            restricted=_name_list(entry, "restricted", fmt),
        )
        for fmt, entry in data["formats"].items()
    }
    two_hg = data.get(TWO_HEADED_GIANT)
    if two_hg is not None:
        names = _name_list(two_hg, "banned_in_all_constructed", TWO_HEADED_GIANT)
        result[TWO_HEADED_GIANT] = Banlist(format=TWO_HEADED_GIANT, banned=names)
    return result


def _name_list(entry: object, key: str, fmt: object) -> frozenset[str]:
    if not isinstance(entry, Mapping):
        raise BanlistError(f"Format {fmt!r}: expected an object.")
    names = entry.get(key, [])
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise BanlistError(f"Format {fmt!r}: '{key}' must be a list of card names.")
    return frozenset(names)
