"""HTML pages of the deck fix after a deck check (IPG 3.4/3.5, MTR 9.5): the one screen that
shows each problem card's copies, removes them, tops the decks up with basics and issues the
penalty (judging.domain.deckfix)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from access import (
    Perm,
    access_event,
    actor_for,
)
from core.errors import ServiceError
from core.i18n import exception_text, localize
from decklists.models import Decklist
from decklists.selectors import team_report
from judging import services
from judging.domain.deckfix import (
    BASIC_LANDS,
    DeckFixError,
    copies_of,
    deck_minimum,
    default_basic,
    fix_decks,
)
from judging.domain.infractions import Penalty as Code
from judging.models import DeckCheck
from judging.views import int_param
from tournament.models import Team

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
    remove = {p.pk: int_param(data.get(f"remove-{p.pk}")) or 0 for p in players}
    basics = {p.pk: data.get(f"basic-{p.pk}") or default_basic(decks[p.pk]) for p in players}
    minimum = deck_minimum(event.is_constructed)
    fix, error = None, ""
    if card and any(remove.values()):
        try:
            fix = fix_decks(decks, card, remove, minimum, basics)
        except DeckFixError as exc:
            error = exception_text(exc)
    infraction_code = data.get("infraction", "TE-DLP")
    penalized = int_param(data.get("player"))
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
                actor=actor_for(request.caller, event),
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
