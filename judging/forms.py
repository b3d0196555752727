"""A Swiss round's length and the Game Loss policy on the event's form and in its API: the judging
app's answer to tournament.hooks.EVENT_SETTINGS, registered in JudgingConfig.ready(); the settings
it keeps in judging.models.JudgingSettings shown, taken and carried with the event's own settings
(docs/rules.md "End of round" and "Penalties")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from judging.models import JudgingSettings
from judging.selectors import settings as judging_settings
from judging.services.settings import penalty_policy_set, round_minutes_set
from tournament.hooks import EventSettings
from tournament.models import Event

PenaltyPolicy = JudgingSettings.PenaltyPolicy
# The limits judging.services.settings.round_minutes_set checks, so a browser stops the typing
# where the server would refuse.
ROUND_MINUTES_MIN, ROUND_MINUTES_MAX = 20, 240
ROUND_LENGTH_WORDS = gettext_lazy("Round length must be between 20 and 240 minutes.")


@extend_schema_field({"type": "integer", "minimum": 20, "maximum": 240})
class RoundMinutesField(serializers.IntegerField):
    """The event API's ``round_minutes``, read and taken with the event whole (``source="*"``);
    its limits checked by the service, in the field form of a 400."""

    def to_representation(self, value: Any) -> int:
        return judging_settings.of(value).round_minutes  # the event (source="*")

    def to_internal_value(self, data: Any) -> Any:
        return {"round_minutes": super().to_internal_value(data)}


class PenaltyPolicyField(serializers.ChoiceField):
    """The event API's ``penalty_policy``, read and taken with the event whole (``source="*"``)."""

    def to_representation(self, value: Any) -> str:
        return judging_settings.of(value).penalty_policy  # the event (source="*")

    def to_internal_value(self, data: Any) -> Any:
        return {"penalty_policy": super().to_internal_value(data)}


def _form_fields() -> dict[str, forms.Field]:
    return {
        # The limits the service checks, in the form's words (not Django's "Ensure ... >= 0").
        "round_minutes": forms.IntegerField(
            label=gettext_lazy("Round length (minutes)"),
            min_value=ROUND_MINUTES_MIN,
            max_value=ROUND_MINUTES_MAX,
            initial=60,
            help_text=gettext_lazy("2HG games are long: 60 minutes or more is usual."),
            error_messages={
                "min_value": ROUND_LENGTH_WORDS,
                "max_value": ROUND_LENGTH_WORDS,
                "invalid": ROUND_LENGTH_WORDS,
            },
        ),
        "penalty_policy": forms.ChoiceField(
            choices=PenaltyPolicy.choices,
            initial=PenaltyPolicy.MATCH_POINT,
            label=gettext_lazy("Game Loss penalty policy"),
            help_text=gettext_lazy(
                "Match Point (the 2HG guide for judges): a Game Loss for a deck error found at a"
                " deck check, an illegal face-down card or a pattern of marked cards costs the"
                " team 1 match point and the game goes on, any other Game Loss (and every one in a"
                " playoff) loses the match; the current IPG converts nothing."
            ),
        ),
    }


def _api_fields() -> dict[str, serializers.Field]:
    return {
        "round_minutes": RoundMinutesField(source="*", required=False),
        "penalty_policy": PenaltyPolicyField(
            choices=PenaltyPolicy.choices, source="*", required=False
        ),
    }


def _read(event: Event) -> Mapping[str, object]:
    row = judging_settings.of(event)
    return {"round_minutes": row.round_minutes, "penalty_policy": row.penalty_policy}


def _write(event: Event, values: Mapping[str, object]) -> None:
    if "round_minutes" in values:
        round_minutes_set(event=event, round_minutes=values["round_minutes"])
    if "penalty_policy" in values:
        penalty_policy_set(event=event, penalty_policy=values["penalty_policy"])


def _shown(event: Event) -> Mapping[str, object]:
    """The event page's round length, and its "Game Loss": the policy and what it does, in one
    sentence."""
    row = judging_settings.of(event)
    return {
        "round_minutes": row.round_minutes,
        "penalty_policy": f"{row.get_penalty_policy_display()}. {row.penalty_policy_sentence}",
    }


def event_settings() -> EventSettings:
    """tournament.hooks.EVENT_SETTINGS: a Swiss round's length and the Game Loss policy the
    event's form and API show."""
    return EventSettings(
        model="judging.JudgingSettings",
        related="judging_settings",
        form_fields=_form_fields,
        api_fields=_api_fields,
        read=_read,
        write=_write,
        shown=_shown,
    )
