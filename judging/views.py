"""HTML pages of penalties: the judge's form from a table (proposal, reasons and FtMGS shown
before confirming), the event's list with filters (also a player's or a team's history), rescind,
the CSV report, and the 2HG quick reference for judges."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access import (
    Perm,
    access_event,
    actor_for,
    can,
    visible_rounds,
)
from access.judging import access_penalty
from core.errors import ServiceError
from core.i18n import localize
from decklists import selectors as deck_selectors
from judging import selectors, services
from judging.domain.infractions import (
    CATALOGUE,
    UnknownInfractionError,
    Variant,
    infraction,
    search,
)
from judging.domain.infractions import Penalty as Code
from judging.domain.penalties import PenaltyInputError
from judging.models import OUTCOMES, DeckCheck, Penalty
from judging.selectors import tardiness as tardiness_selectors
from judging.selectors.settings import of as settings_of
from pairing.models import Match, Round
from tournament.domain.names import search_key
from tournament.models import Player, Team
from tournament.selectors import find_teams

DECKLIST_PROBLEM = "TE-DLP"  # IPG 3.4: the penalty that goes with fixing the list

CSV_HEADER = [
    "round", "table", "player", "wizards_account", "team", "infraction", "penalty", "judge",
    "time", "description",
]  # fmt: skip


def int_param(raw) -> int | None:
    return int(raw) if raw and str(raw).isdecimal() and len(str(raw)) < 18 else None


def penalty_list(request, pk: int):
    """The event's penalties with filters (round, team, player, infraction, rescinded)."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    try:
        filters = selectors.parse_filters(request.GET)
    except ServiceError:
        filters = selectors.Filters()
        messages.error(request, _("Those filters could not be read; showing every penalty."))
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
        if row.penalty == Code.DISQUALIFICATION:
            description += _dq_accounts(row)
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


def _dq_accounts(row: Penalty) -> str:
    """A Disqualification's line names the teammate and both opponents with their accounts."""
    report = selectors.dq_report(row)

    def named(players) -> str:
        return ", ".join(f"{p.name} ({p.wizards_id or 'no account'})" for p in players)

    text = f" [teammate: {named(report.teammates)}"
    if report.opponents:
        text += f"; opponents: {named(report.opponents)}"
    return text + "]"


def _safe(value: object) -> str:
    """No spreadsheet formula from a typed note (CSV injection)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def penalty_new(request, pk: int):
    """The judge's form: pick the player (of a table when ?match= is given), the infraction
    (searchable), notes; "Propose" shows the penalty and its reasons, "Issue" confirms."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    data = request.POST if request.method == "POST" else request.GET
    match = _match(event, int_param(data.get("match")))
    table = int_param(data.get("table"))
    if match is None and table is not None:
        match = _table_match(event, table)
    who = " ".join(data.get("who", "").split())[:80]
    players = _players(event, match) if match is not None else _found_players(event, who)
    query = data.get("q", "")
    names = {i.code: localize(i.name) for i in CATALOGUE}  # searched in the reader's language
    infractions = search(query, names) if query else CATALOGUE
    context = {
        "event": event,
        "staff": True,
        "match": match,
        "players": players,
        "infractions": infractions,
        "q": query,
        "table": table,
        "who": who,
        "no_table": table is not None and match is None,
        "picked_player": int_param(data.get("player")),
        "picked": data.get("infraction", ""),
        "notes": data.get("notes", ""),
        "head_judge": can(request.caller, Perm.SEVERE_PENALTIES, event),
        "penalty_codes": list(Code),
        "deck_check": _deck_check(event, match, int_param(data.get("deck_check"))),
    }
    if request.method == "POST":
        player = _picked(event, match, context["picked_player"])
        if player is None or not context["picked"]:
            messages.error(request, _("Pick the player and the infraction."))
        else:
            if "issue" in request.POST:
                done = _issue(request, event, player, match, context["deck_check"])
                if done is not None:
                    return done
                # refused (the error is shown): the proposal again, with what was typed
                context["wanted"] = request.POST.get("penalty", "")
                context["override_reason"] = request.POST.get("override_reason", "")
            proposal = _propose(
                request, event, player, match, context["picked"], context["deck_check"]
            )
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


def _table_match(event, table: int) -> Match | None:
    """The match at this table number in the event's latest round (the one being played)."""
    latest = Round.objects.filter(event=event).order_by("-number").first()
    if latest is None:
        return None
    found = latest.matches.filter(table=table, team_b__isnull=False).first()
    return None if found is None else _match(event, found.pk)


PLAYERS_FOUND = 24  # the players a name search lists at most: a phone's screen or two


def _found_players(event, who: str) -> dict[int, Player]:
    """The players of the teams a name finds (case and accents ignored), for a penalty away
    from a table; none before a search (an event's thousand players are never listed)."""
    if len(who) < 2:
        return {}
    teams = find_teams(event, who).values_list("pk", flat=True)[:PLAYERS_FOUND]
    found = Player.objects.filter(team_id__in=list(teams)).select_related("team")
    key = search_key(who)  # the players the name names first, then their teammates
    rows = sorted(found, key=lambda p: (key not in p.search_key, p.team.name, p.seat))
    return {p.pk: p for p in rows[:PLAYERS_FOUND]}


def _picked(event, match: Match | None, player_id: int | None) -> Player | None:
    """The player a form sends: of the table's two teams, or any player of the event when the
    penalty is away from a table."""
    if player_id is None:
        return None
    return (
        _players(event, match).get(player_id)
        if match is not None
        else (Player.objects.filter(event=event, pk=player_id).select_related("team").first())
    )


def _players(event, match: Match | None) -> dict[int, Player]:
    rows = Player.objects.filter(event=event).select_related("team")
    if match is not None:
        rows = rows.filter(team_id__in=[match.team_a_id, match.team_b_id])
    return {p.pk: p for p in rows.order_by("team__name", "seat")}


def _deck_check(event, match: Match | None, check_id: int | None) -> DeckCheck | None:
    """The deck check the penalty comes from (``?deck_check=``), at the form's table."""
    if check_id is None or match is None:
        return None
    return DeckCheck.objects.filter(event=event, match=match, pk=check_id).first()


def _variants(request, code: str, deck_check: DeckCheck | None) -> list[str]:
    """The ticked circumstances; a Deck Problem from a deck check is found at a deck check
    (IPG 3.5)."""
    chosen = request.POST.getlist("variants")
    try:
        entry = infraction(code)
    except UnknownInfractionError:
        return chosen
    if deck_check is not None and entry.variant(Variant.DECK_CHECK) is not None:
        chosen = sorted({*chosen, Variant.DECK_CHECK.value})
    return chosen


def _propose(request, event, player, match, code, deck_check=None):
    try:
        return selectors.propose(
            event=event,
            player=player,
            infraction=code,
            round_=match.round if match else None,
            variants=_variants(request, code, deck_check),
        )
    except (UnknownInfractionError, PenaltyInputError):
        messages.error(request, _("That infraction cannot be proposed as given."))
        return None


def _issue(request, event, player, match, deck_check=None):
    wanted = request.POST.get("penalty") or None
    code = request.POST.get("infraction", "")
    try:
        issued = services.penalty_issue(
            event=event,
            actor=actor_for(request.caller, event),
            wanted=services.PenaltyInput(
                player=player,
                infraction=code,
                round_=match.round if match else None,
                variants=_variants(request, code, deck_check),
                deck_check=deck_check,
                notes=request.POST.get("notes", ""),
                penalty=wanted,
                override_reason=request.POST.get("override_reason", ""),
                ftmgs_to=[int(p) for p in request.POST.getlist("ftmgs_to") if p.isdecimal()],
            ),
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return None
    row = issued.penalty
    words = {
        "penalty": localize(Code(row.penalty).label),
        "name": row.player.name,
        "code": row.infraction,
    }
    text = _("%(penalty)s for %(name)s (%(code)s)") % words
    if issued.related:
        count = len(issued.related)
        more = ngettext(
            "%(text)s; Failure to Maintain Game State to %(count)s other player",
            "%(text)s; Failure to Maintain Game State to %(count)s other players",
            count,
        )
        text = more % {"text": text, "count": count}
    messages.success(request, _("%(text)s.") % {"text": text})
    if row.infraction == DECKLIST_PROBLEM:
        # A Decklist Problem is fixed on the list (IPG 3.4): the team's lists next, so the
        # event does not go on with a list still illegal on the board.
        messages.warning(request, _("Now fix %(team)s's list.") % {"team": row.player.team.name})
        return redirect("event-team-decklists", event.pk, row.player.team_id)
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
        messages.success(request, " ".join([_("Penalty rescinded."), *done.notes]))
    return redirect("penalties", pk)


def penalty_report(request, pk: int, penalty_id: int):
    """The report of one penalty for the organizer to file: for a Disqualification, the player,
    the teammate and both opponents with their Wizards Accounts."""
    penalty = access_penalty(request.caller, penalty_id, Perm.PENALTIES)
    if penalty.event_id != pk:
        return redirect("penalties", pk)
    event = access_event(request.caller, pk, Perm.PENALTIES)
    return render(
        request,
        "judging/penalty_report.html",
        {"event": event, "staff": True, "report": selectors.dq_report(penalty)},
    )


def quick_reference(request, pk: int):
    """The short 2HG reference for judges on the floor."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    return render(
        request,
        "judging/reference.html",
        {
            "event": event,
            "judging_settings": settings_of(event),
            "staff": True,
            "catalogue": CATALOGUE,
            "rows": Penalty.objects.none(),
        },
    )


def seat_check(request, pk: int):
    """The seat check at the round's start (IPG 3.1): tables to check (tick the empty seats; none
    ticked: all four seated), the late teams with their timers, the arrivals, and the Tardiness
    penalty proposed at this minute, issued in one tap."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    number = int_param(request.POST.get("round") or request.GET.get("round"))
    round_ = shown_round(request, event, number)
    if request.method == "POST" and round_ is not None:
        _seat_action(request, event, round_)
        return redirect(reverse("seat-check", args=[pk]) + f"?round={round_.number}")
    now = timezone.now()
    board = tardiness_selectors.seat_board(round_, now) if round_ is not None else None
    return render(
        request,
        "judging/seats.html",
        {"event": event, "staff": True, "round": round_, "board": board, "now": now},
    )


def _seat_action(request, event, round_: Round) -> None:
    action = request.POST.get("action", "")
    match = round_.matches.filter(pk=int_param(request.POST.get("match")) or 0).first()
    if match is None:
        messages.error(request, _("Not a table of this round."))
        return
    try:
        if action == "check":
            missing = [int(p) for p in request.POST.getlist("missing") if p.isdecimal()]
            services.seat_check_record(match=match, missing=missing, by=request.user)
            text = ngettext("%(count)s empty seat", "%(count)s empty seats", len(missing))
            text = text % {"count": len(missing)} if missing else _("all four seated")
            messages.success(
                request, _("Table %(table)s: %(text)s.") % {"table": match.table, "text": text}
            )
        elif action == "arrived":
            player = Player.objects.filter(pk=int_param(request.POST.get("player")) or 0).first()
            if player is None:
                raise ServiceError(field="player", message=gettext("Pick the player."))
            services.seat_arrived(match=match, player=player, by=request.user)
            messages.success(
                request,
                _("Table %(table)s: %(name)s arrived.")
                % {"table": match.table, "name": player.name},
            )
        elif action == "tardiness":
            done = services.tardiness_issue(
                match=match,
                team_id=int_param(request.POST.get("team")) or 0,
                actor=actor_for(request.caller, event),
            )
            row = done.penalty
            words = {"penalty": localize(Code(row.penalty).label), "name": row.player.name}
            words["minutes"] = f"{done.minutes:.1f}"
            text = _("Tardiness: %(penalty)s for %(name)s (%(minutes)s min).")
            messages.success(request, text % words)
        else:
            messages.error(request, _("Unknown action."))
    except ServiceError as exc:
        messages.error(request, exc.message)


def deck_checks(request, pk: int):
    """Deck checks of a round: start one at a chosen or random table, record its end and
    outcome (the table's extension follows), issue the penalty found from the check."""
    event = access_event(request.caller, pk, Perm.DECK_CHECKS)
    number = int_param(request.POST.get("round") or request.GET.get("round"))
    round_ = shown_round(request, event, number)
    if request.method == "POST" and round_ is not None:
        _deck_check_action(request, event, round_)
        return redirect(reverse("deck-checks", args=[pk]) + f"?round={round_.number}")
    checks = []
    tables: list = []
    if round_ is not None:
        checks = list(
            DeckCheck.objects.filter(round=round_)
            .select_related("match", "team", "extension")
            .prefetch_related("penalties")
            .order_by("-ended_at", "started_at")
        )
        checks.sort(key=lambda c: (c.ended_at is not None, c.started_at))
        for check in checks:  # the lists the judge checks the decks against (IPG 3.5)
            setattr(check, "report", deck_selectors.team_report(check.team))  # noqa: B010
        tables = list(
            round_.matches.filter(table__isnull=False, team_b__isnull=False)
            .exclude(status=Match.Status.FINAL)
            .select_related("team_a", "team_b")
            .order_by("table")
        )
    return render(
        request,
        "judging/deck_checks.html",
        {
            "event": event,
            "staff": True,
            "round": round_,
            "checks": checks,
            "tables": tables,
            "outcomes": OUTCOMES,
            "now": timezone.now(),
        },
    )


def _deck_check_action(request, event, round_: Round) -> None:
    action = request.POST.get("action", "")
    try:
        if action == "start":
            match = None
            table = int_param(request.POST.get("match"))
            if table is not None:
                match = round_.matches.filter(pk=table).first()
                if match is None:
                    raise ServiceError(field="match", message=gettext("Not a table of this round."))
            team = None
            team_id = int_param(request.POST.get("team"))
            if match is not None and team_id is not None:
                team = Team.objects.filter(pk=team_id, event=event).first()
            check = services.deck_check_start(
                round_=round_, match=match, team=team, by=request.user
            )
            text = _("Deck check started: table %(table)s, %(team)s.")
            messages.success(request, text % {"table": check.match.table, "team": check.team.name})
        elif action == "end":
            found = DeckCheck.objects.filter(
                round=round_, pk=int_param(request.POST.get("check")) or 0
            ).first()
            if found is None:
                raise ServiceError(
                    field="check", message=gettext("Not a deck check of this round.")
                )
            done = services.deck_check_end(
                check=found,
                outcome=request.POST.get("outcome", ""),
                notes=request.POST.get("notes", ""),
                by=request.user,
            )
            words = {"table": done.match.table}
            text = _("Deck check of table %(table)s ended.")
            if done.extension is not None:
                text = _("Deck check of table %(table)s ended; +%(minutes)s min extension.")
                words["minutes"] = done.extension.minutes
            messages.success(request, text % words)
        else:
            messages.error(request, _("Unknown action."))
    except ServiceError as exc:
        messages.error(request, exc.message)


@require_POST
def judging_settings(request, pk: int):
    """Save the event's judging settings (the form is on the event page), then back."""
    event = access_event(request.caller, pk, Perm.SEVERE_PENALTIES)
    try:
        services.judging_settings_update(
            event=event,
            by=request.user,
            turn_zero_is_additional=request.POST.get("turn_zero_is_additional") == "1",
            playoff_minutes=request.POST.get("playoff_minutes", "").strip(),
            final_minutes=request.POST.get("final_minutes", "").strip(),
            head_judge_only=request.POST.get("head_judge_only") == "1",
        )
    except ServiceError as exc:
        messages.error(request, _("Judging settings not saved: %(text)s") % {"text": exc.message})
    else:
        messages.success(request, _("Judging settings saved."))
    return redirect(reverse("event", args=[pk]) + "#judging-settings")


def shown_round(request, event, number: int | None = None) -> Round | None:
    """Round ``number`` (``?round=``), or the latest round the caller sees."""
    rounds = visible_rounds(request.caller, event).select_related("event")
    if number is None:
        number = int_param(request.GET.get("round"))
    if number is not None:
        return rounds.filter(number=number).first()
    return rounds.order_by("-number").first()
