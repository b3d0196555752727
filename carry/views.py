"""Pages of event files: the organizer downloads an event, a user imports one."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from access import Perm, access_event
from carry import forms
from carry.services import exchange
from core.errors import AccessDenied


def event_file_response(event) -> HttpResponse:
    response = HttpResponse(
        exchange.event_export_json(event=event), content_type="application/json"
    )
    name = slugify(event.name) or "event"
    response["Content-Disposition"] = f'attachment; filename="{name}-{event.pk}.json"'
    return response


def event_export(request, pk: int):
    event = access_event(request.caller, pk, Perm.EDIT_EVENT)
    return event_file_response(event)


def event_import(request):
    if not request.user.is_authenticated:
        raise AccessDenied  # login for a page (core.middleware)
    form = forms.EventFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            data = exchange.parse_upload(form.cleaned_data["file"])
            event = exchange.event_import(data=data, organizer=request.user)
        except exchange.ExchangeError as exc:
            nothing = _("Nothing was imported.")
            form.add_error("file", f"{exc.message} {nothing}")
        else:
            messages.success(
                request, _("%(name)s imported: you organize it here.") % {"name": event.name}
            )
            return redirect("event", event.pk)
    return render(request, "carry/event_import.html", {"form": form})
