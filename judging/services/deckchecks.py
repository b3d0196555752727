"""Deck checks (IPG 3.5, MTR 2.6): start one at a chosen or random table, end it with its
outcome; the table gets the time taken plus three minutes as an extension.

Locks: the Event row first (the order of the other judging services), then the check's row.
"""

from __future__ import annotations

import random
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from judging.models import OUTCOMES, DeckCheck
from judging.services.clock import MAX_EXTENSION, extension_give
from judging.services.penalties import MAX_NOTES, _clean_text
from pairing.models import Match, Round
from tournament.models import Event, Team

DECK_CHECK_EXTRA_MINUTES = 3  # MTR 2.6: the time taken plus three minutes


def _candidates(round_: Round) -> list[Match]:
    """The round's tables still playing (no final result), without a check running."""
    running = DeckCheck.objects.filter(round=round_, ended_at__isnull=True).values("match_id")
    return list(
        round_.matches.filter(table__isnull=False, team_b__isnull=False)
        .exclude(status=Match.Status.FINAL)
        .exclude(pk__in=running)
        .order_by("table")
    )


@transaction.atomic
def deck_check_start(
    *,
    round_: Round,
    match: Match | None = None,
    team: Team | None = None,
    rng: random.Random | None = None,
    by: By = None,
    now: datetime | None = None,
) -> DeckCheck:
    """Take a team's decks at a table: the table and team given, the team alone (at its table of
    the round), or drawn at random among the round's tables still playing (``rng``, a fresh
    generator by default)."""
    Event.objects.select_for_update().get(pk=round_.event_id)
    rng = rng or random.SystemRandom()
    if match is None and team is not None:
        match = round_.matches.filter(Q(team_a=team) | Q(team_b=team)).first()
        if match is None:
            raise ServiceError(field="team", message=gettext("Not a team of this table."))
    random_pick = match is None
    if match is None:
        candidates = _candidates(round_)
        if not candidates:
            raise Conflict(gettext("No table of this round is still playing."), code="no_table")
        match = rng.choice(candidates)
    elif match.round_id != round_.pk:
        raise ServiceError(field="match", message=gettext("Not a table of this round."))
    if match.table is None or match.team_b_id is None:
        raise ServiceError(field="match", message=gettext("A bye has no deck check."))
    if match.status == Match.Status.FINAL:
        raise Conflict(
            gettext("Table %(table)s has finished.") % {"table": match.table}, code="match_final"
        )
    teams = [match.team_a_id, match.team_b_id]
    if team is None:
        team_id = rng.choice(teams)  # the table's team drawn; the table stays the judge's choice
    elif team.pk not in teams:
        raise ServiceError(field="team", message=gettext("Not a team of this table."))
    else:
        team_id = team.pk
    if DeckCheck.objects.filter(match=match, team_id=team_id, ended_at__isnull=True).exists():
        raise Conflict(
            gettext("That team's decks are already being checked."), code="deck_check_running"
        )
    return DeckCheck.objects.create(
        event_id=round_.event_id,
        round=round_,
        match=match,
        team_id=team_id,
        chosen_at_random=random_pick,
        started_at=now or timezone.now(),
        started_by=recorded(by),
    )


@transaction.atomic
def deck_check_end(
    *,
    check: DeckCheck,
    outcome: object,
    notes: object = "",
    by: By = None,
    now: datetime | None = None,
) -> DeckCheck:
    """The decks are back: the outcome is recorded and the table gets the time taken plus three
    minutes as a deck-check extension (MTR 2.6; at most the longest extension Tandem takes)."""
    Event.objects.select_for_update().get(pk=check.event_id)
    row = DeckCheck.objects.select_for_update().select_related("match__round").get(pk=check.pk)
    if row.ended_at is not None:
        raise Conflict(gettext("This deck check has already ended."), code="deck_check_ended")
    if outcome not in [o for o, _ in OUTCOMES]:
        raise ServiceError(
            field="outcome",
            message=gettext("One of %(values)s.") % {"values": ", ".join(o for o, _ in OUTCOMES)},
        )
    ended = now or timezone.now()
    if ended < row.started_at:
        raise ServiceError(field="ended_at", message=gettext("A check ends after it starts."))
    row.ended_at, row.ended_by = ended, recorded(by)
    row.outcome = str(outcome)
    row.notes = _clean_text(notes, "notes", MAX_NOTES)
    minutes = min(MAX_EXTENSION, (row.minutes_taken or 0) + DECK_CHECK_EXTRA_MINUTES)
    if row.match.status != Match.Status.FINAL:
        try:
            row.extension = extension_give(
                match=row.match,
                minutes=minutes,
                reason="deck_check",
                began_at=row.started_at,
                by=by,
                now=ended,
            )
        except Conflict:
            # Begun once time was called or in the additional turns: no time to give back
            # (MTR 2.4, 2.6); the check still ends.
            row.extension = None
    row.save()
    return row
