"""Coverage pages (issue 28, item 5): the staff's page of the round's tables (feature matches,
"players sat down" with its MTR 2.6 extension, the event's coverage switch, each table's
broadcast link) and a table's broadcast page for streaming software: both teams' heads, life,
poison, whose turn, the clock and the end-of-round state in large type, no controls, a
transparent background with ``?transparent=1``; read by staff, or by everyone who sees the event
where the event allows coverage."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from access import Perm, access_event, access_match, can
from core.errors import AccessDenied, NotVisible, ServiceError
from judging.models import Coverage, FeatureMatch
from judging.services import coverage as services
from judging.views import int_param
from pairing import selectors as pairing_selectors
from pairing.models import Match, Round
from tracker import presenters as tracker_presenters
from tracker import selectors as tracker_selectors


def _public(event) -> bool:
    return Coverage.objects.filter(event=event, public=True).exists()


def coverage_page(request, pk: int):
    """The latest round's tables with their feature match marks and broadcast links (staff);
    judges mark feature matches and seat their players; the head judge opens coverage."""
    event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
    judge = can(request.caller, Perm.EXTENSIONS, event)
    head = can(request.caller, Perm.SEVERE_PENALTIES, event)
    if request.method == "POST":
        _act(request, event, judge=judge, head=head)
        return redirect(reverse("coverage", args=[pk]))
    round_ = Round.objects.filter(event=event).order_by("-number").first()
    matches = []
    if round_ is not None:
        matches = list(
            round_.matches.filter(table__isnull=False, team_b__isnull=False)
            .select_related("team_a", "team_b")
            .order_by("table")
        )
    features = {
        f.match_id: f
        for f in FeatureMatch.objects.filter(match__in=matches).select_related("extension")
    }
    context = {
        "event": event,
        "staff": True,
        "round": round_,
        "tables": [(m, features.get(m.pk)) for m in matches],
        "public": _public(event),
        "judge": judge,
        "head_judge": head,
    }
    return render(request, "judging/coverage/tables.html", context)


def _act(request, event, *, judge: bool, head: bool) -> None:
    op = request.POST.get("op")
    try:
        if op == "coverage":
            if not head:
                raise AccessDenied
            services.coverage_set(
                event=event, public=request.POST.get("public") == "1", by=request.user
            )
            return
        if not judge:
            raise AccessDenied
        picked = int_param(request.POST.get("match"))
        match = (
            None if picked is None else Match.objects.filter(round__event=event, pk=picked).first()
        )
        if match is None:
            messages.error(request, _("Not a table of this event."))
        elif op == "feature":
            services.feature_match_mark(
                match=match, feature=request.POST.get("feature") == "1", by=request.user
            )
        elif op == "seated":
            row = services.feature_match_seated(match=match, by=request.user)
            minutes = row.extension.minutes if row.extension is not None else 0
            messages.success(
                request,
                _("Table %(table)s gets %(minutes)s more minutes (MTR 2.6).")
                % {"table": match.table, "minutes": minutes},
            )
        else:
            messages.error(request, _("Unknown action."))
    except ServiceError as error:
        messages.error(request, error.message)


def broadcast(request, pk: int, match_id: int):
    """A table's broadcast page (no controls); ``?part=1`` its content alone, re-read every
    two seconds (the clock), and at each of the tracker's live changes where the reader may
    follow them (staff)."""
    match = access_match(request.caller, match_id, Perm.VIEW_EVENT, event_id=pk)
    event = match.round.event
    staff = request.caller.staff_role(event) is not None
    if match.table is None or match.team_b_id is None or not (staff or _public(event)):
        raise NotVisible
    context = _broadcast_context(match)
    context.update(
        {
            "event": event,
            "transparent": request.GET.get("transparent") == "1",
            "follow": staff,
            "live_url": reverse("live-stream", args=["table", match.pk]),
        }
    )
    if request.GET.get("part"):
        return render(request, "judging/coverage/_broadcast.html", context)
    return render(request, "judging/coverage/broadcast.html", context)


def _broadcast_context(match: Match) -> dict[str, Any]:
    state = tracker_selectors.game_summary(match)
    setup = tracker_selectors.game_setup(match)
    names = {t.team: t.name for t in setup.teams}
    totals = {t["team"]: t for t in state["teams"]}
    time = pairing_selectors.match_times(match.round, [match]).get(match.pk)
    teams = [
        {
            "name": t.name,
            "heads": list(t.player_names),
            "life": totals.get(t.team, {}).get("life"),
            "poison": totals.get(t.team, {}).get("poison"),
            "active": state.get("active_team") == t.team,
        }
        for t in setup.teams
    ]
    return {
        "match": match,
        "teams": teams,
        "game": state.get("game"),
        "turn": state.get("turn"),
        "time_line": tracker_presenters.time_line(time, names),
    }
