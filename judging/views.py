"""HTML pages of penalties: the judge's form from a table (proposal, reasons and FtMGS shown
before confirming), the event's list with filters (also a player's or a team's history), rescind,
the CSV report, and the 2HG quick reference for judges."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from access import Perm, access_event, can
from core.errors import ServiceError
from judging import selectors, services
from judging.domain.infractions import CATALOGUE, UnknownInfractionError, search
from judging.domain.infractions import Penalty as Code
from judging.domain.penalties import PenaltyInputError
from judging.lookup import access_penalty
from judging.models import Penalty
from pairing.models import Match, Round
from tournament.models import Player

CSV_HEADER = [
    "round", "table", "player", "wizards_account", "team", "infraction", "penalty", "judge",
    "time", "description",
]  # fmt: skip


def _int(raw) -> int | None:
    return int(raw) if raw and str(raw).isdecimal() and len(str(raw)) < 18 else None


def penalty_list(request, pk: int):
    """The event's penalties with filters (round, team, player, infraction, rescinded)."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    try:
        filters = selectors.parse_filters(request.GET)
    except ServiceError:
        filters = selectors.Filters()
        messages.error(request, "Those filters could not be read; showing every penalty.")
    rows = list(selectors.penalties_of(event, filters))
    return render(
        request,
        "judging/penalties.html",
        {
            "event": event,
            "staff": True,
            "rows": rows,
            "filters": filters,
            "teams": event.teams.order_by("name"),
            "rounds": Round.objects.filter(event=event).values_list("number", flat=True),
            "catalogue": CATALOGUE,
            "head_judge": can(request.caller, Perm.SEVERE_PENALTIES, event),
            "query": request.GET.urlencode(),
        },
    )


def penalty_csv(request, pk: int):
    """The report an organizer files: one line per penalty (rescinded ones marked)."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="penalties-{event.pk}.csv"'
    out = csv.writer(response)
    out.writerow(CSV_HEADER)
    try:
        filters = selectors.parse_filters(request.GET)
    except ServiceError:
        filters = selectors.Filters()
    for row in selectors.penalties_of(event, filters):
        description = row.notes
        if row.rescinded_at:
            description += f" [rescinded: {row.rescind_reason}]"
        out.writerow(
            _safe(v)
            for v in (
                row.round_number or "",
                row.table or "",
                row.player.name,
                row.player.wizards_id or "",
                row.team.name,
                row.infraction,
                Code(row.penalty).label,
                row.issued_by.get_username() if row.issued_by else "",
                timezone.localtime(row.issued_at).strftime("%Y-%m-%d %H:%M"),
                description,
            )
        )
    return response


def _safe(value: object) -> str:
    """No spreadsheet formula from a typed note (CSV injection)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def penalty_new(request, pk: int):
    """The judge's form: pick the player (of a table when ?match= is given), the infraction
    (searchable), notes; "Propose" shows the penalty and its reasons, "Issue" confirms."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    data = request.POST if request.method == "POST" else request.GET
    match = _match(event, _int(data.get("match")))
    players = _players(event, match)
    query = data.get("q", "")
    infractions = search(query) if query else CATALOGUE
    context = {
        "event": event,
        "staff": True,
        "match": match,
        "players": players,
        "infractions": infractions,
        "q": query,
        "picked_player": _int(data.get("player")),
        "picked": data.get("infraction", ""),
        "notes": data.get("notes", ""),
        "head_judge": can(request.caller, Perm.SEVERE_PENALTIES, event),
        "penalty_codes": list(Code),
    }
    if request.method == "POST":
        player = players.get(context["picked_player"] or 0)
        if player is None or not context["picked"]:
            messages.error(request, "Pick the player and the infraction.")
        elif "issue" in request.POST:
            done = _issue(request, event, player, match)
            if done is not None:
                return done
        else:
            proposal = _propose(request, event, player, match, context["picked"])
            context["proposal"] = proposal
            if proposal is not None:
                context["ftmgs"] = [(proposal.players[pid], t) for pid, t in proposal.ftmgs]
    return render(request, "judging/penalty_form.html", context)


def _match(event, match_id: int | None) -> Match | None:
    if match_id is None:
        return None
    return (
        Match.objects.filter(round__event=event, pk=match_id)
        .select_related("round", "team_a", "team_b")
        .first()
    )


def _players(event, match: Match | None) -> dict[int, Player]:
    rows = Player.objects.filter(event=event).select_related("team")
    if match is not None:
        rows = rows.filter(team_id__in=[match.team_a_id, match.team_b_id])
    return {p.pk: p for p in rows.order_by("team__name", "seat")}


def _propose(request, event, player, match, code):
    try:
        return selectors.propose(
            event=event,
            player=player,
            infraction=code,
            round_=match.round if match else None,
            variants=request.POST.getlist("variants"),
        )
    except (UnknownInfractionError, PenaltyInputError):
        messages.error(request, "That infraction cannot be proposed as given.")
        return None


def _issue(request, event, player, match):
    wanted = request.POST.get("penalty") or None
    try:
        issued = services.penalty_issue(
            event=event,
            player=player,
            infraction_code=request.POST.get("infraction", ""),
            by=request.user,
            head_judge=can(request.caller, Perm.SEVERE_PENALTIES, event),
            round_=match.round if match else None,
            variants=request.POST.getlist("variants"),
            notes=request.POST.get("notes", ""),
            penalty=wanted,
            override_reason=request.POST.get("override_reason", ""),
            ftmgs_to=[int(p) for p in request.POST.getlist("ftmgs_to") if p.isdecimal()],
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return None
    row = issued.penalty
    text = f"{Code(row.penalty).label} for {row.player.name} ({row.infraction})"
    if issued.related:
        text += f"; Failure to Maintain Game State to {len(issued.related)} other player(s)"
    messages.success(request, text + ".")
    return redirect("penalties", event.pk)


@require_POST
def penalty_rescind(request, pk: int, penalty_id: int):
    penalty = access_penalty(request.caller, penalty_id, Perm.SEVERE_PENALTIES)
    if penalty.event_id != pk:
        return redirect("penalties", pk)
    try:
        done = services.penalty_rescind(
            penalty=penalty, by=request.user, reason=request.POST.get("reason", "")
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, " ".join(["Penalty rescinded.", *done.notes]))
    return redirect("penalties", pk)


def quick_reference(request, pk: int):
    """The short 2HG reference for judges on the floor."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    return render(
        request,
        "judging/reference.html",
        {"event": event, "staff": True, "catalogue": CATALOGUE, "rows": Penalty.objects.none()},
    )
