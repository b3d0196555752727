"""Models of the tournament app: Event, StaffRole, Team, Player (registration) and the teams'
own signups (SelfRegistration, Signup)."""

from tournament.models.arrivals import (
    Accommodation,
    Capacity,
    CheckIn,
    DropRecord,
    LateEntry,
    SoloSignup,
    TeamCheckIn,
    WaitingTeam,
)
from tournament.models.events import (
    Event,
    Player,
    PlayerChange,
    StaffInvite,
    StaffRole,
    Team,
    invite_token_hash,
)
from tournament.models.signups import SelfRegistration, Signup

__all__ = [
    "Accommodation",
    "Capacity",
    "WaitingTeam",
    "CheckIn",
    "DropRecord",
    "LateEntry",
    "SoloSignup",
    "TeamCheckIn",
    "Event",
    "Player",
    "PlayerChange",
    "SelfRegistration",
    "Signup",
    "StaffInvite",
    "StaffRole",
    "Team",
    "invite_token_hash",
]
