"""Pages of solo players, check-in and a team's own drop (docs/rules.md "Sign-ups, solo
players, check-in"): the solo form on the event's sign-up page, the solo's page by its code,
the organizer's "Form teams" and check-in switch on the sign-ups page, and the team page's
check-in and drop block (tournament.hooks.TEAM_PAGE)."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from access import Perm, access_event, access_team_by_key, can, may_follow
from core import live
from core.errors import ServiceError
from tournament.forms import TeamForm
from tournament.hooks import TeamBlock
from tournament.models import (
    Accommodation,
    DropRecord,
    Event,
    LateEntry,
    Signup,
    Team,
    TeamCheckIn,
    WaitingTeam,
)
from tournament.selectors import event_plan
from tournament.services import accommodations as accommodation_svc
from tournament.services import capacity
from tournament.services import checkin as checkin_svc
from tournament.services import late as late_svc
from tournament.services import signups as signup_svc
from tournament.services import solo as solo_svc


class SoloForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Your name (first and last)"), max_length=200, strip=False
    )
    wizards_id = forms.CharField(
        label=gettext_lazy("Your Wizards Account ID (optional)"),
        max_length=200,
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    language = forms.ChoiceField(
        label=gettext_lazy("Language you play in"),
        choices=[("", "—"), *settings.LANGUAGES],
        required=False,
    )
    with_ = forms.CharField(
        label=gettext_lazy("Partner's code or team name (optional)"),
        max_length=80,
        required=False,
        help_text=gettext_lazy(
            "Another solo player's code, or the name of a team still looking for players, "
            "if you want to play with them."
        ),
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )


def _field(name: str) -> str:
    return "with_" if name == "with" else name


def solo_start(request, pk: int):
    """A player without a team signs up alone (the form sits on the event's sign-up page)."""
    event = access_event(request.caller, pk)
    form = SoloForm(request.POST or None, prefix="solo")
    if request.method == "POST" and form.is_valid():
        try:
            solo = solo_svc.solo_signup(event=event, **form.cleaned_data)
        except ServiceError as exc:
            if not exc.errors:
                form.add_error(None, exc.message)
            for field, msgs in (exc.errors or {}).items():
                target = _field(field)
                for msg in msgs:
                    form.add_error(target if target in form.fields else None, msg)
        else:
            messages.success(request, _("You are signed up. Keep this page: it is your place."))
            return redirect("solo", solo.code)
    return render(
        request,
        "tournament/solo_start.html",
        {"event": event, "form": form, "open": signup_svc.is_open(event)},
    )


def _solo_of(code: str):
    solo = solo_svc.solo_by_code(code)
    if solo is None:
        raise Http404
    return solo


def solo_page(request, code: str):
    """The solo's page by its code: waiting, or teamed with the team's private link."""
    solo = _solo_of(code)
    if request.method == "POST":
        try:
            if request.POST.get("action") == "withdraw":
                solo_svc.solo_withdraw(solo=solo)
                messages.success(request, _("You have withdrawn."))
            else:
                solo_svc.solo_set_wants(solo=solo, with_=request.POST.get("with", ""))
                messages.success(request, _("Saved."))
        except ServiceError as exc:
            messages.error(request, exc.message)
        return redirect("solo", solo.code)
    key = solo.private_key
    return render(
        request,
        "tournament/solo.html",
        {
            "solo": solo,
            "event": solo.event,
            "team_url": request.build_absolute_uri(reverse("team-private", args=[key]))
            if key
            else None,
            "page_url": request.build_absolute_uri(reverse("solo", args=[solo.code])),
            "signup_url": reverse("signup", args=[solo.signup.key]) if solo.signup else None,
            **capacity.waiting_state(solo.team or (solo.signup.team if solo.signup else None)),
        },
    )


@require_POST
def solos_match(request, pk: int):
    """The organizer's "Form teams" on the sign-ups page."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    try:
        formed = solo_svc.solos_match(event=event)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("event-signups", event.pk)
    count = len(formed.teams)
    messages.success(
        request,
        ngettext(
            "%(count)s team formed (draw seed %(seed)s); %(waiting)s still waiting.",
            "%(count)s teams formed (draw seed %(seed)s); %(waiting)s still waiting.",
            count,
        )
        % {"count": count, "seed": formed.seed, "waiting": len(formed.waiting)},
    )
    for signup, members in formed.joined:
        messages.success(
            request,
            _("%(players)s joined %(team)s, as they asked.")
            % {"players": ", ".join(m.name for m in members), "team": signup.name},
        )
    return redirect("event-signups", event.pk)


@require_POST
def check_in_switch(request, pk: int):
    """Staff open or close check-in (the sign-ups page)."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    want = request.POST.get("action") == "open"
    try:
        checkin_svc.checkin_set_open(event=event, open=want)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Check-in opened.") if want else _("Check-in closed."))
    return redirect("event-signups", event.pk)


@require_POST
def set_cap(request, pk: int):
    """The organizer sets the team cap on the sign-ups page (empty: none)."""
    event = access_event(request.caller, pk, Perm.EDIT_EVENT)
    raw = (request.POST.get("max_teams") or "").strip()
    try:
        capacity.set_max_teams(event=event, value=int(raw) if raw.isdecimal() else (raw or None))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Team cap saved."))
    return redirect(reverse("event-signups", args=[event.pk]) + "#capacity")


@require_POST
def desk_check_in(request, pk: int, team_id: int):
    """Staff check a team in at the desk (the sign-ups page's list)."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    team = Team.objects.filter(event=event, pk=team_id).first()
    if team is None:
        raise Http404
    try:
        if request.POST.get("action") == "undo":
            checkin_svc.team_check_in_undo(team=team, by=request.user)
        else:
            checkin_svc.team_check_in(team=team, by=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("event-signups", args=[event.pk]) + "#check-in")


def check_in_context(event: Event) -> dict:
    """The sign-ups page's check-in part: the switch, the count and each team's state."""
    teams = list(
        Team.objects.filter(event=event, dropped=False)
        .select_related("checked_in")
        .order_by("name_key")
    )
    done = sum(1 for t in teams if _checked(t) is not None)
    return {
        "check_in_open": checkin_svc.is_open(event),
        "check_in_teams": [(t, _checked(t)) for t in teams],
        "checked_count": done,
        "playing_count": len(teams),
        "solos": _with_partner_names(solo_svc.waiting_solos(event)),
        "max_teams": capacity.max_teams(event),
        "waiting_teams": [w.team for w in capacity.waiting_entries(event)],
        "accommodations": accommodation_context(event),
    }


def _with_partner_names(solos: list) -> list[tuple[object, str]]:
    """Each waiting solo with the name of the solo it asks for ("" for none)."""
    names = {s.code: s.name for s in solos}
    return [
        (s, names.get(s.wants, s.wants) or (s.wants_signup.name if s.wants_signup else ""))
        for s in solos
    ]


def _checked(team: Team) -> TeamCheckIn | None:
    try:
        return team.checked_in
    except TeamCheckIn.DoesNotExist:
        return None


# --- the team's own page ------------------------------------------------------------------------


def team_block(request, team: Team) -> TeamBlock | None:
    """tournament.hooks.TEAM_PAGE: check in while check-in is open (then "checked in" until
    round 1), the waiting list, a rename for a team formed from solos before round 1, or the
    team's drop; nothing otherwise. The drop link itself sits at the foot of
    the page (team_private.html), away from the buttons used every round."""
    event = team.event
    if event.status == Event.Status.FINISHED:
        return None
    late = late_svc.late_entry(team) if event.status == Event.Status.RUNNING else None
    checked = TeamCheckIn.objects.filter(team=team).first()
    before_round_one = event.status == Event.Status.REGISTRATION
    entry = WaitingTeam.objects.filter(team=team).first() if before_round_one else None
    waiting = capacity.position(team) if entry is not None else None
    renamable = before_round_one and solo_svc.formed_from_solos(team)
    if (
        not team.dropped
        and late is None
        and entry is None
        and not renamable
        and not (checkin_svc.is_open(event) or (checked is not None and before_round_one))
    ):
        return None
    return TeamBlock(
        "tournament/_arrival_block.html",
        {
            "arrival_waiting": waiting,
            "arrival_promoted": entry.promoted_at if entry is not None else None,
            "arrival_check_in_open": checkin_svc.is_open(event),
            "arrival_checked": checked,
            "arrival_dropped": team.dropped,
            "arrival_drop": DropRecord.objects.filter(team=team).order_by("-at").first(),
            "arrival_rename": renamable,
            "late_entry": late,
        },
    )


@require_POST
def team_rename(request, key: str):
    """A team formed from solo players renames itself before round 1 (its page)."""
    team = access_team_by_key(request.caller, key, Perm.CHECK_IN)
    try:
        solo_svc.team_rename_formed(team=team, name=request.POST.get("name", ""))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Team renamed."))
    return redirect("team-private", key)


@require_POST
def team_check_in(request, key: str):
    team = access_team_by_key(request.caller, key, Perm.CHECK_IN)
    try:
        checkin_svc.team_check_in(team=team)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Checked in. See you at the table."))
    return redirect("team-private", key)


def team_drop(request, key: str):
    """The first tap opens this page, naming what a drop does (MTR 2.10); the second drops."""
    team = access_team_by_key(request.caller, key, Perm.DROP_TEAM)
    if request.method == "POST" and not team.dropped:
        try:
            checkin_svc.team_drop_self(team=team)
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Your team has dropped."))
        return redirect("team-private", key)
    rounds = team.event.rounds.order_by("-number")  # pairing.Round, by its reverse relation
    latest = rounds.values_list("number", flat=True).first()
    return render(
        request,
        "tournament/team_drop.html",
        {
            "team": team,
            "event": team.event,
            "key": key,
            "latest_round": latest,
            "staff": can(request.caller, Perm.MANAGE_TEAMS, team.event),
        },
    )


# --- late entry ------------------------------------------------------------------------------


def team_late(request, pk: int):
    """Staff enter a team after round 1 is paired (docs/rules.md "Late entry"): the page says
    what the team's missed rounds are worth before the form."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    form = TeamForm(request.POST or None, team_size=event.team_size)
    if request.method == "POST" and form.is_valid():
        try:
            team = late_svc.team_register_late(
                event=event,
                name=form.cleaned_data["name"],
                players=form.players(),
                by=request.user,
            )
        except ServiceError as exc:
            for field, msgs in (exc.errors or {"__all__": [exc.message]}).items():
                for msg in msgs:
                    form.add_error(field if field in form.fields else None, msg)
        else:
            messages.success(request, _("Team %(name)s entered late.") % {"name": team.name})
            return redirect("team-manage", event.pk, team.pk)
    rounds = event.rounds.order_by("-number")  # pairing.Round, by its reverse relation
    return render(
        request,
        "tournament/team_late.html",
        {
            "event": event,
            "form": form,
            "latest_round": rounds.values_list("number", flat=True).first(),
            "late_teams": LateEntry.objects.filter(team__event=event)
            .select_related("team", "by")
            .order_by("at"),
        },
    )


# --- the dashboard's live count --------------------------------------------------------------


def dashboard_block(request, event: Event) -> TeamBlock | None:
    """tournament.hooks.EVENT_PAGE: before round 1, while check-in is open or the teams are
    capped, staff see the arrivals (``arrival_counts``), renewed live (topic ``checkin:<id>``,
    core.live) as teams register, check in, drop or move up from the waiting list."""
    if event.status != Event.Status.REGISTRATION:
        return None
    if not can(request.caller, Perm.MANAGE_TEAMS, event):
        return None
    counts = arrival_counts(event)
    if not counts["checkin_open"] and counts["max_teams"] is None:
        return None
    return TeamBlock(
        "tournament/_check_in_count.html",
        {
            **counts,
            "checkin_live_url": reverse("live-stream", args=["checkin", event.pk]),
            "checkin_live_since": live.version(checkin_svc.topic(event)),
        },
    )


def arrival_counts(event: Event) -> dict:
    """The teams taking part, checked in (while check-in is open), waiting under the cap, and
    the structure the teams taking part make (tournament.hooks.EVENT_PLAN)."""
    checked, playing = checkin_svc.counts(event)
    plan = event_plan(event)[0]
    return {
        "checkin_open": checkin_svc.is_open(event),
        "checkin_checked": checked,
        "checkin_playing": playing,
        "max_teams": capacity.max_teams(event),
        "waiting_count": len(capacity.waiting_entries(event)),
        "plan_text": plan.text if plan is not None else "",
        "plan_teams": plan.teams if plan is not None else playing,
    }


def check_in_count(request, pk: int):
    """The arrivals' fragment, fetched again on each live change."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    return render(
        request,
        "tournament/_check_in_count_inner.html",
        {"event": event, **arrival_counts(event)},
    )


def may_follow_check_in(request, event_id: str) -> bool:
    return may_follow(request, access_event, event_id, Perm.MANAGE_TEAMS)


# --- accommodations -------------------------------------------------------------------------


@require_POST
def signup_accommodation(request, key: str):
    """The team's sign-up page: ask for a fixed seat or a step-free table (or withdraw it)."""
    signup = Signup.objects.filter(key=key).first()
    if signup is None or "\x00" in key:
        raise Http404
    try:
        asked = accommodation_svc.ask_on_signup(
            signup=signup, kind=request.POST.get("kind", ""), note=request.POST.get("note", "")
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request, _("Request sent to the organizer.") if asked else _("Request withdrawn.")
        )
    return redirect(reverse("signup", args=[key]) + "#accommodation")


@require_POST
def accommodation_grant(request, pk: int, row_id: int):
    """Staff grant a request as the team's fixed table (the sign-ups page)."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    row = Accommodation.objects.filter(event=event, pk=row_id).first()
    if row is None:
        raise Http404
    try:
        accommodation_svc.grant(accommodation=row, table=request.POST.get("table", ""))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Table granted; it is kept every round."))
    return redirect(reverse("event-signups", args=[event.pk]) + "#accommodations")


def accommodation_context(event: Event) -> list[tuple[Accommodation, Team | None]]:
    return [(row, accommodation_svc.team_of(row)) for row in accommodation_svc.requests(event)]
