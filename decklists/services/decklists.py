"""Decklists and limited pools: saving them (write side) and checking a team (read side).

Write side: one transaction per call. Lists are saved as the text submitted; a list *locks* when
round 1 is paired (the event leaves "registration"). The event row is locked while saving, so a
save and the pairing of round 1 never interleave: a save that waited for the pairing sees the
lock. After the lock only a judge changes a list (``judge=True``, decided by the interface through
the access layer), and every such change is logged as a DecklistChange.

Read side: :func:`team_report` parses the texts and runs decklists.domain.udc.validate_team
against the catalogue of this process (decklists.catalogue_cache). Nothing of the check is stored
(facts, not counters); results are memoised per process by their inputs, so a board of every
team or a page polled by phones costs little.

Rules: MTR 6.1 (60 cards, 4 copies), 6.2-6.7 (banned and restricted lists), 8.4 and 9.5 (Unified
Deck Construction, no sideboard, the 2HG-only ban), 7.1 and 9.6 (limited: 40 cards from the pool,
the shared sideboard). tournament/domain/udc.py has the details.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, cast

from django.db import transaction
from django.utils import timezone

from core import events
from core.errors import Conflict, ServiceError
from decklists import catalogue_cache
from decklists.domain.cards import CardFacts, CardIndex, normalize_name
from decklists.domain.decklists import Entry, ParseError, parse_count_lines, parse_decklist
from decklists.domain.udc import (
    DeckInput,
    EventRules,
    Problem,
    Structure,
    UdcRule,
    holders,
    shared_sideboard,
)
from decklists.domain.udc import validate_team as _validate_team
from decklists.errors import DecklistsLocked
from decklists.models import Decklist, DecklistChange, EventDeckRules, TeamPool
from decklists.selectors import is_locked
from tournament.domain.names import BIDI_CONTROLS
from tournament.models import Event, Player, Team

MAX_TEXT_CHARS = 50_000
MAX_TEXT_LINES = 1_000
MAX_UPLOAD_BYTES = 200_000
STATUS_MISSING, STATUS_ILLEGAL, STATUS_LEGAL = "missing", "illegal", "legal"
STATUSES = (STATUS_MISSING, STATUS_ILLEGAL, STATUS_LEGAL)
TYPE_ORDER = (
    "Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment",
    "Land", "Other", "Unknown",
)  # fmt: skip


# --- checking input -----------------------------------------------------------------------------


def clean_text(value: object, field_name: str) -> str:
    """The submitted text of one box, or ServiceError {field: [message]} (cheap on huge input)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ServiceError(errors={field_name: ["Send the list as text."]}, code="invalid")
    if len(value) > MAX_TEXT_CHARS:
        raise ServiceError(
            errors={field_name: [f"The list is longer than {MAX_TEXT_CHARS:,} characters."]},
            code="too_long",
        )
    if value.count("\n") + 1 > MAX_TEXT_LINES or value.count("\r") + 1 > MAX_TEXT_LINES:
        raise ServiceError(
            errors={field_name: [f"The list has more than {MAX_TEXT_LINES:,} lines."]},
            code="too_long",
        )
    if "\x00" in value:
        raise ServiceError(errors={field_name: ["The list contains a NUL character."]})
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ServiceError(
            errors={field_name: ["The list contains characters that are not valid text."]}
        ) from exc
    return value


_DEK_CARD = re.compile(r"<Cards\b[^>]*>", re.I)
_DEK_ATTR = re.compile(r'(\w+)\s*=\s*"([^"]*)"')


def uploaded_text(data: bytes, filename: str = "") -> str:
    """The text of an uploaded decklist file: plain text, or an MTGO .dek (XML) turned into text."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise ServiceError(
            errors={"file": [f"The file is larger than {MAX_UPLOAD_BYTES // 1000} kB."]},
            code="too_long",
        )
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1252 decodes nearly everything
        raise ServiceError(errors={"file": ["The file is not text."]})
    if filename.lower().endswith(".dek") or text.lstrip().startswith("<?xml"):
        return _dek_to_text(text)
    return text


def _dek_to_text(xml: str) -> str:
    """MTGO's .dek: <Cards Quantity="4" Sideboard="false" Name="Lightning Bolt" />."""
    main: list[str] = []
    side: list[str] = []
    for tag in _DEK_CARD.findall(xml):
        attrs = {k.lower(): v for k, v in _DEK_ATTR.findall(tag)}
        name = attrs.get("name", "").replace("&amp;", "&").replace("&quot;", '"')
        line = f"{attrs.get('quantity', '1')} {name.replace('&apos;', chr(39))}"
        (side if attrs.get("sideboard", "false").lower() == "true" else main).append(line)
    if not main and not side:
        raise ServiceError(errors={"file": ["No cards found in the .dek file."]})
    return "\n".join(main + (["", "Sideboard"] + side if side else [])).lstrip("\n")


def clean_reason(value: object) -> str:
    """A judge's reason for a change after the lock, as the change log stores it."""
    reason = str(value or "")[:2000]
    if "\x00" in reason:  # PostgreSQL refuses NUL in text
        raise ServiceError(errors={"reason": ["The reason contains a NUL character."]})
    return reason


def clean_card_names(values: object, field_name: str = "banned") -> list[str]:
    """A list of card names as the catalogue writes them; unknown names get a "did you mean"."""
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ServiceError(errors={field_name: ["Send a list of card names."]})
    if len(values) > 500:
        raise ServiceError(errors={field_name: ["At most 500 names."]})
    index = catalogue_cache.card_index()
    names, errors = [], []
    for raw in values:
        name = " ".join(raw.split())
        if not name:
            continue
        if any(ch in BIDI_CONTROLS or (ord(ch) < 32) for ch in name) or len(name) > 200:
            errors.append(f"{name[:40]!r} is not a card name.")
            continue
        card = index.get(name) if len(index) else None
        if card is None and len(index):
            hint = index.suggest(name)
            errors.append(
                f"No card named {name!r}." + (f" Did you mean {' or '.join(hint)}?" if hint else "")
            )
            continue
        names.append(card.name if card is not None else name)
    if errors:
        raise ServiceError(errors={field_name: errors}, code="unknown_card")
    return sorted(set(names), key=str.casefold)


# --- write side ---------------------------------------------------------------------------------


def _lock_event(event_id: int) -> Event:
    return Event.objects.select_for_update().get(pk=event_id)


def _check_base(current_at, base: str | None) -> None:
    """Optimistic check for pages: the list changed since the form was shown."""
    if base is None:
        return
    shown = "" if current_at is None else current_at.isoformat()
    if base != shown:
        raise Conflict(
            "This list was changed (by a teammate or a judge) since you opened the page. "
            "Reload to see it, then make your change again.",
            code="changed_meanwhile",
        )


@transaction.atomic
def decklist_submit(
    *,
    player: Player,
    main: object,
    sideboard: object = "",
    user=None,
    by_team: bool = False,
    judge: bool = False,
    reason: str = "",
    base: str | None = None,
) -> Decklist:
    """Save a player's decklist; after the lock only with ``judge`` and logged."""
    main_text = clean_text(main, "main")
    sideboard_text = clean_text(sideboard, "sideboard")
    reason = clean_reason(reason)
    event = _lock_event(player.event_id)
    locked = is_locked(event)
    if locked and not judge:
        raise DecklistsLocked
    decklist = Decklist.objects.select_for_update().filter(player=player).first()
    _check_base(decklist.submitted_at if decklist else None, base)
    before = (decklist.main_text, decklist.sideboard_text) if decklist else ("", "")
    now = timezone.now()
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    if decklist is None:
        decklist = Decklist(player=player)
    decklist.main_text, decklist.sideboard_text = main_text, sideboard_text
    decklist.submitted_at, decklist.submitted_by_id, decklist.by_team = now, user_id, by_team
    decklist.save()
    if locked and before != (main_text, sideboard_text):
        DecklistChange.objects.create(
            team_id=player.team_id,
            player=player,
            changed_by_id=user_id,
            changed_by_name=getattr(user, "username", "") or "team",
            changed_at=now,
            reason=reason,
            main_before=before[0],
            sideboard_before=before[1],
            main_after=main_text,
            sideboard_after=sideboard_text,
        )
    events.decklists_changed.fire(events.DecklistsChanged(player.event_id, player.team_id))
    return decklist


@transaction.atomic
def pool_submit(
    *,
    team: Team,
    text: object,
    user=None,
    by_team: bool = False,
    judge: bool = False,
    reason: str = "",
    base: str | None = None,
) -> TeamPool:
    """Register a limited team's card pool (MTR 9.6); after the lock only a judge, logged."""
    pool_text = clean_text(text, "pool")
    reason = clean_reason(reason)
    event = _lock_event(team.event_id)
    if event.structure == Event.Structure.CONSTRUCTED:
        raise ServiceError(
            "This is a constructed event: teams have no card pool.", code="not_limited"
        )
    locked = is_locked(event)
    if locked and not judge:
        raise DecklistsLocked
    pool = TeamPool.objects.select_for_update().filter(team=team).first()
    _check_base(pool.submitted_at if pool else None, base)
    before = pool.text if pool else ""
    now = timezone.now()
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    if pool is None:
        pool = TeamPool(team=team)
    pool.text, pool.submitted_at, pool.submitted_by_id, pool.by_team = (
        pool_text,
        now,
        user_id,
        by_team,
    )
    pool.save()
    if locked and before != pool_text:
        DecklistChange.objects.create(
            team=team,
            player=None,
            changed_by_id=user_id,
            changed_by_name=getattr(user, "username", "") or "team",
            changed_at=now,
            reason=reason,
            main_before=before,
            main_after=pool_text,
        )
    events.decklists_changed.fire(events.DecklistsChanged(team.event_id, team.pk))
    return pool


@transaction.atomic
def two_headed_giant_bans_set(*, event: Event, names: object, user=None) -> EventDeckRules:
    """The event's own 2HG-only banned cards (MTR 9.5); ``None`` follows the loaded banlists."""
    event = _lock_event(event.pk)
    clean = None if names is None else clean_card_names(names)
    rules, _ = EventDeckRules.objects.get_or_create(event=event)
    rules.two_headed_giant_bans = clean
    rules.updated_by = user if getattr(user, "is_authenticated", False) else None
    rules.save()
    return rules


# --- read side ----------------------------------------------------------------------------------


def two_headed_giant_bans(
    event: Event, snap: catalogue_cache.Snapshot | None = None
) -> tuple[list[str], bool]:
    """(the 2HG-only banned names in force for the event, whether the organizer chose them)."""
    own = EventDeckRules.objects.filter(event=event).values_list("two_headed_giant_bans", flat=True)
    chosen = own.first()
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
        udc_rule=cast(UdcRule, event.udc_rule),
        banlists=lists.formats,
        two_headed_giant_bans=frozenset(two_hg),
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


@dataclass
class DeckView:
    player: Player
    decklist: Decklist | None
    main: list[DeckLine]
    sideboard: list[DeckLine]
    input: DeckInput

    @property
    def submitted(self) -> bool:
        return self.input.submitted

    @property
    def main_count(self) -> int:
        return sum(line.count for line in self.main)

    @property
    def sideboard_count(self) -> int:
        return sum(line.count for line in self.sideboard)

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
    locked: bool
    decks: list[DeckView]
    problems: list[Problem]
    holders: dict[str, dict[int, int]]
    pool: TeamPool | None = None
    pool_lines: list[DeckLine] = field(default_factory=list)
    shared_sideboard: list[DeckLine] = field(default_factory=list)
    two_headed_giant_bans: list[str] = field(default_factory=list)

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
    def status(self) -> str:
        """missing (a list, or a limited team's pool), illegal (an error), or legal."""
        if any(not deck.submitted for deck in self.decks) or self.pool_missing:
            return STATUS_MISSING
        return STATUS_LEGAL if self.valid else STATUS_ILLEGAL

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
        lines.append(
            DeckLine(
                name=card.name if card else entry.name,
                written=entry.name,
                count=entry.count,
                line=entry.line,
                known=card is not None,
                type_group=_type_group(card),
                type_line=card.type_line if card else "",
            )
        )
    return lines


def _deck_input(player: Player, decklist: Decklist | None) -> DeckInput:
    if decklist is None or not decklist.submitted:
        return DeckInput(player=player.pk, player_name=player.name, main=(), submitted=False)
    main = parse_decklist(decklist.main_text)
    side = parse_decklist(decklist.sideboard_text, default_section="sideboard")
    errors = list(main.errors) + [
        ParseError(e.line, f"sideboard box: {e.message}", e.text) for e in side.errors
    ]
    return DeckInput(
        player=player.pk,
        player_name=player.name,
        main=main.main + side.main,
        sideboard=main.sideboard + side.sideboard,
        parse_errors=tuple(errors),
    )


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
            message=f"The team's pool, line {e.line}: {e.message}"
            + (f" ({e.text!r})" if e.text else ""),
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
) -> TeamReport:
    """The team's decklists checked: problems, holders, the shared sideboard of limited teams.

    ``players``, ``decklists`` (by player id), ``pool`` and ``two_hg`` may be given preloaded
    (the board checks every team with a handful of queries).
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
    inputs = [_deck_input(p, decklists.get(p.pk)) for p in players]
    pool_entries, pool_problems = (None, []) if event.is_constructed else _pool_problems(pool)
    key = (
        snap.cards_token,
        snap.banlists_token,
        rules.structure,
        rules.format,
        rules.udc_rule,
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
        )
        for p, i in zip(players, inputs, strict=True)
    ]
    report = TeamReport(
        team=team,
        event=event,
        locked=is_locked(event),
        decks=decks,
        problems=problems,
        holders=holders(inputs, index),
        pool=pool,
        two_headed_giant_bans=list(two_hg),
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
        )
        reports.append(report)
    return reports


def status_counts(reports: Iterable[TeamReport]) -> dict[str, int]:
    counts = dict.fromkeys(STATUSES, 0)
    for report in reports:
        counts[report.status] += 1
    return counts


def changes(event: Event, team: Team | None = None):
    rows = DecklistChange.objects.filter(team__event=event).select_related("team", "player")
    return rows.filter(team=team) if team is not None else rows
