"""The remedy of a deck or decklist problem found at a deck check (IPG 3.4, 3.5; MTR 9.5).

When a team's decks break Unified Deck Construction (MTR 8.4, 9.5: no two decks of a team share a
card other than basics) or a deck holds cards it may not (too many copies, banned, not in the
pool), the judge removes the offending copies from the decklists. The player chooses which
copies go, in which of the team's decks. A deck left below its minimum (MTR 6.1: 60 in
constructed; MTR 7.1, 9.6: 40 in limited) is topped up with basic lands (IPG 3.4: "If the
resulting deck is below the minimum, the player adds basic lands").

Which basic: the player names it; when not named, the basic land the deck holds most copies
of (ties in the order Plains, Island, Swamp, Mountain, Forest), else Plains. This is a choice of
the software where the rules leave it to the player: the page always shows the default and lets
the player change it before anything is applied.

Pure: decks are ``{player: {card name: copies}}``; names are compared by their card key
(:func:`~decklists.domain.cards.normalize_name`), so "Fire/Ice" and "fire // ice" are one card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.text import Text, gettext_noop
from decklists.domain.cards import normalize_name
from decklists.domain.problems import MIN_CONSTRUCTED_DECK, MIN_LIMITED_DECK

BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
DEFAULT_BASIC = "Plains"
_BASIC_KEYS = {normalize_name(name): name for name in BASIC_LANDS}

Deck = Mapping[str, int]


class DeckFixError(ValueError):
    """The chosen removal cannot be applied; ``field`` names the input at fault."""

    def __init__(self, message: str, field: str = "remove") -> None:
        super().__init__(message)
        self.field = field


def deck_minimum(constructed: bool) -> int:
    """MTR 6.1: a constructed deck has at least 60 cards; MTR 7.1, 9.6: a limited one 40."""
    return MIN_CONSTRUCTED_DECK if constructed else MIN_LIMITED_DECK


def copies_of(deck: Deck, card: str) -> int:
    """Copies of ``card`` in ``deck``, however its name is written."""
    key = normalize_name(card)
    return sum(count for name, count in deck.items() if normalize_name(name) == key)


def default_basic(deck: Deck) -> str:
    """The basic land the deck holds most of (ties: Plains, Island, Swamp, Mountain, Forest),
    else Plains."""
    counts = {name: 0 for name in BASIC_LANDS}
    for name, count in deck.items():
        basic = _BASIC_KEYS.get(normalize_name(name))
        if basic is not None:
            counts[basic] += count
    best = max(BASIC_LANDS, key=lambda name: (counts[name], -BASIC_LANDS.index(name)))
    return best if counts[best] > 0 else DEFAULT_BASIC


def basic_named(raw: object) -> str:
    """One of the five basic lands (MTR 7.1) by name, any case; else DeckFixError."""
    basic = _BASIC_KEYS.get(normalize_name(str(raw))) if isinstance(raw, str) else None
    if basic is None:
        raise DeckFixError(
            Text(gettext_noop("One of %(lands)s."), lands=", ".join(BASIC_LANDS)), field="basic"
        )
    return basic


@dataclass(frozen=True)
class DeckChange:
    """One player's deck before and after the remedy."""

    player: int
    before: dict[str, int]
    after: dict[str, int]
    removed: int
    basic: str
    added: int

    @property
    def size_before(self) -> int:
        return sum(self.before.values())

    @property
    def size_after(self) -> int:
        return sum(self.after.values())

    @property
    def changed(self) -> bool:
        return self.removed > 0 or self.added > 0


@dataclass(frozen=True)
class DeckFix:
    card: str
    minimum: int
    changes: dict[int, DeckChange]

    @property
    def removed(self) -> int:
        return sum(change.removed for change in self.changes.values())

    @property
    def holders_after(self) -> tuple[int, ...]:
        """The players whose decks still hold the card (more than one: still shared, MTR 9.5)."""
        return tuple(p for p, c in self.changes.items() if copies_of(c.after, self.card) > 0)


def fix_decks(
    decks: Mapping[int, Deck],
    card: str,
    remove: Mapping[int, int],
    minimum: int,
    basics: Mapping[int, str] | None = None,
) -> DeckFix:
    """Remove ``remove[player]`` copies of ``card`` from each player's deck, then top each deck
    that lost cards and is below ``minimum`` up with basic lands (IPG 3.4, 3.5):
    ``basics[player]`` if named, else :func:`default_basic` of that deck. At least one copy must
    go; never more than a deck holds.
    """
    basics = basics or {}
    for player in remove:
        if player not in decks:
            raise DeckFixError(
                Text(gettext_noop("Player %(player)s has no deck in this team."), player=player)
            )
    if any(count < 0 for count in remove.values()):
        raise DeckFixError(Text(gettext_noop("A number of copies cannot be negative.")))
    if sum(remove.values()) == 0:
        raise DeckFixError(
            Text(gettext_noop("Choose at least one copy of %(card)s to remove."), card=card)
        )
    if normalize_name(card) in _BASIC_KEYS:
        raise DeckFixError(
            Text(gettext_noop("Basic lands are never the problem card (MTR 6.1, 8.4).")),
            field="card",
        )
    changes = {}
    for player, deck in decks.items():
        wanted = remove.get(player, 0)
        held = copies_of(deck, card)
        if wanted > held:
            raise DeckFixError(
                Text(
                    gettext_noop(
                        "That deck holds %(held)s %(card)s; %(wanted)s cannot be removed."
                    ),
                    held=held,
                    card=card,
                    wanted=wanted,
                )
            )
        after = _without(deck, card, wanted)
        basic = basic_named(basics[player]) if basics.get(player) else default_basic(deck)
        # Only a deck that loses cards is topped up: another deck (even one already short, or a
        # player with no list) is not this remedy's to change.
        missing = max(0, minimum - sum(after.values())) if wanted else 0
        if missing:
            _add(after, basic, missing)
        changes[player] = DeckChange(
            player=player,
            before=dict(deck),
            after=after,
            removed=wanted,
            basic=basic,
            added=missing,
        )
    return DeckFix(card=card, minimum=minimum, changes=changes)


def _without(deck: Deck, card: str, count: int) -> dict[str, int]:
    """The deck with ``count`` copies of ``card`` taken out (from its first lines on)."""
    key = normalize_name(card)
    after: dict[str, int] = {}
    for name, held in deck.items():
        if count and normalize_name(name) == key:
            taken = min(count, held)
            held, count = held - taken, count - taken
        if held:
            after[name] = held
    return after


def _add(deck: dict[str, int], basic: str, count: int) -> None:
    key = normalize_name(basic)
    for name in deck:
        if normalize_name(name) == key:
            deck[name] += count
            return
    deck[basic] = count


def deck_text(deck: Mapping[str, int]) -> str:
    """A main deck as decklist text, one "N Name" line per card, in the deck's order."""
    return "".join(f"{count} {name}\n" for name, count in deck.items() if count > 0)
