"""Team deck check: Unified Deck Construction for constructed 2HG, pool checks for limited 2HG.

Glossary
--------
- *team*: two (or, N-headed, three or four) players, one :class:`DeckInput` each (CR 810.1).
- *card key*: the name key (:func:`~decklists.domain.cards.normalize_name`) of the card an entry
  resolves to, so "Fire/Ice", "fire // ice" and "Fire // Ice" are one card, and so are
  "Delver of Secrets" and "Delver of Secrets // Insectile Aberration".
- *basic*: a card with the basic supertype (``CardFacts.is_basic``): Plains ... Forest, Wastes and
  the Snow-Covered basics. Exempt from every copy limit in constructed (MTR 6.1, 8.4).
- *free basics*: in limited only the five basic lands Plains, Island, Swamp, Mountain and
  Forest (not Wastes, not snow) are added beyond the pool (MTR 7.1, 9.6).
- *holders*: the players whose main decks contain a card, with their counts.
- *pool*: a limited team's cards (8 sealed boosters, or the draft picks; MTR 9.6, App. D). The
  cards in neither deck are the team's shared sideboard (MTR 9.6, CR 100.4c).
- *UDC rule* (``EventRules.udc_rule``):
  ``mtr`` (MTR 8.4 since July 2016, the default): apart from basics, no two decks of a team may
  contain the same card; inside one deck the usual limit holds: 4 copies (MTR 6.1), 1 of a
  restricted card (MTR 6.2), or the card's own limit (Relentless Rats: any number; Seven
  Dwarves 7; Nazgûl 9), which may be used in one deck only.
  ``combined_four`` (MTR before July 2016, the seeds' 2HG FAQ): apart from basic lands, the
  team's decks together hold at most 4 of a card, 1 of a restricted card; *choice*: a card with
  its own limit may have that many in the whole team.

The problem codes, the inputs and the rules are in :mod:`decklists.domain.problems`. The check is
built from :mod:`decklists.domain.udc_model` (a deck resolved to cards, the banlists, a team's
card with its holders, the shared wording); the copy limits of constructed are in
:mod:`decklists.domain.udc_copies`, the pool check of limited in :mod:`decklists.domain.udc_limited`.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.text import Text, gettext_noop, ngettext_noop
from decklists.domain.cards import (
    CardIndex,
    normalize_name,
)
from decklists.domain.decklists import Entry, ParseError
from decklists.domain.problems import CODE_ORDER as CODE_ORDER
from decklists.domain.problems import CODE_RANK as _CODE_RANK
from decklists.domain.problems import FREE_BASICS as FREE_BASICS
from decklists.domain.problems import MIN_CONSTRUCTED_DECK as MIN_CONSTRUCTED_DECK
from decklists.domain.problems import MIN_LIMITED_DECK as MIN_LIMITED_DECK
from decklists.domain.problems import TWO_HEADED_GIANT_BANS as TWO_HEADED_GIANT_BANS
from decklists.domain.problems import UNCHECKED_CODES as UNCHECKED_CODES
from decklists.domain.problems import DeckInput as DeckInput
from decklists.domain.problems import EventRules as EventRules
from decklists.domain.problems import Problem as Problem
from decklists.domain.problems import Severity as Severity
from decklists.domain.problems import Structure as Structure
from decklists.domain.problems import UdcRule as UdcRule
from decklists.domain.problems import is_checked as is_checked
from decklists.domain.udc_commander import commander_problems
from decklists.domain.udc_copies import copy_problems
from decklists.domain.udc_limited import pool_problems
from decklists.domain.udc_model import SUGGESTED_NAMES as SUGGESTED_NAMES
from decklists.domain.udc_model import Deck, Held, Lists, cards_text, did_you_mean


def validate_team(
    decks: Sequence[DeckInput],
    index: CardIndex,
    rules: EventRules,
    pool: Sequence[Entry] | None = None,
) -> list[Problem]:
    """Every problem of a team's decklists, sorted by code (``CODE_ORDER``), then card name."""
    resolved = [_resolve(deck, index) for deck in decks if deck.submitted]
    problems = [_missing(deck) for deck in decks if not deck.submitted]
    for deck in resolved:
        problems += _deck_problems(deck, index, rules)
    if rules.constructed:
        lists = Lists.of(index, rules)
        problems += _legality_problems(resolved, lists, rules, index)
        problems += copy_problems(resolved, lists, rules.udc_rule, index, singleton=rules.commander)
    else:
        problems += pool_problems(resolved, index, pool)
    return sorted(problems, key=_sort_key)


def holders(decks: Sequence[DeckInput], index: CardIndex) -> dict[str, dict[int, int]]:
    """Card name -> {player: copies in the main deck}; unknown names as written; an Arena "A-"
    card also under the paper card it rebalances. Sorted by name."""
    result: dict[str, dict[int, int]] = {}
    for deck in (_resolve(d, index) for d in decks if d.submitted):
        for held in deck.cards.values():
            _add_count(result, held.card.name, deck.source.player, held.count)
            original = index.rebalanced_of(held.card.name)
            if original is not None:  # counted with the paper card too (see _team_cards)
                _add_count(result, original.name, deck.source.player, held.count)
        for entry in deck.unknown:
            _add_count(result, entry.name, deck.source.player, entry.count)
    return dict(sorted(result.items(), key=lambda item: item[0].casefold()))


def shared_sideboard(
    pool: Sequence[Entry], decks: Sequence[DeckInput], index: CardIndex | None = None
) -> list[Entry]:
    """The pool minus the main decks: a limited team's shared sideboard (MTR 9.6, CR 100.4c).

    Cards are matched by card key through ``index`` when given, else by name key. Pool order and
    spelling are kept; cards used beyond the pool (free basics) do not go below zero.
    """
    used: dict[str, int] = {}
    for deck in decks:
        for entry in deck.main if deck.submitted else ():
            key = _key_of(entry.name, index)
            used[key] = used.get(key, 0) + entry.count
    remaining: list[Entry] = []
    for entry in pool:
        key = _key_of(entry.name, index)
        left = entry.count - used.get(key, 0)
        used[key] = max(0, -left)
        if left > 0:
            remaining.append(Entry(entry.name, left, entry.line))
    return remaining


def _key_of(name: str, index: CardIndex | None) -> str:
    card = index.get(name) if index is not None else None
    return normalize_name(card.name if card is not None else name)


def _add_count(table: dict[str, dict[int, int]], name: str, player: int, count: int) -> None:
    row = table.setdefault(name, {})
    row[player] = row.get(player, 0) + count


def _sort_key(problem: Problem) -> tuple[int, str, tuple[int, ...], int]:
    return (
        _CODE_RANK.get(problem.code, len(CODE_ORDER)),
        (problem.card or "").casefold(),
        problem.players,
        problem.line or 0,
    )


def _resolve(deck: DeckInput, index: CardIndex) -> Deck:
    cards: dict[str, Held] = {}
    unknown: list[Entry] = []
    commanders: list[Held] = []
    for zone, entries in (("command", deck.commander), ("main", deck.main)):
        for entry in entries:
            card = index.get(entry.name)
            if card is None:
                unknown.append(entry)
                continue
            if zone == "command":
                commanders.append(Held(card, entry.count, entry.line))
            key = normalize_name(card.name)
            held = cards.get(key)
            if held is None:
                cards[key] = Held(card, entry.count, entry.line)
            else:
                held.count += entry.count
                held.line = min(held.line, entry.line)
    return Deck(deck, cards, unknown, commanders)


# --- one deck ---------------------------------------------------------------------------------


def _missing(deck: DeckInput) -> Problem:
    return Problem(
        code="missing_decklist",
        card=None,
        message=Text(
            gettext_noop("%(player)s has not submitted a decklist."), player=deck.player_name
        ),
        players=(deck.player,),
    )


def _deck_problems(deck: Deck, index: CardIndex, rules: EventRules) -> list[Problem]:
    problems = [_parse_problem(deck, error) for error in deck.source.parse_errors]
    problems += [
        _unknown_problem(
            deck, entry, index, suggest=n < SUGGESTED_NAMES, outdated=rules.data_outdated
        )
        for n, entry in enumerate(deck.unknown)
    ]
    if rules.commander:
        return problems + commander_problems(deck, index)  # its own size rule (CR 903.5a)
    minimum = MIN_CONSTRUCTED_DECK if rules.constructed else MIN_LIMITED_DECK
    if deck.size < minimum:
        problems.append(_too_small(deck, minimum, rules))
    if rules.constructed and deck.source.sideboard:
        problems.append(_sideboard_problem(deck))
    return problems


def _parse_problem(deck: Deck, error: ParseError) -> Problem:
    shown = f" ({error.text!r})" if error.text else ""
    if error.line:
        message = Text(
            gettext_noop("%(player)s's decklist, line %(line)s: %(error)s%(shown)s"),
            player=deck.name,
            line=error.line,
            error=error.message,
            shown=shown,
        )
    else:
        message = Text(
            gettext_noop("%(player)s's decklist, the list: %(error)s%(shown)s"),
            player=deck.name,
            error=error.message,
            shown=shown,
        )
    return Problem(
        code="parse_error",
        card=None,
        message=message,
        players=(deck.source.player,),
        line=error.line,
    )


def _unknown_problem(
    deck: Deck, entry: Entry, index: CardIndex, *, suggest: bool, outdated: bool = False
) -> Problem:
    """An unknown name is an error; with card data too old to know every card (a newer card?)
    a warning that leaves the team not checked."""
    original = index.rebalanced_of(entry.name)
    suggestions = index.suggest(entry.name) if suggest else []
    hint: str
    if original is not None:
        hint = Text(
            gettext_noop(
                " It is MTG Arena's rebalanced version of %(card)s, a digital-only card; "
                "paper decks use %(card)s."
            ),
            card=original.name,
        )
    elif suggestions:
        hint = did_you_mean(suggestions)
    elif outdated:
        hint = Text(
            gettext_noop(
                " The card data is too old to know the newest cards: check the spelling, or "
                "load current card data."
            )
        )
    else:
        hint = Text(gettext_noop(" Check the spelling."))
    return Problem(
        code="unknown_card",
        card=entry.name,
        message=Text(
            gettext_noop(
                "%(player)s's decklist, line %(line)s: no card named “%(card)s” is known.%(hint)s"
            ),
            player=deck.name,
            line=entry.line,
            card=entry.name,
            hint=hint,
        ),
        players=(deck.source.player,),
        count=entry.count,
        line=entry.line,
        severity="warning" if outdated and original is None else "error",
    )


def _too_small(deck: Deck, minimum: int, rules: EventRules) -> Problem:
    rule = "MTR 6.1" if rules.constructed else "MTR 7.1, 9.6"
    return Problem(
        code="deck_too_small",
        card=None,
        message=Text.counted(
            ngettext_noop(
                "%(player)s's main deck has %(count)s card; it needs at least %(minimum)s "
                "(%(rule)s).",
                "%(player)s's main deck has %(count)s cards; it needs at least %(minimum)s "
                "(%(rule)s).",
            ),
            deck.size,
            player=deck.name,
            count=deck.size,
            minimum=minimum,
            rule=rule,
        ),
        players=(deck.source.player,),
        count=deck.size,
        limit=minimum,
    )


def _sideboard_problem(deck: Deck) -> Problem:
    total = sum(entry.count for entry in deck.source.sideboard)
    return Problem(
        code="sideboard_not_allowed",
        card=None,
        message=Text(
            gettext_noop(
                "%(player)s's decklist has a sideboard of %(cards)s; sideboards (companions "
                "included) are not allowed in constructed Two-Headed Giant (MTR 9.5)."
            ),
            player=deck.name,
            cards=cards_text(total),
        ),
        players=(deck.source.player,),
        count=total,
        limit=0,
        line=min(entry.line for entry in deck.source.sideboard),
    )


# --- legality (constructed) -------------------------------------------------------------------


def _legality_problems(
    decks: list[Deck], lists: Lists, rules: EventRules, index: CardIndex
) -> list[Problem]:
    problems = []
    for deck in decks:
        unchecked = 0
        for key, held in deck.cards.items():
            status = lists.status(key, held.card)
            original = index.rebalanced_of(held.card.name)
            if original is not None and status is None:
                status = "not_legal"  # an Arena "A-" card is digital-only: never legal in paper
            if status is None and lists.outdated:
                unchecked += held.count
                continue
            problem = _legality_problem(
                deck, held, status, rules.format, original.name if original else None
            )
            if problem is not None:
                problems.append(problem)
        if unchecked:
            problems.append(_outdated_problem(deck, unchecked, rules))
    return problems


def _outdated_problem(deck: Deck, unchecked: int, rules: EventRules) -> Problem:
    """One warning per deck: the card data is too old to check these cards in the format."""
    label = _format_label(rules.format)
    when = (
        Text(gettext_noop("of %(date)s"), date=rules.card_data_date.isoformat())
        if rules.card_data_date is not None
        else Text(gettext_noop("of an unknown date"))
    )
    return Problem(
        code="legality_outdated",
        card=None,
        message=Text(
            gettext_noop(
                "%(player)s's decklist: %(cards)s not checked for %(format)s legality. The card "
                "data is %(when)s, more than 90 days before the event: it does not know the "
                "newest sets and reprints, so what it calls not legal may be legal now. Load "
                "current card data."
            ),
            player=deck.name,
            cards=cards_text(unchecked),
            format=label,
            when=when,
        ),
        players=(deck.source.player,),
        count=unchecked,
        severity="warning",
    )


def _legality_problem(
    deck: Deck, held: Held, status: str | None, fmt: str | None, original: str | None = None
) -> Problem | None:
    label = _format_label(fmt)
    name = held.card.name
    text: Text
    if status == "banned_2hg":
        code, text = (
            "banned",
            Text(
                gettext_noop(
                    "%(card)s is banned in all Two-Headed Giant constructed tournaments (MTR 9.5)."
                ),
                card=name,
            ),
        )
    elif status == "banned":
        code, text = (
            "banned",
            Text(gettext_noop("%(card)s is banned in %(format)s."), card=name, format=label),
        )
    elif status == "not_legal" and original:
        code, text = (
            "not_legal",
            Text(
                gettext_noop(
                    "%(card)s is not legal in %(format)s. It is MTG Arena's rebalanced version "
                    "of %(original)s, a digital-only card."
                ),
                card=name,
                format=label,
                original=original,
            ),
        )
    elif status == "not_legal":
        code, text = (
            "not_legal",
            Text(gettext_noop("%(card)s is not legal in %(format)s."), card=name, format=label),
        )
    elif status is None:
        code, text = (
            "legality_unknown",
            Text(
                gettext_noop(
                    "The card catalogue has no %(format)s legality for %(card)s (a newer card?); "
                    "check it by hand or load a newer catalogue."
                ),
                card=name,
                format=label,
            ),
        )
    else:
        return None
    return Problem(
        code=code,
        card=name,
        message=Text(
            gettext_noop("%(player)s's decklist, line %(line)s: %(problem)s"),
            player=deck.name,
            line=held.line,
            problem=text,
        ),
        players=(deck.source.player,),
        count=held.count,
        line=held.line,
        severity="warning" if status is None else "error",
    )


def _format_label(fmt: str | None) -> str:
    return fmt.title() if fmt else Text(gettext_noop("this format"))
