"""Copy limits in constructed 2HG (decklists.domain.udc): four copies, restricted cards and cards
with their own limit (MTR 6.1, 6.2), and Unified Deck Construction across the team (MTR 8.4, 9.5),
under today's rule or the older combined four copies."""

from __future__ import annotations

from core.text import Text, gettext_noop
from decklists.domain.cards import (
    DEFAULT_DECK_LIMIT,
    UNLIMITED,
    CardFacts,
    CardIndex,
    normalize_name,
)
from decklists.domain.problems import (
    Problem,
    UdcRule,
)
from decklists.domain.udc_model import MTR_UDC, OLD_UDC, Deck, Held, Lists, TeamCard, and_list

# --- copy limits (constructed) ----------------------------------------------------------------


def _team_cards(decks: list[Deck], lists: Lists, index: CardIndex) -> list[TeamCard]:
    """The team's non-basic cards with who holds them. MTG Arena's rebalanced "A-X" is counted
    with the paper card X it rebalances, so "A-X" in one deck and X in another clash."""
    table: dict[str, TeamCard] = {}
    for deck in decks:
        others = _other_names(deck, index)
        for key, held in [*deck.cards.items(), *_unknown_cards(deck)]:
            if held.card.is_basic:
                continue  # MTR 6.1, 8.4: basics are exempt
            card, rebalanced = held.card, None
            original = index.rebalanced_of(card.name)
            if original is not None:
                card, rebalanced = original, card.name
                key = normalize_name(original.name)
            entry = table.get(key)
            if entry is None:
                restricted = lists.status(key, card) == "restricted"
                entry = table[key] = TeamCard(card, restricted, [])
            if rebalanced is not None:
                entry.rebalanced.add(rebalanced)
            written = others.get(normalize_name(card.name), ())
            _hold(entry, deck, Held(card, held.count, held.line, written))
    return list(table.values())


def _unknown_cards(deck: Deck) -> list[tuple[str, Held]]:
    """Names the card data does not know, as cards of their written name (a newer card, most
    likely): two teammates holding the same one share a card (MTR 8.4)."""
    held: dict[str, Held] = {}
    for entry in deck.unknown:
        key = normalize_name(entry.name)
        if key in held:
            held[key].count += entry.count
        else:
            card = CardFacts(entry.name, (entry.name,), "", False, None)
            held[key] = Held(card, entry.count, entry.line)
    return list(held.items())


def _hold(entry: TeamCard, deck: Deck, held: Held) -> None:
    """Add a deck's copies to a team card; a deck holding it twice (A-X and X) is summed."""
    for position, (other, mine) in enumerate(entry.holders):
        if other is deck:
            names = (*mine.other_names, *(n for n in held.other_names if n not in mine.other_names))
            entry.holders[position] = (
                deck,
                Held(held.card, mine.count + held.count, min(mine.line, held.line), names),
            )
            return
    entry.holders.append((deck, held))


def copy_problems(
    decks: list[Deck],
    lists: Lists,
    udc_rule: UdcRule,
    index: CardIndex,
    *,
    singleton: bool = False,
) -> list[Problem]:
    """``singleton``: Commander, one copy of each card other than basics (CR 903.5b)."""
    team_cards = _team_cards(decks, lists, index)
    for tc in team_cards:
        tc.singleton = singleton

    if udc_rule == "combined_four":
        return [p for tc in team_cards for p in _combined_four(tc)]
    return [p for tc in team_cards for p in _mtr(tc)]


def _other_names(deck: Deck, index: CardIndex) -> dict[str, tuple[str, ...]]:
    """The deck's names written for a card that are not the card's Oracle name, by the card's
    key: another printed name (MTR 3.6), counted as the card."""
    found: dict[str, list[str]] = {}
    for entry in (*deck.source.main, *deck.source.commander):
        card = index.get(entry.name)
        if card is None or normalize_name(entry.name) == normalize_name(card.name):
            continue
        names = found.setdefault(normalize_name(card.name), [])
        if entry.name not in names:
            names.append(entry.name)
    return {key: tuple(names) for key, names in found.items()}


def _other_names_note(held: Held, tc: TeamCard) -> str:
    names = held.other_names
    if not names:
        return ""
    return Text(
        gettext_noop(" Counted with %(names)s, another printed name of %(card)s (MTR 3.6)."),
        names=and_list(sorted(names)),
        card=tc.card.name,
    )


def _own_limit(tc: TeamCard) -> int:
    if tc.card.deck_limit is not None:
        return tc.card.deck_limit
    return 1 if tc.singleton else DEFAULT_DECK_LIMIT


def _mtr(tc: TeamCard) -> list[Problem]:
    """MTR 8.4: one deck per card; in that deck 4, 1 if restricted, or the card's own limit."""
    problems = [p for deck, held in tc.holders if (p := _deck_limit_problem(tc, deck, held))]
    if len(tc.holders) > 1:
        problems.append(_udc_shared(tc))
    return problems


def _deck_limit_problem(tc: TeamCard, deck: Deck, held: Held) -> Problem | None:
    limit = 1 if tc.restricted else _own_limit(tc)
    if held.count <= limit:
        return None
    return Problem(
        code="restricted_over_limit" if tc.restricted else "card_limit_exceeded",
        card=tc.card.name,
        message=Text(
            gettext_noop(
                "%(player)s's decklist, line %(line)s: %(count)s %(card)s; %(limit)s.%(note)s"
            ),
            player=deck.name,
            line=held.line,
            count=held.count,
            card=tc.card.name,
            limit=_limit_text(tc, limit),
            note=Text(
                gettext_noop("%(rebalanced)s%(other)s"),
                rebalanced=_rebalanced_note(tc),
                other=_other_names_note(held, tc),
            ),
        ),
        players=(deck.source.player,),
        count=held.count,
        limit=limit,
        line=held.line,
    )


def _limit_text(tc: TeamCard, limit: int) -> Text:
    if tc.restricted:
        return Text(gettext_noop("a restricted card may have only 1 copy (MTR 6.2)"))
    if tc.card.deck_limit is not None:
        return Text(
            gettext_noop("its own text allows at most %(limit)s in a deck (MTR 6.1)"), limit=limit
        )
    if tc.singleton:
        return Text(
            gettext_noop(
                "a Commander deck holds one copy of each card other than basics (CR 903.5b)"
            )
        )
    return Text(
        gettext_noop(
            "a deck may have at most %(limit)s copies of a card other than basics (MTR 6.1)"
        ),
        limit=limit,
    )


def _udc_shared(tc: TeamCard) -> Problem:
    return Problem(
        code="udc_over_limit",
        card=tc.card.name,
        message=Text(
            gettext_noop(
                "%(card)s is in %(decks)s; under Unified Deck Construction no two decks of a team "
                "may share a card other than basics (%(rule)s).%(limit)s%(note)s"
            ),
            card=tc.card.name,
            decks=tc.shares(),
            rule=MTR_UDC,
            limit=(
                Text(gettext_noop(" A card's own deck limit applies to one deck only."))
                if tc.card.deck_limit
                else ""
            ),
            note=_rebalanced_note(tc),
        ),
        players=tc.players,
        count=len(tc.holders),
        limit=1,
    )


def _rebalanced_note(tc: TeamCard) -> str:
    if not tc.rebalanced:
        return ""
    return Text(
        gettext_noop(
            " %(names)s is MTG Arena's rebalanced version of %(card)s, counted as %(card)s here."
        ),
        names=and_list(sorted(tc.rebalanced)),
        card=tc.card.name,
    )


def _combined_four(tc: TeamCard) -> list[Problem]:
    """Rule before July 2016: the team's decks together hold at most 4 (restricted: 1)."""
    limit = 1 if tc.restricted else _own_limit(tc)
    if limit >= UNLIMITED or tc.total <= limit:
        return []
    if len(tc.holders) == 1:
        deck, held = tc.holders[0]
        problem = _deck_limit_problem(tc, deck, held)
        return [problem] if problem is not None else []
    if tc.restricted:
        code = "restricted_over_limit"
        why = Text(gettext_noop("a restricted card: 1 copy in the whole team"))
    else:
        code = "udc_over_limit"
        why = Text(
            gettext_noop("the team's decks together may hold at most %(limit)s"), limit=limit
        )
    return [
        Problem(
            code=code,
            card=tc.card.name,
            message=Text(
                gettext_noop(
                    "%(card)s is in %(decks)s: %(total)s copies; %(why)s (%(rule)s).%(note)s"
                ),
                card=tc.card.name,
                decks=tc.shares(),
                total=tc.total,
                why=why,
                rule=OLD_UDC,
                note=_rebalanced_note(tc),
            ),
            players=tc.players,
            count=tc.total,
            limit=limit,
        )
    ]
