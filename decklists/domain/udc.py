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

The problem codes, the inputs and the rules are in :mod:`decklists.domain.problems`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from core.text import Text, gettext_noop, ngettext_noop
from decklists.domain.cards import (
    DEFAULT_DECK_LIMIT,
    TWO_HEADED_GIANT,
    UNLIMITED,
    CardFacts,
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

_MTR_UDC = "MTR 8.4, 9.5"
_OLD_UDC = Text(gettext_noop("Unified Deck Construction as in the MTR before July 2016"))


@dataclass(slots=True)
class _Held:
    card: CardFacts
    count: int
    line: int


@dataclass(slots=True)
class _Deck:
    """One submitted deck, its main-deck entries resolved to cards by card key."""

    source: DeckInput
    cards: dict[str, _Held]
    unknown: list[Entry]

    @property
    def name(self) -> str:
        return self.source.player_name

    @property
    def owner(self) -> Text:
        """ "Ann's", as in "Ann's and Bo's decks"."""
        return Text(gettext_noop("%(player)s's"), player=self.source.player_name)

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.source.main)


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
        lists = _Lists.of(index, rules)
        problems += _legality_problems(resolved, lists, rules, index)
        problems += _copy_problems(resolved, lists, rules.udc_rule, index)
    else:
        problems += _pool_problems(resolved, index, pool)
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


def _resolve(deck: DeckInput, index: CardIndex) -> _Deck:
    cards: dict[str, _Held] = {}
    unknown: list[Entry] = []
    for entry in deck.main:
        card = index.get(entry.name)
        if card is None:
            unknown.append(entry)
            continue
        key = normalize_name(card.name)
        held = cards.get(key)
        if held is None:
            cards[key] = _Held(card, entry.count, entry.line)
        else:
            held.count += entry.count
            held.line = min(held.line, entry.line)
    return _Deck(deck, cards, unknown)


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


# "Did you mean" costs a few milliseconds per unknown name (a search of the whole catalogue):
# only the first unknown names of a list (and of a pool) get suggestions, so a list of a
# thousand made-up names costs no more to check than one with a few typos.
SUGGESTED_NAMES = 5


def _deck_problems(deck: _Deck, index: CardIndex, rules: EventRules) -> list[Problem]:
    problems = [_parse_problem(deck, error) for error in deck.source.parse_errors]
    problems += [
        _unknown_problem(deck, entry, index, suggest=n < SUGGESTED_NAMES)
        for n, entry in enumerate(deck.unknown)
    ]
    minimum = MIN_CONSTRUCTED_DECK if rules.constructed else MIN_LIMITED_DECK
    if deck.size < minimum:
        problems.append(_too_small(deck, minimum, rules))
    if rules.constructed and deck.source.sideboard:
        problems.append(_sideboard_problem(deck))
    return problems


def _parse_problem(deck: _Deck, error: ParseError) -> Problem:
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


def _unknown_problem(deck: _Deck, entry: Entry, index: CardIndex, *, suggest: bool) -> Problem:
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
        hint = _did_you_mean(suggestions)
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
    )


def _too_small(deck: _Deck, minimum: int, rules: EventRules) -> Problem:
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


def _sideboard_problem(deck: _Deck) -> Problem:
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
            cards=_cards(total),
        ),
        players=(deck.source.player,),
        count=total,
        limit=0,
        line=min(entry.line for entry in deck.source.sideboard),
    )


# --- legality (constructed) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Lists:
    """The banlists of one validation, resolved to card keys."""

    format: str | None
    has_banlist: bool
    banned: frozenset[str]
    restricted: frozenset[str]
    two_hg: frozenset[str]
    outdated: bool = False

    @classmethod
    def of(cls, index: CardIndex, rules: EventRules) -> _Lists:
        banlist = rules.banlists.get(rules.format) if rules.format else None
        two_hg = index.resolve_names(frozenset(rules.two_headed_giant_bans))
        extra = rules.banlists.get(TWO_HEADED_GIANT)
        if extra is not None:
            two_hg |= index.resolve_names(extra.banned)
        return cls(
            format=rules.format,
            has_banlist=banlist is not None,
            banned=index.resolve_names(banlist.banned) if banlist else frozenset(),
            restricted=index.resolve_names(banlist.restricted) if banlist else frozenset(),
            two_hg=two_hg,
            outdated=rules.legalities_outdated,
        )

    def status(self, key: str, card: CardFacts) -> str | None:
        """``banned_2hg``, ``banned``, ``restricted``, ``legal``, ``not_legal`` or None (unknown)."""
        if key in self.two_hg:
            return "banned_2hg"
        if self.format is None:
            return "legal"
        if self.has_banlist:
            if key in self.banned:
                return "banned"
            if key in self.restricted:
                return "restricted"
        if self.outdated and key not in FREE_BASICS:
            # The card data is too old for this (rotating) format; the five basic lands are
            # in every set's Standard, so their status stands.
            return None
        listed = card.legalities.get(self.format)
        if self.has_banlist and listed in ("banned", "restricted"):
            return "legal"  # the catalogue's older list; the current banlist decides
        return listed


def _legality_problems(
    decks: list[_Deck], lists: _Lists, rules: EventRules, index: CardIndex
) -> list[Problem]:
    problems = []
    for deck in decks:
        unchecked = 0
        for key, held in deck.cards.items():
            status = lists.status(key, held.card)
            if status is None and lists.outdated:
                unchecked += held.count
                continue
            original = index.rebalanced_of(held.card.name)
            problem = _legality_problem(
                deck, held, status, rules.format, original.name if original else None
            )
            if problem is not None:
                problems.append(problem)
        if unchecked:
            problems.append(_outdated_problem(deck, unchecked, rules))
    return problems


def _outdated_problem(deck: _Deck, unchecked: int, rules: EventRules) -> Problem:
    """One warning per deck: the card data is too old to check a rotating format."""
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
                "data is %(when)s, too old for %(format)s, whose cards change with each set "
                "(rotation, reprints); load current card data."
            ),
            player=deck.name,
            cards=_cards(unchecked),
            format=label,
            when=when,
        ),
        players=(deck.source.player,),
        count=unchecked,
        severity="warning",
    )


def _legality_problem(
    deck: _Deck, held: _Held, status: str | None, fmt: str | None, original: str | None = None
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


# --- copy limits (constructed) ----------------------------------------------------------------


@dataclass(slots=True)
class _TeamCard:
    card: CardFacts
    restricted: bool
    holders: list[tuple[_Deck, _Held]]
    rebalanced: set[str] = field(default_factory=set)  # Arena "A-" names counted with it

    @property
    def total(self) -> int:
        return sum(held.count for _, held in self.holders)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(deck.source.player for deck, _ in self.holders)

    @property
    def line(self) -> int | None:
        return self.holders[0][1].line if len(self.holders) == 1 else None

    def shares(self) -> Text:
        """ "both Alice's and Bob's decks (4 + 2)"."""
        owners = _and_list([deck.owner for deck, _ in self.holders])
        counts = " + ".join(str(held.count) for _, held in self.holders)
        if len(self.holders) == 1:
            template = gettext_noop("%(owners)s deck (%(counts)s)")
        elif len(self.holders) == 2:
            template = gettext_noop("both %(owners)s decks (%(counts)s)")
        else:
            template = gettext_noop("%(owners)s decks (%(counts)s)")
        return Text(template, owners=owners, counts=counts)


def _team_cards(decks: list[_Deck], lists: _Lists, index: CardIndex) -> list[_TeamCard]:
    """The team's non-basic cards with who holds them. MTG Arena's rebalanced "A-X" is counted
    with the paper card X it rebalances, so "A-X" in one deck and X in another clash."""
    table: dict[str, _TeamCard] = {}
    for deck in decks:
        for key, held in deck.cards.items():
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
                entry = table[key] = _TeamCard(card, restricted, [])
            if rebalanced is not None:
                entry.rebalanced.add(rebalanced)
            _hold(entry, deck, _Held(card, held.count, held.line))
    return list(table.values())


def _hold(entry: _TeamCard, deck: _Deck, held: _Held) -> None:
    """Add a deck's copies to a team card; a deck holding it twice (A-X and X) is summed."""
    for position, (other, mine) in enumerate(entry.holders):
        if other is deck:
            entry.holders[position] = (
                deck,
                _Held(held.card, mine.count + held.count, min(mine.line, held.line)),
            )
            return
    entry.holders.append((deck, held))


def _copy_problems(
    decks: list[_Deck], lists: _Lists, udc_rule: UdcRule, index: CardIndex
) -> list[Problem]:
    team_cards = _team_cards(decks, lists, index)
    if udc_rule == "combined_four":
        return [p for tc in team_cards for p in _combined_four(tc)]
    return [p for tc in team_cards for p in _mtr(tc)]


def _own_limit(card: CardFacts) -> int:
    return card.deck_limit if card.deck_limit is not None else DEFAULT_DECK_LIMIT


def _mtr(tc: _TeamCard) -> list[Problem]:
    """MTR 8.4: one deck per card; in that deck 4, 1 if restricted, or the card's own limit."""
    problems = [p for deck, held in tc.holders if (p := _deck_limit_problem(tc, deck, held))]
    if len(tc.holders) > 1:
        problems.append(_udc_shared(tc))
    return problems


def _deck_limit_problem(tc: _TeamCard, deck: _Deck, held: _Held) -> Problem | None:
    limit = 1 if tc.restricted else _own_limit(tc.card)
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
            note=_rebalanced_note(tc),
        ),
        players=(deck.source.player,),
        count=held.count,
        limit=limit,
        line=held.line,
    )


def _limit_text(tc: _TeamCard, limit: int) -> Text:
    if tc.restricted:
        return Text(gettext_noop("a restricted card may have only 1 copy (MTR 6.2)"))
    if tc.card.deck_limit is not None:
        return Text(
            gettext_noop("its own text allows at most %(limit)s in a deck (MTR 6.1)"), limit=limit
        )
    return Text(
        gettext_noop(
            "a deck may have at most %(limit)s copies of a card other than basics (MTR 6.1)"
        ),
        limit=limit,
    )


def _udc_shared(tc: _TeamCard) -> Problem:
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
            rule=_MTR_UDC,
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


def _rebalanced_note(tc: _TeamCard) -> str:
    if not tc.rebalanced:
        return ""
    return Text(
        gettext_noop(
            " %(names)s is MTG Arena's rebalanced version of %(card)s, counted as %(card)s here."
        ),
        names=_and_list(sorted(tc.rebalanced)),
        card=tc.card.name,
    )


def _combined_four(tc: _TeamCard) -> list[Problem]:
    """Rule before July 2016: the team's decks together hold at most 4 (restricted: 1)."""
    limit = 1 if tc.restricted else _own_limit(tc.card)
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
                rule=_OLD_UDC,
                note=_rebalanced_note(tc),
            ),
            players=tc.players,
            count=tc.total,
            limit=limit,
        )
    ]


# --- limited ----------------------------------------------------------------------------------


def _pool_problems(
    decks: list[_Deck], index: CardIndex, pool: Sequence[Entry] | None
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


def _used(decks: Iterable[_Deck]) -> dict[str, _TeamCard]:
    used: dict[str, _TeamCard] = {}
    for deck in decks:
        for key, held in deck.cards.items():
            used.setdefault(key, _TeamCard(held.card, False, [])).holders.append((deck, held))
    return used


def _pool_missing(decks: list[_Deck]) -> Problem:
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
            hint=_did_you_mean(suggestions) if suggestions else "",
        ),
        players=(),
        count=entry.count,
        line=entry.line,
    )


def _not_in_pool(tc: _TeamCard, available: int) -> Problem:
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


# --- wording ----------------------------------------------------------------------------------


def _cards(count: int) -> Text:
    return Text.counted(ngettext_noop("%(count)s card", "%(count)s cards"), count, count=count)


def _did_you_mean(suggestions: list[str]) -> Text:
    return Text(gettext_noop(" Did you mean %(names)s?"), names=_or_list(suggestions))


def _series(items: Sequence[str]) -> str:
    """ "A, B, C": the items before the last of a list (names, or words to translate)."""
    if len(items) == 1:
        return items[0]
    return Text("%(items)s, %(item)s", items=_series(items[:-1]), item=items[-1])


def _and_list(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return Text(gettext_noop("%(items)s and %(last)s"), items=_series(items[:-1]), last=items[-1])


def _or_list(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return Text(gettext_noop("%(items)s or %(last)s"), items=_series(items[:-1]), last=items[-1])
