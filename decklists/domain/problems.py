"""What the team deck check (decklists.domain.udc) takes and gives: the event's rules, one deck
per player, and the problems found, with their codes.

Problems
--------
Codes (docs/api.md), in the order problems are sorted: ``missing_decklist``, ``parse_error``,
``unknown_card``, ``deck_too_small``, ``sideboard_not_allowed`` (MTR 9.5), ``banned`` (format
list, or the 2HG-only ban of MTR 9.5), ``not_legal``, ``restricted_over_limit``,
``udc_over_limit``, ``card_limit_exceeded``, and two added here:
``not_in_pool`` (limited: the decks use more copies of a card than the pool holds; free basics
excepted) and the warnings ``legality_unknown`` (the catalogue has no status for the card in the
format, e.g. a newer card of the Commander-only supplement: load a newer catalogue) and
``pool_missing`` (limited team without a recorded pool: the pool check was skipped).
Warnings do not make a team illegal, but the two legality warnings (``UNCHECKED_CODES``) leave
it *not checked*: a team is never called legal while a card's legality in the format is unknown.
``legality_outdated`` (a warning, one per deck, no card) says the card data is too old to
trust its "not legal": data older than :data:`MAX_DATA_AGE` before the event does not know the
sets and reprints since (a new set comes about every three months), in any format. In a format
that never rotates (:data:`NON_ROTATING_FORMATS`) a card once legal stays legal unless banned,
and the current banned lists decide that, so old data's "legal" still stands there; everything
else it says becomes unknown. In a rotating format nothing of it is trusted. The current banned
and restricted lists and the 2HG-only ban apply whatever the data's age, as errors. With such
data a name the catalogue does not know may be a newer card: ``unknown_card`` is then a warning
and leaves the team not checked.

Commander (CR 903; ``format`` "commander"): each deck is exactly 100 cards with its commander
(``commander_deck_size``), one or two commanders in the command zone (``commander_missing``,
``commander_invalid``: not a legendary card), singleton apart from basics and cards with their
own limit (``card_limit_exceeded``, limit 1), and every card within the commander's colour
identity (``color_identity``) where the card data has colour identities; where it has none
for a card, ``color_identity_unknown`` (a warning) leaves the team not checked.

``count`` and ``limit`` count copies, except ``udc_over_limit`` under ``mtr``, where they count
decks (found in 2 decks, allowed in 1). A single deck over its limit is ``card_limit_exceeded``
(or ``restricted_over_limit``) under both rules; ``udc_over_limit`` always involves two decks.

Legality: a format with a current :class:`~decklists.domain.cards.Banlist` takes its banned and
restricted cards from it, and the catalogue (2022) decides only legal vs not legal: a card the
catalogue calls banned or restricted is legal if the current list no longer names it. A format
without a banlist uses the catalogue's statuses. The 2HG-only ban applies on top in constructed.
Constructed with ``format=None`` checks no legality (only the 2HG ban).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from decklists.domain.cards import Banlist
from decklists.domain.decklists import (
    MAX_SIDEBOARD,
    BlankLineRule,
    Entry,
    ParsedDecklist,
    ParseError,
)

Severity = Literal["error", "warning"]
Structure = Literal["constructed", "sealed", "draft"]
UdcRule = Literal["mtr", "combined_four"]

CODE_ORDER = (
    "missing_decklist",
    "parse_error",
    "unknown_card",
    "deck_too_small",
    "sideboard_not_allowed",
    "banned",
    "not_legal",
    "restricted_over_limit",
    "udc_over_limit",
    "card_limit_exceeded",
    "not_in_pool",
    "commander_missing",
    "commander_invalid",
    "commander_deck_size",
    "color_identity",
    "legality_unknown",
    "color_identity_unknown",
    "legality_outdated",
    "pool_missing",
)
UNCHECKED_CODES = frozenset(
    {"legality_unknown", "legality_outdated", "color_identity_unknown", "unknown_card"}
)
"""Problems that leave a team's legality not checked (never "legal"): as warnings, the team is
``unchecked``; ``unknown_card`` is a warning only with card data too old to know every card."""
NON_ROTATING_FORMATS = frozenset(
    {"modern", "pioneer", "legacy", "vintage", "pauper", "commander", "premodern", "oldschool",
     "duel", "paupercommander", "predh", "timeless", "historic", "explorer", "gladiator",
     "oathbreaker"}
)  # fmt: skip
"""Formats whose cards, once legal, stay legal unless banned (no rotation)."""
MAX_DATA_AGE = dt.timedelta(days=90)
"""Card data older than this before the event does not know the newest sets and reprints: a new
set comes about every three months."""
MAX_ROTATING_DATA_AGE = MAX_DATA_AGE
CODE_RANK = {code: rank for rank, code in enumerate(CODE_ORDER)}
MIN_CONSTRUCTED_DECK = 60  # MTR 6.1
MIN_LIMITED_DECK = 40  # MTR 7.1, 9.6
COMMANDER_DECK = 100  # CR 903.5a: exactly 100 cards, the commander included
COMMANDER_FORMATS = frozenset({"commander"})
FREE_BASICS = frozenset({"plains", "island", "swamp", "mountain", "forest"})  # MTR 7.1
TWO_HEADED_GIANT_BANS = frozenset({"Erayo, Soratami Ascendant"})  # MTR 9.5


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    card: str | None
    message: str
    players: tuple[int, ...]
    count: int | None = None
    limit: int | None = None
    line: int | None = None
    severity: Severity = "error"


@dataclass(frozen=True, slots=True)
class DeckInput:
    player: int
    player_name: str
    main: Sequence[Entry]
    sideboard: Sequence[Entry] = ()
    parse_errors: Sequence[ParseError] = ()
    submitted: bool = True
    commander: Sequence[Entry] = ()  # the command zone (CR 903.3), Commander events only


@dataclass(frozen=True, slots=True)
class EventRules:
    structure: Structure
    format: str | None = None
    udc_rule: UdcRule = "mtr"
    banlists: Mapping[str, Banlist] = field(default_factory=dict, hash=False)
    two_headed_giant_bans: frozenset[str] = TWO_HEADED_GIANT_BANS
    # Date of the card data's legalities, and the day the check is for (the event's date):
    # with ``checked_on`` unset, the age of the data is not judged.
    card_data_date: dt.date | None = None
    checked_on: dt.date | None = None

    def __post_init__(self) -> None:
        if self.format:
            object.__setattr__(self, "format", self.format.strip().lower())
        if self.structure not in ("constructed", "sealed", "draft"):
            raise ValueError(f"Unknown structure {self.structure!r}.")
        if self.udc_rule not in ("mtr", "combined_four"):
            raise ValueError(f"Unknown UDC rule {self.udc_rule!r}.")

    @property
    def constructed(self) -> bool:
        return self.structure == "constructed"

    @property
    def commander(self) -> bool:
        """A Commander deck: 100 cards with the commander (CR 903.5)."""
        return self.constructed and self.format in COMMANDER_FORMATS

    @property
    def minimum(self) -> int:
        if self.commander:
            return COMMANDER_DECK
        return MIN_CONSTRUCTED_DECK if self.constructed else MIN_LIMITED_DECK

    @property
    def blank_line_rule(self) -> BlankLineRule:
        """A blank line starts a sideboard only after a whole main deck, before at most 15 cards
        (an MTGO export). Commander: the block of one or two cards after 98 or 99 is the
        commander, as MTGO writes it (:func:`command_zone`)."""
        if self.commander:
            return BlankLineRule(minimum=COMMANDER_DECK - 2, maximum=2)
        return BlankLineRule(minimum=self.minimum, maximum=MAX_SIDEBOARD)

    @property
    def data_outdated(self) -> bool:
        """The card data is older than :data:`MAX_DATA_AGE` before the event (or undated)."""
        return self.checked_on is not None and (
            self.card_data_date is None or self.checked_on - self.card_data_date > MAX_DATA_AGE
        )

    @property
    def legalities_outdated(self) -> bool:
        """The card data is too old to trust its legalities in the event's format."""
        return self.constructed and bool(self.format) and self.data_outdated

    @property
    def trusts_old_legal(self) -> bool:
        """Old data's "legal" still stands: the format never rotates (a legal card stays legal
        unless banned, and the current banned lists say that)."""
        return self.format in NON_ROTATING_FORMATS


def is_checked(problems: Iterable[Problem]) -> bool:
    """No problem leaves a card's legality unknown (``UNCHECKED_CODES``)."""
    return not any(problem.code in UNCHECKED_CODES for problem in problems)


def read_deck(
    player: int,
    player_name: str,
    main: ParsedDecklist,
    sideboard: ParsedDecklist,
    rules: EventRules,
    side_errors: Sequence[ParseError] = (),
) -> DeckInput:
    """A player's deck from the two boxes read (the main list, read with
    ``rules.blank_line_rule``, and the sideboard box).

    Commander (CR 903.3): a ``Commander`` section is the command zone; a list without one whose
    sideboard holds one or two cards that make 100 with the main deck (MTGO, XMage and
    Cockatrice put the commander there) has them as its commander. In other formats a
    ``Commander`` section is read as part of the main deck (Brawl-like lists brought to a
    constructed event).
    """
    commander = (*main.commander, *sideboard.commander)
    side = (*main.sideboard, *sideboard.sideboard)
    deck = (*main.main, *sideboard.main)
    if rules.commander:
        side_count = sum(entry.count for entry in side)
        deck_count = sum(entry.count for entry in deck)
        if not commander and 1 <= side_count <= 2 and deck_count + side_count == COMMANDER_DECK:
            commander, side = side, ()
    else:
        deck, commander = (*commander, *deck), ()
    return DeckInput(
        player=player,
        player_name=player_name,
        main=deck,
        sideboard=side,
        commander=commander,
        parse_errors=(*main.errors, *side_errors),
    )
