from django import forms
from django.utils.translation import gettext_lazy

from tournament.models import Event, StaffRole


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = [
            "name", "date", "structure", "format", "rel", "team_size", "round_minutes",
            "swiss_rounds", "top_cut", "public", "udc_rule", "penalty_policy", "tiebreak_order",
            "tiebreak_oomw",
        ]  # fmt: skip
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "team_size": forms.Select(
                choices=[
                    (2, "2 - Two-Headed Giant"),
                    (3, "3 - Three-Headed Giant"),
                    (4, "4 - Four-Headed Giant"),
                ]
            ),
        }
        help_texts = {
            "format": "Constructed only: standard, pioneer, modern, legacy, vintage, pauper, ...",
            "swiss_rounds": "Leave empty to use the Magic Tournament Rules' number for the team count.",
            "round_minutes": "2HG games are long: 60 minutes or more is usual.",
        }

    name = forms.CharField(max_length=1000, strip=False)
    top_cut = forms.ChoiceField(
        choices=[
            ("auto", "Automatic (Magic Tournament Rules App. E for the team count)"),
            ("0", "No top cut"),
            ("2", "Top 2"),
            ("4", "Top 4"),
            ("8", "Top 8"),
        ],
        help_text="With no top cut and automatic Swiss rounds, enough rounds are played for "
        "one team to stay undefeated. Fixed once round 1 is paired (MTR 10.2).",
    )
    tiebreak_oomw = forms.BooleanField(
        required=False,
        label="Break remaining ties by OOMW% (local rule)",
        help_text="Team order only. Not a Magic Tournament Rules tiebreaker: the standings say so.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        event = self.instance
        if event.pk is not None and not self.is_bound:
            self.initial["top_cut"] = "auto" if event.top_cut_automatic else str(event.top_cut)
        elif event.pk is None:
            self.initial.setdefault("top_cut", "auto")

    def clean(self) -> dict:
        data = super().clean() or {}
        cut = data.get("top_cut")
        if cut is not None:
            data["top_cut_automatic"] = cut == "auto"
            data["top_cut"] = 0 if cut == "auto" else int(cut)
        return data

    def _post_clean(self) -> None:
        """No model validation here: the service checks the settings and names the field of
        each problem (the model's constraints are the last line of defence)."""


class TeamForm(forms.Form):
    """Team name and its players in seat order; the primary player (seat 1) sits on the right."""

    name = forms.CharField(label="Team name", max_length=1000, strip=False)

    def __init__(self, *args, team_size: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        self.team_size = team_size
        for seat in range(1, team_size + 1):
            label = "Primary player (sits on the right)" if seat == 1 else f"Player {seat}"
            self.fields[f"player{seat}"] = forms.CharField(
                label=label, max_length=1000, strip=False
            )
            self.fields[f"wizards{seat}"] = forms.CharField(
                label="Wizards Account ID (optional)", max_length=1000, required=False
            )

    def players(self) -> list[dict[str, str]]:
        return [
            {
                "name": self.cleaned_data[f"player{s}"],
                "wizards_id": self.cleaned_data[f"wizards{s}"],
            }
            for s in range(1, self.team_size + 1)
        ]

    def seat_fields(self):
        return [(self[f"player{s}"], self[f"wizards{s}"]) for s in range(1, self.team_size + 1)]


class CsvForm(forms.Form):
    file = forms.FileField(required=False, label="CSV file")
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}), required=False, label="or paste"
    )

    def csv_text(self) -> str:
        upload = self.cleaned_data.get("file")
        if upload:
            raw = upload.read(1_000_001)
            try:
                return raw.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError("The file is not UTF-8 text.") from exc
        return self.cleaned_data.get("text") or ""


class StaffForm(forms.Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=StaffRole.Role.choices)


class RenameForm(forms.Form):
    name = forms.CharField(label="Team name", max_length=1000, strip=False)


class FixedTableForm(forms.Form):
    fixed_table = forms.IntegerField(label="Keep at table", required=False, min_value=1)


class SignupStartForm(forms.Form):
    """A player starts the team's signup (self-registration)."""

    name = forms.CharField(label=gettext_lazy("Team name"), max_length=200, strip=False)
    player = forms.CharField(
        label=gettext_lazy("Your name (first and last)"), max_length=200, strip=False
    )
    wizards_id = forms.CharField(
        label=gettext_lazy("Your Wizards Account ID or email (optional)"),
        max_length=200,
        required=False,
    )


class SignupJoinForm(forms.Form):
    """A teammate joins a signup with its code."""

    code = forms.CharField(
        label=gettext_lazy("Join code from your teammate"),
        max_length=40,
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )
    player = forms.CharField(
        label=gettext_lazy("Your name (first and last)"), max_length=200, strip=False
    )
    wizards_id = forms.CharField(
        label=gettext_lazy("Your Wizards Account ID or email (optional)"),
        max_length=200,
        required=False,
    )


class SignupRefuseForm(forms.Form):
    reason = forms.CharField(label="Why (the team reads it)", max_length=300)
