"""Forms of the rounds pages, and the scorekeeper's short result codes; the pairing settings on
the event's form and in its API: the pairing app's answer to tournament.hooks.EVENT_SETTINGS,
registered in PairingConfig.ready(), the settings it keeps in pairing.models.PairingSettings shown,
taken and carried with the event's own (docs/rules.md "Swiss pairing", "Top cut")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from pairing.domain.match_format import Games, MatchFormat, games_bounds
from pairing.models import PairingSettings
from pairing.selectors import settings as pairing_settings
from pairing.services import settings as settings_svc
from tournament.hooks import EventSettings
from tournament.models import Event

# What a result's numbers may be, over every match format (the service checks the event's own).
BOUNDS = games_bounds()

# A result as the scorekeeper types it: games won by the team listed first at the table (A),
# by the team listed second (B), games drawn. "a"/"b": that team won 1-0-0 / 0-1-0;
# "d": a drawn game, time ran out (0-0-1); "id": an intentional draw (0-0-0, MTR 2.5).
SHORTCUTS = {"a": (1, 0, 0), "b": (0, 1, 0), "d": (0, 0, 1), "id": (0, 0, 0)}
_DIGITS = re.compile(r"^\s*(\d+)\s*[-/ .,]?\s*(\d+)\s*[-/ .,]?\s*(\d+)\s*$")


def parse_result(text: str) -> tuple[int, int, int] | None:
    """'1-0-1', '101', '1 0 1', 'a', 'b', 'd', 'id' -> (games_a, games_b, games_drawn)."""
    text = (text or "").strip().lower()
    if text in SHORTCUTS:
        return SHORTCUTS[text]
    match = _DIGITS.match(text)
    if match is None:
        return None
    return int(match[1]), int(match[2]), int(match[3])


class FastResultForm(forms.Form):
    """Table number, then the result: the scorekeeper's keyboard entry."""

    table = forms.CharField(
        max_length=40,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "autofocus": True, "size": 6}
        ),
    )
    result = forms.CharField(
        max_length=20,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "size": 8, "placeholder": "1-0-0"}),
        help_text=gettext_lazy(
            "1-0-0 team A won, 0-1-0 team B won, 1-0-1 won after a drawn game, "
            "0-0-1 draw at time, 0-0-0 intentional draw; or a, b, d, id."
        ),
    )
    confirm = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        table_text = (data.get("table") or "").strip()
        result_text = (data.get("result") or "").strip()
        if " " in table_text and not result_text:  # "12 1-0-0" typed in one field
            table_text, result_text = table_text.split(None, 1)
        if not table_text.isdecimal():  # not isdigit(): int() refuses "²"
            self.add_error("table", gettext("Type the table number."))
            return data
        games = parse_result(result_text)
        if games is None:
            self.add_error(
                "result", gettext("Type the result as 1-0-0, 0-1-0, 1-0-1, 0-0-1 or 0-0-0.")
            )
            return data
        data["table_number"] = int(table_text)
        data["games"] = games
        return data


class StaffResultForm(forms.Form):
    """A staff decision: nothing is chosen in advance, so a tap never records a result by itself
    (an empty 0-0-0 would be an intentional draw)."""

    games_a = forms.IntegerField(
        min_value=0, max_value=BOUNDS["games_a"], label=gettext_lazy("Games won by team A")
    )
    games_b = forms.IntegerField(
        min_value=0, max_value=BOUNDS["games_b"], label=gettext_lazy("Games won by team B")
    )
    games_drawn = forms.IntegerField(
        min_value=0,
        max_value=BOUNDS["games_drawn"],
        label=gettext_lazy("Games drawn"),
        help_text=gettext_lazy("Drawn games before the won one; 0 if none."),
    )
    note = forms.CharField(
        label=gettext_lazy("Ruling note (optional)"),
        required=False,
        max_length=200,
        help_text=gettext_lazy(
            "In a few words, e.g. 'Both teams agreed after a judge call'. Kept in the "
            "match's history."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("games_a", "games_b", "games_drawn"):
            self.fields[name].widget.attrs.update({"inputmode": "numeric", "placeholder": ""})


class TeamReportForm(forms.Form):
    """A team reports from its own point of view; the view turns it into team A / team B."""

    OUTCOMES = [
        ("won", "We won"),
        ("lost", "We lost"),
        ("draw", "Draw: time ran out"),
        ("id", "Intentional draw (no game played)"),
    ]
    outcome = forms.ChoiceField(choices=OUTCOMES, widget=forms.RadioSelect)
    drawn = forms.IntegerField(
        min_value=0,
        max_value=BOUNDS["games_drawn"],
        initial=0,
        required=False,
        label=gettext_lazy("Drawn games before that"),
        help_text=gettext_lazy("A drawn game is replayed while time allows (MTR 9.1). Usually 0."),
    )

    def games(self, side: str, match_format: MatchFormat) -> tuple[int, int, int]:
        outcome = self.cleaned_data["outcome"]
        drawn = self.cleaned_data.get("drawn") or 0
        if outcome == "id":
            return 0, 0, 0
        if outcome == "draw":
            return 0, 0, max(drawn, 1)
        we_won = outcome == "won"
        a_won = we_won if side == "a" else not we_won
        games = match_format.game_won(Games(0, 0, drawn), "a" if a_won else "b")
        return games.a, games.b, games.drawn


class TableMoveForm(forms.Form):
    table = forms.IntegerField(min_value=1, max_value=10_000, label=gettext_lazy("Table"))
    to = forms.IntegerField(min_value=1, max_value=10_000, label=gettext_lazy("Move to table"))


# --- the pairing settings on the event's form and in its API ------------------------------

TiebreakOrder = PairingSettings.TiebreakOrder


class TopCutField(forms.ChoiceField):
    """The event form's top cut: none, MTR App. E's for the team count, or a bracket of 2, 4 or
    8; cleans to both settings it sets (``top_cut``, ``top_cut_automatic``). A store's usual event
    first and by default: Swiss rounds only (a 6-team Friday that App. E's automatic cut sent
    into a bracket with byes)."""

    def clean(self, value: Any) -> Any:
        cut = super().clean(value)
        if cut in (None, ""):
            return cut
        return {"top_cut_automatic": cut == "auto", "top_cut": 0 if cut == "auto" else int(cut)}


class _Setting(serializers.Field):
    """A pairing setting in the event API, read and taken with the event whole (``source="*"``);
    the service checks its values and names the field of each wrong one."""

    def to_representation(self, value: Any) -> Any:
        return getattr(pairing_settings.of(value), str(self.field_name))  # the event (source="*")

    def to_internal_value(self, data: Any) -> Any:
        return {self.field_name: super().to_internal_value(data)}

    def run_validators(self, value: Any) -> None:
        super().run_validators(value[self.field_name] if isinstance(value, dict) else value)

    def validate_empty_values(self, data: Any) -> tuple[bool, Any]:
        if data is None and self.allow_null:  # null given (DRF passes it on with source="*")
            return True, {self.field_name: None}
        return super().validate_empty_values(data)


@extend_schema_field({"type": "integer", "minimum": 0, "maximum": 30, "nullable": True})
class SwissRoundsField(_Setting, serializers.IntegerField):
    pass


@extend_schema_field({"type": "integer", "enum": [0, 2, 4, 8]})
class TopCutApiField(_Setting, serializers.IntegerField):
    pass


class SettingChoiceField(_Setting, serializers.ChoiceField):
    pass


class SettingBooleanField(_Setting, serializers.BooleanField):
    pass


def _form_fields() -> dict[str, forms.Field]:
    return {
        "swiss_rounds": forms.IntegerField(
            required=False,
            min_value=0,
            label=gettext_lazy("Swiss rounds"),
            help_text=gettext_lazy(
                "Leave empty to use the Magic Tournament Rules' number for the team count."
            ),
        ),
        "top_cut": TopCutField(
            choices=[
                ("0", gettext_lazy("Swiss rounds only, no top cut")),
                (
                    "auto",
                    gettext_lazy("Automatic (Magic Tournament Rules App. E for the team count)"),
                ),
                ("2", gettext_lazy("Top 2")),
                ("4", gettext_lazy("Top 4")),
                ("8", gettext_lazy("Top 8")),
            ],
            initial="0",
            label=gettext_lazy("Top cut"),
            widget=forms.RadioSelect,
            help_text=gettext_lazy(
                "With no top cut and automatic Swiss rounds, enough rounds are played for "
                "one team to stay undefeated. Fixed once round 1 is paired (MTR 10.2)."
            ),
        ),
        "tiebreak_order": forms.ChoiceField(
            choices=TiebreakOrder.choices,
            initial=TiebreakOrder.TEAM,
            label=gettext_lazy("Tiebreakers"),
            help_text=gettext_lazy("The team order (MP, OMW%, OOMW%) is the one for team events."),
        ),
        "tiebreak_oomw": forms.BooleanField(
            required=False,
            label=gettext_lazy("Break remaining ties by OOMW% (local rule)"),
            help_text=gettext_lazy(
                "Team order only. Not a Magic Tournament Rules tiebreaker: the standings say so."
            ),
        ),
        "pods_lifted": forms.BooleanField(
            required=False,
            label=gettext_lazy(
                "Booster Draft at Regular REL: pair the whole event, not pod by pod"
            ),
            help_text=gettext_lazy(
                "Off by default: teams play only teams of their own pod (MTR 7.6). Only the"
                " organizer of a Regular REL event may lift this, and must announce it before the"
                " event."
            ),
        ),
    }


def _api_fields() -> dict[str, serializers.Field]:
    return {
        "swiss_rounds": SwissRoundsField(source="*", allow_null=True, required=False, min_value=0),
        "top_cut": TopCutApiField(source="*", required=False),
        "tiebreak_order": SettingChoiceField(
            choices=TiebreakOrder.choices, source="*", required=False
        ),
        "top_cut_automatic": SettingBooleanField(source="*", required=False),
        "tiebreak_oomw": SettingBooleanField(source="*", required=False),
        "pods_lifted": SettingBooleanField(source="*", required=False),
    }


def _read(event: Event) -> Mapping[str, object]:
    row = pairing_settings.of(event)
    return {name: getattr(row, name) for name in settings_svc.NAMES}


def _write(event: Event, values: Mapping[str, object]) -> None:
    settings_svc.pairing_settings_set(event=event, **values)


def _form_initial(event: Event) -> Mapping[str, object]:
    row = pairing_settings.of(event)
    values = {name: getattr(row, name) for name in settings_svc.NAMES}
    values["top_cut"] = "auto" if row.top_cut_automatic else str(row.top_cut)
    return values


def event_settings() -> EventSettings:
    """tournament.hooks.EVENT_SETTINGS: the Swiss rounds, top cut, tiebreakers and draft pods the
    event's form and API show; the structure fixed once round 1 is paired (MTR 10.2)."""
    return EventSettings(
        model="pairing.PairingSettings",
        related="pairing_settings",
        form_fields=_form_fields,
        api_fields=_api_fields,
        read=_read,
        write=_write,
        locked={
            "swiss_rounds": gettext_lazy("the number of Swiss rounds"),
            "top_cut": gettext_lazy("the top cut"),
            "top_cut_automatic": gettext_lazy("the automatic top cut"),
            "pods_lifted": gettext_lazy("whether the draft pods bind"),
        },
        derive=settings_svc.with_automatic_cut,
        check=settings_svc.problems,
        form_initial=_form_initial,
    )
