"""Coverage (issue 28, item 5): the event's choice to let everyone read a table's broadcast page,
and feature matches (MTR 2.6): marked by a judge, and when their players sit down in the feature
area the table gets the round time elapsed plus three minutes as its extension (reason
``feature_match``, through ``extension_give``: the clock's rules apply). One transaction each;
the Event row is locked first (the order of the other judging services)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import Conflict, ServiceError
from judging.domain.clock import standard_extension
from judging.domain.clock_round import running_clock
from judging.models import Coverage, FeatureMatch
from judging.selectors import clock as clock_selectors
from judging.services.clock import MAX_EXTENSION, extension_give
from pairing.models import Match
from tournament.models import Event

By = User | AnonymousUser | None  # the request's user, or None (a task, a command)


def _user(by: By) -> User | None:
    return by if isinstance(by, User) and by.is_authenticated else None


@transaction.atomic
def coverage_set(
    *, event: Event, public: bool, by: By = None, now: datetime | None = None
) -> Coverage:
    """Whether everyone who sees the event may read its tables' broadcast pages."""
    Event.objects.select_for_update().get(pk=event.pk)
    row, _ = Coverage.objects.get_or_create(event=event)
    row.public, row.updated_at, row.updated_by = bool(public), now or timezone.now(), _user(by)
    row.save()
    return row


@transaction.atomic
def feature_match_mark(
    *, match: Match, feature: bool, by: By = None, now: datetime | None = None
) -> FeatureMatch | None:
    """Mark the match as a feature match, or unmark it (an extension already given stays)."""
    if match.table is None or match.team_b_id is None:
        raise ServiceError(gettext("A bye has no table."), code="bye")
    Event.objects.select_for_update().get(pk=match.round.event_id)
    if not feature:
        FeatureMatch.objects.filter(match=match).delete()
        return None
    row, _ = FeatureMatch.objects.get_or_create(
        match=match, defaults={"marked_at": now or timezone.now(), "marked_by": _user(by)}
    )
    return row


@transaction.atomic
def feature_match_seated(
    *, match: Match, by: By = None, now: datetime | None = None
) -> FeatureMatch:
    """The feature match's players sat down: the table gets the round time elapsed until now
    plus three minutes (MTR 2.6), once."""
    Event.objects.select_for_update().get(pk=match.round.event_id)
    row = FeatureMatch.objects.select_for_update().filter(match=match).first()
    if row is None:
        raise Conflict(gettext("This match is not a feature match."), code="not_feature")
    if row.seated_at is not None:
        raise Conflict(gettext("The players have already sat down."), code="seated")
    now = now or timezone.now()
    clock = running_clock(clock_selectors.round_facts(match.round), now)
    elapsed = clock.elapsed(now) if clock is not None else timedelta(0)
    minutes = min(MAX_EXTENSION, standard_extension("feature_match", elapsed))
    row.extension = extension_give(
        match=match, minutes=minutes, reason="feature_match", by=by, now=now
    )
    row.seated_at = now
    row.save(update_fields=["seated_at", "extension"])
    return row
