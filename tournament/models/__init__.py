"""Models of the tournament app: Event, StaffRole, Team, Player (registration)."""

from tournament.models.events import Event, Player, PlayerChange, StaffRole, Team

__all__ = ["Event", "Player", "PlayerChange", "StaffRole", "Team"]
