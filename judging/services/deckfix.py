"""The remedy of a Unified Deck Construction or decklist problem found at a deck check, in one
transaction (IPG 3.4, 3.5; MTR 9.5): the chosen copies of the card leave the team's decklists,
each deck below its minimum is topped up with basic lands (judging/domain/deckfix.py), every
changed list is saved as a judge's logged change (decklists.services.decklist_submit with
the judge's actor: a DecklistChange with the text before and after, its reason naming the deck
check), and the penalty is issued through penalty_issue with the deck check linked, on the
check's round: the team's match if it is still playing, else its next one (IPG 1.1). Staff may
apply the same remedy to a decklist problem found without a check (the team's decklist page):
then the penalty goes on the event's current round.

Locks: the Event row first (as the other judging services), then the team's decklists.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from access.actors import Actor, require_actor
from access.rights import Perm
from core.errors import Conflict, ServiceError
from core.i18n import exception_text
from decklists import catalogue_cache
from decklists.domain.cards import CardIndex
from decklists.domain.decklists import parse_decklist
from decklists.models import Decklist
from decklists.services.decklists import decklist_submit
from judging.domain.deckfix import DeckFix, DeckFixError, deck_minimum, deck_text, fix_decks
from judging.models import DeckCheck
from judging.services.penalties import Issued, PenaltyInput, penalty_issue
from tournament.models import Event, Player, Team

# IPG 3.4 Decklist Problem (the list breaks UDC or holds cards it may not); IPG 3.5 Deck Problem
# (the deck does not match a legal list), found at a deck check.
FIX_INFRACTIONS = ("TE-DLP", "TE-DP")


@dataclass(frozen=True)
class DeckFixApplied:
    fix: DeckFix
    decklists: list[Decklist]
    issued: Issued


def team_decks(
    team: Team, index: CardIndex | None = None, decklists: Mapping[int, Decklist] | None = None
) -> tuple[list[Player], dict[int, dict[str, int]]]:
    """The team's players (by seat) and their main decks, ``{player: {card: copies}}``; names
    resolved to the catalogue's spelling where known, so one card written two ways is one."""
    index = index if index is not None else catalogue_cache.snapshot().index
    players = list(team.players.order_by("seat", "pk"))
    if decklists is None:
        decklists = {d.player_id: d for d in Decklist.objects.filter(player__team=team)}
    decks: dict[int, dict[str, int]] = {}
    for player in players:
        row = decklists.get(player.pk)
        deck: dict[str, int] = {}
        if row is not None:
            parsed = parse_decklist(row.main_text, blank_line_sideboard=False)
            for entry in parsed.main:
                card = index.get(entry.name)
                name = card.name if card is not None else entry.name
                deck[name] = deck.get(name, 0) + entry.count
        decks[player.pk] = deck
    return players, decks


def _reason(check: DeckCheck | None, fix: DeckFix, player: int, infraction: str) -> str:
    change = fix.changes[player]
    where = (
        f"Deck check at table {check.match.table}, round {check.round.number}"
        if check is not None
        else "Decklist problem"
    )
    text = f"{where}: {change.removed} {fix.card} removed"
    if change.added:
        text += f", {change.added} {change.basic} added to reach {fix.minimum} cards"
    rule = "IPG 3.4" if infraction == "TE-DLP" else "IPG 3.5"
    return f"{text} ({rule}; MTR 9.5)."


@transaction.atomic
def deck_fix_apply(
    *,
    check: DeckCheck | None = None,
    team: Team | None = None,
    card: str,
    remove: Mapping[int, int],
    basics: Mapping[int, str] | None = None,
    penalized: Player | None = None,
    infraction: str = "TE-DLP",
    notes: object = "",
    actor: Actor,
    bases: Mapping[int, str] | None = None,
) -> DeckFixApplied:
    """Apply the remedy of ``card`` found at ``check`` (ended with a problem), or, without a
    check, found in ``team``'s decklists by staff: ``remove`` copies per player id, ``basics`` per
    player id (default: judging.domain.deckfix.default_basic), and issue ``infraction`` to
    ``penalized`` (default: the first player whose copies go). The penalty goes on the check's
    round, or without a check on the event's current round (penalty_issue's default).
    ``bases``: per player id, the list's ``submitted_at`` the page showed (ISO; "" for none): a
    list changed since refuses the whole fix (Conflict ``changed_meanwhile``)."""
    if check is not None:
        event_id = check.event_id
    elif team is not None:
        event_id = team.event_id
    else:
        raise ServiceError(field="team", message=gettext("A deck check or a team is needed."))
    event = Event.objects.select_for_update().get(pk=event_id)
    require_actor(actor, Perm.DECK_CHECKS, event)
    if check is not None:
        check = DeckCheck.objects.select_related("match", "round", "team").get(pk=check.pk)
        if check.ended_at is None or check.outcome != "problem":
            raise Conflict(
                gettext("Only a deck check that ended with a problem has a fix."),
                code="deck_check_no_problem",
            )
        team = check.team
    assert team is not None
    if infraction not in FIX_INFRACTIONS:
        raise ServiceError(field="infraction", message=gettext("Decklist Problem or Deck Problem."))
    if check is None and infraction == "TE-DP":
        raise ServiceError(
            field="infraction",
            message=gettext("A Deck Problem is found at a deck check (IPG 3.5)."),
        )
    rows = {d.player_id: d for d in Decklist.objects.select_for_update().filter(player__team=team)}
    players, decks = team_decks(team, decklists=rows)
    by_id = {p.pk: p for p in players}
    try:
        fix = fix_decks(decks, card, remove, deck_minimum(event.is_constructed), basics)
    except DeckFixError as exc:
        raise ServiceError(field=exc.field, message=exception_text(exc)) from None
    if penalized is None:
        penalized = next(by_id[p] for p, c in fix.changes.items() if c.removed)
    elif penalized.pk not in by_id:
        raise ServiceError(field="player", message=gettext("Not a player of this team."))
    saved = []
    for player_id, change in fix.changes.items():
        if not change.changed:
            continue
        row = rows.get(player_id)
        saved.append(
            decklist_submit(
                player=by_id[player_id],
                main=deck_text(change.after),
                sideboard=row.sideboard_text if row is not None else "",
                actor=actor,
                reason=_reason(check, fix, player_id, infraction),
                base=bases.get(player_id) if bases is not None else None,
            )
        )
    issued = penalty_issue(
        event=event,
        actor=actor,
        wanted=PenaltyInput(
            player=penalized,
            infraction=infraction,
            round_=check.round if check is not None else None,
            variants=["deck_check"] if infraction == "TE-DP" else [],
            notes=notes
            or f"{fix.card}: {_removed_text(fix, by_id)}"
            + (" (deck check)." if check is not None else " (decklist)."),
            deck_check=check,
        ),
    )
    return DeckFixApplied(fix=fix, decklists=saved, issued=issued)


def _removed_text(fix: DeckFix, players: Mapping[int, Player]) -> str:
    return "; ".join(
        f"{c.removed} removed from {players[p].name}'s deck"
        + (f", {c.added} {c.basic} added" if c.added else "")
        for p, c in fix.changes.items()
        if c.changed
    )
