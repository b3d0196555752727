"""Commander's own deck rules (CR 903), for an event whose format is "commander".

Glossary
--------
- *command zone*: the deck's commander, or two (partners, a commander and its Background),
  given in a ``Commander`` section or, from MTGO, XMage and Cockatrice, as a one- or two-card
  sideboard (decklists.domain.problems.read_deck).
- *colour identity* (CR 903.4): the colours of mana symbols on a card; a deck's cards must be
  within its commander's (CR 903.5c). Card data gives it as WUBRG letters; the shipped 2022
  catalogue has none, so the check is made only for cards whose data has it, and the others
  leave the team not checked (``color_identity_unknown``).

Rules implemented: CR 903.3 (a legendary creature as commander; *choice*: any legendary card is
accepted, since whether a planeswalker or a Background may be a commander is in its text, which
the card data does not keep; two commanders are accepted for the same reason: partner), CR
903.5a (exactly 100 cards with the commander), 903.5b (singleton apart from basics and cards with
their own limit: decklists.domain.udc_copies with ``singleton``), 903.5c (colour identity). The
Commander banned list comes with the legality check of the format (the card data's "banned", or
an imported ``commander`` banlist).
"""

from __future__ import annotations

from core.text import Text, gettext_noop, ngettext_noop
from decklists.domain.cards import CardIndex
from decklists.domain.problems import COMMANDER_DECK, Problem
from decklists.domain.udc_model import Deck, cards_text

MAX_COMMANDERS = 2


def commander_problems(deck: Deck, index: CardIndex) -> list[Problem]:
    """The deck's problems under Commander's rules (CR 903.3, 903.5a, 903.5c)."""
    problems = _command_zone(deck, index)
    if deck.size != COMMANDER_DECK:
        problems.append(_size(deck))
    if deck.commanders and not any(p.code == "commander_invalid" for p in problems):
        problems += _identity(deck)
    return problems


def _command_zone(deck: Deck, index: CardIndex) -> list[Problem]:
    entries = deck.source.commander
    if not entries:
        return [
            _problem(
                deck,
                "commander_missing",
                None,
                Text(
                    gettext_noop(
                        "%(player)s's decklist names no commander: put it in a “Commander” "
                        "section (CR 903.3)."
                    ),
                    player=deck.name,
                ),
            )
        ]
    count = sum(entry.count for entry in entries)
    if count > MAX_COMMANDERS:
        text = Text(
            gettext_noop("%(player)s's decklist has %(count)s commanders; at most 2 (CR 903.3)."),
            player=deck.name,
            count=count,
        )
        return [_problem(deck, "commander_invalid", None, text, count=count, limit=MAX_COMMANDERS)]
    problems = []
    for held in deck.commanders:
        if "Legendary" not in held.card.type_line.split(" // ")[0].split("\u2014")[0]:
            text = Text(
                gettext_noop(
                    "%(card)s is not a legendary card: it cannot be %(player)s's commander "
                    "(CR 903.3)."
                ),
                card=held.card.name,
                player=deck.name,
            )
            problems.append(_problem(deck, "commander_invalid", held.card.name, text))
    return problems


def _size(deck: Deck) -> Problem:
    text = Text.counted(
        ngettext_noop(
            "%(player)s's deck has %(count)s card with its commander; a Commander deck has "
            "exactly 100 (CR 903.5a).",
            "%(player)s's deck has %(count)s cards with its commander; a Commander deck has "
            "exactly 100 (CR 903.5a).",
        ),
        deck.size,
        player=deck.name,
        count=deck.size,
    )
    return _problem(deck, "commander_deck_size", None, text, count=deck.size, limit=COMMANDER_DECK)


def _identity(deck: Deck) -> list[Problem]:
    identities = [held.card.color_identity for held in deck.commanders]
    if any(identity is None for identity in identities):
        return [_identity_unknown(deck, deck.size)]
    allowed = set("".join(i for i in identities if i))
    problems = []
    unknown = 0
    for held in deck.cards.values():
        identity = held.card.color_identity
        if identity is None:
            unknown += held.count
        elif not set(identity) <= allowed:
            problems.append(_outside(deck, held.card.name, identity, allowed, held.line))
    if unknown:
        problems.append(_identity_unknown(deck, unknown))
    return problems


def _outside(deck: Deck, card: str, identity: str, allowed: set[str], line: int) -> Problem:
    colors = "".join(c for c in "WUBRG" if c in allowed) or Text(gettext_noop("colourless"))
    text = Text(
        gettext_noop(
            "%(player)s's decklist, line %(line)s: %(card)s (%(identity)s) is outside the "
            "commander's colour identity (%(colors)s) (CR 903.5c)."
        ),
        player=deck.name,
        line=line,
        card=card,
        identity=identity,
        colors=colors,
    )
    return _problem(deck, "color_identity", card, text, line=line)


def _identity_unknown(deck: Deck, count: int) -> Problem:
    text = Text(
        gettext_noop(
            "%(player)s's decklist: colour identity not checked for %(cards)s; the card data "
            "has no colour identities (load current card data)."
        ),
        player=deck.name,
        cards=cards_text(count),
    )
    return _problem(deck, "color_identity_unknown", None, text, count=count, severity="warning")


def _problem(
    deck: Deck,
    code: str,
    card: str | None,
    message: Text,
    *,
    count: int | None = None,
    limit: int | None = None,
    line: int | None = None,
    severity: str = "error",
) -> Problem:
    return Problem(
        code=code,
        card=card,
        message=message,
        players=(deck.source.player,),
        count=count,
        limit=limit,
        line=line,
        severity="warning" if severity == "warning" else "error",
    )
