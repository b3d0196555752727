"""The stored facts of the Limited timers (judging.domain.limited_timers computes every state).

Notes on terminology
--------------------
Limited timer
    One row per event and kind (``draft``, ``registration``, ``construction``): when it started,
    the length it started with and, for a draft, its packs and pack size (the pick schedule of
    MTR App. B). Pauses and corrections are rows of their own, as for the round clock. Starting
    a kind again (a second draft, a playoff draft) first clears the old facts (``timer_reset``).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from judging.models.clock import Correction, Pause
from tournament.models import Event

TIMER_KIND_CHOICES = [
    ("draft", "draft"),
    ("registration", "registration"),
    ("construction", "construction"),
]


class LimitedTimer(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="limited_timers")
    kind = models.CharField(max_length=16, choices=TIMER_KIND_CHOICES)
    started_at = models.DateTimeField()
    length_seconds = models.PositiveIntegerField()
    packs = models.PositiveSmallIntegerField(null=True, blank=True)  # draft only
    pack_size = models.PositiveSmallIntegerField(null=True, blank=True)  # draft only
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    time_called_marked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["event", "kind"], name="limited_timer_one_per_kind"),
            models.CheckConstraint(
                condition=Q(length_seconds__gte=1), name="limited_timer_length_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} timer of event {self.event_id}"


class LimitedTimerPause(Pause):
    timer = models.ForeignKey(LimitedTimer, on_delete=models.CASCADE, related_name="pauses")

    class Meta:
        ordering = ["timer_id", "paused_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(resumed_at__isnull=True) | Q(resumed_at__gte=models.F("paused_at")),
                name="limited_timer_pause_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"Pause of timer {self.timer_id} at {self.paused_at}"


class LimitedTimerCorrection(Correction):
    timer = models.ForeignKey(LimitedTimer, on_delete=models.CASCADE, related_name="corrections")

    class Meta:
        ordering = ["timer_id", "at", "id"]

    def __str__(self) -> str:
        return f"Timer {self.timer_id}: {self.seconds}s left at {self.at}"
