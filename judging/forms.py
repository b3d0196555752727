"""The Game Loss policy on the event's form and in its API: the judging app's answer to
tournament.hooks.EVENT_SETTINGS, registered in JudgingConfig.ready(); the policy it keeps in
judging.models.JudgingSettings shown, taken and carried with the event's own settings
(docs/rules.md "Penalties")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from judging.models import JudgingSettings
from judging.selectors import settings as judging_settings
from judging.services.settings import penalty_policy_set
from tournament.hooks import EventSettings
from tournament.models import Event

PenaltyPolicy = JudgingSettings.PenaltyPolicy


class PenaltyPolicyField(serializers.ChoiceField):
    """The event API's ``penalty_policy``, read and taken with the event whole (``source="*"``)."""

    def to_representation(self, value: Any) -> str:
        return judging_settings.of(value).penalty_policy  # the event (source="*")

    def to_internal_value(self, data: Any) -> Any:
        return {"penalty_policy": super().to_internal_value(data)}


def _form_fields() -> dict[str, forms.Field]:
    return {
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
        )
    }


def _api_fields() -> dict[str, serializers.Field]:
    return {
        "penalty_policy": PenaltyPolicyField(
            choices=PenaltyPolicy.choices, source="*", required=False
        )
    }


def _read(event: Event) -> Mapping[str, object]:
    return {"penalty_policy": judging_settings.of(event).penalty_policy}


def _write(event: Event, values: Mapping[str, object]) -> None:
    if "penalty_policy" in values:
        penalty_policy_set(event=event, penalty_policy=values["penalty_policy"])


def _shown(event: Event) -> Mapping[str, object]:
    """The event page's "Game Loss": the policy and what it does, in one sentence."""
    row = judging_settings.of(event)
    return {"penalty_policy": f"{row.get_penalty_policy_display()}. {row.penalty_policy_sentence}"}


def event_settings() -> EventSettings:
    """tournament.hooks.EVENT_SETTINGS: the Game Loss policy the event's form and API show."""
    return EventSettings(
        model="judging.JudgingSettings",
        related="judging_settings",
        form_fields=_form_fields,
        api_fields=_api_fields,
        read=_read,
        write=_write,
        shown=_shown,
    )
