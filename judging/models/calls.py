"""Judge calls from the table (judging.domain.calls computes their state from these facts).

Notes on terminology
--------------------
judge call
    One table's call for a judge (``match``), by one of its teams (``called_by_team``, and the
    player when the phone said who) or by staff (``called_by_user``). Its moments are facts:
    ``called_at``, ``claimed_at``, ``escalated_at``, ``resolved_at``, ``withdrawn_at``; the status
    is computed from them. At most one call of a table is pending (neither resolved nor
    withdrawn): a second call joins it (``JudgeCallJoin``).
head judge
    ``head_claimed_by`` is the head judge who took an escalated call.
extension
    The table's extension given at the ruling (reason ``ruling``), or None;
    ``proposed_extension_minutes`` is what Tandem proposed then (MTR 2.6).
penalties
    The penalties issued from the ruling (``JudgeCallPenalty``), issued by the penalty service.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from judging.domain.calls import REASONS, RULE_MAX, RULING_MAX, CallFacts
from judging.models.clock import Extension
from judging.models.penalties import Penalty
from pairing.models import Match, Round
from tournament.models import Event, Player, Team

REASON_CHOICES = [
    ("rules_question", _("Rules question")),
    ("dispute", _("Dispute")),
    ("deck", pgettext_lazy("judge call reason", "Deck")),
    ("medical", _("Medical")),
    ("other", pgettext_lazy("judge call reason", "Other")),
]
assert tuple(code for code, _label in REASON_CHOICES) == REASONS
STATUS_LABELS = {
    "open": _("waiting for a judge"),
    "claimed": _("taken"),
    "escalated": _("head judge needed"),
    "resolved": _("resolved"),
    "withdrawn": _("withdrawn"),
}
NOTE_MAX = 200


class JudgeCall(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judge_calls")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="judge_calls")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="judge_calls")
    reason = models.CharField(max_length=16, choices=REASON_CHOICES, blank=True, default="")
    note = models.CharField(max_length=NOTE_MAX, blank=True, default="")
    called_at = models.DateTimeField()
    called_by_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    called_by_player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    called_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    escalated_at = models.DateTimeField(null=True, blank=True)
    escalated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    head_claimed_at = models.DateTimeField(null=True, blank=True)
    head_claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ruling = models.CharField(max_length=RULING_MAX, blank=True, default="")
    rule = models.CharField(max_length=RULE_MAX, blank=True, default="")
    proposed_extension_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    extension = models.OneToOneField(
        Extension, null=True, blank=True, on_delete=models.SET_NULL, related_name="judge_call"
    )
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["called_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(resolved_at__isnull=True, withdrawn_at__isnull=True),
                name="judge_call_one_pending_per_table",
            ),
            models.CheckConstraint(
                condition=Q(reason__in=["", *REASONS]), name="judge_call_reason_known"
            ),
            models.CheckConstraint(
                condition=Q(resolved_at__isnull=True) | Q(withdrawn_at__isnull=True),
                name="judge_call_resolved_or_withdrawn",
            ),
        ]
        indexes = [models.Index(fields=["event", "called_at"], name="judge_call_event_time")]

    def __str__(self) -> str:
        return f"Judge call {self.pk} at match {self.match_id}"

    @property
    def facts(self) -> CallFacts:
        return CallFacts(
            self.called_at, self.claimed_at, self.escalated_at, self.resolved_at, self.withdrawn_at
        )

    @property
    def status(self) -> str:
        return self.facts.status


class JudgeCallJoin(models.Model):
    """A second call from the table while one was pending: it joined that call."""

    call = models.ForeignKey(JudgeCall, on_delete=models.CASCADE, related_name="joins")
    at = models.DateTimeField()
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.CharField(max_length=16, choices=REASON_CHOICES, blank=True, default="")
    note = models.CharField(max_length=NOTE_MAX, blank=True, default="")

    class Meta:
        ordering = ["call_id", "at", "id"]

    def __str__(self) -> str:
        return f"Join of judge call {self.call_id} at {self.at}"


class JudgeCallPenalty(models.Model):
    """A penalty issued from the call's ruling."""

    call = models.ForeignKey(JudgeCall, on_delete=models.CASCADE, related_name="penalty_links")
    penalty = models.OneToOneField(Penalty, on_delete=models.CASCADE, related_name="judge_call")

    class Meta:
        ordering = ["call_id", "penalty_id"]

    def __str__(self) -> str:
        return f"Penalty {self.penalty_id} from judge call {self.call_id}"
