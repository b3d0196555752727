"""The event's judging settings: one row per event, the judging app's own (tournament's Event
keeps registration).

Glossary
--------
judging settings
    The lengths of the top cut's rounds (MTR App. B: quarter- and semifinals 90 minutes by
    default, the final none; blank: no time limit), the head judge's choice whether a Slow Play
    Warning during turn 0 counts as given in additional turns (``turn_zero_is_additional``), and
    the head judge's authority: whether a Game Loss or more is the head judge's alone
    (``head_judge_only``, the default, IPG 1.2) or any judge of the event may issue it (a
    relaxation the head judge announces). Until someone saves them, the event has no row and the
    defaults hold (judging.selectors.settings.of).
"""

from django.conf import settings
from django.db import models

from tournament.models import Event


class JudgingSettings(models.Model):
    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="judging_settings"
    )
    turn_zero_is_additional = models.BooleanField(default=False)
    playoff_minutes = models.PositiveSmallIntegerField(null=True, blank=True, default=90)
    final_minutes = models.PositiveSmallIntegerField(null=True, blank=True, default=None)
    head_judge_only = models.BooleanField(default=True)
    updated_at = models.DateTimeField(null=True, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"Judging settings of {self.event_id}"
