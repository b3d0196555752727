"""Models of the decklists app: the card catalogue and the teams' decklists and pools.

- cards: Card, CardAlias, BanList, CatalogueImport (the card catalogue)
- decklists: Decklist, TeamPool, DecklistChange, EventDeckRules
- limited_day: LimitedSetup, OpenedPool, PoolSwap, PoolSwapEntry (pool registration and swap)

The tables keep the names they had when these models lived in the tournament app
(``tournament_card`` ...); migration decklists 0001 moved only Django's idea of where they live.
"""

from decklists.models.cards import BanList, Card, CardAlias, CatalogueImport
from decklists.models.decklists import Decklist, DecklistChange, EventDeckRules, TeamPool
from decklists.models.limited_day import (
    LimitedSetup,
    OpenedPool,
    PoolSwap,
    PoolSwapEntry,
)

__all__ = [
    "BanList",
    "Card",
    "CardAlias",
    "CatalogueImport",
    "Decklist",
    "DecklistChange",
    "EventDeckRules",
    "LimitedSetup",
    "OpenedPool",
    "PoolSwap",
    "PoolSwapEntry",
    "TeamPool",
]
