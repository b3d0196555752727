"""The card index and banlists of this process, built from the database once and reused.

Validating a team must take milliseconds, so the ~30,000 cards are read into a
decklists.domain.cards.CardIndex once per process (about half a second) and kept. Every import
writes a CatalogueImport row with a fresh random ``token``; each use asks the database for the
newest token of each kind (one small query) and rebuilds only what changed. A random token, not
a counter, so that a rolled-back import (tests, a failed run) can never make a stale index look
current. The last two versions are kept, so going back and forth (a test that imports in a
rolled-back transaction) does not rebuild each time.

The index is a few hundred thousand long-lived objects: once built they are moved out of the
cycle collector's reach (``gc.freeze``), or every full collection walks them all and a team's
check that happens to trigger one takes three to four times its usual time (the p99 of
tests/bench/bench_deck_forms.py: 60-88 ms per 1,000-line list before, 16-28 ms after). Frozen
objects are still freed by reference counting when a newer index replaces them.
"""

from __future__ import annotations

import datetime as dt
import gc
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

from django.db.models import Max, Subquery

from decklists.domain.cards import TWO_HEADED_GIANT, Banlist, CardFacts, CardIndex
from decklists.domain.udc import TWO_HEADED_GIANT_BANS
from decklists.models import BanList, Card, CardAlias, CatalogueImport

T = TypeVar("T")
KEEP = 2


@dataclass(frozen=True)
class Banlists:
    """The format lists (without the 2HG one) and the default 2HG-only bans (MTR 9.5)."""

    formats: Mapping[str, Banlist]
    two_headed_giant: frozenset[str]


class _Versions:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple[str, str], object] = OrderedDict()

    def get(self, kind: str, token: str, build: Callable[[], T]) -> T:
        key = (kind, token)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]  # type: ignore[return-value]  # a key's value was built by its kind's builder, a T
        value = build()  # outside the lock: reads the database
        with self._lock:
            self._items[key] = value
            kept = [k for k in self._items if k[0] == kind]
            for old in kept[:-KEEP]:
                del self._items[old]
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_versions = _Versions()


@dataclass(frozen=True)
class Snapshot:
    """The catalogue as one validation sees it: tokens of the newest imports, index, banlists."""

    cards_token: str
    banlists_token: str
    index: CardIndex
    banlists: Banlists
    cards_date: dt.date | None = None  # date of the card data in force (its legalities)


def _tokens() -> dict[str, tuple[str, dt.date | None]]:
    """The newest import's token and data date of each kind, in one query."""
    newest = CatalogueImport.objects.values("kind").annotate(newest=Max("id")).values("newest")
    rows = CatalogueImport.objects.filter(id__in=Subquery(newest)).values_list(
        "kind", "token", "data_date"
    )
    return {kind: (str(token), data_date) for kind, token, data_date in rows}


def snapshot() -> Snapshot:
    tokens = _tokens()
    cards, cards_date = tokens.get(CatalogueImport.Kind.CARDS, ("none", None))
    aliases, _ = tokens.get(CatalogueImport.Kind.ALIASES, ("none", None))
    cards = f"{cards}+{aliases}"  # the index holds the other card names too
    lists, _ = tokens.get(CatalogueImport.Kind.BANLISTS, ("none", None))
    return Snapshot(
        cards_token=cards,
        banlists_token=lists,
        cards_date=cards_date,
        index=_versions.get("cards", cards, _build_index),
        banlists=_versions.get("banlists", lists, _build_banlists),
    )


def card_index() -> CardIndex:
    """The catalogue's cards, as loaded by the newest import."""
    return snapshot().index


def banlists() -> Banlists:
    return snapshot().banlists


def _build_index() -> CardIndex:
    aliases = CardAlias.objects.values_list("name", "card_name")
    index = CardIndex(iter_card_facts(), aliases=list(aliases))
    index.prepare_suggestions()  # built now, not in the first request with an unknown name
    gc.freeze()  # long-lived: out of the full collections' walk (module docstring)
    return index


def iter_card_facts() -> Iterator[CardFacts]:
    """Every card of the database as CardFacts (identical legality maps shared, to save memory)."""
    shared: dict[tuple[tuple[str, str], ...], Mapping[str, str]] = {}
    rows = Card.objects.order_by("id").values_list(
        "name", "faces", "type_line", "is_basic", "deck_limit", "legalities", "color_identity"
    )
    for name, faces, type_line, is_basic, deck_limit, legalities, identity in rows.iterator(
        chunk_size=5000
    ):
        items = tuple(sorted((legalities or {}).items()))
        mapping = shared.get(items)
        if mapping is None:
            mapping = shared[items] = MappingProxyType(dict(items))
        yield CardFacts(
            name=name,
            faces=tuple(faces or (name,)),
            type_line=type_line,
            is_basic=is_basic,
            deck_limit=deck_limit,
            legalities=mapping,
            color_identity=identity,
        )


def _build_banlists() -> Banlists:
    formats: dict[str, Banlist] = {}
    two_hg: frozenset[str] = TWO_HEADED_GIANT_BANS
    for row in BanList.objects.all():
        if row.format == TWO_HEADED_GIANT:
            two_hg = frozenset(row.banned)
        else:
            formats[row.format] = Banlist(
                format=row.format,
                banned=frozenset(row.banned),
                restricted=frozenset(row.restricted),
            )
    return Banlists(formats=formats, two_headed_giant=two_hg)


def clear() -> None:
    """Forget every built index (tests that change cards without an import)."""
    _versions.clear()
