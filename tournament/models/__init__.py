"""Models of the tournament app: Event, StaffRole, Team, Player (registration) and the teams'
own signups (SelfRegistration, Signup)."""

from tournament.models.events import Event, Player, StaffRole, Team
from tournament.models.signups import SelfRegistration, Signup

__all__ = ["Event", "Player", "SelfRegistration", "Signup", "StaffRole", "Team"]
