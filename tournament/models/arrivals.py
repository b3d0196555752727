"""Players who sign up alone, check-in and drops the teams make themselves.

Glossary (docs/rules.md "Solo players", "Check-in", "Drops"): a *solo* (``SoloSignup``) is a
player without a team; its *code* is the secret of its status page and what another solo names
to ask to play with it. The organizer's "form teams" (tournament.domain.partners) registers the
teams; each solo's page then shows its team's private link. The organizer *opens check-in*
(``CheckIn``); a team checks in (``TeamCheckIn``) from its page or at the desk. Every drop
and undrop made outside the staff's team page is recorded (``DropRecord``): by the team, or as
not arrived when round 1 is paired.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournament.models.events import Event, Team
from tournament.models.signups import JOIN_LENGTH, Signup, new_join_code


class SoloSignup(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", gettext_lazy("Waiting for a team")
        TEAMED = "teamed", gettext_lazy("In a team")
        WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="solo_signups")
    code = models.CharField(max_length=JOIN_LENGTH, unique=True, default=new_join_code)
    name = models.CharField(max_length=80)
    name_key = models.CharField(max_length=80, editable=False)
    wizards_id = models.CharField(max_length=40, null=True, blank=True)
    language = models.CharField(max_length=8, blank=True, default="")
    # the code of another solo this one asks to play with ("" for none)
    wants = models.CharField(max_length=JOIN_LENGTH, blank=True, default="")
    # or the team still forming (a sign-up with room) it asks to join, and the one it joined
    wants_signup = models.ForeignKey(
        Signup, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    signup = models.ForeignKey(
        Signup, null=True, blank=True, on_delete=models.SET_NULL, related_name="solo_joiners"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="solo_signups"
    )
    team_key = models.CharField(max_length=40, blank=True, default="")  # as Signup.team_key
    match_seed = models.BigIntegerField(null=True, blank=True)  # the draw that placed it
    by_request = models.BooleanField(default=False)  # placed by a request, not at random
    created_at = models.DateTimeField(auto_now_add=True)
    teamed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "created_at", "id"]
        indexes = [models.Index(fields=["event", "status"], name="solo_event_status")]

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"

    @property
    def private_key(self) -> str | None:
        """The team's private link key while it is still the one issued when teamed."""
        if self.team is None or not self.team_key or self.team.access_key != self.team_key:
            return None
        return self.team_key


class CheckIn(models.Model):
    """Whether teams may check in now (the organizer opens and closes it)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="check_in"
    )
    open = models.BooleanField(default=False)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Check-in of {self.event_id}: {'open' if self.open else 'closed'}"


class TeamCheckIn(models.Model):
    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, primary_key=True, related_name="checked_in"
    )
    at = models.DateTimeField()
    by = models.ForeignKey(  # staff at the desk; null when the team checked itself in
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"{self.team_id} checked in at {self.at:%H:%M}"


class DropRecord(models.Model):
    class Kind(models.TextChoices):
        SELF = "self", gettext_lazy("Dropped by the team")
        NOT_ARRIVED = "not_arrived", gettext_lazy("Not checked in when round 1 was paired")
        NOT_ADMITTED = "not_admitted", gettext_lazy("Still on the waiting list at round 1")
        STAFF = "staff", gettext_lazy("Dropped by staff")
        UNDROP = "undrop", gettext_lazy("Brought back by staff")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="drop_records")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="drop_records")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["event_id", "at", "id"]

    def __str__(self) -> str:
        return f"{self.team_id} {self.kind} at {self.at:%H:%M}"


class Capacity(models.Model):
    """The event's cap on teams (null: none); teams registered past it wait (``WaitingTeam``)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="capacity"
    )
    max_teams = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Cap of {self.event_id}: {self.max_teams}"


class WaitingTeam(models.Model):
    """A team registered past the cap: on the waiting list, in order of ``since``, until a place
    opens before round 1 (``promoted_at``); still waiting at round 1, it does not take part."""

    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, primary_key=True, related_name="waiting_entry"
    )
    since = models.DateTimeField()
    promoted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["since", "team_id"]

    def __str__(self) -> str:
        return f"{self.team_id} waiting since {self.since:%H:%M}"


class Accommodation(models.Model):
    """A team asks, on its sign-up, for a fixed seat or a step-free table; staff grant it as the
    team's fixed table (Team.fixed_table), which the printouts mark."""

    class Kind(models.TextChoices):
        FIXED_SEAT = "fixed_seat", gettext_lazy("The same table every round")
        STEP_FREE = "step_free", gettext_lazy("A step-free table")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="accommodations")
    signup = models.OneToOneField(
        Signup, null=True, blank=True, on_delete=models.CASCADE, related_name="accommodation"
    )
    team = models.OneToOneField(
        Team, null=True, blank=True, on_delete=models.CASCADE, related_name="accommodation"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    note = models.CharField(max_length=200, blank=True, default="")
    asked_at = models.DateTimeField(auto_now_add=True)
    granted_table = models.PositiveIntegerField(null=True, blank=True)
    granted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "asked_at", "id"]

    def __str__(self) -> str:
        return f"{self.kind} for {self.team_id or self.signup_id}"


class LateEntry(models.Model):
    """A team staff registered after round 1 was paired (docs/rules.md "Late entry"): it is
    paired from ``first_round`` on and has a match loss, without an opponent, in each round
    before it (pairing.domain.tiebreakers, "missed round")."""

    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, primary_key=True, related_name="late_entry"
    )
    first_round = models.PositiveSmallIntegerField()
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"{self.team_id} entered late, from round {self.first_round}"

    @property
    def missed_rounds(self) -> list[int]:
        return list(range(1, self.first_round))
