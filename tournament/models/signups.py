"""Teams that sign themselves up (self-registration), awaiting the organizer's approval.

Glossary: the organizer *opens* self-registration for an event (``SelfRegistration``); one
player starts a *signup* with the team's name and gets a *join code* (and link) for each
teammate; a signup whose players are all there is *pending*; the organizer *approves* it (the
team is registered as if typed in by staff, tournament.services.teams.team_register),
*refuses* it with a reason (a team named "BYE", an offensive name, MTR 8.1) or edits its name.
The signup's ``key`` is the secret of its page /signup/<key>/, shared by the team's players;
once approved that page holds the team's private link.
"""

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournament.models.events import Event, Team

JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed on a phone
JOIN_LENGTH = 8


def new_signup_key() -> str:
    return secrets.token_urlsafe(18)


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


class SelfRegistration(models.Model):
    """Whether teams may sign themselves up for the event (the organizer opens and closes it)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="self_registration"
    )
    open = models.BooleanField(default=False)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Self-registration of {self.event_id}: {'open' if self.open else 'closed'}"


class Signup(models.Model):
    class Status(models.TextChoices):
        FORMING = "forming", gettext_lazy("Waiting for teammates")
        PENDING = "pending", gettext_lazy("Waiting for the organizer")
        APPROVED = "approved", gettext_lazy("Approved")
        REFUSED = "refused", gettext_lazy("Refused")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="signups")
    name = models.CharField(max_length=80)
    name_key = models.CharField(max_length=80, editable=False)
    key = models.CharField(max_length=40, unique=True, default=new_signup_key)
    join_code = models.CharField(max_length=JOIN_LENGTH, unique=True, default=new_join_code)
    # [{"name": ..., "wizards_id": ... or None}] in seat order: the first is the primary player
    players = models.JSONField(default=list)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.FORMING)
    refused_reason = models.CharField(max_length=300, blank=True, default="")
    team = models.OneToOneField(
        Team, null=True, blank=True, on_delete=models.CASCADE, related_name="signup"
    )
    # The team's key at approval: the signup page shows the private link only while it is still
    # that key, so a new link issued by staff (a leaked one revoked) is not shown here again.
    team_key = models.CharField(max_length=40, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="approved") | Q(team__isnull=False),
                name="signup_approved_has_team",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"

    @property
    def private_key(self) -> str | None:
        """The team's private link key to show on the signup page, if still the one issued."""
        if self.team is None or not self.team_key or self.team.access_key != self.team_key:
            return None
        return self.team_key

    @property
    def is_open(self) -> bool:
        """Still in the team's hands: players may join and change seats."""
        return self.status in (self.Status.FORMING, self.Status.PENDING)
