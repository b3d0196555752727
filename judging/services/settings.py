"""The event's judging settings (judging.models.JudgingSettings): the Swiss round's length and the
round lengths of the top cut, the head judge's turn 0 rule for Slow Play, and whether severe
penalties are the head judge's alone. Edited by the head judge or the organizer; shown on the event page."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.actors import By, recorded
from core.errors import ServiceError
from judging.models import JudgingSettings
from tournament.models import Event

MAX_MINUTES = 600


def _minutes(raw: object, name: str) -> int | None:
    """Whole minutes, 1 to MAX_MINUTES; blank is None (no time limit)."""
    if raw in (None, ""):
        return None
    try:
        value = int(str(raw))
    except ValueError:
        raise ServiceError(field=name, message=gettext("Whole minutes.")) from None
    if not 1 <= value <= MAX_MINUTES:
        raise ServiceError(
            field=name,
            message=gettext("Between 1 and %(max)s minutes.") % {"max": MAX_MINUTES},
        )
    return value


@transaction.atomic
def judging_settings_update(
    *,
    event: Event,
    by: By = None,
    turn_zero_is_additional: bool,
    playoff_minutes: object,
    final_minutes: object,
    head_judge_only: bool,
) -> JudgingSettings:
    """Save the event's judging settings. Blank minutes: no time limit (MTR App. B: quarter- and
    semifinals 90 minutes by default, the final none). A round already started keeps the length
    it started with."""
    Event.objects.select_for_update().get(pk=event.pk)  # the event's row, locked while saving
    playoff = _minutes(playoff_minutes, "playoff_minutes")
    final = _minutes(final_minutes, "final_minutes")
    return _store(
        event,
        by,
        turn_zero_is_additional=bool(turn_zero_is_additional),
        playoff_minutes=playoff,
        final_minutes=final,
        head_judge_only=bool(head_judge_only),
    )


@transaction.atomic
def penalty_policy_set(*, event: Event, penalty_policy: object, by: By = None) -> JudgingSettings:
    """The event's Game Loss policy (docs/rules.md "Penalties"): the event service calls it with
    the event's settings (tournament.hooks.EVENT_SETTINGS)."""
    if penalty_policy not in JudgingSettings.PenaltyPolicy.values:
        raise ServiceError(errors={"penalty_policy": [gettext("Unknown Game Loss policy.")]})
    return _store(event, by, penalty_policy=str(penalty_policy))


@transaction.atomic
def round_minutes_set(*, event: Event, round_minutes: object, by: By = None) -> JudgingSettings:
    """A Swiss round's length, 20 to 240 minutes (docs/rules.md "End of round"): the event service
    calls it with the event's settings (tournament.hooks.EVENT_SETTINGS). A round already
    started keeps the length it started with."""
    if not isinstance(round_minutes, int) or not 20 <= round_minutes <= 240:
        raise ServiceError(
            errors={"round_minutes": [gettext("Round length must be between 20 and 240 minutes.")]}
        )
    return _store(event, by, round_minutes=round_minutes)


def _store(event: Event, by: By, **values: object) -> JudgingSettings:
    """Save these fields of the event's judging settings (the row made when first saved, locked
    while it is written), stamped with when and by whom. The saved row is also kept as the given
    event's: judging.selectors.settings.of reads it from there."""
    row, _ = JudgingSettings.objects.select_for_update().get_or_create(event=event)
    for name, value in values.items():
        setattr(row, name, value)
    row.updated_at = timezone.now()
    row.updated_by = recorded(by)
    row.save()
    event.judging_settings = row
    return row
