"""The event's judging settings: one row per event, the judging app's own (tournament's Event
keeps registration).

Glossary
--------
judging settings
    The length of a Swiss round (``round_minutes``: 20 to 240 minutes, 60 by default, set on the
    event's form), the lengths of the top cut's rounds (MTR App. B: quarter- and semifinals 90
    minutes by default, the final none; blank: no time limit), the head judge's choice whether a Slow Play
    Warning during turn 0 counts as given in additional turns (``turn_zero_is_additional``), and
    the head judge's authority: whether a Game Loss or more is the head judge's alone
    (``head_judge_only``, the default, IPG 1.2) or any judge of the event may issue it (a
    relaxation the head judge announces), and the Game Loss policy (``penalty_policy``: the 2HG
    guide's Match Point conversion or the current IPG, chosen by the organizer on the event's
    form, docs/rules.md "Penalties"). Until someone saves them, the event has no row and the
    defaults hold (judging.selectors.settings.of).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournament.models import Event


class JudgingSettings(models.Model):
    class PenaltyPolicy(models.TextChoices):
        MATCH_POINT = (
            "match_point",
            gettext_lazy("Game Loss becomes a Match Point penalty (2HG guide)"),
        )
        IPG = "ipg", gettext_lazy("Current IPG: a Game Loss loses the match")

    #: What each policy does, in one sentence (the event page; docs/rules.md "Penalties").
    POLICY_SENTENCES = {
        "match_point": gettext_lazy(
            "A Game Loss for a deck error found at a deck check, an illegal face-down card or a"
            " pattern of marked cards costs the team 1 match point and the game goes on (the 2HG"
            " guide for judges); any other Game Loss, and every Game Loss in a playoff, loses the"
            " match. The current IPG converts nothing."
        ),
        "ipg": gettext_lazy(
            "Every Game Loss ends the game and with it the one-game match, as the current IPG"
            " says; nothing becomes a Match Point penalty."
        ),
    }

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="judging_settings"
    )
    round_minutes = models.PositiveSmallIntegerField(default=60)  # a Swiss round's length
    turn_zero_is_additional = models.BooleanField(default=False)
    playoff_minutes = models.PositiveSmallIntegerField(null=True, blank=True, default=90)
    final_minutes = models.PositiveSmallIntegerField(null=True, blank=True, default=None)
    head_judge_only = models.BooleanField(default=True)
    penalty_policy = models.CharField(
        max_length=12, choices=PenaltyPolicy.choices, default=PenaltyPolicy.MATCH_POINT
    )
    updated_at = models.DateTimeField(null=True, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(round_minutes__gte=20, round_minutes__lte=240),
                name="judgingsettings_round_minutes",
            ),
        ]

    def __str__(self) -> str:
        return f"Judging settings of {self.event_id}"

    @property
    def penalty_policy_sentence(self) -> str:
        """What the event's Game Loss policy does, in one sentence."""
        return str(self.POLICY_SENTENCES.get(self.penalty_policy, ""))
