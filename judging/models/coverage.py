"""Coverage: feature matches and the broadcast page of a table (issue 28, item 5).

Notes on terminology
--------------------
coverage
    Whether the event lets anyone who sees it read a table's broadcast page (``public``); staff
    always may. Absent row: not public.
feature match
    A match staff marked as played in the feature area (MTR 2.6). ``seated_at`` is when its
    players sat down there; the table then gets the feature match extension, the round time
    elapsed plus three minutes (MTR 2.6; judging.domain.clock.standard_extension), kept in
    ``extension``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from judging.models.clock import Extension
from pairing.models import Match
from tournament.models import Event


class Coverage(models.Model):
    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="coverage"
    )
    public = models.BooleanField(default=False)
    updated_at = models.DateTimeField(null=True, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"Coverage of event {self.event_id}"


class FeatureMatch(models.Model):
    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="feature"
    )
    marked_at = models.DateTimeField()
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    seated_at = models.DateTimeField(null=True, blank=True)
    extension = models.OneToOneField(
        Extension, null=True, blank=True, on_delete=models.SET_NULL, related_name="feature_match"
    )

    def __str__(self) -> str:
        return f"Feature match {self.match_id}"
