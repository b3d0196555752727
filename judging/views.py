"""HTML pages of penalties: the judge's form from a table (proposal, reasons and FtMGS shown
before confirming), the event's list with filters (also a player's or a team's history), rescind,
the CSV report, and the 2HG quick reference for judges."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from access import (
    Perm,
    access_event,
    access_match,
    access_round_by_number,
    can,
    visible_rounds,
)
from core import live
from core.errors import AccessDenied, ServiceError
from core.i18n import exception_text, localize
from decklists.models import Decklist
from decklists.selectors import team_report
from judging import selectors, services
from judging.domain.clock import RoundState, floor_order, round_state
from judging.domain.deckfix import (
    BASIC_LANDS,
    DeckFixError,
    copies_of,
    deck_minimum,
    default_basic,
    fix_decks,
)
from judging.domain.infractions import (
    CATALOGUE,
    UnknownInfractionError,
    Variant,
    infraction,
    search,
)
from judging.domain.infractions import Penalty as Code
from judging.domain.penalties import PenaltyInputError
from judging.lookup import access_penalty
from judging.models import EXTENSION_REASONS, OUTCOMES, DeckCheck, Penalty
from judging.models import Extension as ExtensionRow
from judging.selectors import clock as clock_selectors
from judging.selectors import tardiness as tardiness_selectors
from pairing.models import Match, Round
from tournament.models import Player, Team

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
    match = _match(event, _int(data.get("match")))
    players = _players(event, match)
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
        "picked_player": _int(data.get("player")),
        "picked": data.get("infraction", ""),
        "notes": data.get("notes", ""),
        "head_judge": can(request.caller, Perm.SEVERE_PENALTIES, event),
        "penalty_codes": list(Code),
        "deck_check": _deck_check(event, match, _int(data.get("deck_check"))),
    }
    if request.method == "POST":
        player = players.get(context["picked_player"] or 0)
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
            player=player,
            infraction_code=code,
            by=request.user,
            head_judge=can(request.caller, Perm.SEVERE_PENALTIES, event),
            round_=match.round if match else None,
            variants=_variants(request, code, deck_check),
            deck_check=deck_check,
            notes=request.POST.get("notes", ""),
            penalty=wanted,
            override_reason=request.POST.get("override_reason", ""),
            ftmgs_to=[int(p) for p in request.POST.getlist("ftmgs_to") if p.isdecimal()],
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
        {"event": event, "staff": True, "catalogue": CATALOGUE, "rows": Penalty.objects.none()},
    )


def seat_check(request, pk: int):
    """The seat check at the round's start (IPG 3.1): tables to check (tick the empty seats; none
    ticked: all four seated), the late teams with their timers, the arrivals, and the Tardiness
    penalty proposed at this minute, issued in one tap."""
    event = access_event(request.caller, pk, Perm.PENALTIES)
    number = _int(request.POST.get("round") or request.GET.get("round"))
    round_ = _clock_round(request, event, number)
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
    match = round_.matches.filter(pk=_int(request.POST.get("match")) or 0).first()
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
            player = Player.objects.filter(pk=_int(request.POST.get("player")) or 0).first()
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
                team_id=_int(request.POST.get("team")) or 0,
                by=request.user,
                head_judge=can(request.caller, Perm.SEVERE_PENALTIES, event),
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
    number = _int(request.POST.get("round") or request.GET.get("round"))
    round_ = _clock_round(request, event, number)
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
            table = _int(request.POST.get("match"))
            if table is not None:
                match = round_.matches.filter(pk=table).first()
                if match is None:
                    raise ServiceError(field="match", message=gettext("Not a table of this round."))
            team = None
            team_id = _int(request.POST.get("team"))
            if match is not None and team_id is not None:
                team = Team.objects.filter(pk=team_id, event=event).first()
            check = services.deck_check_start(
                round_=round_, match=match, team=team, by=request.user
            )
            text = _("Deck check started: table %(table)s, %(team)s.")
            messages.success(request, text % {"table": check.match.table, "team": check.team.name})
        elif action == "end":
            found = DeckCheck.objects.filter(
                round=round_, pk=_int(request.POST.get("check")) or 0
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


# --- the round clock: projector, floor view, the table's page (issue 8) ------------------------


def _clock_text(seconds: int | None) -> str:
    if seconds is None:
        return _("no limit")
    seconds = max(0, seconds)
    if seconds >= 100 * 60:  # no playoff round is this long, a final with a limit may be
        hours, rest = divmod(seconds, 3600)
        return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def _clock_round(request, event, number: int | None = None) -> Round | None:
    """Round ``number`` (``?round=``), or the latest round the caller sees."""
    rounds = visible_rounds(request.caller, event).select_related("event")
    if number is None:
        number = _int(request.GET.get("round"))
    if number is not None:
        return rounds.filter(number=number).first()
    return rounds.order_by("-number").first()


def _follow(round_: Round) -> tuple[str, int]:
    topic = f"clock:{round_.pk}"
    return reverse("live-stream", args=["clock", round_.pk]), live.version(topic)


def projector_clock(request, pk: int):
    """The full-screen clock for the projector: public when the event is; staff run it here."""
    event = access_event(request.caller, pk)
    round_ = _clock_round(request, event)
    context: dict = {"event": event, "round": round_, "now": timezone.now()}
    if round_ is not None:
        state = clock_selectors.clock_of(round_, context["now"])
        services.mark_due_on_read(round_, state)
        live_url, since = _follow(round_)
        context.update(
            state=state,
            text=_clock_text(state.remaining_seconds),
            live_url=live_url,
            live_since=since,
            controls=can(request.caller, Perm.MANAGE_CLOCK, event),
        )
    return render(request, "judging/clock.html", context)


@require_POST
def clock_control(request, pk: int):
    """Start, pause, resume or correct the round's clock (the scorekeeper), then back."""
    number = _int(request.POST.get("round")) or 0
    round_ = access_round_by_number(request.caller, pk, number, Perm.MANAGE_CLOCK)
    # The form asks for minutes and seconds of the correction; the service takes seconds.
    seconds = (_int(request.POST.get("minutes")) or 0) * 60 + (
        _int(request.POST.get("seconds")) or 0
    )
    try:
        services.clock_act(
            round_=round_, action=request.POST.get("action", ""), seconds=seconds, by=request.user
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
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
    clock = round_state(tables.round, now)
    services.mark_due_on_read(round_, clock, states.items(), tables.marked)
    return lines, clock


def floor_view(request, pk: int):
    """The judges' floor view (phone first): the tables still playing, soonest need first."""
    event = access_event(request.caller, pk, Perm.MANAGE_CLOCK)
    round_ = _clock_round(request, event)
    context: dict = {"event": event, "staff": True, "round": round_, "lines": []}
    if round_ is not None:
        context["lines"], context["clock"] = _floor(round_)
        context["clock_text"] = _clock_text(context["clock"].remaining_seconds)
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
    services.mark_due_on_read(
        match.round, round_state(tables.round, timezone.now()), states.items(), tables.marked
    )
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
            "remaining": _clock_text(state.remaining_seconds) if state else "",
            "active": active,
            "other": other,
            "judge": judge,
            "passing": match.pk in tables.facts and tables.facts[match.pk].passing_at_time,
            "extensions": ExtensionRow.objects.filter(match=match),
            "reasons": EXTENSION_REASONS,
            "live_url": live_url,
            "live_since": since,
        },
    )


def _table_action(request, match: Match) -> None:
    action = request.POST.get("action", "")
    try:
        if action == "extension":
            minutes = _int(request.POST.get("minutes"))
            services.extension_give(
                match=match,
                minutes=minutes if minutes is not None else -1,
                reason=request.POST.get("reason", ""),
                by=request.user,
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
            next_active = _int(request.POST.get("next_active"))
            services.turn_passed(match=match, next_active=next_active, by=request.user)
            messages.success(request, _("Table %(table)s: turn passed.") % {"table": match.table})
        else:
            messages.error(request, _("Unknown action."))
    except ServiceError as exc:
        messages.error(request, exc.message)


# Problems whose remedy is removing copies of one card (IPG 3.4, 3.5; MTR 6.1, 6.2, 9.5, 9.6).
FIXABLE_CODES = (
    "udc_over_limit",
    "card_limit_exceeded",
    "restricted_over_limit",
    "banned",
    "not_legal",
    "not_in_pool",
    "unknown_card",
)


def deck_fix(request, pk: int, check_id: int):
    """The remedy of a deck check's problem on one screen: the problem cards with their holders in
    the team's decks, which copies go, the basic land that tops each deck up, a preview of the
    resulting sizes, and one button that applies the fix and issues the penalty."""
    event = access_event(request.caller, pk, Perm.DECK_CHECKS)
    check = (
        DeckCheck.objects.filter(event=event, pk=check_id)
        .select_related("match", "round", "team")
        .first()
    )
    if check is None:
        raise Http404
    back = reverse("deck-checks", args=[pk]) + f"?round={check.round.number}#deck-check-{check.pk}"
    if check.outcome != "problem":
        messages.error(request, _("Only a deck check that ended with a problem has a fix."))
        return redirect(back)
    return _deck_fix_page(request, event, check.team, check, back)


def team_deck_fix(request, pk: int, team_id: int):
    """The same remedy for a problem in a team's decklists found by staff without a deck check
    (from the team's decklist page): a Decklist Problem on the event's current round."""
    event = access_event(request.caller, pk, Perm.DECK_CHECKS)
    team = Team.objects.filter(event=event, pk=team_id).first()
    if team is None:
        raise Http404
    back = reverse("event-team-decklists", args=[pk, team.pk])
    return _deck_fix_page(request, event, team, None, back)


def _base(row: Decklist | None) -> str:
    """The list's version the form was built on (decklists' optimistic check)."""
    return row.submitted_at.isoformat() if row is not None else ""


def _deck_fix_page(request, event, team: Team, check: DeckCheck | None, back: str):
    data = request.POST if request.method == "POST" else request.GET
    report = team_report(team)
    problems = [p for p in report.problems if p.code in FIXABLE_CODES and p.card]
    cards = list(dict.fromkeys(p.card for p in problems if p.card))
    card = str(data.get("card", "")).strip()[:200] or (cards[0] if cards else "")
    lists = {d.player_id: d for d in Decklist.objects.filter(player__team=team)}
    players, decks = services.team_decks(team, decklists=lists)
    remove = {p.pk: _int(data.get(f"remove-{p.pk}")) or 0 for p in players}
    basics = {p.pk: data.get(f"basic-{p.pk}") or default_basic(decks[p.pk]) for p in players}
    minimum = deck_minimum(event.is_constructed)
    fix, error = None, ""
    if card and any(remove.values()):
        try:
            fix = fix_decks(decks, card, remove, minimum, basics)
        except DeckFixError as exc:
            error = exception_text(exc)
    infraction_code = data.get("infraction", "TE-DLP")
    penalized = _int(data.get("player"))
    if request.method == "POST" and "apply" in request.POST and fix is not None:
        by_id = {p.pk: p for p in players}
        try:
            done = services.deck_fix_apply(
                check=check,
                team=team,
                card=card,
                remove=remove,
                basics=basics,
                penalized=by_id.get(penalized or 0),
                infraction=infraction_code,
                notes=request.POST.get("notes", ""),
                by=request.user,
                head_judge=can(request.caller, Perm.SEVERE_PENALTIES, event),
                bases={
                    p.pk: str(request.POST[f"base-{p.pk}"])
                    for p in players
                    if f"base-{p.pk}" in request.POST
                },
            )
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            row = done.issued.penalty
            text = _("Decklists fixed (%(count)s changed, logged); %(penalty)s for %(name)s.")
            words = {"count": len(done.decklists), "penalty": localize(Code(row.penalty).label)}
            messages.success(request, text % {**words, "name": row.player.name})
            return redirect(back)
    elif request.method == "POST" and "apply" in request.POST:
        messages.error(request, error or _("Choose at least one copy to remove."))
    rows = [
        {
            "player": p,
            "held": copies_of(decks[p.pk], card) if card else 0,
            "size": sum(decks[p.pk].values()),
            "remove": remove[p.pk],
            "basic": basics[p.pk],
            "base": _base(lists.get(p.pk)),
            "after": fix.changes[p.pk] if fix is not None else None,
        }
        for p in players
    ]
    return render(
        request,
        "judging/deck_fix.html",
        {
            "event": event,
            "staff": True,
            "team": team,
            "check": check,
            "back": back,
            "problems": problems,
            "cards": cards,
            "card": card,
            "rows": rows,
            "fix": fix,
            "error": error,
            "minimum": minimum,
            "basic_lands": BASIC_LANDS,
            "infraction": infraction_code,
            "penalized": penalized,
            "notes": data.get("notes", ""),
        },
    )
