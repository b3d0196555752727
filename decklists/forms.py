"""The deck rules on the event's form and in its API: the decklists app's answer to
tournament.hooks.EVENT_SETTINGS, registered in DecklistsConfig.ready(); the settings it keeps in
decklists.models.EventDeckRules shown, taken and carried with the event's own (the Unified Deck
Construction rule, MTR 8.4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from decklists.models import EventDeckRules
from decklists.selectors import deck_rules
from decklists.services import decklists as deck_services
from tournament.hooks import EventSettings
from tournament.models import Event

UdcRule = EventDeckRules.UdcRule


class UdcRuleField(serializers.ChoiceField):
    """The event API's ``udc_rule``, read and taken with the event whole (``source="*"``)."""

    def to_representation(self, value: Any) -> str:
        return deck_rules.of(value).udc_rule  # the event (source="*")

    def to_internal_value(self, data: Any) -> Any:
        return {"udc_rule": super().to_internal_value(data)}


def _form_fields() -> dict[str, forms.Field]:
    return {
        "udc_rule": forms.ChoiceField(
            choices=UdcRule.choices,
            initial=UdcRule.MTR,
            label=gettext_lazy("Unified Deck Construction rule"),
            help_text=gettext_lazy(
                "How many copies of a card the team's decks may hold together (MTR 8.4)."
            ),
        )
    }


def _api_fields() -> dict[str, serializers.Field]:
    return {"udc_rule": UdcRuleField(choices=UdcRule.choices, source="*", required=False)}


def _read(event: Event) -> Mapping[str, object]:
    return {"udc_rule": deck_rules.of(event).udc_rule}


def _write(event: Event, values: Mapping[str, object]) -> None:
    if "udc_rule" in values:
        deck_services.udc_rule_set(event=event, udc_rule=values["udc_rule"])


def event_settings() -> EventSettings:
    """tournament.hooks.EVENT_SETTINGS: the deck rules the event's form and API show."""
    return EventSettings(
        model="decklists.EventDeckRules",
        related="deck_rules",
        form_fields=_form_fields,
        api_fields=_api_fields,
        read=_read,
        write=_write,
        locked={"udc_rule": gettext_lazy("the Unified Deck Construction rule")},
    )
