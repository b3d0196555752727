"""HTML pages of registration: events, staff, teams, a team's private page."""

from typing import cast
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access import Perm, access_event, access_team, can, require, visible_events
from core.errors import AccessDenied, NotVisible, ServiceError
from tournament import forms
from tournament.arrival_views import SoloForm, check_in_context
from tournament.hooks import PLAN_CHOICES
from tournament.models import Accommodation, Signup, TeamCheckIn
from tournament.selectors import (
    REMEMBER_DAYS,
    event_facts_blocks,
    event_setting,
    events_home,
    find_teams,
    player_changes,
    signup_cookie,
)
from tournament.services import accounts, capacity, lifecycle
from tournament.services import checkin as checkin_svc
from tournament.services import events as svc
from tournament.services import late as late_svc
from tournament.services import signups as signup_svc
from tournament.services import team_import as import_svc
from tournament.services import teams as team_svc


def _ok(request, text: str, **words) -> None:
    """A success message, already translated, with its named values filled in."""
    messages.success(request, text % words if words else text)


def _form_errors(form, exc: ServiceError) -> None:
    for field, msgs in (exc.errors or {"__all__": [exc.message]}).items():
        for msg in msgs:
            form.add_error(field if field in form.fields else None, msg)


def home(request):
    archived = request.GET.get("archived") == "1"
    visible = visible_events(request.caller)
    events = events_home(visible.filter(archived_at__isnull=not archived))
    context = {
        "events": events[:200],
        "archived": archived,
        "archived_count": 0 if archived else visible.filter(archived_at__isnull=False).count(),
    }
    return render(request, "tournament/home.html", context)


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
            _ok(request, _("%(name)s created. Next: register the teams."), name=event.name)
            return redirect("event", event.pk)
    context = {"form": form, "creating": True, "plans": _plans(None, form)}
    return render(request, "tournament/event_form.html", context)


PREVIEW_TEAMS = (6, 8, 12, 16, 32)  # a new event's preview: the counts stores see most


def _plans(event, form: forms.EventForm) -> list[tuple[int, list[tuple[str, str]]]]:
    """What each top-cut choice of the form plays (tournament.hooks.PLAN_CHOICES): for the
    teams registered, or before any team for a few usual counts."""
    teams = event.teams.filter(dropped=False).count() if event is not None else 0
    rounds = cast("int | None", event_setting(event, "swiss_rounds")) if event else None
    counts = (teams,) if teams >= 2 else PREVIEW_TEAMS
    labels = dict(form.fields["top_cut"].choices)  # type: ignore[attr-defined]  # a ChoiceField (pairing's), typed Field here
    out = []
    for count in counts:
        draft = event is not None and event.structure == "draft"
        answer = PLAN_CHOICES(count, rounds, draft) or []
        out.append((count, [(labels[choice], text) for choice, text in answer]))
    return out


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
            _ok(request, _("Event saved."))
            return redirect("event", event.pk)
    context = {"form": form, "event": event, "plans": _plans(event, form)}
    # The settings the apps above keep apart from the form (the judging settings), by topic.
    facts = event_facts_blocks(request, event)
    facts.pop("lasts")
    context["facts_blocks"] = facts.pop("blocks")
    context.update(facts)
    return render(request, "tournament/event_form.html", context)


@require_POST
def event_archive(request, pk: int):
    event = access_event(request.caller, pk, Perm.EDIT_EVENT)
    if request.POST.get("action") == "unarchive":
        lifecycle.event_unarchive(event=event)
        _ok(request, _("%(name)s is back on the list of events."), name=event.name)
    else:
        lifecycle.event_archive(event=event)
        _ok(request, _("%(name)s archived: off the list, kept whole."), name=event.name)
    return redirect("event", event.pk)


@require_POST
def event_delete(request, pk: int):
    event = access_event(request.caller, pk, Perm.EDIT_EVENT)
    name = event.name
    try:
        lifecycle.event_delete(event=event)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("event-edit", event.pk)
    _ok(request, _("%(name)s deleted."), name=name)
    return redirect("home")


def event_teams(request, pk: int):
    caller = request.caller
    event = access_event(caller, pk)
    manage = can(caller, Perm.MANAGE_TEAMS, event)
    if request.method == "POST" and request.POST.get("action") == "pods":
        require(caller, Perm.MANAGE_TEAMS, event)
        size = request.POST.get("size", "")
        try:
            pods = svc.event_seat_pods(event=event, size=int(size) if size.isdecimal() else None)
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            _ok(request, _("Teams seated at random in %(n)s pods."), n=len(set(pods.values())))
        return redirect("event-teams", event.pk)
    form = forms.TeamForm(request.POST or None, team_size=event.team_size)
    if request.method == "POST":
        require(caller, Perm.MANAGE_TEAMS, event)
        if form.is_valid():
            try:
                team = team_svc.team_register(
                    event=event, name=form.cleaned_data["name"], players=form.players()
                )
            except ServiceError as exc:
                _form_errors(form, exc)
            else:
                _ok(request, _("Team %(name)s registered."), name=team.name)
                return redirect("event-teams", event.pk)
    query = " ".join(request.GET.get("q", "").split())[:80]
    teams = find_teams(event, query) if query else event.teams.all()
    return render(
        request,
        "tournament/teams.html",
        {
            "event": event,
            "teams": teams.prefetch_related("players"),
            "form": form,
            "manage": manage,
            "q": query,
            "pods_lifted": event_setting(event, "pods_lifted"),
        },
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
                    preview, teams = import_svc.teams_import(event=event, text=text)
                except ServiceError as exc:
                    _form_errors(form, exc)
                else:
                    if preview.ok:
                        _ok(request, _("%(n)s teams registered from the file."), n=len(teams))
                        return redirect("event-teams", event.pk)
            else:
                preview = import_svc.teams_import_preview(event=event, text=text)
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
                    team_svc.team_rename(team=team, name=rename.cleaned_data["name"])
                    _ok(request, _("Team renamed."))
            elif action == "swap":
                order = request.POST.getlist("seat_order")
                team_svc.team_set_seats(team=team, seat_order=order)
                _ok(request, _("Seats changed."))
            elif action == "drop":
                checkin_svc.team_drop_by_staff(team=team, by=request.user)
                _ok(request, _("%(name)s dropped."), name=team.name)
            elif action == "undrop":
                checkin_svc.team_undrop_by_staff(team=team, by=request.user)
                if capacity.is_waiting(team):
                    _ok(
                        request,
                        _("%(name)s is back, on the waiting list: the cap is full."),
                        name=team.name,
                    )
                else:
                    _ok(request, _("%(name)s is back in the event."), name=team.name)
            elif action == "new_key":
                team_svc.team_new_key(team=team)
                _ok(request, _("New private link issued; the old one no longer works."))
            elif action == "player":
                player = team.players.filter(pk=_int(request.POST.get("player")) or 0).first()
                if player is None:
                    raise ServiceError(gettext("That player is not in this team."), field="player")
                team_svc.player_update(
                    player=player,
                    name=request.POST.get("name", ""),
                    wizards_id=request.POST.get("wizards_id", ""),
                    by=request.user,
                )
                _ok(request, _("Player saved."))
            elif action == "fixed_table":
                table = forms.FixedTableForm(request.POST)
                if table.is_valid():
                    team_svc.team_set_fixed_table(
                        team=team, table=table.cleaned_data["fixed_table"]
                    )
                    _ok(request, _("Table kept."))
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
            "player_changes": player_changes(team),
            "drop_records": checkin_svc.drop_records(team),
            "late_entry": late_svc.late_entry(team),
            "team_check_in": TeamCheckIn.objects.filter(team=team).select_related("by").first(),
            "identity_locked": event.status != event.Status.REGISTRATION,
        },
    )


def _int(raw: object) -> int | None:
    text = str(raw or "")
    return int(text) if text.isdecimal() and len(text) < 12 else None


_NEW_LINK = "tandem_new_invite_link"


def _invite_url(request, token: str) -> str:
    return request.build_absolute_uri(reverse("invite-accept", args=[token]))


def event_staff(request, pk: int):
    caller = request.caller
    event = access_event(caller, pk, Perm.VIEW_PRIVATE)
    organizer = can(caller, Perm.MANAGE_STAFF, event)
    inviting = request.POST.get("action") == "invite"
    form = forms.StaffForm(None if inviting else request.POST or None)
    invite = forms.InviteForm(request.POST if inviting else None)
    if request.method == "POST":
        require(caller, Perm.MANAGE_STAFF, event)
        if request.POST.get("action") == "invite":
            if invite.is_valid():
                try:
                    issued = accounts.invite_create(event=event, **invite.cleaned_data)
                except ServiceError as exc:
                    _form_errors(invite, exc)
                else:
                    request.session[_NEW_LINK] = [issued.invite.pk, issued.token]
                    _ok(request, _("Invitation for %(label)s ready."), label=issued.invite.label)
                    return redirect("event-staff", event.pk)
        elif form.is_valid():
            try:
                svc.staff_set(event=event, **form.cleaned_data)
            except ServiceError as exc:
                _form_errors(form, exc)
            else:
                _ok(request, _("%(name)s added."), name=form.cleaned_data["username"])
                return redirect("event-staff", event.pk)
    new_link = None
    if organizer and _NEW_LINK in request.session:
        invite_id, token = request.session.pop(_NEW_LINK)
        new_link = {"id": invite_id, "url": _invite_url(request, token)}
    pending = (
        list(event.invites.filter(accepted_at__isnull=True).order_by("issued_at"))
        if organizer
        else []
    )
    expired = {item.pk for item in pending if accounts.invite_expired(item)}
    return render(
        request,
        "tournament/staff.html",
        {
            "event": event,
            "form": form,
            "invite_form": invite,
            "staff": event.staff.select_related("user"),
            "organizer": organizer,
            "pending": [(item, item.pk in expired) for item in pending],
            "new_link": new_link,
            "invite_days": accounts.INVITE_DAYS,
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


@require_POST
def invite_manage(request, pk: int, invite_id: int):
    """A pending invitation: issue a new link (the old one stops working) or withdraw it."""
    event = access_event(request.caller, pk, Perm.MANAGE_STAFF)
    try:
        if request.POST.get("action") == "withdraw":
            accounts.invite_withdraw(event=event, invite_id=invite_id)
            _ok(request, _("Invitation withdrawn: its link no longer works."))
        else:
            issued = accounts.invite_reissue(event=event, invite_id=invite_id)
            request.session[_NEW_LINK] = [issued.invite.pk, issued.token]
            _ok(request, _("New link issued; the old one no longer works."))
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("event-staff", event.pk)


def invite_accept(request, token: str):
    """The invitee's page: set a name and password (or use the account logged in), then staff."""
    try:
        invite = accounts.invite_by_token(token)
    except NotVisible:
        # Used, withdrawn, replaced or expired: say so, and what to do (never whose it was).
        return render(request, "tournament/invite_gone.html", status=404)
    form = forms.AccountForm(request.POST or None)
    user = request.user if request.user.is_authenticated else None
    if request.method == "POST" and (user is not None or form.is_valid()):
        try:
            if user is not None:
                staff = accounts.invite_accept(token=token, user=user)
            else:
                staff = accounts.invite_accept(token=token, **form.cleaned_data)
        except ServiceError as exc:
            if user is not None:
                messages.error(request, exc.message)
            else:
                _form_errors(form, exc)
        else:
            if user is None:
                login(request, staff.user, backend="django.contrib.auth.backends.ModelBackend")
            words = {"role": staff.get_role_display().lower(), "event": invite.event}
            _ok(request, _("Welcome: you are %(role)s of %(event)s."), **words)
            return redirect("event", invite.event_id)
    return render(
        request, "tournament/invite.html", {"invite": invite, "form": form, "as_user": user}
    )


def signup(request):
    """A new organizer's account, where the deployment allows it (settings.ALLOW_SIGNUP)."""
    if not settings.ALLOW_SIGNUP:
        raise Http404("Signing up is off on this server.")
    if request.user.is_authenticated:
        return redirect("home")
    form = forms.AccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = accounts.signup(**form.cleaned_data)
        except ServiceError as exc:
            _form_errors(form, exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            _ok(request, _("Account created. Next: create your event."))
            return redirect("event-create")
    return render(request, "tournament/account_signup.html", {"form": form})


# --- teams signing themselves up ----------------------------------------------------------------


def signup_start(request, pk: int):
    """A player starts the team's signup; the page then gives the join code for the teammates."""
    event = access_event(request.caller, pk)
    form = forms.SignupStartForm(request.POST or None)
    is_open = signup_svc.is_open(event)
    if request.method == "POST" and form.is_valid():
        try:
            signup = signup_svc.signup_start(event=event, **form.cleaned_data)
        except ServiceError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("Team started. Give your teammate the join code below."))
            return redirect("signup", signup.key)
    context = {"event": event, "form": form, "open": is_open, "solo_form": SoloForm(prefix="solo")}
    return render(request, "tournament/signup_start.html", context)


def signup_join(request):
    """A teammate joins with the code (``?code=`` from the join link fills it in)."""
    initial = {"code": request.GET.get("code", "")[:40]}
    form = forms.SignupJoinForm(request.POST or None, initial=initial)
    found = signup_svc.signup_by_code(request.POST.get("code") or initial["code"])
    if request.method == "POST" and form.is_valid():
        try:
            signup = signup_svc.signup_join(**form.cleaned_data)
        except ServiceError as exc:
            _form_errors(form, exc)
        else:
            messages.success(request, _("You joined %(team)s.") % {"team": signup.name})
            return redirect("signup", signup.key)
    return render(request, "tournament/signup_join.html", {"form": form, "found": found})


def _signup_of_key(key: str) -> Signup:
    from django.http import Http404

    signup = Signup.objects.select_related("event", "team").filter(key=key).first()
    if signup is None or "\x00" in key:
        raise Http404
    return signup


def signup_page(request, key: str):
    """The team's signup page, shared by its players: who has joined, the join code, the seats
    and the organizer's decision; once approved, the team's private link. The phone keeps it
    (a cookie): the event's page links to it again once its tab is closed."""
    signup = _signup_of_key(key)
    if request.method == "POST":
        try:
            signup_svc.signup_set_primary(signup=signup, primary=request.POST.get("primary"))
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            _ok(request, _("Seats saved."))
        return redirect("signup", key)
    join_url = (
        request.build_absolute_uri(reverse("signup-join"))
        + "?"
        + urlencode({"code": signup.join_code})
    )
    response = render(
        request,
        "tournament/signup.html",
        {
            "signup": signup,
            "event": signup.event,
            "join_url": join_url,
            "page_url": request.build_absolute_uri(reverse("signup", args=[key])),
            "missing": max(0, signup.event.team_size - len(signup.players)),
            **capacity.waiting_state(signup.team),
            "kinds": Accommodation.Kind.choices,
        },
    )
    response.set_cookie(
        signup_cookie(signup.event_id), key, max_age=REMEMBER_DAYS * 24 * 3600, httponly=True,
        samesite="Lax", secure=request.is_secure(),
    )  # fmt: skip
    return response


def event_signups(request, pk: int):
    """The organizer's list of signups: open or close self-registration, approve, rename or
    refuse each team."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    if request.method == "POST":
        action = request.POST.get("action")
        signup = None
        if request.POST.get("signup"):
            signup = Signup.objects.filter(event=event, pk=request.POST.get("signup")).first()
            if signup is None:
                messages.error(request, _("That signup no longer exists."))
                return redirect("event-signups", event.pk)
        try:
            if action in ("open", "close"):
                signup_svc.signups_set_open(event=event, open=action == "open")
                _ok(request, _("Self-registration opened.") if action == "open" else _("Closed."))
            elif signup is not None and action == "approve":
                team = signup_svc.signup_approve(signup=signup)
                _ok(request, _("%(name)s registered."), name=team.name)
            elif signup is not None and action == "rename":
                signup_svc.signup_rename(signup=signup, name=request.POST.get("name"))
                _ok(request, _("Team renamed."))
            elif signup is not None and action == "refuse":
                signup_svc.signup_refuse(signup=signup, reason=request.POST.get("reason"))
                _ok(request, _("%(name)s refused."), name=signup.name)
            else:
                messages.error(request, _("Choose what to do."))
        except ServiceError as exc:
            messages.error(request, exc.message)
        return redirect("event-signups", event.pk)
    signups = signup_svc.pending_first(list(event.signups.all()))
    return render(
        request,
        "tournament/signups.html",
        {
            "event": event,
            "staff": True,
            "signups": signups,
            "open": signup_svc.is_open(event),
            "registration": event.status == event.Status.REGISTRATION,
            "start_url": request.build_absolute_uri(reverse("signup-start", args=[event.pk])),
            **check_in_context(event),
        },
    )
