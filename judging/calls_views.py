"""Pages of judge calls: "Call a judge" under a team's link (the team page's and the table page's
block, /t/<key>/judge-call/), the judges' queue (/events/<id>/judge-calls/, a phone page and a
block of the floor view), one call with its ruling and penalty forms, and the ruling log with its
CSV for the head judge's report. Every form works without JavaScript; live updates re-read the
blocks (core.live topics ``calls:<match>``, ``team:<id>``, ``judges:<event>``)."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access import Perm, access_event, access_team_by_key, actor_for, can
from access import judging as judging_access
from core.errors import AccessDenied, NotVisible, ServiceError
from core.i18n import localize
from judging.domain.calls import REASONS, clock_text
from judging.domain.infractions import CATALOGUE
from judging.models.calls import REASON_CHOICES
from judging.selectors import calls as selectors
from judging.services import calls as services
from tournament.models import Player
from tracker.receivers import current_match


def _back(request, default: str) -> str:
    back = request.POST.get("back") or ""
    if back and url_has_allowed_host_and_scheme(back, {request.get_host()}):
        return back
    return default


def _refused(request, error: ServiceError) -> None:
    messages.error(request, error.message)


# --- the table's side ---------------------------------------------------------------------------


def team_call(request, key: str):
    """POST ``op=call`` (``reason`` optional) or ``op=withdraw``, back to the page it came from;
    GET is the block alone (the table page re-reads it on a live change)."""
    team = access_team_by_key(request.caller, key)
    match = current_match(team)
    if match is None:
        raise NotVisible
    if request.method == "POST":
        back = _back(request, reverse("team-private", args=[key]))
        try:
            if request.POST.get("op") == "withdraw":
                call = selectors.pending_call(match)
                if call is not None:
                    services.judge_call_withdraw(call=call, team=team)
            else:
                reason = request.POST.get("reason", "")
                services.judge_call(
                    match=match, team=team, reason=reason if reason in REASONS else ""
                )
        except ServiceError as error:
            _refused(request, error)
        return redirect(back)
    context = table_block_context(team, match, key, request.GET.get("back", ""))
    return render(request, "judging/calls/_table_call_inner.html", context)


def table_block_context(team, match, key: str, back: str) -> dict[str, Any]:
    """What the "Call a judge" block reads: the table's latest call and the reasons."""
    call = selectors.latest_call(match)
    view = None
    if call is not None and call.status != "withdrawn":
        view = selectors.calls_json([call], with_proposals=False)[0]
    return {
        "judge_call": {
            "waiting": waiting_html(view) if view is not None else "",
            "team": team,
            "match": match,
            "key": key,
            "call": view,
            "mine": call is not None and call.called_by_team_id == team.pk,
            "reasons": REASON_CHOICES,
            "back": back,
            "now": timezone.now(),
            "live_url": reverse("live-stream", args=["calls", match.pk]) + f"?key={key}",
            "part_url": reverse("team-judge-call", args=[key]),
        }
    }


def waiting_html(view: dict[str, Any]) -> str:
    """The call's time waiting for a judge, ``m:ss``; while open, in an element
    static/js/calls.js keeps counting."""
    text = clock_text(view["seconds_waiting"])
    if view["status"] != "open":
        return text
    return format_html(
        '<span class="judge-call-clock" data-since="{}" data-server-now="{}">{}</span>',
        view["called_at"].isoformat(),
        timezone.now().isoformat(),
        text,
    )


# --- the judges' side ---------------------------------------------------------------------------


def _queue_context(request, event) -> dict[str, Any]:
    head = can(request.caller, Perm.SEVERE_PENALTIES, event)
    rows = selectors.pending_calls(event)
    lines = selectors.queue_lines(rows, head_first=head)
    for line in lines:
        line["waiting"] = waiting_html(line["call"])
    return {
        "event": event,
        "staff": True,
        "lines": lines,
        "judge": can(request.caller, Perm.EXTENSIONS, event),
        "head_judge": head,
        "now": timezone.now(),
        "live_url": reverse("live-stream", args=["judges", event.pk]),
        "part_url": reverse("judge-calls", args=[event.pk]) + "?part=1",
    }


def queue(request, pk: int):
    """The judges' queue (phone first): pending calls oldest first (escalated first for a head
    judge), each with its table, time waiting and end-of-round state; ?part=1 the list alone
    (the floor view's block, re-read on each live change)."""
    event = judging_access.access_event_calls(request.caller, pk)
    context = _queue_context(request, event)
    if request.GET.get("part"):
        return render(request, "judging/calls/_queue.html", context)
    return render(request, "judging/calls/queue.html", context)


def _call_of(request, pk: int, call_id: int, right: Perm | None = None):
    call = judging_access.access_call(request.caller, call_id, right)
    if call.event_id != pk or request.caller.staff_role(call.match.round.event) is None:
        raise NotVisible
    return call


@require_POST
def call_act(request, pk: int, call_id: int):
    """A judge's step from the queue: ``op`` claim, escalate or resolve (``ruling``, ``rule``,
    ``extension_minutes``: empty takes the proposal)."""
    call = _call_of(request, pk, call_id, Perm.EXTENSIONS)
    event = call.match.round.event
    actor = actor_for(request.caller, event)
    op = request.POST.get("op")
    back = _back(request, reverse("judge-calls", args=[pk]))
    try:
        if op == "claim":
            services.judge_call_claim(call=call, actor=actor)
        elif op == "escalate":
            services.judge_call_escalate(call=call, by=request.user)
        elif op == "resolve":
            minutes = _minutes(request.POST.get("extension_minutes", ""))
            services.judge_call_resolve(
                call=call,
                actor=actor,
                ruling=request.POST.get("ruling", ""),
                rule=request.POST.get("rule", ""),
                extension_minutes=minutes,
            )
            messages.success(request, _("Resolved."))
            return redirect(reverse("judge-call", args=[pk, call.pk]))
        else:
            messages.error(request, _("Unknown action."))
    except ServiceError as error:
        _refused(request, error)
        if op == "resolve":
            return redirect(reverse("judge-call", args=[pk, call.pk]))
    return redirect(back)


def _minutes(raw: str) -> object:
    raw = raw.strip()
    if not raw:
        return None
    return int(raw) if raw.isdecimal() and len(raw) < 4 else raw


def call_page(request, pk: int, call_id: int):
    """One call: who called, its moments, the ruling form with the proposed extension (MTR 2.6),
    and a penalty from the ruling with the table's four players to pick from."""
    call = _call_of(request, pk, call_id)
    event = call.match.round.event
    if request.method == "POST":
        if not can(request.caller, Perm.PENALTIES, event):
            raise AccessDenied
        _penalty(request, call)
        return redirect(reverse("judge-call", args=[pk, call.pk]))
    view = selectors.calls_json([call])[0]
    proposal = (
        services.proposal_for(call) if view["status"] not in ("resolved", "withdrawn") else None
    )
    match = call.match
    players = list(
        Player.objects.filter(team__in=[match.team_a_id, match.team_b_id])
        .select_related("team")
        .order_by("team_id", "seat")
    )
    context = {
        "event": event,
        "staff": True,
        "call": view,
        "row": call,
        "match": match,
        "line": selectors.queue_lines([call])[0],
        "proposal": proposal,
        "players": players,
        "infractions": [(i.code, localize(i.name)) for i in CATALOGUE],
        "penalties": selectors.call_penalties(call),
        "judge": can(request.caller, Perm.EXTENSIONS, event),
        "head_judge": can(request.caller, Perm.SEVERE_PENALTIES, event),
        "now": timezone.now(),
        "live_url": reverse("live-stream", args=["judges", event.pk]),
    }
    return render(request, "judging/calls/call.html", context)


def _penalty(request, call) -> None:
    picked = _int(request.POST.get("player"))
    player = None if picked is None else Player.objects.filter(pk=picked).first()
    if player is None:
        messages.error(request, _("Pick the player and the infraction."))
        return
    try:
        issued = services.judge_call_penalty(
            call=call,
            player=player,
            infraction_code=request.POST.get("infraction", ""),
            actor=actor_for(request.caller, call.match.round.event),
            notes=request.POST.get("notes", ""),
        )
    except ServiceError as error:
        _refused(request, error)
        return
    messages.success(
        request,
        _("%(penalty)s issued to %(player)s.")
        % {"penalty": issued.penalty.get_penalty_display(), "player": player.name},
    )


def _int(raw: object) -> int | None:
    return int(raw) if isinstance(raw, str) and raw.isdecimal() and len(raw) < 19 else None


# --- the ruling log -------------------------------------------------------------------------------


def ruling_log(request, pk: int):
    """Every call of the event with who called, who took it, when, the ruling, the extension and
    the penalties; the figures per round and for the event (judges; the head judge's report)."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    rows = selectors.event_calls(event)
    context = {
        "event": event,
        "staff": True,
        "rows": selectors.log_rows(rows),
        "figures": selectors.log_figures(rows),
    }
    return render(request, "judging/calls/log.html", context)


CSV_COLUMNS = [
    "round", "table", "status", "reason", "note", "called_at", "called_by", "claimed_at",
    "claimed_by", "escalated_at", "head_judge", "resolved_at", "resolved_by", "ruling", "rule",
    "seconds_to_judge", "seconds_to_ruling", "proposed_extension_minutes", "extension_minutes",
    "penalties", "joined_by",
]  # fmt: skip


def ruling_log_csv(request, pk: int):
    """The ruling log as a CSV (English column names, one call a line)."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="judge-calls-{event.pk}.csv"'
    writer = csv.writer(response)
    writer.writerow(CSV_COLUMNS)
    for row in selectors.log_rows(selectors.event_calls(event)):
        writer.writerow([_csv_safe(row.get(column, "")) for column in CSV_COLUMNS])
    return response


def _csv_safe(value: object) -> object:
    """A cell a spreadsheet would read as a formula is quoted (CSV injection)."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
