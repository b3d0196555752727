"""Deck checks: one row per check of one team's decks at a table (IPG 3.5, MTR 2.6).

Notes on terminology
--------------------
deck check
    A judge takes a team's decks at a table (``match``), chosen by hand or at random among the
    round's tables still playing. ``started_at`` is when the decks were taken, ``ended_at`` when
    they came back; the table then gets an extension of the time taken plus three minutes (MTR
    2.6), kept in ``extension``.
outcome
    ``ok`` (nothing found) or ``problem`` (a deck or decklist problem found: the penalties issued
    for it point back at the check through ``Penalty.deck_check``).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from judging.models.clock import Extension
from pairing.models import Match, Round
from tournament.models import Event, Team

OUTCOMES = [("ok", _("Nothing found")), ("problem", _("A deck or decklist problem"))]


class DeckCheck(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deck_checks")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="deck_checks")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deck_checks")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="deck_checks")
    chosen_at_random = models.BooleanField(default=False)
    started_at = models.DateTimeField()
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    outcome = models.CharField(max_length=8, choices=OUTCOMES, blank=True, default="")
    notes = models.TextField(max_length=2000, blank=True, default="")
    extension = models.OneToOneField(
        Extension, null=True, blank=True, on_delete=models.SET_NULL, related_name="deck_check"
    )

    class Meta:
        ordering = ["round_id", "started_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ended_at__isnull=True, outcome="")
                | Q(ended_at__isnull=False, outcome__in=[o for o, _ in OUTCOMES]),
                name="deck_check_outcome_when_ended",
            ),
            models.UniqueConstraint(
                fields=["match", "team"],
                condition=Q(ended_at__isnull=True),
                name="deck_check_one_open_per_team",
            ),
        ]

    def __str__(self) -> str:
        return f"Deck check of team {self.team_id} at match {self.match_id}"

    @property
    def minutes_taken(self) -> int | None:
        """Whole minutes the decks were away, rounded up (None while the check runs)."""
        if self.ended_at is None:
            return None
        seconds = (self.ended_at - self.started_at).total_seconds()
        return max(0, -(-int(seconds) // 60))
