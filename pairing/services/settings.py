"""The event's pairing settings (pairing.models.PairingSettings): its Swiss rounds, top cut,
tiebreakers and draft pods. Written with the event's own settings: the event's service checks
them with its own (``problems``, every problem in one refusal), refuses a change of the structure
once round 1 is paired (MTR 10.2) and stores what changed (``pairing_settings_set``), through
tournament.hooks.EVENT_SETTINGS (pairing.forms.event_settings)."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext

from core.errors import ServiceError
from pairing.models import PairingSettings
from pairing.selectors import settings as pairing_settings
from tournament.models import Event

NAMES = (
    "swiss_rounds", "top_cut", "top_cut_automatic", "tiebreak_order", "tiebreak_oomw",
    "pods_lifted",
)  # fmt: skip
MAX_SWISS_ROUNDS = 30


def with_automatic_cut(given: Mapping[str, object], now: Mapping[str, object] | None) -> dict:
    """The settings a call sets: those it gives and, when it gives ``swiss_rounds`` or ``top_cut``
    without ``top_cut_automatic``, the automatic cut those two meant on their own: the top cut
    comes from MTR App. E exactly when the Swiss rounds are automatic (None) and the top cut is 0.
    ``now``: the event's settings as they stand, None for a new event (whose Swiss rounds are
    automatic unless it says whether its cut is)."""
    out = dict(given)
    if now is None and "top_cut_automatic" not in out:
        out.setdefault("swiss_rounds", None)
    if "top_cut_automatic" in out or ("swiss_rounds" not in out and "top_cut" not in out):
        return out
    current = now or {}
    rounds = out.get("swiss_rounds", current.get("swiss_rounds"))
    cut = out.get("top_cut", current.get("top_cut", 0))
    out["top_cut_automatic"] = rounds is None and cut == 0
    return out


def problems(
    event: Event | None, event_values: Mapping[str, object], given: Mapping[str, object]
) -> dict[str, list[str]]:
    """What is wrong with the pairing settings ``given`` for an event of ``event_values`` (its
    own settings after the change; ``event``: None while it is being made), by field. A change
    of REL is checked against the draft pods the event lifted (MTR 7.6)."""
    errors: dict[str, list[str]] = {}
    rounds = given.get("swiss_rounds")
    if rounds is not None and (not isinstance(rounds, int) or not 0 <= rounds <= MAX_SWISS_ROUNDS):
        errors["swiss_rounds"] = [
            gettext("Swiss rounds must be between 0 and 30, or empty for automatic.")
        ]
    if given.get("top_cut", 0) not in PairingSettings.TOP_CUTS:
        errors["top_cut"] = [gettext("Top cut must be 0, 2, 4 or 8 teams.")]
    if given.get("tiebreak_order", "team") not in PairingSettings.TiebreakOrder.values:
        errors["tiebreak_order"] = [gettext("Unknown tiebreaker order.")]
    for flag in ("top_cut_automatic", "tiebreak_oomw", "pods_lifted"):
        if not isinstance(given.get(flag, False), bool):
            errors[flag] = [gettext("Must be true or false.")]
    if event_values.get("rel", Event.Rel.REGULAR) != Event.Rel.REGULAR:
        lifted = given.get("pods_lifted")
        if lifted is None and event is not None:
            lifted = pairing_settings.of(event).pods_lifted
        if lifted is True:
            errors["pods_lifted"] = [
                gettext("Only at Regular REL may the organizer lift the draft pods (MTR 7.6).")
            ]
    return errors


@transaction.atomic
def pairing_settings_set(*, event: Event, **values: object) -> PairingSettings:
    """Store the event's pairing settings given (those of ``NAMES``); raise ServiceError naming
    the field of each wrong value. The event service calls it with what changed."""
    values = {k: v for k, v in values.items() if k in NAMES}
    errors = problems(event, {"rel": event.rel}, values)
    if errors:
        raise ServiceError(errors=errors)
    row, _ = PairingSettings.objects.select_for_update().get_or_create(event=event)
    for name, value in values.items():
        setattr(row, name, value)
    row.save()
    event.pairing_settings = row  # pairing.selectors.settings.of reads it from the event
    return row
