"""Streaming readers of card catalogue files: Scryfall bulk, MTGJSON AtomicCards, our JSON Lines.

Glossary
--------
- *Scryfall "Oracle Cards" bulk*: one JSON array of card objects (``name``, ``layout``,
  ``type_line``, ``oracle_text``, ``legalities``; multi-face cards carry ``card_faces``).
  Tokens, emblems and art cards are in the same array and are skipped.
- *MTGJSON AtomicCards.json*: ``{"meta": ..., "data": {full name: [face objects]}}``; a face
  has ``faceName``, ``type``, ``supertypes``, ``text``, ``legalities`` (``Legal`` ...). A format
  MTGJSON leaves out is one where the card is not legal.
- *JSON Lines catalogue*: one object per line, the shape of ``decklists/catalogue/cards.jsonl.gz``
  (``name``, ``faces``, ``type_line``, ``is_basic``, ``legalities``, ``deck_limit_text``).
  Lines holding Scryfall card objects are read as Scryfall.

Other printed names (MTR 3.6) are read into ``CardFacts.other_names``: Scryfall's
``flavor_name`` and English ``printed_name`` (of the card and of its faces), and, when two card
objects of one file share an ``oracle_id`` under different names (a Universes Beyond card and its
Universes Within reprint), the later name as another name of the first; MTGJSON's
``flavorName``, ``faceFlavorName`` and ``printedName``; ``other_names`` in JSON Lines. A repeated
card that brings other names is produced again (with them), so no name is lost.

Files are over 100 MB: they are streamed with ijson, never loaded whole; gzip is detected by its
magic bytes. A file of the wrong shape raises :class:`CardFileError` as soon as its start shows it.

Rules implemented: CR 205.4a (basic supertype), MTR 6.1 (a card's own copy limit from its text).
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import sys
import zlib
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any

import ijson

from decklists.domain.cards import (
    LEGALITY_VALUES,
    UNLIMITED,
    CardFacts,
    color_identity_of,
    deck_limit_from_text,
)

SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "art_series", "emblem"})
MTGJSON_FORMATS = frozenset(
    "alchemy brawl commander duel explorer future gladiator historic historicbrawl legacy modern"
    " oathbreaker oldschool pauper paupercommander penny pioneer predh premodern standard"
    " standardbrawl timeless vintage".split()
)
"""Formats an MTGJSON v5 file covers: absent from a card's legalities means ``not_legal``."""

_GZIP_MAGIC = b"\x1f\x8b"
_UTF8_BOM = b"\xef\xbb\xbf"
_HEAD_BYTES = 64 * 1024
_MTGJSON_KEYS = frozenset({"meta", "data"})


class CardFileError(ValueError):
    """The file is not a card catalogue Tandem reads; the message says what was found."""


def read_cards(
    fileobj: IO[bytes], *, mtgjson_formats: Iterable[str] = MTGJSON_FORMATS
) -> Iterator[CardFacts]:
    """Cards of a Scryfall bulk, MTGJSON AtomicCards or JSON Lines file, gzip or not.

    The shape is checked before the first card is produced; a repeated name is read once (the
    first wins). Raises :class:`CardFileError` for a file of the wrong shape, invalid JSON or
    a file without cards.
    """
    stream = _open(fileobj)
    head = _skip_blank(stream.peek_head())
    if not head:
        raise CardFileError("The file is empty.")
    if head[:1] == b"[":
        cards = _read_scryfall_array(stream)
    elif head[:1] == b"{":
        cards = _read_object_file(
            stream, _first_key(stream.peek_head()), frozenset(mtgjson_formats)
        )
    else:
        raise CardFileError("Not a JSON card file: it must start with '[' or '{'.")
    return _checked(cards)


def _checked(cards: Iterator[CardFacts]) -> Iterator[CardFacts]:
    seen: set[str] = set()
    try:
        for card in cards:
            if card.name not in seen:
                seen.add(card.name)
                yield card
            elif card.other_names:
                yield card  # a repeated card that brings other names (MTR 3.6)
    except ijson.JSONError as exc:
        raise CardFileError(f"Invalid JSON after {len(seen)} cards: {_first_line(exc)}") from exc
    except (OSError, EOFError, zlib.error) as exc:
        raise CardFileError(f"Damaged file after {len(seen)} cards: {exc}") from exc
    if not seen:
        raise CardFileError("The file holds no cards.")


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


class _Rewound(io.RawIOBase):
    """A binary stream whose first bytes were read ahead (for sniffing) and are replayed."""

    def __init__(self, raw: IO[Any] | io.RawIOBase | gzip.GzipFile) -> None:
        super().__init__()
        self._raw = raw
        self._head = self._read_raw(_HEAD_BYTES)
        self._pending = self._head.removeprefix(_UTF8_BOM)  # ijson refuses a byte-order mark

    def _read_raw(self, size: int) -> bytes:
        chunk: str | bytes | None = self._raw.read(size)
        return chunk.encode("utf-8") if isinstance(chunk, str) else bytes(chunk or b"")

    def peek_head(self) -> bytes:
        return self._head

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def read(self, size: int | None = -1) -> bytes:
        if size is None or size < 0:
            data, self._pending = self._pending + self._read_raw(-1), b""
            return data
        if self._pending:
            data, self._pending = self._pending[:size], self._pending[size:]
            return data
        return self._read_raw(size)


def _open(fileobj: IO[Any]) -> _Rewound:
    stream = _Rewound(fileobj)
    if stream.peek_head().startswith(_GZIP_MAGIC):
        try:
            return _Rewound(gzip.GzipFile(fileobj=stream, mode="rb"))
        except (OSError, EOFError) as exc:
            raise CardFileError(f"Damaged gzip file: {exc}") from exc
    return stream


def _skip_blank(head: bytes) -> bytes:
    return head.lstrip(b" \t\r\n").removeprefix(_UTF8_BOM).lstrip(b" \t\r\n")


def _first_key(head: bytes) -> str | None:
    """The first key of the top-level object at the start of ``head``; "" for ``{}``, None if cut."""
    events = ijson.parse(io.BytesIO(_skip_blank(head)), multiple_values=True)
    try:
        for prefix, event, value in events:
            if event == "map_key" and prefix == "":
                return str(value)
            if event == "end_map" and prefix == "":
                return ""
    except ijson.JSONError as exc:
        if isinstance(exc, ijson.IncompleteJSONError) and "premature EOF" in str(exc):
            return None
        raise CardFileError(f"Invalid JSON at the start of the file: {_first_line(exc)}") from exc
    return None


def _read_object_file(
    stream: IO[bytes] | io.RawIOBase, first_key: str | None, formats: frozenset[str]
) -> Iterator[CardFacts]:
    if first_key in _MTGJSON_KEYS:
        return _read_mtgjson(stream, formats)
    if first_key in {"name", "object", "id", "oracle_id", "faces"}:
        return _read_json_lines(stream)
    if first_key is None:
        found = "an object whose first key could not be read"
    else:
        found = f"an object starting with {first_key!r}" if first_key else "an empty object"
    raise CardFileError(
        f"Not a card file: found {found}; expected a Scryfall bulk array, MTGJSON AtomicCards "
        "({meta, data}) or JSON Lines of cards."
    )


# --- Scryfall ---------------------------------------------------------------------------------


def _read_scryfall_array(stream: IO[bytes] | io.RawIOBase) -> Iterator[CardFacts]:
    by_oracle_id: dict[str, CardFacts] = {}
    for number, obj in enumerate(ijson.items(stream, "item", use_float=True), start=1):
        card = _scryfall_card(_require_card_object(obj, number))
        if card is not None:
            yield _same_oracle_card(card, obj.get("oracle_id"), by_oracle_id)


def _same_oracle_card(
    card: CardFacts, oracle_id: object, by_oracle_id: dict[str, CardFacts]
) -> CardFacts:
    """A card under another name than the first card of its Oracle id is that first card, with
    this name as another of its names (a Universes Beyond card and its Universes Within reprint:
    MTR 3.6)."""
    if not isinstance(oracle_id, str) or not oracle_id:
        return card
    first = by_oracle_id.setdefault(oracle_id, card)
    if first.name == card.name:
        return card
    others = _unique([card.name, *card.other_names])
    return dataclasses.replace(first, other_names=tuple(others))


def _require_card_object(obj: object, number: int) -> Mapping[str, Any]:
    if not isinstance(obj, Mapping) or not isinstance(obj.get("name"), str) or not obj["name"]:
        raise CardFileError(f"Item {number} is not a card object with a name.")
    return obj


def _scryfall_card(obj: Mapping[str, Any]) -> CardFacts | None:
    if obj.get("layout") in SKIPPED_LAYOUTS or obj.get("object", "card") != "card":
        return None
    faces = [f for f in obj.get("card_faces") or () if isinstance(f, Mapping)]
    face_names = _unique([str(f.get("name") or "") for f in faces if f.get("name")]) or [
        obj["name"]
    ]
    # Reversible printings list the same face twice ("X // X"): one card named X.
    name = face_names[0] if len(face_names) == 1 else obj["name"]
    type_line = obj.get("type_line") or " // ".join(str(f.get("type_line") or "") for f in faces)
    texts = [obj.get("oracle_text")] + [f.get("oracle_text") for f in faces]
    return CardFacts(
        name=name,
        faces=tuple(face_names),
        type_line=type_line,
        is_basic=_is_basic_type_line(type_line),
        deck_limit=deck_limit_from_text("\n".join(t for t in texts if isinstance(t, str))),
        legalities=_legalities(obj.get("legalities")),
        other_names=_scryfall_other_names(obj, faces, {name, *face_names}),
        color_identity=color_identity_of(obj.get("color_identity")),
    )


def _scryfall_other_names(
    obj: Mapping[str, Any], faces: list[Mapping[str, Any]], own: set[str]
) -> tuple[str, ...]:
    """Flavor names, and English printed names, of the card and its faces (MTR 3.6)."""
    english = obj.get("lang") in (None, "", "en")
    names = []
    for part in (obj, *faces):
        names.append(part.get("flavor_name"))
        if english:
            names.append(part.get("printed_name"))
    return _other_names(names, own)


def _other_names(names: Iterable[object], own: set[str]) -> tuple[str, ...]:
    found = (" ".join(n.split()) for n in names if isinstance(n, str) and n.strip())
    return tuple(_unique(n for n in found if n not in own and len(n) <= 255))


def _is_basic_type_line(type_line: str) -> bool:
    """Basic supertype: "Basic" before the dash of the (front face's) type line."""
    front = type_line.split(" // ")[0]
    return "Basic" in front.split("\u2014")[0].split()


def _legalities(raw: object, absent: Iterable[str] = ()) -> dict[str, str]:
    result = {sys.intern(fmt): "not_legal" for fmt in absent}
    if isinstance(raw, Mapping):
        for fmt, value in raw.items():
            status = str(value).lower()
            if status in LEGALITY_VALUES:
                result[sys.intern(str(fmt).lower())] = sys.intern(status)
    return result


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


# --- MTGJSON ----------------------------------------------------------------------------------


def _read_mtgjson(stream: IO[bytes] | io.RawIOBase, formats: frozenset[str]) -> Iterator[CardFacts]:
    for name, faces in ijson.kvitems(stream, "data", use_float=True):
        if (
            not isinstance(faces, list)
            or not faces
            or not all(isinstance(f, Mapping) for f in faces)
        ):
            raise CardFileError(f"MTGJSON entry {name!r} is not a list of face objects.")
        yield from _mtgjson_cards(str(name), faces, formats)


def _mtgjson_cards(
    name: str, faces: list[Mapping[str, Any]], formats: frozenset[str]
) -> Iterator[CardFacts]:
    if faces[0].get("layout") == "meld":
        # Meld parts are separate cards (Bruna, Gisela, Brisela), as in Scryfall.
        for face in faces:
            yield _mtgjson_card(
                str(face.get("faceName") or face.get("name") or name), [face], formats
            )
        return
    yield _mtgjson_card(name, faces, formats)


def _mtgjson_card(name: str, faces: list[Mapping[str, Any]], formats: frozenset[str]) -> CardFacts:
    front = faces[0]
    face_names = _unique(str(f.get("faceName") or f.get("name") or name) for f in faces)
    text = "\n".join(str(f.get("text") or "") for f in faces)
    deck_limit = deck_limit_from_text(text)
    if deck_limit is None and front.get("hasAlternativeDeckLimit"):
        deck_limit = UNLIMITED
    card_name = face_names[0] if len(face_names) == 1 else name
    flavor = [f.get(k) for f in faces for k in ("flavorName", "faceFlavorName", "printedName")]
    return CardFacts(
        name=card_name,
        faces=tuple(face_names),
        type_line=" // ".join(str(f.get("type") or "") for f in faces),
        is_basic="Basic" in (front.get("supertypes") or ()),
        deck_limit=deck_limit,
        legalities=_legalities(front.get("legalities"), absent=formats),
        other_names=_other_names(flavor, {card_name, *face_names}),
        color_identity=color_identity_of(front.get("colorIdentity")),
    )


# --- JSON Lines -------------------------------------------------------------------------------


def _read_json_lines(stream: IO[bytes] | io.RawIOBase) -> Iterator[CardFacts]:
    objects = ijson.items(stream, "", multiple_values=True, use_float=True)
    for number, obj in enumerate(objects, start=1):
        card_obj = _require_card_object(obj, number)
        card = _scryfall_card(card_obj) if "faces" not in card_obj else _jsonl_card(card_obj)
        if card is not None:
            yield card


def _jsonl_card(obj: Mapping[str, Any]) -> CardFacts:
    faces = obj.get("faces")
    face_names = (
        tuple(str(f) for f in faces) if isinstance(faces, list) and faces else (obj["name"],)
    )
    deck_limit = obj.get("deck_limit")
    if not isinstance(deck_limit, int) or isinstance(deck_limit, bool) or deck_limit < 1:
        deck_limit = deck_limit_from_text(obj.get("deck_limit_text"))
    others = obj.get("other_names")
    return CardFacts(
        name=obj["name"],
        faces=face_names,
        type_line=str(obj.get("type_line") or ""),
        is_basic=obj.get("is_basic") is True,
        deck_limit=deck_limit,
        legalities=_legalities(obj.get("legalities")),
        other_names=_other_names(
            others if isinstance(others, list) else (), {obj["name"], *face_names}
        ),
        color_identity=color_identity_of(obj.get("color_identity")),
    )
