from collections.abc import Mapping

from django import forms
from django.utils.translation import gettext, gettext_lazy

from tournament.hooks import event_settings
from tournament.models import Event, Player, StaffRole, Team

# The server's limits, so a browser stops the typing where the server would refuse.
EVENT_NAME_MAX = Event._meta.get_field("name").max_length or 120
TEAM_NAME_MAX = Team._meta.get_field("name").max_length or 80
PLAYER_NAME_MAX = Player._meta.get_field("name").max_length or 80
WIZARDS_ID_MAX = Player._meta.get_field("wizards_id").max_length or 40


class EventForm(forms.ModelForm):
    # The organizer's time zone: the browser's, filled in by static/js/timezone.js.
    time_zone = forms.CharField(
        label=gettext_lazy("Time zone"),
        required=False,
        max_length=64,
        help_text=gettext_lazy(
            "The times on the event's pages are in this zone (e.g. Europe/Madrid); a new event "
            "takes your browser's."
        ),
        widget=forms.TextInput(attrs={"data-browser-zone": "", "autocomplete": "off"}),
    )

    class Meta:
        model = Event
        fields = [
            "name", "date", "structure", "format", "rel", "team_size", "public", "time_zone",
        ]  # fmt: skip
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "team_size": forms.Select(
                choices=[
                    (2, gettext_lazy("2 - Two-Headed Giant")),
                    (3, gettext_lazy("3 - Three-Headed Giant")),
                    (4, gettext_lazy("4 - Four-Headed Giant")),
                ]
            ),
        }
        labels = {
            "date": gettext_lazy("Date"),
            "name": gettext_lazy("Event name"),
            "structure": gettext_lazy("Structure"),
            "format": gettext_lazy("Format"),
            "rel": gettext_lazy("Rules Enforcement Level"),
            "team_size": gettext_lazy("Players per team"),
            "public": gettext_lazy("Public: anyone may see the event, its pairings and standings"),
        }
        help_texts = {
            "format": gettext_lazy(
                "Constructed only: standard, pioneer, modern, legacy, vintage, pauper, ..."
            ),
            "rel": gettext_lazy(
                "Regular for casual play; Competitive and Professional require decklists."
            ),
        }

    name = forms.CharField(label=gettext_lazy("Event name"), max_length=EVENT_NAME_MAX, strip=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        event = self.instance
        # The settings the apps above keep (tournament.hooks.EVENT_SETTINGS), as the event has them.
        for entry in event_settings():
            values: Mapping[str, object] = {}
            if event.pk is not None:
                values = (entry.form_initial or entry.read)(event)
            for name, field in entry.form_fields().items():
                self.fields[name] = field
                if name in values and not self.is_bound:
                    self.initial.setdefault(name, values[name])

    def clean(self) -> dict:
        """A field of an app's settings may take several at once (the top cut and whether it is
        automatic): it cleans to a mapping of them."""
        data = super().clean() or {}
        for name, value in list(data.items()):
            if isinstance(value, Mapping):
                del data[name]
                data.update(value)
        return data

    def _post_clean(self) -> None:
        """No model validation here: the service checks the settings and names the field of
        each problem (the model's constraints are the last line of defence)."""

    # The settings page by topic, each topic the settings of one part of the event
    # (docs/architecture.md "Event settings"): (anchor, heading, the fields in it).
    SECTIONS = (
        (
            "registration",
            gettext_lazy("Registration"),
            ("name", "date", "structure", "format", "rel", "team_size", "public", "time_zone"),
        ),
        (
            "pairing",
            gettext_lazy("Pairing"),
            ("swiss_rounds", "top_cut", "tiebreak_order", "tiebreak_oomw", "pods_lifted"),
        ),
        ("judging", gettext_lazy("Judging"), ("round_minutes", "penalty_policy")),
        ("deck-rules", gettext_lazy("Deck rules"), ("udc_rule",)),
    )

    def sections(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """The form's fields by topic, in ``SECTIONS``' order."""
        return [
            (key, str(title), [self[name] for name in names]) for key, title, names in self.SECTIONS
        ]


class TeamForm(forms.Form):
    """Team name and its players in seat order; the primary player (seat 1) sits on the right."""

    name = forms.CharField(label=gettext_lazy("Team name"), max_length=TEAM_NAME_MAX, strip=False)

    def __init__(self, *args, team_size: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        self.team_size = team_size
        for seat in range(1, team_size + 1):
            label = (
                gettext("Primary player (sits on the right)")
                if seat == 1
                else gettext("Player %(seat)s") % {"seat": seat}
            )
            self.fields[f"player{seat}"] = forms.CharField(
                label=label, max_length=PLAYER_NAME_MAX, strip=False
            )
            self.fields[f"wizards{seat}"] = forms.CharField(
                label=gettext_lazy("Wizards Account ID (optional)"),
                max_length=WIZARDS_ID_MAX,
                required=False,
                help_text=gettext_lazy(
                    "The ID of the player's Wizards account, for reporting the event."
                ),
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
    file = forms.FileField(required=False, label=gettext_lazy("CSV file"))
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}), required=False, label=gettext_lazy("or paste")
    )

    def csv_text(self) -> str:
        upload = self.cleaned_data.get("file")
        if upload:
            raw = upload.read(1_000_001)
            try:
                return raw.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(gettext("The file is not UTF-8 text.")) from exc
        return self.cleaned_data.get("text") or ""


class StaffForm(forms.Form):
    username = forms.CharField(
        label=gettext_lazy("User name of an existing account"),
        max_length=150,
        help_text=gettext_lazy(
            "Someone without an account yet: make an invitation link with the form above."
        ),
    )
    role = forms.ChoiceField(choices=StaffRole.Role.choices)


class InviteForm(forms.Form):
    label = forms.CharField(
        label=gettext_lazy("Who is it for"),
        max_length=80,
        help_text=gettext_lazy(
            "A name you will recognise, e.g. 'Sam (scorekeeper)'. They choose their own user name."
        ),
    )
    role = forms.ChoiceField(choices=StaffRole.Role.choices)


class AccountForm(forms.Form):
    """A new account: from an invitation, or signing up where the deployment allows it."""

    username = forms.CharField(
        label=gettext_lazy("Choose a user name"),
        max_length=150,
        help_text=gettext_lazy("Letters, digits and @ . + - _ only; you log in with it."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    password = forms.CharField(
        label=gettext_lazy("Choose a password"),
        strip=False,
        help_text=gettext_lazy("At least 8 characters, not a common password."),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password_again = forms.CharField(
        label=gettext_lazy("The password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )


class RenameForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("New team name"), max_length=TEAM_NAME_MAX, strip=False
    )


class FixedTableForm(forms.Form):
    fixed_table = forms.IntegerField(
        label=gettext_lazy("Keep at table"),
        required=False,
        min_value=1,
        max_value=10_000,
        help_text=gettext_lazy("Leave empty to let the pairing choose the table."),
    )


class SignupStartForm(forms.Form):
    """A player starts the team's signup (self-registration)."""

    name = forms.CharField(label=gettext_lazy("Team name"), max_length=200, strip=False)
    player = forms.CharField(
        label=gettext_lazy("Your name (first and last)"), max_length=200, strip=False
    )
    wizards_id = forms.CharField(
        label=gettext_lazy("Your Wizards Account ID (optional)"),
        max_length=200,
        required=False,
        help_text=gettext_lazy(
            "The number of your Wizards account, digits only (not your e-mail address)."
        ),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
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
        label=gettext_lazy("Your Wizards Account ID (optional)"),
        max_length=200,
        required=False,
        help_text=gettext_lazy(
            "The number of your Wizards account, digits only (not your e-mail address)."
        ),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
