"""A table's game as stored: one ``Game`` row per match (the lock, the last seq, the table's setup
and the cached state) and its append-only ``GameEvent`` log (docs/architecture.md "Facts, not
counters"; the rules are tracker.domain.game's).

Two writers never get the same number: a writer stores its event with ``last_seq + 1`` only
together with moving the match's ``Game`` row from the ``last_seq`` it read (or holds the row
locked, ``select_for_update``); the unique (match, seq) constraint is the guard if that is ever
bypassed. ``client_id`` is unique per match, so a retried request finds the
first answer instead of appending again.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.db import models
from django.utils import timezone

from pairing.models import Match
from tournament.models import Team


class JSONText(models.JSONField):
    """A JSON value stored as its text (PostgreSQL: a ``text`` column, not ``jsonb``), for a
    value that is only ever written and read whole: PostgreSQL neither parses it on the way in
    nor prints it on the way out. The Game row's cached state (about 7 KB, rewritten with every
    event) cost the database 0.33 ms to store and 0.13 ms to read as jsonb against 0.15 ms and
    0.06 ms as text compressed with lz4 (migration 0003). No lookups into the value."""

    def db_type(self, connection) -> str:
        return "text"

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        return None if value is None else json.dumps(value, cls=self.encoder)


class Game(models.Model):
    """The per-match row every writer moves (tracker.services). ``setup`` is the table as it
    sat down (teams, players in seat order, names, the team that chooses play or draw), kept so
    the log always folds the same way; ``core`` is the domain state after ``last_seq`` without its log
    (tracker.domain.game_json.core_to_json), from which the next event is applied in one step; ``state``
    is the API state after ``last_seq`` with only the latest rows of its log and
    ``log_total`` (tracker.selectors.state_summary). Both are caches: the log is the truth,
    tracker.services.game_rebuild recomputes them, and a reader of the whole log folds it."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="game"
    )
    last_seq = models.PositiveIntegerField(default=0)
    setup = models.JSONField()
    state = JSONText()
    core = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"game of match {self.match_id} at #{self.last_seq}"


class GameEvent(models.Model):
    """One event of a match's log, never changed once written (an undo is one more event).
    ``player`` and ``team`` are ids as the log names them (plain numbers: the log outlives a
    change of a team's roster); ``by_user``/``by_team`` say who entered it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="game_events")
    seq = models.PositiveIntegerField()
    client_id = models.CharField(max_length=64)
    type = models.CharField(max_length=16)
    player = models.BigIntegerField(null=True, blank=True)
    team = models.BigIntegerField(null=True, blank=True)
    amount = models.IntegerField(null=True, blank=True)
    changes = models.JSONField(default=list, blank=True)
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    by_team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["match_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="game_event_seq_unique"),
            models.UniqueConstraint(
                fields=["match", "client_id"], name="game_event_client_id_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} #{self.seq} {self.type}"
