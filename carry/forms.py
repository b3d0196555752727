from django import forms
from django.utils.translation import gettext_lazy as _


class EventFileForm(forms.Form):
    file = forms.FileField(
        label=_("Event file"),
        help_text=_("An event.json file exported from a Tandem server (this one or another)."),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
