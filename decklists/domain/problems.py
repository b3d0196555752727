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
Warnings do not make a team illegal.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from decklists.domain.cards import Banlist
from decklists.domain.decklists import Entry, ParseError

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
    "legality_unknown",
    "pool_missing",
)
CODE_RANK = {code: rank for rank, code in enumerate(CODE_ORDER)}
MIN_CONSTRUCTED_DECK = 60  # MTR 6.1
MIN_LIMITED_DECK = 40  # MTR 7.1, 9.6
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


@dataclass(frozen=True, slots=True)
class EventRules:
    structure: Structure
    format: str | None = None
    udc_rule: UdcRule = "mtr"
    banlists: Mapping[str, Banlist] = field(default_factory=dict, hash=False)
    two_headed_giant_bans: frozenset[str] = TWO_HEADED_GIANT_BANS

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
