"""The seat check at a round's start (IPG 3.1 Tardiness): the stored facts.

Notes on terminology
--------------------
seat check
    A judge looked at a table at the round's start: ``SeatCheck`` (one per match). A check with
    no empty seat is "all four seated".
empty seat
    A player not in their seat at the check (``EmptySeatRow``); ``arrived_at`` once they sit
    down. The timer and the Tardiness proposal are computed from these and the round clock's
    start (judging.domain.tardiness); ``penalty`` is the Tardiness penalty last issued for it.
"""

from django.conf import settings
from django.db import models

from judging.models.penalties import Penalty
from pairing.models import Match
from tournament.models import Player


class SeatCheck(models.Model):
    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="seat_check"
    )
    checked_at = models.DateTimeField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"Seat check of match {self.match_id}"


class EmptySeatRow(models.Model):
    seat_check = models.ForeignKey(SeatCheck, on_delete=models.CASCADE, related_name="empty_seats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    arrived_at = models.DateTimeField(null=True, blank=True)
    arrived_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    penalty = models.ForeignKey(
        Penalty, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["seat_check_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["seat_check", "player"], name="empty_seat_once"),
        ]

    def __str__(self) -> str:
        return f"Player {self.player_id} missing at match {self.seat_check_id}"
