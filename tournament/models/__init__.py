"""Models of the tournament app. One module per area so each stays small:

- events: Event, StaffRole, Team, Player (registration)
"""

from tournament.models.events import Event, Player, StaffRole, Team

__all__ = ["Event", "Player", "StaffRole", "Team"]
