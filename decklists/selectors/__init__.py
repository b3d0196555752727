"""Reads of decklists: whether lists are locked, and the check of a team or a whole event.

:func:`team_report` parses the saved texts and runs decklists.domain.udc.validate_team against
the catalogue of this process (decklists.catalogue_cache). Nothing of the check is stored (facts,
not counters); results are memoised per process by their inputs, so a board of every team or a
page that follows a team's saves costs little. The access layer reads :func:`is_locked`.

Rules: MTR 6.1 (60 cards, 4 copies), 6.2-6.7 (banned and restricted lists), 8.4 and 9.5 (Unified
Deck Construction, no sideboard, the 2HG-only ban), 7.1 and 9.6 (limited: 40 cards from the pool,
the shared sideboard). decklists/domain/udc.py has the details.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, cast

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import pgettext_lazy

from core.text import Text, gettext_noop
from decklists import catalogue_cache, hooks
from decklists.domain.cards import CardFacts, CardIndex, normalize_name
from decklists.domain.decklists import (
    Entry,
    ParseError,
    Skipped,
    parse_count_lines,
    parse_decklist,
)
from decklists.domain.problems import read_deck
from decklists.domain.rebuild import between_matches, continuous_construction
from decklists.domain.udc import (
    DeckInput,
    EventRules,
    Problem,
    Structure,
    UdcRule,
    holders,
    is_checked,
    shared_sideboard,
)
from decklists.domain.udc import validate_team as _validate_team
from decklists.models import Decklist, DecklistChange, EventDeckRules, TeamPool
from decklists.selectors import deck_rules
from tournament.models import Event, Player, Team

STATUS_MISSING, STATUS_ILLEGAL, STATUS_LEGAL = "missing", "illegal", "legal"
STATUS_UNCHECKED = "unchecked"
STATUSES = (STATUS_MISSING, STATUS_ILLEGAL, STATUS_UNCHECKED, STATUS_LEGAL)
STATUS_LABELS = {  # status_label() gives them in the reader's language
    STATUS_MISSING: pgettext_lazy("decklist status", "missing"),
    STATUS_ILLEGAL: pgettext_lazy("decklist status", "illegal"),
    STATUS_UNCHECKED: pgettext_lazy("decklist status", "not checked"),
    STATUS_LEGAL: pgettext_lazy("decklist status", "legal"),
}


def status_label(status: str) -> str:
    """A list status in words, in the reader's language ("" for an unknown status)."""
    return str(STATUS_LABELS[status]) if status in STATUS_LABELS else ""


TYPE_ORDER = (
    "Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment",
    "Land", "Other", "Unknown",
)  # fmt: skip


def is_locked(event: Event) -> bool:
    """Lists lock when round 1 is paired: the event is no longer in registration. A judge's
    change after that is logged; :func:`team_lists_open` says whether the team itself may still
    change its lists (MTR 7.3)."""
    return event.status != Event.Status.REGISTRATION


def decklists_required(event: Event) -> bool:
    """Whether the event collects decklists (the organizer's deck rules; yes unless turned off)."""
    chosen = EventDeckRules.objects.filter(event=event).values_list("decklists_required", flat=True)
    return chosen.first() is not False


def rebuilds_between_matches(event: Event) -> bool:
    """MTR 7.3 applies: a limited event at Regular REL that collects no decklists (one query
    at most; none for constructed events or other RELs)."""
    if not continuous_construction(
        structure=event.structure, rel=event.rel, decklists_required=False
    ):
        return False
    return not decklists_required(event)


def team_lists_open(team: Team, event: Event | None = None) -> bool:
    """Whether the team itself may change its decklists now (decklists.domain.rebuild): before
    round 1 is paired, or between matches where MTR 7.3 applies. A judge always may."""
    event = event or team.event
    if not is_locked(event):
        return True
    if not rebuilds_between_matches(event):
        return False
    return between_matches(hooks.TEAM_MATCH(team))


# --- read side ----------------------------------------------------------------------------------


def two_headed_giant_bans(
    event: Event, snap: catalogue_cache.Snapshot | None = None
) -> tuple[list[str], bool]:
    """(the 2HG-only banned names in force for the event, whether the organizer chose them)."""
    chosen = deck_rules.of(event).two_headed_giant_bans
    if chosen is not None:
        return list(chosen), True
    lists = (snap or catalogue_cache.snapshot()).banlists
    return sorted(lists.two_headed_giant, key=str.casefold), False


def event_rules(
    event: Event,
    two_hg: Iterable[str] | None = None,
    snap: catalogue_cache.Snapshot | None = None,
) -> EventRules:
    snap = snap or catalogue_cache.snapshot()
    lists = snap.banlists
    if two_hg is None:
        two_hg, _ = two_headed_giant_bans(event, snap)
    return EventRules(
        structure=cast(Structure, event.structure),
        format=(event.format or None) if event.is_constructed else None,
        udc_rule=cast(UdcRule, deck_rules.of(event).udc_rule),
        banlists=lists.formats,
        two_headed_giant_bans=frozenset(two_hg),
        card_data_date=snap.cards_date,
        checked_on=event.date or timezone.localdate(),
    )


@dataclass(frozen=True)
class DeckLine:
    """One card line of a deck as shown: the catalogue's name when the card is known."""

    name: str
    written: str
    count: int
    line: int
    known: bool
    type_group: str
    type_line: str = ""
    other_name: str = ""  # the list used another printed name of the card (MTR 3.6)
    rebalances: str = ""  # an Arena "A-" card: the paper card it rebalances


@dataclass
class DeckView:
    player: Player
    decklist: Decklist | None
    main: list[DeckLine]
    sideboard: list[DeckLine]
    input: DeckInput
    commander: list[DeckLine] = field(default_factory=list)  # the command zone (Commander)
    skipped: tuple[tuple[str, Skipped], ...] = ()  # (box, line) read on purpose, not counted
    form: str = ""  # the form the main list was read as (decklists.domain.deck_lines.Form)

    @property
    def submitted(self) -> bool:
        return self.input.submitted

    @property
    def main_count(self) -> int:
        return sum(line.count for line in self.main)

    @property
    def sideboard_count(self) -> int:
        return sum(line.count for line in self.sideboard)

    @property
    def commander_count(self) -> int:
        return sum(line.count for line in self.commander)

    def groups(self) -> list[tuple[str, list[DeckLine], int]]:
        """Main deck lines by card type (deck check sheets), with each group's total."""
        by_type: dict[str, list[DeckLine]] = {}
        for line in self.main:
            by_type.setdefault(line.type_group, []).append(line)
        return [
            (group, sorted(lines, key=lambda x: x.name.casefold()), sum(x.count for x in lines))
            for group in TYPE_ORDER
            if (lines := by_type.get(group))
        ]


@dataclass
class TeamReport:
    team: Team
    event: Event
    locked: bool  # the team itself may no longer change its lists
    decks: list[DeckView]
    problems: list[Problem]
    holders: dict[str, dict[int, int]]
    pool: TeamPool | None = None
    pool_lines: list[DeckLine] = field(default_factory=list)
    shared_sideboard: list[DeckLine] = field(default_factory=list)
    two_headed_giant_bans: list[str] = field(default_factory=list)
    cards_date: dt.date | None = None  # date of the card data the check used
    rebuild: bool = False  # round 1 is paired and MTR 7.3 lets the team rebuild between matches

    @property
    def limited(self) -> bool:
        return not self.event.is_constructed

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity != "error"]

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def pool_missing(self) -> bool:
        return self.limited and (self.pool is None or not self.pool.text.strip())

    @property
    def checked(self) -> bool:
        """Every card's legality in the format is known (no ``UNCHECKED_CODES`` warning)."""
        return is_checked(self.problems)

    @property
    def status(self) -> str:
        """missing (a list, or a limited team's pool), illegal (an error), unchecked (a card's
        legality in the format is unknown: never called legal), or legal."""
        if any(not deck.submitted for deck in self.decks) or self.pool_missing:
            return STATUS_MISSING
        if not self.valid:
            return STATUS_ILLEGAL
        return STATUS_LEGAL if self.checked else STATUS_UNCHECKED

    @property
    def status_label(self) -> str:
        return status_label(self.status)

    @property
    def pool_count(self) -> int:
        return sum(line.count for line in self.pool_lines)

    def problem_cards(self) -> dict[str, list[Problem]]:
        """Card name -> its problems (to highlight the card in each deck)."""
        cards: dict[str, list[Problem]] = {}
        for problem in self.problems:
            if problem.card:
                cards.setdefault(problem.card, []).append(problem)
        return cards

    def holders_of(self, card: str | None) -> list[tuple[Player, int]]:
        if not card:
            return []
        counts = self.holders.get(card, {})
        return [(d.player, counts[d.player.pk]) for d in self.decks if d.player.pk in counts]

    def problems_of(self, player_id: int) -> list[Problem]:
        return [p for p in self.problems if player_id in p.players]


def _type_group(card: CardFacts | None) -> str:
    if card is None:
        return "Unknown"
    front = card.type_line.split(" // ")[0].split("\u2014")[0]
    words = set(front.replace("-", " ").split())
    for group in ("Creature", "Planeswalker", "Battle", "Land", "Instant", "Sorcery", "Artifact",
                  "Enchantment"):  # fmt: skip
        if group in words:
            return group
    return "Other"


def _lines(entries: Sequence[Entry], index: CardIndex) -> list[DeckLine]:
    lines = []
    for entry in entries:
        card = index.get(entry.name)
        original = index.rebalanced_of(card.name if card else entry.name)
        lines.append(
            DeckLine(
                name=card.name if card else entry.name,
                written=entry.name,
                count=entry.count,
                line=entry.line,
                known=card is not None,
                type_group=_type_group(card),
                type_line=card.type_line if card else "",
                other_name=entry.name if card and index.is_other_name(entry.name) else "",
                rebalances=original.name if original else "",
            )
        )
    return lines


def _deck_input(
    player: Player, decklist: Decklist | None, rules: EventRules
) -> tuple[DeckInput, tuple[tuple[str, Skipped], ...], str]:
    """The player's deck as the check takes it, the lines skipped (with their box) and the form
    of the main list."""
    if decklist is None or not decklist.submitted:
        missing = DeckInput(player=player.pk, player_name=player.name, main=(), submitted=False)
        return missing, (), ""
    # Two-Headed Giant has no sideboard of a player's own (MTR 9.5, 9.6): a blank line in a
    # pasted list starts one only after a whole deck, before at most 15 cards (an MTGO export);
    # a "Sideboard" header still does.
    main = parse_decklist(decklist.main_text, blank_line_sideboard=rules.blank_line_rule)
    side = parse_decklist(decklist.sideboard_text, default_section="sideboard")
    side_errors = [
        ParseError(e.line, Text(gettext_noop("sideboard box: %(error)s"), error=e.message), e.text)
        for e in side.errors
    ]
    deck = read_deck(player.pk, player.name, main, side, rules, side_errors)
    skipped = tuple(("main", line) for line in main.skipped) + tuple(
        ("sideboard", line) for line in side.skipped
    )
    return deck, skipped, main.form


class _Memo:
    """Validation results by their inputs (bounded; shared by the threads of a process)."""

    SIZE = 4096

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple, list[Problem]] = OrderedDict()

    def get(self, key: tuple) -> list[Problem] | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: tuple, value: list[Problem]) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.SIZE:
                self._items.popitem(last=False)


_memo = _Memo()


def _pool_problems(pool: TeamPool | None) -> tuple[tuple[Entry, ...] | None, list[Problem]]:
    if pool is None or not pool.text.strip():
        return None, []
    entries, errors = parse_count_lines(pool.text)
    problems = [
        Problem(
            code="parse_error",
            card=None,
            message=Text(
                gettext_noop("The team's pool, line %(line)s: %(error)s%(shown)s"),
                line=e.line,
                error=e.message,
                shown=f" ({e.text!r})" if e.text else "",
            ),
            players=(),
            line=e.line,
        )
        for e in errors
    ]
    return entries, problems


def team_report(
    team: Team,
    *,
    players: Sequence[Player] | None = None,
    decklists: dict[int, Decklist] | None = None,
    pool: TeamPool | None | Literal[False] = False,
    two_hg: Sequence[str] | None = None,
    snap: catalogue_cache.Snapshot | None = None,
    locked: bool | None = None,
) -> TeamReport:
    """The team's decklists checked: problems, holders, the shared sideboard of limited teams.

    ``players``, ``decklists`` (by player id), ``pool`` and ``two_hg`` may be given preloaded
    (the board checks every team with a handful of queries). ``locked``: whether the team
    itself may no longer change its lists; by default :func:`team_lists_open` decides it.
    """
    event = team.event
    players = list(players) if players is not None else list(team.players.all())
    if decklists is None:
        decklists = {d.player_id: d for d in Decklist.objects.filter(player__team=team)}
    if pool is False:
        pool = None if event.is_constructed else TeamPool.objects.filter(team=team).first()
    snap = snap or catalogue_cache.snapshot()
    index = snap.index
    if two_hg is None:
        two_hg, _ = two_headed_giant_bans(event, snap)
    rules = event_rules(event, two_hg, snap)
    read = [_deck_input(p, decklists.get(p.pk), rules) for p in players]
    inputs = [deck for deck, _, _ in read]
    pool_entries, pool_problems = (None, []) if event.is_constructed else _pool_problems(pool)
    key = (
        snap.cards_token,
        snap.banlists_token,
        rules.structure,
        rules.format,
        rules.udc_rule,
        rules.legalities_outdated,
        rules.card_data_date,
        tuple(sorted(rules.two_headed_giant_bans)),
        tuple(
            (p.pk, p.name, d.main_text, d.sideboard_text) if (d := decklists.get(p.pk)) else p.pk
            for p in players
        ),
        pool.text if pool is not None else None,
    )
    problems = _memo.get(key)
    if problems is None:
        problems = _validate_team(inputs, index, rules, pool=pool_entries) + pool_problems
        _memo.put(key, problems)
    decks = [
        DeckView(
            player=p,
            decklist=decklists.get(p.pk),
            main=_lines(i.main, index),
            sideboard=_lines(i.sideboard, index),
            input=i,
            commander=_lines(i.commander, index),
            skipped=skipped,
            form=form,
        )
        for p, (i, skipped, form) in zip(players, read, strict=True)
    ]
    rebuild = False
    if locked is None:
        rebuild = is_locked(event) and rebuilds_between_matches(event)
        locked = is_locked(event) and not (rebuild and between_matches(hooks.TEAM_MATCH(team)))
    report = TeamReport(
        team=team,
        event=event,
        locked=locked,
        rebuild=rebuild,
        decks=decks,
        problems=problems,
        holders=holders(inputs, index),
        pool=pool,
        two_headed_giant_bans=list(two_hg),
        cards_date=snap.cards_date,
    )
    if pool_entries is not None:
        report.pool_lines = _lines(pool_entries, index)
        report.shared_sideboard = _lines(shared_sideboard(pool_entries, inputs, index), index)
    return report


def board(event: Event, *, query: str = "") -> list[TeamReport]:
    """Every team's decklist status (missing, illegal, legal), in a few queries."""
    teams = list(event.teams.all().prefetch_related("players"))
    decklists = {
        d.player_id: d for d in Decklist.objects.filter(player__event=event).select_related(None)
    }
    pools = (
        {}
        if event.is_constructed
        else {p.team_id: p for p in TeamPool.objects.filter(team__event=event)}
    )
    snap = catalogue_cache.snapshot()
    two_hg, _ = two_headed_giant_bans(event, snap)
    locked = is_locked(event)  # the board states the event's lock, not each team's (MTR 7.3)
    needle = normalize_name(query) if query.strip() else ""
    reports = []
    for team in teams:
        team.event = event
        players = list(team.players.all())
        if (
            needle
            and needle not in normalize_name(team.name)
            and not any(needle in normalize_name(p.name) for p in players)
        ):
            continue
        report = team_report(
            team,
            players=players,
            decklists={p.pk: decklists[p.pk] for p in players if p.pk in decklists},
            pool=pools.get(team.pk),
            two_hg=two_hg,
            snap=snap,
            locked=locked,
        )
        reports.append(report)
    return reports


def status_counts(reports: Iterable[TeamReport]) -> dict[str, int]:
    counts = dict.fromkeys(STATUSES, 0)
    for report in reports:
        counts[report.status] += 1
    return counts


def changes(event: Event, team: Team | None = None) -> QuerySet[DecklistChange]:
    rows = DecklistChange.objects.filter(team__event=event).select_related("team", "player")
    return rows.filter(team=team) if team is not None else rows
