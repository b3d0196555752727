"""Forms of the rounds pages, and the scorekeeper's short result codes."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from pairing.domain.match_format import Games, MatchFormat, games_bounds

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
