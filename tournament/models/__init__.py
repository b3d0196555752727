"""Models of the tournament app: Event, StaffRole, Team, Player (registration)."""

from tournament.models.events import (
    Event,
    Player,
    StaffInvite,
    StaffRole,
    Team,
    invite_token_hash,
)

__all__ = ["Event", "Player", "StaffInvite", "StaffRole", "Team", "invite_token_hash"]
