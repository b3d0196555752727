"""A phone's Web Push subscription for one team (docs/api.md "Push notifications").

It belongs to the team's key: ``key_digest`` is a digest of the key it was made with, and a
subscription whose digest is not the team's current key's is never sent to (the key renewal's
after-commit event deletes them too). ``player``: who holds the phone, when the phone said;
``language``: the words of its notifications.
"""

from __future__ import annotations

import hashlib

from django.db import models

from tournament.models import Event, Player, Team

#: Subscriptions one team keeps; a new one past it replaces the oldest.
TEAM_MAX = 24


def subscribed_flag(event_id: int) -> str:
    """The cache key of "a phone subscribed in this event" (notify.selectors.has_subscriptions)."""
    return f"push:subscribed:{event_id}"


def key_digest(access_key: str) -> str:
    return hashlib.sha256(access_key.encode()).hexdigest()[:32]


class PushSubscription(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="push_subscriptions")
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    key_digest = models.CharField(max_length=32)
    endpoint = models.CharField(max_length=2048)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    language = models.CharField(max_length=8, default="en")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "endpoint"], name="push_endpoint_once_per_team")
        ]
        indexes = [models.Index(fields=["event", "team"], name="push_event_team")]

    def __str__(self) -> str:
        return f"push subscription {self.pk} of team {self.team_id}"
