"""The pieces the team deck check (decklists.domain.udc) is built from: a deck resolved to cards,
the banlists of one check, a card with the decks holding it, and the wording shared by its
problems (core.text.Text, translated where shown)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.text import Text, gettext_noop, ngettext_noop
from decklists.domain.cards import (
    TWO_HEADED_GIANT,
    CardFacts,
    CardIndex,
)
from decklists.domain.decklists import Entry
from decklists.domain.problems import (
    FREE_BASICS,
    DeckInput,
    EventRules,
)

MTR_UDC = "MTR 8.4, 9.5"
OLD_UDC = Text(gettext_noop("Unified Deck Construction as in the MTR before July 2016"))


@dataclass(slots=True)
class Held:
    card: CardFacts
    count: int
    line: int
    other_names: tuple[str, ...] = ()  # other printed names the list wrote for it (MTR 3.6)


@dataclass(slots=True)
class Deck:
    """One submitted deck, its main-deck entries resolved to cards by card key."""

    source: DeckInput
    cards: dict[str, Held]  # the command zone's cards too (CR 903.5a: part of the 100)
    unknown: list[Entry]
    commanders: list[Held] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.source.player_name

    @property
    def owner(self) -> Text:
        """ "Ann's", as in "Ann's and Bo's decks"."""
        return Text(gettext_noop("%(player)s's"), player=self.source.player_name)

    @property
    def size(self) -> int:
        """Cards in the deck: the main deck and the command zone."""
        return sum(entry.count for entry in (*self.source.main, *self.source.commander))


# "Did you mean" costs a few milliseconds per unknown name (a search of the whole catalogue):
# only the first unknown names of a list (and of a pool) get suggestions, so a list of a
# thousand made-up names costs no more to check than one with a few typos.
SUGGESTED_NAMES = 5


@dataclass(frozen=True, slots=True)
class Lists:
    """The banlists of one validation, resolved to card keys."""

    format: str | None
    has_banlist: bool
    banned: frozenset[str]
    restricted: frozenset[str]
    two_hg: frozenset[str]
    outdated: bool = False
    trusts_old_legal: bool = False  # with outdated data, its "legal" stands (never rotates)

    @classmethod
    def of(cls, index: CardIndex, rules: EventRules) -> Lists:
        banlist = rules.banlists.get(rules.format) if rules.format else None
        two_hg = index.resolve_names(frozenset(rules.two_headed_giant_bans))
        extra = rules.banlists.get(TWO_HEADED_GIANT)
        if extra is not None:
            two_hg |= index.resolve_names(extra.banned)
        return cls(
            format=rules.format,
            has_banlist=banlist is not None,
            banned=index.resolve_names(banlist.banned) if banlist else frozenset(),
            restricted=index.resolve_names(banlist.restricted) if banlist else frozenset(),
            two_hg=two_hg,
            outdated=rules.legalities_outdated,
            trusts_old_legal=rules.trusts_old_legal,
        )

    def status(self, key: str, card: CardFacts) -> str | None:
        """``banned_2hg``, ``banned``, ``restricted``, ``legal``, ``not_legal`` or None (unknown)."""
        if key in self.two_hg:
            return "banned_2hg"
        if self.format is None:
            return "legal"
        if self.has_banlist:
            if key in self.banned:
                return "banned"
            if key in self.restricted:
                return "restricted"
        listed = card.legalities.get(self.format)
        if self.has_banlist and listed in ("banned", "restricted"):
            listed = "legal"  # the catalogue's older list; the current banlist decides
        if self.outdated and key not in FREE_BASICS:
            # The card data is too old: it does not know the sets and reprints since. In a
            # format that never rotates a legal card stays legal (bans are the current lists'
            # to say); nothing else it says is trusted. The five basic lands are in every set.
            return "legal" if self.trusts_old_legal and listed == "legal" else None
        return listed


@dataclass(slots=True)
class TeamCard:
    card: CardFacts
    restricted: bool
    holders: list[tuple[Deck, Held]]
    rebalanced: set[str] = field(default_factory=set)  # Arena "A-" names counted with it
    singleton: bool = False  # Commander: one copy of each card other than basics

    @property
    def total(self) -> int:
        return sum(held.count for _, held in self.holders)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(deck.source.player for deck, _ in self.holders)

    @property
    def line(self) -> int | None:
        return self.holders[0][1].line if len(self.holders) == 1 else None

    def shares(self) -> Text:
        """ "both Alice's and Bob's decks (4 + 2)"."""
        owners = and_list([deck.owner for deck, _ in self.holders])
        counts = " + ".join(str(held.count) for _, held in self.holders)
        if len(self.holders) == 1:
            template = gettext_noop("%(owners)s deck (%(counts)s)")
        elif len(self.holders) == 2:
            template = gettext_noop("both %(owners)s decks (%(counts)s)")
        else:
            template = gettext_noop("%(owners)s decks (%(counts)s)")
        return Text(template, owners=owners, counts=counts)


# --- wording ----------------------------------------------------------------------------------


def cards_text(count: int) -> Text:
    return Text.counted(ngettext_noop("%(count)s card", "%(count)s cards"), count, count=count)


def did_you_mean(suggestions: list[str]) -> Text:
    return Text(gettext_noop(" Did you mean %(names)s?"), names=or_list(suggestions))


def series(items: Sequence[str]) -> str:
    """ "A, B, C": the items before the last of a list (names, or words to translate)."""
    if len(items) == 1:
        return items[0]
    return Text("%(items)s, %(item)s", items=series(items[:-1]), item=items[-1])


def and_list(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return Text(gettext_noop("%(items)s and %(last)s"), items=series(items[:-1]), last=items[-1])


def or_list(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return Text(gettext_noop("%(items)s or %(last)s"), items=series(items[:-1]), last=items[-1])
