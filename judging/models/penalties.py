"""Penalties: the stored facts of each penalty issued at an event, and what it did.

Notes on terminology
--------------------
penalty
    One infraction penalised for one player (docs/rules.md "Penalties": the penalty goes to a
    player, its effect lands on the team). ``proposed`` is what judging.domain.penalties worked
    out; ``penalty`` is what was issued (different only when a head judge overrode it).
round number
    The round the penalty counts in: the round given, else the newest paired round when it was
    issued (0 before round 1). "Standings after round N" take the Match Point penalties of rounds
    1..N only (pairing.hooks.PENALTY_POINTS).
day
    The local date it was issued: upgrades count this player's earlier penalties of the same day
    only (IPG 2, 3: counts reset between days).
related
    The Failure to Maintain Game State penalties issued with a Game Rule Violation to the other
    players at the table (``parent`` points back at the penalty that caused them).
effect on a result
    ``result_match`` is the match whose result this penalty set (its team lost it);
    ``pending_next`` a Game Loss or Match Loss issued between matches that waits for the team's
    next match (it is set on that match when the next round is paired). ``dropped_team``: this
    penalty dropped the team (Tardiness past ten minutes, Disqualification), so rescinding it
    brings the team back.
deck check
    The deck check that found the problem this penalty is for (judging.models.DeckCheck).
rescinded
    A head judge took the penalty back: its effects are undone, the row stays in the history.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.functional import lazy

from core.i18n import localize
from judging.domain.infractions import Penalty as PenaltyCode
from pairing.models import Match, Round
from tournament.models import Event, Player, Team

# The labels are the domain's Text, put in the active language when they are shown.
_localized = lazy(localize, str)
PENALTY_CHOICES = [(code.value, _localized(code.label)) for code in PenaltyCode]


class PenaltyQuerySet(models.QuerySet["Penalty"]):
    def standing(self) -> "PenaltyQuerySet":
        """Not rescinded: the penalties whose effects hold."""
        return self.filter(rescinded_at__isnull=True)


class Penalty(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    round_number = models.PositiveSmallIntegerField(default=0)
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    table = models.PositiveIntegerField(null=True, blank=True)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="penalties")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="penalties")
    infraction = models.CharField(max_length=10)  # API code, judging.domain.infractions
    variants = models.JSONField(default=list, blank=True)
    tardiness_minutes = models.FloatField(null=True, blank=True)
    penalty = models.CharField(max_length=16, choices=PENALTY_CHOICES)
    proposed = models.CharField(max_length=16, choices=PENALTY_CHOICES)
    upgraded = models.BooleanField(default=False)
    upgraded_from = models.CharField(max_length=16, choices=PENALTY_CHOICES, blank=True)
    converted_from = models.CharField(max_length=16, choices=PENALTY_CHOICES, blank=True)
    match_points_deducted = models.PositiveSmallIntegerField(default=0)
    extra_turns_added = models.PositiveSmallIntegerField(default=0)  # read by the round clock
    reasons = models.JSONField(default=list, blank=True)  # the domain's reasons, in words
    notes = models.TextField(max_length=2000, blank=True, default="")
    override_reason = models.TextField(max_length=1000, blank=True, default="")
    overridden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    deck_check = models.ForeignKey(
        "judging.DeckCheck",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="penalties",
    )
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    issued_at = models.DateTimeField()
    day = models.DateField()
    # effects, kept so a rescission can undo them
    result_match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    result_score = models.CharField(max_length=8, blank=True, default="")  # "0-1-0" as set
    pending_next = models.BooleanField(default=False)
    no_effect = models.BooleanField(default=False)  # Game Losses to both teams at once (IPG 1.1)
    dropped_team = models.BooleanField(default=False)
    rescinded_at = models.DateTimeField(null=True, blank=True)
    rescinded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rescind_reason = models.TextField(max_length=1000, blank=True, default="")

    objects = PenaltyQuerySet.as_manager()

    class Meta:
        ordering = ["event_id", "issued_at", "id"]
        indexes = [
            models.Index(fields=["event", "round_number"], name="penalty_event_round"),
            models.Index(fields=["player", "day"], name="penalty_player_day"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(penalty__in=[c.value for c in PenaltyCode]), name="penalty_code"
            ),
            models.CheckConstraint(
                condition=Q(rescinded_at__isnull=True) | ~Q(rescind_reason=""),
                name="penalty_rescinded_with_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.infraction} {self.penalty} to player {self.player_id}"

    @property
    def overridden(self) -> bool:
        return self.penalty != self.proposed

    @property
    def penalty_code(self) -> PenaltyCode:
        return PenaltyCode(self.penalty)
