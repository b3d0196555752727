"""The round clock's stored facts (judging.domain.clock computes every state from them); the
lengths a round starts with are the event's judging settings (judging.models.settings).

Notes on terminology
--------------------
round clock
    One row per started round: when it started and the length it started with. Pauses and
    ``set_remaining`` corrections are rows of their own, never a running number.
time_called_marked_at
    When the round's task (or the change that put the clock past its end) announced time
    called. A side effect for announcing only: the state never reads it.
table clock
    One row per match once something is recorded about its time: the passing-at-time flag and
    who set it, and when its own time call was announced.
extension
    A judge's time extension for one table (MTR 2.6); Tardiness extensions are read from the
    Tardiness penalty rows instead (one source of truth).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from pairing.models import Match, Round

EXTENSION_REASONS = [
    ("ruling", _("A ruling or pause over a minute")),
    ("deck_check", _("A deck check")),
    ("feature_match", _("A feature match")),
    ("tardiness", _("Tardiness")),
    ("permitted_delay", _("A permitted delay")),
    ("other", pgettext_lazy("extension reason", "Other")),
]


class RoundClock(models.Model):
    round = models.OneToOneField(
        Round, on_delete=models.CASCADE, primary_key=True, related_name="clock"
    )
    started_at = models.DateTimeField(null=True, blank=True)
    length_seconds = models.PositiveIntegerField(null=True, blank=True)  # None: no time limit
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    time_called_marked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Clock of round {self.round_id}"


class Pause(models.Model):
    """A pause of a clock (the round's, a Limited timer's): from ``paused_at`` until
    ``resumed_at`` (None: still paused), by whom. Each clock's model adds its link and its
    constraint that a pause ends after it starts."""

    paused_at = models.DateTimeField()
    resumed_at = models.DateTimeField(null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        abstract = True


class Correction(models.Model):
    """A correction of a clock's remaining time: ``seconds`` left of the whole clock from
    ``at``, by whom."""

    at = models.DateTimeField()
    seconds = models.PositiveIntegerField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        abstract = True


class ClockPause(Pause):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="clock_pauses")

    class Meta:
        ordering = ["round_id", "paused_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(resumed_at__isnull=True) | Q(resumed_at__gte=models.F("paused_at")),
                name="clock_pause_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"Pause of round {self.round_id} at {self.paused_at}"


class ClockCorrection(Correction):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="clock_corrections")

    class Meta:
        ordering = ["round_id", "at", "id"]

    def __str__(self) -> str:
        return f"Round {self.round_id}: {self.seconds}s left at {self.at}"


class TableClock(models.Model):
    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="clock"
    )
    passing_at_time = models.BooleanField(default=False)
    passing_set_at = models.DateTimeField(null=True, blank=True)
    passing_set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    time_called_marked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Clock of match {self.match_id}"


class Extension(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="extensions")
    minutes = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=16, choices=EXTENSION_REASONS)
    given_at = models.DateTimeField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["match_id", "given_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(minutes__gte=1), name="extension_minutes_positive"),
            models.CheckConstraint(
                condition=Q(reason__in=[r for r, _ in EXTENSION_REASONS]),
                name="extension_reason_known",
            ),
        ]

    def __str__(self) -> str:
        return f"+{self.minutes} min ({self.reason}) for match {self.match_id}"
