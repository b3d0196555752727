"""HTML pages of registration: events, staff, teams, a team's private page."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from access import Perm, access_event, access_team, access_team_by_key, can, require, visible_events
from core.errors import AccessDenied, ServiceError
from tournament import forms
from tournament.hooks import TEAM_PAGE
from tournament.selectors import events_home, next_step
from tournament.services import events as svc


def _form_errors(form, exc: ServiceError) -> None:
    for field, msgs in (exc.errors or {"__all__": [exc.message]}).items():
        for msg in msgs:
            form.add_error(field if field in form.fields else None, msg)


def home(request):
    events = events_home(visible_events(request.caller))
    return render(request, "tournament/home.html", {"events": events[:200]})


def event_create(request):
    if not request.user.is_authenticated:
        raise AccessDenied  # login for a page, the kept form for a POST (core.middleware)
    form = forms.EventForm(request.POST or None, initial={"round_minutes": 60, "team_size": 2})
    if request.method == "POST" and form.is_valid():
        try:
            event = svc.event_create(organizer=request.user, **form.cleaned_data)
        except ServiceError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, f"{event.name} created. Next: register the teams.")
            return redirect("event", event.pk)
    return render(request, "tournament/event_form.html", {"form": form, "creating": True})


def event_detail(request, pk: int):
    caller = request.caller
    event = access_event(caller, pk)
    staff = can(caller, Perm.VIEW_PRIVATE, event)
    context = {
        "event": event,
        "staff": staff,
        "organizer": can(caller, Perm.EDIT_EVENT, event),
        "step": next_step(event) if staff else None,
        "team_count": event.teams.filter(dropped=False).count(),
    }
    return render(request, "tournament/event_detail.html", context)


def event_edit(request, pk: int):
    event = access_event(request.caller, pk, Perm.EDIT_EVENT)
    form = forms.EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        values = {k: v for k, v in form.cleaned_data.items()}
        event.refresh_from_db()
        try:
            svc.event_update(event=event, **values)
        except ServiceError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, "Event saved.")
            return redirect("event", event.pk)
    return render(request, "tournament/event_form.html", {"form": form, "event": event})


def event_teams(request, pk: int):
    caller = request.caller
    event = access_event(caller, pk)
    manage = can(caller, Perm.MANAGE_TEAMS, event)
    form = forms.TeamForm(request.POST or None, team_size=event.team_size)
    if request.method == "POST":
        require(caller, Perm.MANAGE_TEAMS, event)
        if form.is_valid():
            try:
                team = svc.team_register(
                    event=event, name=form.cleaned_data["name"], players=form.players()
                )
            except ServiceError as exc:
                _form_errors(form, exc)
            else:
                messages.success(request, f"Team {team.name} registered.")
                return redirect("event-teams", event.pk)
    teams = event.teams.prefetch_related("players")
    return render(
        request,
        "tournament/teams.html",
        {"event": event, "teams": teams, "form": form, "manage": manage},
    )


def teams_import(request, pk: int):
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    form = forms.CsvForm(request.POST or None, request.FILES or None)
    preview = None
    text = ""
    if request.method == "POST" and form.is_valid():
        try:
            text = form.csv_text()
        except forms.forms.ValidationError as exc:
            form.add_error("file", exc)
        else:
            if request.POST.get("confirm") == "1":
                try:
                    preview, teams = svc.teams_import(event=event, text=text)
                except ServiceError as exc:
                    _form_errors(form, exc)
                else:
                    if preview.ok:
                        messages.success(request, f"{len(teams)} teams registered from the file.")
                        return redirect("event-teams", event.pk)
            else:
                preview = svc.teams_import_preview(event=event, text=text)
    return render(
        request,
        "tournament/teams_import.html",
        {"event": event, "form": form, "preview": preview, "text": text},
    )


def team_manage(request, pk: int, team_id: int):
    team = access_team(request.caller, team_id, Perm.MANAGE_TEAMS, event_id=pk)
    event = team.event
    rename = forms.RenameForm(initial={"name": team.name})
    table = forms.FixedTableForm(initial={"fixed_table": team.fixed_table})
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "rename":
                rename = forms.RenameForm(request.POST)
                if rename.is_valid():
                    svc.team_rename(team=team, name=rename.cleaned_data["name"])
                    messages.success(request, "Team renamed.")
            elif action == "swap":
                order = request.POST.getlist("seat_order")
                svc.team_set_seats(team=team, seat_order=order)
                messages.success(request, "Seats changed.")
            elif action == "drop":
                svc.team_drop(team=team)
                messages.success(request, f"{team.name} dropped.")
            elif action == "undrop":
                svc.team_undrop(team=team)
                messages.success(request, f"{team.name} is back in the event.")
            elif action == "new_key":
                svc.team_new_key(team=team)
                messages.success(request, "New private link issued; the old one no longer works.")
            elif action == "fixed_table":
                table = forms.FixedTableForm(request.POST)
                if table.is_valid():
                    svc.team_set_fixed_table(team=team, table=table.cleaned_data["fixed_table"])
                    messages.success(request, "Table kept.")
        except ServiceError as exc:
            messages.error(request, exc.message)
        if not (rename.errors or table.errors):
            return redirect("team-manage", event.pk, team.pk)
    return render(
        request,
        "tournament/team_manage.html",
        {
            "event": event,
            "team": team,
            "rename": rename,
            "table": table,
            "players": list(team.players.all()),
        },
    )


def event_staff(request, pk: int):
    caller = request.caller
    event = access_event(caller, pk, Perm.VIEW_PRIVATE)
    form = forms.StaffForm(request.POST or None)
    if request.method == "POST":
        require(caller, Perm.MANAGE_STAFF, event)
        if form.is_valid():
            try:
                svc.staff_set(event=event, **form.cleaned_data)
            except ServiceError as exc:
                _form_errors(form, exc)
            else:
                messages.success(request, f"{form.cleaned_data['username']} added.")
                return redirect("event-staff", event.pk)
    return render(
        request,
        "tournament/staff.html",
        {
            "event": event,
            "form": form,
            "staff": event.staff.select_related("user"),
            "organizer": can(caller, Perm.MANAGE_STAFF, event),
        },
    )


@require_POST
def staff_remove(request, pk: int, user_id: int):
    event = access_event(request.caller, pk, Perm.MANAGE_STAFF)
    try:
        svc.staff_remove(event=event, user_id=user_id)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("event-staff", event.pk)


def team_private(request, key: str):
    """A team's private page: the players' phone view of their event."""
    team = access_team_by_key(request.caller, key)
    players = list(team.players.all())
    context = {"team": team, "event": team.event, "players": players, "key": key}
    blocks = [block for block in TEAM_PAGE(request, team) if block is not None]
    for block in blocks:
        context.update(block.context)
    context["team_blocks"] = [block.template for block in blocks]
    return render(request, "tournament/team_private.html", context)
