"""HTML pages of the round clock (issue 8): the projector, the clock's controls, the judges' floor
view and a table's clock with its extensions."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access import (
    Perm,
    access_event,
    access_match,
    access_round_by_number,
    can,
)
from core import live
from core.errors import AccessDenied, ServiceError
from judging import presenters, services
from judging.domain.clock import RoundState, floor_order, round_state
from judging.models import EXTENSION_REASONS
from judging.models import Extension as ExtensionRow
from judging.selectors import clock as clock_selectors
from judging.views import int_param, shown_round
from pairing.models import Match, Round
from tournament.models import Team


def _follow(round_: Round) -> tuple[str, int]:
    topic = f"clock:{round_.pk}"
    return reverse("live-stream", args=["clock", round_.pk]), live.version(topic)


def projector_clock(request, pk: int):
    """The full-screen clock for the projector: public when the event is; staff run it here."""
    event = access_event(request.caller, pk)
    round_ = shown_round(request, event)
    context: dict = {"event": event, "round": round_, "now": timezone.now()}
    if round_ is not None:
        state = clock_selectors.clock_of(round_, context["now"])
        live_url, since = _follow(round_)
        context.update(
            state=state,
            text=presenters.clock_text(state.remaining_seconds),
            live_url=live_url,
            live_since=since,
            controls=can(request.caller, Perm.MANAGE_CLOCK, event),
        )
    return render(request, "judging/clock.html", context)


@require_POST
def clock_control(request, pk: int):
    """Start, pause, resume or correct the round's clock (the scorekeeper), then back to the
    page the form was on (``next``: the dashboard, the round's page) or the clock's page."""
    number = int_param(request.POST.get("round")) or 0
    round_ = access_round_by_number(request.caller, pk, number, Perm.MANAGE_CLOCK)
    # The form asks for minutes and seconds of the correction; the service takes seconds.
    seconds = (int_param(request.POST.get("minutes")) or 0) * 60 + (
        int_param(request.POST.get("seconds")) or 0
    )
    try:
        services.clock_act(
            round_=round_, action=request.POST.get("action", ""), seconds=seconds, by=request.user
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)  # the dashboard or the round's page the form was on
    return redirect(reverse("clock", args=[pk]) + f"?round={round_.number}")


def _floor(round_: Round) -> tuple[list, RoundState]:
    """The floor view's lines (with their matches) and the round's clock, read once."""
    now = timezone.now()
    matches = clock_selectors.MatchRow.of_round(round_)
    tables = clock_selectors.round_tables(round_, matches, whole_round=True)
    states = clock_selectors.states_of(tables, now)
    names = dict(Team.objects.filter(event_id=round_.event_id).values_list("pk", "name"))
    by_table = {m.table: m for m in matches}
    lines = [(line, by_table[line.table]) for line in floor_order(states.values(), names)]
    return lines, round_state(tables.round, now)


_SLOT = 987654321  # a match id in no event, where each floor line puts its own


def floor_view(request, pk: int):
    """The judges' floor view (phone first): the tables still playing, soonest need first."""
    event = access_event(request.caller, pk, Perm.MANAGE_CLOCK)
    round_ = shown_round(request, event)
    context: dict = {
        "event": event,
        "staff": True,
        "round": round_,
        "lines": [],
        "judge": can(request.caller, Perm.PENALTIES, event),  # each line's "Penalty" link
    }
    if round_ is not None:
        context["lines"], context["clock"] = _floor(round_)
        # Each line links its table's page: the address reversed once, around a slot for the
        # match's id, not once a line (thousands of lines).
        head, tail = reverse("table-clock", args=[event.pk, _SLOT]).split(str(_SLOT))
        context["floor_items"] = presenters.floor_items(
            context["lines"],
            table_url=(head, tail),
            penalty_url=reverse("penalty-new", args=[event.pk]),
            penalty=gettext("Penalty") if context["judge"] else None,
        )
        context["clock_text"] = presenters.clock_text(context["clock"].remaining_seconds)
        context["live_url"], context["live_since"] = _follow(round_)
    if request.GET.get("part"):
        return render(request, "judging/_floor_lines.html", context)
    return render(request, "judging/floor.html", context)


def table_clock(request, pk: int, match_id: int):
    """The table's page for staff: its clock and additional turns; judges give extensions,
    record passing at time and press "turn passed"."""
    match = access_match(request.caller, match_id, Perm.MANAGE_CLOCK, event_id=pk)
    event = match.round.event
    judge = can(request.caller, Perm.EXTENSIONS, event)
    if request.method == "POST":
        if not judge:
            raise AccessDenied
        _table_action(request, match)
        return redirect("table-clock", pk, match.pk)
    tables = clock_selectors.round_tables(match.round, [match])
    states = clock_selectors.states_of(tables)
    state = states.get(match.pk)
    teams = {match.team_a_id: match.team_a, match.team_b_id: match.team_b}
    active = teams.get(state.active_team) if state and state.active_team else None
    other = None
    if active is not None:
        other = match.team_b if active.pk == match.team_a_id else match.team_a
    live_url, since = _follow(match.round)
    return render(
        request,
        "judging/table_clock.html",
        {
            "event": event,
            "staff": True,
            "match": match,
            "state": state,
            "remaining": presenters.clock_text(state.remaining_seconds) if state else "",
            "active": active,
            "other": other,
            "judge": judge,
            "passing": match.pk in tables.facts and tables.facts[match.pk].passing_at_time,
            "extensions": _extensions(match, state),
            "reasons": EXTENSION_REASONS,
            "live_url": live_url,
            "live_since": since,
        },
    )


def _extensions(match: Match, state) -> list[dict]:
    """The table's extensions, each marked whether it applies (docs/rules.md "Time
    extensions": one dated once time was called gives nothing back)."""
    not_applied = {(e.minutes, e.given_at) for e in (state.extensions_not_applied if state else ())}
    return [
        {"row": row, "applied": (row.minutes, row.given_at) not in not_applied}
        for row in ExtensionRow.objects.filter(match=match)
    ]


def _table_action(request, match: Match) -> None:
    action = request.POST.get("action", "")
    try:
        if action == "extension":
            minutes = int_param(request.POST.get("minutes"))
            ago = int_param(request.POST.get("began_minutes_ago"))
            now = timezone.now()
            services.extension_give(
                match=match,
                minutes=minutes if minutes is not None else -1,
                reason=request.POST.get("reason", ""),
                began_at=None if ago is None else now - timedelta(minutes=max(0, ago)),
                by=request.user,
                now=now,
            )
            messages.success(
                request,
                _("Table %(table)s: +%(minutes)s min extension.")
                % {"table": match.table, "minutes": minutes},
            )
        elif action == "passing":
            on = request.POST.get("passing") == "1"
            services.passing_at_time_set(match=match, passing=on, by=request.user)
            messages.success(
                request, _("Passing at time recorded.") if on else _("Passing at time cleared.")
            )
        elif action == "turn_passed":
            next_active = int_param(request.POST.get("next_active"))
            services.turn_passed(match=match, next_active=next_active, by=request.user)
            messages.success(request, _("Table %(table)s: turn passed.") % {"table": match.table})
        else:
            messages.error(request, _("Unknown action."))
    except ServiceError as exc:
        messages.error(request, exc.message)
