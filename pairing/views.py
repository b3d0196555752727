"""HTML pages of rounds: pairings (by table, by name), the scorekeeper's result entry,
missing results, standings with their working, and a team's result report on /t/<key>/.

Visibility (the access layer, access): staff see a round from the moment it is paired; everyone who
may view the event sees it once it is published. Teams report only on their own match.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access import (
    Perm,
    access_event,
    access_match,
    access_own_match,
    access_round_by_number,
    access_team_by_key,
    can,
    sees_unpublished,
    visible_rounds,
)
from core import live, pagecache
from core.errors import ServiceError
from pairing import explain, forms, hooks, presenters, rendering, selectors, services, table_search
from pairing.models import Match, PairingChange, ResultReport, Round
from pairing.presenters import describe, describe_for
from pairing.selectors import results as final_reads
from tournament.models import Event
from tournament.services import checkin as checkin_svc


def _staff(request, event: Event) -> bool:
    """Whether the caller is staff of the event (sees unpublished rounds, warnings)."""
    return sees_unpublished(request.caller, event)


def _base(event: Event, staff: bool, **extra) -> dict:
    return {"event": event, "staff": staff, **extra}


def _error(request, exc: ServiceError) -> None:
    messages.error(request, exc.message)


# --- rounds --------------------------------------------------------------------------------


def rounds(request, pk: int):
    event = access_event(request.caller, pk)
    staff = _staff(request, event)
    plan = selectors.structure(event)
    context = _base(
        event,
        staff,
        rounds=selectors.rounds_with_counts(event, published_only=not staff),
        plan=plan,
        plan_text=presenters.structure_text(plan),
        manage=can(request.caller, Perm.MANAGE_ROUNDS, event),
        latest=selectors.latest_round(event),
        request_id=uuid.uuid4().hex,  # the pair form's: sent again, it finds its round
    )
    if context["manage"] and context["latest"] is None:
        context["gaps"] = selectors.decklist_gaps(event)
        if checkin_svc.is_open(event):  # docs/rules.md "Sign-ups, solo players, check-in"
            context["not_checked_in"] = checkin_svc.not_checked_in(event)
    return render(request, "pairing/rounds.html", context)


@require_POST
def round_pair(request, pk: int):
    event = access_event(request.caller, pk, Perm.MANAGE_ROUNDS)
    try:
        round_ = services.round_pair_next(
            event=event,
            by=request.user,
            check_decklists=request.POST.get("confirm") != "1",
            check_arrivals=request.POST.get("confirm") != "1",
            request_id=request.POST.get("request_id", ""),
        )
    except ServiceError as exc:
        _error(request, exc)
        return redirect("rounds", event.pk)
    if getattr(round_, "replayed", False):  # the form sent again: its first sending paired it
        messages.info(
            request,
            _("Round %(number)s was already paired by this form: here it is.")
            % {"number": round_.number},
        )
        return redirect("round", event.pk, round_.number)
    messages.success(
        request,
        _("Round %(number)s paired. Check it, then publish it.") % {"number": round_.number},
    )
    return redirect("round", event.pk, round_.number)


def _pairings_view(request) -> str:
    return "name" if request.GET.get("by") == "name" else "table"


def _cached_round(request, pk: int, number: int) -> HttpResponse | None:
    """The public's pairings page from the cache, without a query, when it is there."""
    public = _public_event(request, pk)
    if public is None:
        return None
    return pagecache.peek(
        request, rendering.public_pairings_key(public, number, _pairings_view(request))
    )


@pagecache.answers_early(_cached_round)
def round_detail(request, pk: int, number: int):
    """A round's pairings. The public's page is rendered once per round version and view and
    served from the cache (pairing.rendering, core.pagecache); staff get theirs afresh."""
    cached = _cached_round(request, pk, number)
    if cached is not None:
        return cached
    view = _pairings_view(request)
    round_ = access_round_by_number(request.caller, pk, number)
    event = round_.event
    staff = _staff(request, event)
    if staff or not pagecache.shared_by_audience(request):
        return round_page(request, round_, view, staff)
    rendering.remember_public_event(event)
    key = rendering.public_pairings_key(event, number, view)
    return pagecache.response(
        request,
        key,
        lambda: round_page(
            request, round_, view, staff, csrf_token=pagecache.CSRF_PLACEHOLDER
        ).content.decode(),
        rendering.TIMEOUT,
    )


def round_page(request, round_: Round, view: str, staff: bool, csrf_token: str | None = None):
    """The page of a round for this request (``csrf_token``: for a page kept in the cache)."""
    event = round_.event
    manage = staff and can(request.caller, Perm.MANAGE_ROUNDS, event)
    context = _base(
        event,
        staff,
        round=round_,
        view=view,
        manage=manage,
        pairings=rendering.pairings_html(round_, view, staff=manage),
    )
    context["notes"] = presenters.round_notes(round_)
    if staff:  # the apps above: the round clock's controls (pairing.hooks.ROUND_PAGE)
        blocks = [b for b in hooks.ROUND_PAGE(request, round_) if b is not None]
        for block in blocks:
            context.update(block.context)
        context["round_blocks"] = [block.template for block in blocks]
    if manage:
        context["changes"] = PairingChange.objects.filter(
            event=event, round_number=round_.number
        ).select_related("by")[:30]
        context["move_form"] = forms.TableMoveForm()
        context["can_unpair"] = selectors.latest_round(event) == round_ and not (
            selectors.has_results(round_)
        )
    if csrf_token is not None:  # rendered for the cache: each response gets its own token
        context["csrf_token"] = csrf_token
    return render(request, "pairing/round.html", context)


@require_POST
def round_publish(request, pk: int, number: int):
    round_ = access_round_by_number(request.caller, pk, number, Perm.MANAGE_ROUNDS)
    event = round_.event
    services.round_publish(round_=round_, by=request.user)
    messages.success(
        request,
        _("Round %(number)s published: the teams can see their tables.") % {"number": number},
    )
    return redirect("round", event.pk, number)


@require_POST
def round_unpair(request, pk: int, number: int):
    round_ = access_round_by_number(request.caller, pk, number, Perm.MANAGE_ROUNDS)
    event = round_.event
    try:
        services.round_unpair(round_=round_, by=request.user)
    except ServiceError as exc:
        _error(request, exc)
        return redirect("round", event.pk, number)
    messages.success(request, _("Round %(number)s unpaired.") % {"number": number})
    return redirect("rounds", event.pk)


@require_POST
def round_swap(request, pk: int, number: int):
    round_ = access_round_by_number(request.caller, pk, number, Perm.MANAGE_ROUNDS)
    event = round_.event
    teams = request.POST.getlist("team")
    if len(teams) != 2:
        messages.error(
            request, _("Tick exactly two teams to swap (%(count)s ticked).") % {"count": len(teams)}
        )
        return redirect("round", event.pk, number)
    try:
        outcome = services.round_swap_teams(
            round_=round_, team_1=teams[0], team_2=teams[1], by=request.user
        )
    except ServiceError as exc:
        _error(request, exc)
    else:
        messages.success(request, _("Teams swapped."))
        for warning in outcome.warnings:
            messages.warning(request, warning)
    return redirect("round", event.pk, number)


@require_POST
def round_table(request, pk: int, number: int):
    round_ = access_round_by_number(request.caller, pk, number, Perm.MANAGE_ROUNDS)
    event = round_.event
    form = forms.TableMoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the table to move and the table to move it to."))
        return redirect("round", event.pk, number)
    match = round_.matches.filter(table=form.cleaned_data["table"]).first()
    if match is None:
        messages.error(
            request,
            _("There is no table %(table)s in this round.") % {"table": form.cleaned_data["table"]},
        )
        return redirect("round", event.pk, number)
    try:
        services.match_set_table(match=match, table=form.cleaned_data["to"], by=request.user)
    except ServiceError as exc:
        _error(request, exc)
    else:
        messages.success(request, _("Table moved."))
    return redirect("round", event.pk, number)


# --- results -------------------------------------------------------------------------------


def round_results(request, pk: int, number: int):
    """The scorekeeper's keyboard entry: table number, then the result, Enter."""
    round_ = access_round_by_number(request.caller, pk, number, Perm.ENTER_RESULTS)
    event = round_.event
    staff = _staff(request, event)
    form = forms.FastResultForm(request.POST or None)
    confirm = None
    if request.method == "POST" and form.is_valid():
        outcome = _fast_entry(request, round_, form)
        if outcome is None:
            return redirect("round-results", event.pk, number)
        confirm = outcome
    missing = list(selectors.missing_results(round_)[:200])
    recent = (
        round_.matches.filter(status=Match.Status.FINAL, team_b__isnull=False)
        .select_related("team_a", "team_b")
        .order_by("-updated_at")[:8]
    )
    context = _base(
        event,
        staff,
        round=round_,
        form=form,
        confirm=confirm,
        missing=missing,
        missing_count=selectors.unfinished_count(round_),
        recent=recent,
    )
    return render(request, "pairing/results.html", context)


def _fast_entry(request, round_: Round, form) -> Match | None:
    """Enter one result; None when done (or failed with a message), the match when the new
    result would replace a different final one and needs a second Enter."""
    table = form.cleaned_data["table_number"]
    games = form.cleaned_data["games"]
    match = round_.matches.select_related("team_a", "team_b").filter(table=table).first()
    if match is None:
        messages.error(
            request,
            _("There is no table %(table)s in round %(number)s.")
            % {"table": table, "number": round_.number},
        )
        return None
    new_score = "-".join(str(g) for g in games)
    if match.status == Match.Status.FINAL and match.score != new_score:
        if form.cleaned_data.get("confirm") != f"{table}:{new_score}":
            form.data = form.data.copy()
            form.data["confirm"] = f"{table}:{new_score}"
            return match
    try:
        match = services.match_enter_result(
            match=match, games_a=games[0], games_b=games[1], games_drawn=games[2], by=request.user
        )
    except ServiceError as exc:
        messages.error(
            request, _("Table %(table)s: %(text)s") % {"table": table, "text": exc.message}
        )
        return None
    messages.success(
        request, _("Table %(table)s: %(text)s") % {"table": table, "text": describe(match)}
    )
    return None


def round_missing(request, pk: int, number: int):
    """The floor's list: tables without a final result, disputes first."""
    round_ = access_round_by_number(request.caller, pk, number, Perm.ENTER_RESULTS)
    event = round_.event
    staff = _staff(request, event)
    missing = list(selectors.missing_results(round_))
    missing.sort(key=lambda m: (m.status != Match.Status.DISPUTED, m.table or 0))
    return render(
        request, "pairing/missing.html", _base(event, staff, round=round_, missing=missing)
    )


def match_detail(request, pk: int, match_id: int):
    """A match for staff: the teams' reports, and the result to enter or override."""
    match = access_match(request.caller, match_id, Perm.ENTER_RESULTS, event_id=pk)
    event, staff = match.round.event, True
    form = forms.StaffResultForm(request.POST or None)  # no result chosen in advance
    if request.method == "POST" and form.is_valid():
        try:
            services.match_enter_result(match=match, by=request.user, **form.cleaned_data)
        except ServiceError as exc:
            for field, msgs in (exc.errors or {"__all__": [exc.message]}).items():
                for msg in msgs:
                    form.add_error(field if field in form.fields else None, msg)
        else:
            match.refresh_from_db()
            messages.success(
                request,
                _("Table %(table)s: %(text)s. Final.")
                % {"table": match.table, "text": describe(match)},
            )
            return redirect("round-missing", event.pk, match.round.number)
    reports = ResultReport.objects.filter(match=match).select_related("team")
    context = _base(event, staff, match=match, round=match.round, form=form, reports=reports)
    context["history"] = final_reads.match_history(match)
    return render(request, "pairing/match.html", context)


# --- standings -----------------------------------------------------------------------------


def _public_event(request, pk: int) -> Event | None:
    """The event's cached snapshot when the caller is anonymous, sees it (access.can) and is not
    staff: the caller of a page that may be served from the cache as it is."""
    if not pagecache.shared_by_audience(request):
        return None
    event = rendering.public_event(pk)
    if event is None or not can(request.caller, Perm.VIEW_EVENT, event):
        return None
    if sees_unpublished(request.caller, event):
        return None
    return event


def _asked_round(request) -> int | None:
    """?after_round=N as asked (None when absent or not a number); clamped by the renderer."""
    raw = request.GET.get("after_round", "")
    if not raw.isdecimal() or len(raw) > 4:  # not isdigit(): int() refuses "²"
        return None
    return int(raw)


def _after_round(request, event: Event) -> int | None:
    asked = _asked_round(request)
    if asked is None:
        return None
    paired = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
    return min(asked, paired)


def _cached_standings(request, pk: int) -> HttpResponse | None:
    """The public's standings page from the cache, without a query, when it is there."""
    public = _public_event(request, pk)
    if public is None:
        return None
    key = rendering.standings_key(public, _asked_round(request), staff=False)
    return pagecache.peek(request, "page:" + key)


@pagecache.answers_early(_cached_standings)
def standings(request, pk: int):
    """The standings, rendered once per event version and audience (pairing.rendering): the
    public sees them as of the published rounds only."""
    cached = _cached_standings(request, pk)
    if cached is not None:
        return cached
    asked = _asked_round(request)
    event = access_event(request.caller, pk)
    staff = _staff(request, event)

    def page_html(csrf_token: str | None = None) -> str:
        page = rendering.standings_page(event, asked, staff=staff)
        context = _base(event, staff, body=page["html"], shown_round=page["round"])
        if csrf_token is not None:
            context["csrf_token"] = csrf_token
        return render_to_string("pairing/standings.html", context, request)

    if staff or not pagecache.shared_by_audience(request):
        return HttpResponse(page_html())
    rendering.remember_public_event(event)
    key = "page:" + rendering.standings_key(event, asked, staff=False)
    return pagecache.response(
        request, key, lambda: page_html(pagecache.CSRF_PLACEHOLDER), rendering.STANDINGS_TIMEOUT
    )


def standing_team(request, pk: int, team_id: int):
    """One team's line and the working of each of its numbers."""
    event = access_event(request.caller, pk)
    staff = _staff(request, event)
    table = selectors.standings(
        event, after_round=_after_round(request, event), published_only=not staff
    )
    row = table.row(team_id)
    if row is None:
        raise Http404("That team has no line in these standings.")
    opponents = [
        {"line": o, "name": table.teams[o.opponent].name, "mw": explain.pct(o.mw),
         "omw": explain.pct(o.omw), "gw": explain.pct(o.gw)}
        for o in row.explanation.opponents
    ]  # fmt: skip
    context = _base(
        event,
        staff,
        table=table,
        row=row,
        team=table.teams[team_id],
        lines=explain.lines(row, table),
        opponents=opponents,
    )
    return render(request, "pairing/standing_team.html", context)


# --- a team's own report (/t/<key>/) -------------------------------------------------------


def team_report(request, key: str, match_id: int):
    """Step 1 (POST from the team page): show what will be reported; step 2 (confirm=1): send."""
    team = access_team_by_key(request.caller, key)
    match = access_own_match(request.caller, match_id, Perm.REPORT_RESULT)
    side = "a" if match.team_a_id == team.pk else "b"
    back = reverse("team-private", args=[key])
    if request.method != "POST":
        return redirect(back)
    form = forms.TeamReportForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the result of your match."))
        return redirect(back)
    games = form.games(side, selectors.match_format(team.event))
    if request.POST.get("confirm") != "1":
        preview = Match(
            team_a=match.team_a, team_b=match.team_b, games_a=games[0], games_b=games[1],
            games_drawn=games[2], result=services.Games(*games).result,
        )  # fmt: skip
        context = {
            "team": team, "event": team.event, "key": key, "match": match,
            "form": form, "summary": describe_for(preview, team), "round": match.round,
        }  # fmt: skip
        return render(request, "pairing/team_confirm.html", context)
    try:
        outcome = services.match_report_result(
            match=match, team=team, games_a=games[0], games_b=games[1], games_drawn=games[2]
        )
    except ServiceError as exc:
        _error(request, exc)
        return redirect(back)
    text = {
        "reported": _("Result sent. It is final when the other team reports the same."),
        "confirmed": _("Result confirmed by both teams: it is final."),
        "disputed": _(
            "The other team reported a different result. A judge will come to your table to "
            "sort it out."
        ),
    }[outcome.outcome]
    (messages.warning if outcome.disputed else messages.success)(request, text)
    return redirect(back)


@require_POST
def team_seats(request, key: str, match_id: int):
    """The team chooses its primary player for this match (MTR 9.4), from its private page."""
    team = access_team_by_key(request.caller, key)
    match = access_own_match(request.caller, match_id, Perm.SET_SEATS)
    entry = match.entries.select_related("round", "match").get(team=team)
    try:
        services.entry_set_seats(entry=entry, primary=request.POST.get("primary"))
    except ServiceError as exc:
        _error(request, exc)
    else:
        messages.success(request, _("Seats chosen for this match."))
    return redirect("team-private", key)


# --- the players' part of the event page ----------------------------------------------------


def event_now_context(request, event: Event) -> dict:
    """The current round and "find my table" on the event's public page (pairing.table_search), with
    the live topic ``event:<id>`` it follows (a new round, a final result, time called)."""
    round_ = table_search.current_round(visible_rounds(request.caller, event))
    raw = " ".join(request.GET.get("q", "").split())[:80]
    query = table_search.clean_query(raw)
    found = table_search.find_tables(event, round_, query) if query else []
    clock = table_search.round_clock(round_, found)
    return {
        "now_round": round_,
        "q": raw,
        "too_short": bool(raw) and not query,
        "found": found,
        "min_query": table_search.MIN_QUERY,
        "clock_text": table_search.clock_text(clock),
        "clock_lasts": table_search.clock_text_lasts(clock),
        "now_live_url": reverse("live-stream", args=["event", event.pk]),
        "now_live_since": live.version(f"event:{event.pk}"),
    }


def event_now(request, pk: int):
    """The players' part of the event page alone: what the page fetches on a live change."""
    event = access_event(request.caller, pk)
    context = {"event": event, **event_now_context(request, event)}
    return render(request, "pairing/_event_now_inner.html", context)
