"""Reads of rounds, matches and standings (the standings are computed, never stored).

Standings (MTR 3.1, App. C) come from the final Swiss matches, the Match Point penalties that
answer pairing.hooks.PENALTY_POINTS (the judging app), and the teams that answer
pairing.hooks.DISQUALIFIED; pairing.domain.tiebreakers does the arithmetic.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict, cast

from django.db.models import Count, F, Max, Q, QuerySet, Sum
from django.utils.translation import gettext

from decklists import selectors as decklists
from decklists.models import Decklist
from pairing import hooks
from pairing.adapters import match_record
from pairing.domain import match_format as match_formats
from pairing.domain.seats import MatchProgress
from pairing.domain.structure import Structure, plan
from pairing.domain.tiebreakers import (
    MatchRecord,
    Order,
    StandingRow,
    compute_standings,
    missed_records,
)
from pairing.models import Match, MatchTeam, ResultReport, Round
from pairing.selectors import settings as pairing_settings
from tournament.models import Event, Team
from tournament.selectors import playing_teams

if TYPE_CHECKING:  # the type of an annotated queryset (django-stubs)
    from django_stubs_ext import WithAnnotations


def match_format(event: Event) -> match_formats.MatchFormat:
    """How the event's matches are decided (``Event.match_format``; MTR 9.1: one game)."""
    return match_formats.match_format(event.match_format)


def penalties(event: Event, after_round: int) -> dict[int, int]:
    """Match points to take off per team id in the standings after round ``after_round``: the
    Match Point penalties of rounds 1..after_round (pairing.hooks.PENALTY_POINTS, added up)."""
    return {int(team): points for team, points in hooks.PENALTY_POINTS(event, after_round).items()}


def disqualified(event: Event) -> set[int]:
    return {int(team) for answer in hooks.DISQUALIFIED(event) for team in answer}


# --- decklists before round 1 ------------------------------------------------------------


@dataclass(frozen=True)
class DecklistGap:
    """A team whose lists are not ready when round 1 is paired (MTR 2.7)."""

    team_id: int
    name: str
    status: str  # missing | illegal


def decklists_collected(event: Event) -> bool:
    """Whether the event collects decklists: always at Competitive and Professional REL; at
    Regular REL once any list was entered, since the head judge may require them (MTR 2.7)."""
    if event.rel != Event.Rel.REGULAR:
        return True
    return Decklist.objects.filter(player__event=event).exists()


def decklist_gaps(event: Event) -> list[DecklistGap]:
    """Teams still playing whose lists are missing or break the rules, by name, while round 1 is
    not paired (pairing it locks the lists, MTR 2.7); empty when the event collects none."""
    if event.status != Event.Status.REGISTRATION or not decklists_collected(event):
        return []
    gaps = [
        DecklistGap(r.team.pk, r.team.name, r.status)
        for r in decklists.board(event)
        if not r.team.dropped and r.status != decklists.STATUS_LEGAL
    ]
    return sorted(gaps, key=lambda g: (g.status, g.name.casefold()))


def describe_gaps(gaps: Sequence[DecklistGap], limit: int = 12) -> str:
    """'Team Red (no lists), Team Blue (illegal lists) and 3 more'."""
    words = {"missing": gettext("lists missing"), "illegal": gettext("lists break the rules")}
    named = [f"{g.name} ({words.get(g.status, g.status)})" for g in gaps[:limit]]
    more = len(gaps) - limit
    if more > 0:
        return gettext("%(teams)s and %(count)s more") % {"teams": ", ".join(named), "count": more}
    return ", ".join(named)


# --- the event's structure ----------------------------------------------------------------


def structure(event: Event) -> Structure:
    """Swiss rounds and playoff size (pairing.domain.structure.plan): the organizer's, or from
    the team count.

    The count is the teams of round 1 once it is paired (drops later do not change the plan),
    else the teams registered, not dropped and not waiting under the team cap."""
    first = Round.objects.filter(event=event, number=1).first()
    byes: list[int]
    if first is not None:
        byes = list(
            MatchTeam.objects.filter(round=first).values_list("team__awarded_byes", flat=True)
        )
    else:  # the teams taking part: a capped event's waiting list is not counted
        byes = list(playing_teams(event).values_list("awarded_byes", flat=True))
    # MTR App. E: a team with a 1-, 2- or 3-round bye counts as 2, 4 or 8 teams.
    teams = sum(2 ** min(n, 3) for n in byes)
    chosen = pairing_settings.of(event)
    return plan(
        teams,
        swiss_rounds=chosen.swiss_rounds,
        top_cut=chosen.top_cut,
        cut_automatic=chosen.top_cut_automatic,
        draft=event.structure == Event.Structure.DRAFT,
    )


# --- rounds --------------------------------------------------------------------------------


class RoundCounts(TypedDict):
    """The counts rounds_with_counts puts on each round."""

    match_count: int
    final_count: int
    disputed_count: int


def rounds_with_counts(
    event: Event, *, published_only: bool = False
) -> QuerySet[WithAnnotations[Round, RoundCounts]]:
    """The event's rounds with match counts: total, final, disputed, byes."""
    rounds = Round.objects.filter(event=event)
    if published_only:
        rounds = rounds.filter(published=True)
    return rounds.annotate(
        match_count=Count("matches", filter=Q(matches__team_b__isnull=False)),
        final_count=Count(
            "matches", filter=Q(matches__status="final", matches__team_b__isnull=False)
        ),
        disputed_count=Count("matches", filter=Q(matches__status="disputed")),
    ).order_by("number")


def latest_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def unfinished_count(round_: Round) -> int:
    return round_.matches.exclude(status=Match.Status.FINAL).count()


def has_results(round_: Round) -> bool:
    """A result or a team's report is in (byes aside): the round can no longer be unpaired."""
    played = round_.matches.filter(team_b__isnull=False)
    return (
        played.exclude(status=Match.Status.PENDING).exists()
        or ResultReport.objects.filter(match__round=round_).exists()
    )


def missing_results(round_: Round) -> QuerySet[Match]:
    """Matches of the round without a final result, by table: what the floor must chase."""
    return (
        round_.matches.exclude(status=Match.Status.FINAL)
        .select_related("team_a", "team_b")
        .prefetch_related("reports")
        .order_by("table")
    )


# --- standings -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamInfo:
    id: int
    name: str
    dropped: bool
    dropped_after_round: int | None


@dataclass
class Facts:
    """What the standings are computed from, loaded in a few queries."""

    event: Event
    after_round: int
    teams: dict[int, TeamInfo]
    matches: list[MatchRecord]
    penalties: dict[int, int]
    disqualified: set[int]
    seed: int
    load_seconds: float = 0.0


@dataclass
class Standings:
    event: Event
    round: int  # standings after this Swiss round (0: before round 1)
    rows: list[StandingRow]
    teams: dict[int, TeamInfo]
    matches: list[MatchRecord]
    seed: int
    load_seconds: float = 0.0
    compute_seconds: float = 0.0
    _by_team: dict[int, StandingRow] = field(default_factory=dict)

    def row(self, team_id: int) -> StandingRow | None:
        if not self._by_team:
            self._by_team = {row.team: row for row in self.rows}
        return self._by_team.get(team_id)


def standings_seed(event: Event) -> int:
    """The seed of the final random tiebreak: round 1's seed, so it is fixed for the event."""
    seed = Round.objects.filter(event=event, number=1).values_list("seed", flat=True).first()
    return seed if seed is not None else event.pk


def complete_swiss_rounds(event: Event, *, published_only: bool = False) -> int:
    """The number of the last Swiss round whose matches are all final (0 if none); with
    ``published_only``, the last such round of those published in order (what the public sees)."""
    done = 0
    for number, open_matches, published in (
        Round.objects.filter(event=event, stage=Round.Stage.SWISS)
        .annotate(open=Count("matches", filter=~Q(matches__status="final")))
        .order_by("number")
        .values_list("number", "open", "published")
    ):
        if open_matches or (published_only and not published):
            break
        done = number
    return done


def published_swiss_rounds(event: Event) -> int:
    """The Swiss rounds published so far, in order: 1..n are published (0 if none)."""
    done = 0
    for number, published in (
        Round.objects.filter(event=event, stage=Round.Stage.SWISS)
        .order_by("number")
        .values_list("number", "published")
    ):
        if not published or number != done + 1:
            break
        done = number
    return done


def load_facts(
    event: Event, *, after_round: int | None = None, published_only: bool = False
) -> Facts:
    """The facts of the standings after ``after_round`` (default: the last complete round).

    ``published_only`` (the public's view): only rounds the teams can see count, so a result of
    a round not yet published never shows (nor its pairing)."""
    started = time.perf_counter()
    if after_round is None:
        after_round = complete_swiss_rounds(event, published_only=published_only)
    elif published_only:
        after_round = min(after_round, published_swiss_rounds(event))
    teams: dict[int, TeamInfo] = {}
    late: list[MatchRecord] = []  # the rounds late teams missed (docs/rules.md "Late entry")
    for pk, name, dropped, after, first in (
        Team.objects.filter(event=event)
        .order_by("pk")
        .values_list("pk", "name", "dropped", "dropped_after_round", "late_entry__first_round")
    ):
        teams[pk] = TeamInfo(pk, name, dropped, after)
        if first is not None:
            late += missed_records(pk, first, after_round)
    rows = (
        Match.objects.filter(
            round__event=event,
            round__stage=Round.Stage.SWISS,
            round__number__lte=after_round,
            status=Match.Status.FINAL,
            **({"round__published": True} if published_only else {}),
        )
        .order_by()
        .values_list(
            "round__number", "team_a_id", "team_b_id", "games_a", "games_b", "games_drawn", "result"
        )
    )
    matches = [match_record(row) for row in rows] + late
    facts = Facts(
        event=event,
        after_round=after_round,
        teams=teams,
        matches=matches,
        penalties=penalties(event, after_round),
        disqualified=disqualified(event),
        seed=standings_seed(event),
    )
    facts.load_seconds = time.perf_counter() - started
    return facts


def compute(facts: Facts) -> Standings:
    started = time.perf_counter()
    chosen = pairing_settings.of(facts.event)
    rows = compute_standings(
        list(facts.teams),
        facts.matches,
        penalties={t: p for t, p in facts.penalties.items() if t in facts.teams},
        disqualified=facts.disqualified,
        order=cast(Order, chosen.tiebreak_order),
        oomw=chosen.tiebreak_oomw,
        seed=facts.seed,
    )
    return Standings(
        event=facts.event,
        round=facts.after_round,
        rows=rows,
        teams=facts.teams,
        matches=facts.matches,
        seed=facts.seed,
        load_seconds=facts.load_seconds,
        compute_seconds=time.perf_counter() - started,
    )


def standings(
    event: Event, *, after_round: int | None = None, published_only: bool = False
) -> Standings:
    """The standings after a Swiss round (default: the last one with every result final);
    ``published_only`` for callers who see only published rounds (the public, the teams)."""
    return compute(load_facts(event, after_round=after_round, published_only=published_only))


# --- the standings kept for the next pairing ----------------------------------------------
#
# Pairing round n reads the standings after round n-1, which the standings page computed when
# the round's last result came in (and whoever paired, unpaired and paired again computed a
# moment ago). They are kept under a *fingerprint* of their facts, read in a few small aggregate
# queries: the number, ids and latest change of the final matches counted, the teams and their
# drops, the penalties, the disqualified teams, the seed and the tiebreak order. Any change to
# those facts makes another key, so a kept table is never stale, whatever the order of a write's
# commit and its after-commit version bump. Kept in the process only: the table of 4,096 teams
# takes longer to unpickle from a shared cache (about 200 ms) than to load and compute again.

KEPT_STANDINGS = 8  # tables kept per process (a few events' latest rounds)
_kept: OrderedDict[str, Standings] = OrderedDict()
_kept_lock = threading.Lock()


def _counted_matches(event: Event, after_round: int, published_only: bool) -> QuerySet[Match]:
    return Match.objects.filter(
        round__event=event,
        round__stage=Round.Stage.SWISS,
        round__number__lte=after_round,
        status=Match.Status.FINAL,
        **({"round__published": True} if published_only else {}),
    )


def standings_key(event: Event, after_round: int, *, published_only: bool = False) -> str:
    """The key of the standings after ``after_round`` as their facts are now."""
    import hashlib

    matches = _counted_matches(event, after_round, published_only).aggregate(
        n=Count("id"), last=Max("updated_at"), ids=Sum("id")
    )
    dropped = Q(dropped=True)
    teams = Team.objects.filter(event=event).aggregate(
        n=Count("id"),
        ids=Sum("id"),
        out=Count("id", filter=dropped),
        out_ids=Sum(F("id") * F("id"), filter=dropped),
        out_after=Sum("dropped_after_round", filter=dropped),
        late=Sum(F("id") * F("late_entry__first_round")),  # late entries (their first rounds)
    )
    facts = (
        sorted(matches.items()),
        sorted(teams.items()),
        sorted(penalties(event, after_round).items()),
        sorted(disqualified(event)),
        standings_seed(event),
        pairing_settings.of(event).tiebreak_order,
        pairing_settings.of(event).tiebreak_oomw,
    )
    digest = hashlib.sha256(repr(facts).encode()).hexdigest()[:32]
    made = f"{event.created_at.timestamp():.6f}"
    return f"{event.pk}:{made}:{after_round}:{digest}"


def standings_kept(event: Event, after_round: int) -> Standings:
    """The standings after ``after_round`` (every round counted, as pairing reads them): the
    table kept for these facts when there is one, else computed and kept. Read only."""
    key = standings_key(event, after_round)
    with _kept_lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
            return found
    table = standings(event, after_round=after_round)
    keep_standings(table, key)
    return table


def keep_standings(table: Standings, key: str) -> None:
    """Keep a computed table under its facts' key (``standings_key``) for the next reader."""
    with _kept_lock:
        _kept[key] = table
        _kept.move_to_end(key)
        while len(_kept) > KEPT_STANDINGS:
            _kept.popitem(last=False)


@dataclass
class TeamFacts:
    points: int = 0  # match points, penalties taken off
    byes: int = 0
    opponents: set[int] = field(default_factory=set)


def team_facts(event: Event, team_ids: Iterable[int], *, before_round: int) -> dict[int, TeamFacts]:
    """Points, byes and past opponents of a few teams (the warnings of a manual change)."""
    ids = set(team_ids)
    facts = {team: TeamFacts() for team in ids}
    rows = (
        Match.objects.filter(
            round__event=event,
            round__stage=Round.Stage.SWISS,
            round__number__lt=before_round,
            status=Match.Status.FINAL,
        )
        .filter(Q(team_a__in=ids) | Q(team_b__in=ids))
        .values_list("team_a_id", "team_b_id", "result")
    )
    for a, b, result in rows:
        for me, other, won in ((a, b, "a"), (b, a, "b")):
            if me not in facts:
                continue
            if other is None:
                facts[me].byes += 1
            else:
                facts[me].opponents.add(other)
            facts[me].points += 3 if result == won else 1 if result == "draw" else 0
    for team, points in penalties(event, before_round - 1).items():
        if team in facts:
            facts[team].points -= points
    return facts


def match_times(round_: Round, matches: Sequence[Match]) -> Mapping[int, dict]:
    """The ``time`` block of each match of a round, by match id (pairing.hooks.MATCH_TIMES: the
    round clock answers for the whole round at once); empty until a clock answers."""
    return hooks.MATCH_TIMES(round_, matches) or {}


def match_progress(entry: MatchTeam, time: dict | None = None) -> MatchProgress:
    """What decides whether the entry's seats may still change (pairing.domain.seats); ``time``:
    the match's clock block when the caller has read it already."""
    match = entry.match
    if match.is_bye:
        return MatchProgress(False, False, True, False, bye=True)
    if time is None:
        time = match_times(entry.round, [match]).get(match.pk) or {}
    return MatchProgress(
        clock_started=time.get("round_status", "not_started") != "not_started",
        reported=ResultReport.objects.filter(match=match).exists(),
        final=match.status == Match.Status.FINAL,
        game_started=any(hooks.MATCH_STARTED(match)),
    )
