"""Models of the tournament app. One module per area so each stays small:

- events: Event, StaffRole, Team, Player (registration)
- cards: Card, BanList, CatalogueImport (the card catalogue)
- decklists: Decklist, TeamPool, DecklistChange, EventDeckRules
"""

from tournament.models.cards import BanList, Card, CatalogueImport
from tournament.models.decklists import Decklist, DecklistChange, EventDeckRules, TeamPool
from tournament.models.events import Event, Player, StaffRole, Team

__all__ = [
    "BanList",
    "Card",
    "CatalogueImport",
    "Decklist",
    "DecklistChange",
    "Event",
    "EventDeckRules",
    "Player",
    "StaffRole",
    "Team",
    "TeamPool",
]
