"""Limited 2HG (decklists.domain.udc): every card of the team's decks comes from its pool, apart
from the free basic lands (MTR 7.1, 9.6)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.text import Text, gettext_noop
from decklists.domain.cards import (
    CardIndex,
    normalize_name,
)
from decklists.domain.decklists import Entry
from decklists.domain.problems import (
    FREE_BASICS,
    Problem,
)
from decklists.domain.udc_model import SUGGESTED_NAMES, Deck, TeamCard, did_you_mean

# --- limited ----------------------------------------------------------------------------------


def pool_problems(
    decks: list[Deck], index: CardIndex, pool: Sequence[Entry] | None
) -> list[Problem]:
    if pool is None:
        return [_pool_missing(decks)]
    available: dict[str, int] = {}
    problems = []
    unknown = 0
    for entry in pool:
        card = index.get(entry.name)
        if card is None:
            problems.append(_unknown_pool_card(entry, index if unknown < SUGGESTED_NAMES else None))
            unknown += 1
            continue
        key = normalize_name(card.name)
        available[key] = available.get(key, 0) + entry.count
    for key, tc in _used(decks).items():
        if key not in FREE_BASICS and tc.total > available.get(key, 0):
            problems.append(_not_in_pool(tc, available.get(key, 0)))
    return problems


def _used(decks: Iterable[Deck]) -> dict[str, TeamCard]:
    used: dict[str, TeamCard] = {}
    for deck in decks:
        for key, held in deck.cards.items():
            used.setdefault(key, TeamCard(held.card, False, [])).holders.append((deck, held))
    return used


def _pool_missing(decks: list[Deck]) -> Problem:
    return Problem(
        code="pool_missing",
        card=None,
        message=Text(
            gettext_noop(
                "No card pool is recorded for this team, so the decks were not checked against it."
            )
        ),
        players=tuple(deck.source.player for deck in decks),
        severity="warning",
    )


def _unknown_pool_card(entry: Entry, index: CardIndex | None) -> Problem:
    suggestions = index.suggest(entry.name) if index is not None else []
    return Problem(
        code="unknown_card",
        card=entry.name,
        message=Text(
            gettext_noop(
                "The team's pool, line %(line)s: no card named “%(card)s” is known.%(hint)s"
            ),
            line=entry.line,
            card=entry.name,
            hint=did_you_mean(suggestions) if suggestions else "",
        ),
        players=(),
        count=entry.count,
        line=entry.line,
    )


def _not_in_pool(tc: TeamCard, available: int) -> Problem:
    return Problem(
        code="not_in_pool",
        card=tc.card.name,
        message=Text(
            gettext_noop(
                "%(card)s is in %(decks)s: %(total)s copies, but the team's pool has "
                "%(available)s; decks are built from the pool, only Plains, Island, Swamp, "
                "Mountain and Forest may be added (MTR 7.1, 9.6)."
            ),
            card=tc.card.name,
            decks=tc.shares(),
            total=tc.total,
            available=available,
        ),
        players=tc.players,
        count=tc.total,
        limit=available,
        line=tc.line,
    )
