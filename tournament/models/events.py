"""Events, staff and teams (registration).

Glossary: a *team* of 2 (2HG) or 3-4 (N-headed giant, CR 810.11) players; seat 1 is the primary
player, who sits on the right of the teammate (MTR 9.4, CR 805.2). A team's *access key* is the
secret of its private link /t/<key>/ and of the API header X-Team-Key.
"""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy


def new_access_key() -> str:
    return secrets.token_urlsafe(18)


class Event(models.Model):
    class Structure(models.TextChoices):
        CONSTRUCTED = "constructed", gettext_lazy("Constructed")
        SEALED = "sealed", gettext_lazy("Sealed")
        DRAFT = "draft", gettext_lazy("Booster draft")

    class Rel(models.TextChoices):
        REGULAR = "regular", gettext_lazy("Regular")
        COMPETITIVE = "competitive", gettext_lazy("Competitive")
        PROFESSIONAL = "professional", gettext_lazy("Professional")

    class Status(models.TextChoices):
        REGISTRATION = "registration", gettext_lazy("Registration")
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", gettext_lazy("Finished")

    name = models.CharField(max_length=120)
    date = models.DateField(null=True, blank=True)
    structure = models.CharField(max_length=12, choices=Structure.choices)
    format = models.CharField(max_length=40, blank=True, default="")
    rel = models.CharField(max_length=12, choices=Rel.choices, default=Rel.REGULAR)
    team_size = models.PositiveSmallIntegerField(default=2)
    public = models.BooleanField(default=True)
    # How a match is decided: a key of pairing.domain.match_format.FORMATS (games to win, drawn
    # games replayed). A 2HG match is one game, a drawn one replayed (MTR 9.1): no page or API
    # sets another.
    match_format = models.CharField(max_length=16, default="one_game", editable=False)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped after commit whenever what the event's cached pages show may have changed (a final
    # result, a round paired, changed or published, a team, a penalty): part of their cache keys,
    # so a page is rendered once per version and read with the event row at no extra query.
    pages_version = models.PositiveIntegerField(default=1, editable=False)
    archived_at = models.DateTimeField(null=True, blank=True)  # off the home page, kept whole
    # The organizer's time zone (an IANA name such as "Europe/Madrid", the browser's when the
    # event was created): staff and players read the event's times in it. "" is the server's
    # TIME_ZONE.
    time_zone = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(team_size__gte=2, team_size__lte=4), name="event_team_size_2_4"
            ),
            models.CheckConstraint(
                condition=~Q(structure="constructed") | ~Q(format=""),
                name="event_constructed_has_format",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_constructed(self) -> bool:
        return self.structure == self.Structure.CONSTRUCTED


class StaffRole(models.Model):
    class Role(models.TextChoices):
        SCOREKEEPER = "scorekeeper", gettext_lazy("Scorekeeper")
        JUDGE = "judge", gettext_lazy("Judge")
        HEAD_JUDGE = "head_judge", gettext_lazy("Head judge")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_roles"
    )
    role = models.CharField(max_length=12, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="staff_one_role_per_event")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) at {self.event}"


def invite_token_hash(token: str) -> str:
    """Invitation links are stored as a hash: the link itself is shown once, to the organizer."""
    return hashlib.sha256(token.encode()).hexdigest()


class StaffInvite(models.Model):
    """A one-time link that makes whoever opens it staff of the event with the role, once they
    set a name and password (or log in). The organizer may issue a new link; the old one dies."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="invites")
    role = models.CharField(max_length=12, choices=StaffRole.Role.choices)
    label = models.CharField(max_length=80)  # who it is for, in the organizer's words
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    issued_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-issued_at", "-id"]

    def __str__(self) -> str:
        return f"Invitation of {self.label} ({self.role}) to {self.event}"


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80)
    name_key = models.CharField(max_length=80, editable=False)
    # The name folded for search (tournament.domain.names.search_key: no case, no accents).
    search_key = models.CharField(max_length=160, editable=False, default="")
    access_key = models.CharField(max_length=40, unique=True, default=new_access_key)
    dropped = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    fixed_table = models.PositiveIntegerField(null=True, blank=True)
    pod = models.PositiveSmallIntegerField(null=True, blank=True)  # booster-draft pod (MTR 7.6)
    # Byes awarded before the event (MTR App. E): the team has a bye in rounds 1..n (0-3).
    awarded_byes = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name_key"], name="team_name_unique_in_event"),
            # One team per fixed table: the database decides when two ask for it at once.
            models.UniqueConstraint(
                fields=["event", "fixed_table"],
                condition=Q(fixed_table__isnull=False),
                name="team_fixed_table_unique_in_event",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A player of a team; seat 1 is the primary player (right seat)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=80)
    name_key = models.CharField(max_length=80, editable=False)
    search_key = models.CharField(max_length=160, editable=False, default="")  # as Team's
    wizards_id = models.CharField(max_length=40, null=True, blank=True)
    seat = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["team_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["team", "seat"], name="player_seat_unique_in_team"),
            models.UniqueConstraint(
                fields=["event", "wizards_id"],
                condition=Q(wizards_id__isnull=False),
                name="player_wizards_id_unique_in_event",
            ),
            models.UniqueConstraint(
                fields=["event", "name_key"],
                condition=Q(wizards_id__isnull=True),
                name="player_name_unique_in_event_without_id",
            ),
            # Seats are 1..4; 11..14 only for the moment of a swap (services.team_set_seats),
            # since a unique constraint is checked row by row.
            models.CheckConstraint(
                condition=Q(seat__gte=1, seat__lte=4) | Q(seat__gte=11, seat__lte=14),
                name="player_seat_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PlayerChange(models.Model):
    """One change of a player's name or Wizards Account ID, kept for the staff (MTR 8.2: a team
    is its members; once round 1 is paired only a typo in a name may be fixed)."""

    class Field(models.TextChoices):
        NAME = "name", gettext_lazy("Name")
        WIZARDS_ID = "wizards_id", gettext_lazy("Wizards Account ID")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="player_changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="changes")
    field = models.CharField(max_length=12, choices=Field.choices)
    old = models.CharField(max_length=80, blank=True, default="")
    new = models.CharField(max_length=80, blank=True, default="")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.player}: {self.field} {self.old!r} -> {self.new!r}"
