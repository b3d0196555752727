"""Swiss pairing of one round of a Two-Headed Giant event (teams count as players, MTR App. E).

Rules implemented (docs: docs/rules.md "Matches, results, byes", "Swiss rounds and playoffs"):
a bye is a match win worth 3 points (MTR App. C); dropped teams are never paired; an odd number
of active teams gives one bye, to the lowest-ranked team that has not had one; round 1 is random.
The MTR leaves the pairing method open. Wizards' manual method pairs at random within a point
group and sends an odd group's extra team down to the next group; Tandem makes that exact: among
all pairings it takes one that is lexicographically smallest in

1. the number of rematches (0 whenever a pairing without rematches exists), then
2. the sum over pairs of the squared point difference,

random among equals (the injected RNG shuffles each point group).

Notes on terminology
--------------------
active team
    A team that has not dropped.
point group
    The active teams on the same match points (Match Point penalties already taken off).
cut
    The boundary between two neighbouring point groups in the list of teams sorted by points.
    A cut is *odd* when an odd number of teams sit above it; an odd cut needs a pair-down.
pair-down
    A pair of teams on different points.
rematch
    A pair of teams that have played each other before in the event (a bye is no opponent).
bye
    With an odd number of active teams, one team gets a bye: a team with the fewest byes so far
    (a second bye only when every team has had one; this comes before avoiding rematches), the
    lowest-ranked such team, unless its bye leaves more rematches among the rest than another
    such team's bye would: then the next-lowest. In round 1 (no standings yet) at random.
cost
    ``M * rematches + sum of squared point gaps``, with ``M`` larger than any possible sum of
    squared gaps, so that comparing costs compares the two objectives lexicographically.
lower bound (LB)
    The sum of the squared gaps of the pairs 1-2, 3-4, ... of the sorted list. No pairing costs
    less: a pair costs at least the sum of the squared gaps of the cuts it crosses, and a
    perfect matching crosses each odd cut at least once. A pairing costs exactly LB if and only
    if it crosses every odd cut once, no even cut, and no pair crosses two cuts ("chain").
segment
    A run of the sorted list starting at an even position, so that it has an even length.
window
    A segment that is paired exactly (networkx maximum-weight matching) because the quick chain
    pairing failed there. Every other segment is paired by the chain at cost LB.
certificate
    A window's exact cost is compared with a relaxation: the window's teams may also pair with
    dummies standing for the teams just above and below it. Split every pair of a pairing at the
    segment boundaries it crosses; the pieces give each window a solution of its relaxation and
    each chain segment a pairing of itself plus an even number of copies of its top and bottom
    values, whose LB is its own LB. So the optimum of the whole list is at least the sum of the
    windows' relaxed optima plus the segments' LBs (windows never touch: touching ones merge).
    When every window's exact cost equals its relaxed optimum, the assembled pairing attains
    that bound and is optimal; otherwise the window grows (at worst to the whole list, which
    needs no certificate).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

import networkx as nx

from core.text import Text, gettext_noop
from pairing.domain.notes import PairingNote

#: How many partners / floaters the chain tries in one group before handing it to a window.
_TRIES = 3
#: Teams a new window takes beyond the failing point group on each side.
_MARGIN = 4
#: The smallest step a window grows by on each side.
_GROW = 8
#: The largest group the chain pairs with networkx when the quick greedy pairing is stuck.
_EXACT_GROUP_LIMIT = 256


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A team as the pairing sees it; the caller builds it from the standings."""

    id: int
    points: int  # match points, penalties already subtracted
    opponents: frozenset[int]  # teams already met (not byes)
    byes: int = 0  # byes already had
    dropped: bool = False
    rank: int = 0  # position in the current standings, 0 = best


@dataclass(frozen=True, slots=True)
class Pair:
    """Two teams paired; ``a`` is the higher-ranked team."""

    a: int
    b: int
    notes: tuple[PairingNote, ...] = ()  # why a pair-down or a rematch (pairing.domain.notes)


@dataclass(frozen=True, slots=True)
class PairingResult:
    pairs: tuple[Pair, ...]
    bye: int | None
    bye_note: PairingNote | None
    rematches: int
    unequal_pairs: int
    sum_sq_gap: int
    max_gap: int


class PairingError(ValueError):
    """The round cannot be paired for a reason the organizer can fix (shown to them)."""


def pair_round(teams: Sequence[TeamRecord], rng: random.Random) -> PairingResult:
    """Pair one Swiss round exactly (see the module notes); fast on large events."""
    rest, bye, bye_note = _prepare(teams, rng)
    solver = _Solver(rest)
    return _build_result(rest, solver.solve(), bye, bye_note)


def pair_round_exact_naive(teams: Sequence[TeamRecord], rng: random.Random) -> PairingResult:
    """The reference: the same bye, then one maximum-weight matching on the complete graph of
    the other teams (slow: for tests and the benchmark)."""
    rest, bye, bye_note = _prepare(teams, rng)
    solver = _Solver(rest)
    _cost, pairs, _used = solver.exact(0, len(rest))
    return _build_result(rest, pairs, bye, bye_note)


# --- preparation and the bye -------------------------------------------------------------------


def _prepare(
    teams: Sequence[TeamRecord], rng: random.Random
) -> tuple[list[TeamRecord], TeamRecord | None, PairingNote | None]:
    """Active teams by points (random within a group), minus the team that gets the bye."""
    order = _point_order(_active(teams), rng)
    bye, note = _choose_bye(order)
    return [t for t in order if t is not bye], bye, note


def _active(teams: Sequence[TeamRecord]) -> list[TeamRecord]:
    ids = [t.id for t in teams]
    if len(set(ids)) != len(ids):
        raise ValueError("a team appears twice in the list to pair")
    active = [t for t in teams if not t.dropped]
    if len(active) < 2:
        raise PairingError(
            Text(
                gettext_noop("Pairing needs at least 2 active teams; there are %(count)s."),
                count=len(active),
            )
        )
    return active


def _point_order(active: list[TeamRecord], rng: random.Random) -> list[TeamRecord]:
    order = sorted(active, key=lambda t: t.id)  # independent of the caller's order
    rng.shuffle(order)
    order.sort(key=lambda t: -t.points)  # stable: stays random within a point group
    return order


def _is_first_round(order: Sequence[TeamRecord]) -> bool:
    return all(t.points == 0 and not t.opponents and not t.byes for t in order)


def _choose_bye(order: list[TeamRecord]) -> tuple[TeamRecord | None, PairingNote | None]:
    """The bye: fewest byes first (no second bye while avoidable), then the lowest-ranked team
    whose bye leaves the fewest rematches possible among the rest."""
    if len(order) % 2 == 0:
        return None, None
    fewest = min(t.byes for t in order)
    tier = [t for t in reversed(order) if t.byes == fewest]  # lowest points first
    if _is_first_round(order):
        return tier[0], PairingNote("bye", (tier[0].id,), reason="random")
    tier.sort(key=lambda t: -t.rank)  # stable: ties stay lowest points first, then random
    chosen = _first_with_fewest_rematches(order, tier)
    return tier[chosen], _bye_note(tier, chosen, fewest)


def _first_with_fewest_rematches(order: list[TeamRecord], tier: list[TeamRecord]) -> int:
    if _rematch_free_guaranteed(order):
        return 0
    counts: list[int] = []
    for cand in tier:
        counts.append(_min_rematches([t for t in order if t is not cand]))
        if counts[-1] == 0:
            break
    return counts.index(min(counts))


def _rematch_free_guaranteed(order: list[TeamRecord]) -> bool:
    """Dirac: if every team of the n - 1 others has met fewer than (n - 1) / 2 - 1 of them, the
    graph of allowed pairs has minimum degree >= (n - 1) / 2, so a rematch-free pairing exists."""
    rest = len(order) - 1
    if 2 * max(len(t.opponents) for t in order) + 2 <= rest:
        return True
    ids = {t.id for t in order}
    return 2 * max(len(t.opponents & ids) for t in order) + 2 <= rest


def _min_rematches(rest: list[TeamRecord]) -> int:
    """Fewest rematches in a pairing of ``rest``: pairs minus a maximum rematch-free matching."""
    graph = nx.Graph()
    graph.add_nodes_from(range(len(rest)))
    for i, t in enumerate(rest):
        for j in range(i + 1, len(rest)):
            if not _met(t, rest[j]):
                graph.add_edge(i, j)
    return len(rest) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


def _bye_note(tier: list[TeamRecord], chosen: int, fewest: int) -> PairingNote:
    """The bye's team first, then the lower-ranked teams passed over (their bye would have
    forced a rematch)."""
    team = tier[chosen]
    return PairingNote(
        "bye",
        (team.id, *(t.id for t in tier[:chosen])),
        points=(team.points,),
        reason="no_bye_yet" if fewest == 0 else "fewest_byes",
        place=team.rank + 1,
    )


# --- the solver ---------------------------------------------------------------------------------


def _met(x: TeamRecord, y: TeamRecord) -> bool:
    return y.id in x.opponents or x.id in y.opponents


class _Solver:
    """Minimum-cost perfect matching of an even list of teams sorted by points (module notes)."""

    def __init__(self, seq: Sequence[TeamRecord]) -> None:
        self.seq = seq
        self.n = len(seq)
        self.pts = [t.points for t in seq]
        spread = self.pts[0] - self.pts[-1] if seq else 0
        # One rematch costs more than any sum of squared gaps of a pairing (n/2 pairs).
        self.m = (self.n // 2) * spread * spread + 1
        # networkx maximizes weight: weight = big - cost stays positive, and with a fixed number
        # of pairs the heaviest pairing is the cheapest.
        self.big = self.m + spread * spread + 1
        self.group_end = self._group_ends()
        self._chains: dict[tuple[int, int], tuple[list[tuple[int, int]], int | None]] = {}
        self._windows: dict[tuple[int, int], tuple[list[tuple[int, int]], tuple[int, int]]] = {}

    def _group_ends(self) -> list[int]:
        ends = [self.n] * (self.n + 1)
        for i in range(self.n - 2, -1, -1):
            ends[i] = ends[i + 1] if self.pts[i] == self.pts[i + 1] else i + 1
        return ends

    def met(self, i: int, j: int) -> bool:
        return _met(self.seq[i], self.seq[j])

    def cost(self, i: int, j: int) -> int:
        gap = self.pts[i] - self.pts[j]
        return gap * gap + (self.m if self.met(i, j) else 0)

    def lower_bound(self, lo: int, hi: int) -> int:
        pts = self.pts
        return sum((pts[k] - pts[k + 1]) ** 2 for k in range(lo, hi, 2))

    # The driver: chain the gaps between windows, open a window where the chain fails, grow a
    # window until its certificate holds.

    def solve(self) -> list[tuple[int, int]]:
        windows: list[tuple[int, int]] = []
        while True:
            failed = self._first_chain_failure(windows)
            if failed is not None:
                windows = _merge([*windows, self._window_around(failed)])
                continue
            grown = self._first_uncertified(windows)
            if grown is None:
                return self._collect(windows)
            windows = _merge([*windows, grown])

    def _first_chain_failure(self, windows: list[tuple[int, int]]) -> int | None:
        for gap in _gaps(windows, self.n):
            if gap not in self._chains:
                self._chains[gap] = self._chain(*gap)
            failed = self._chains[gap][1]
            if failed is not None:
                return failed
        return None

    def _first_uncertified(self, windows: list[tuple[int, int]]) -> tuple[int, int] | None:
        for window in windows:
            if window not in self._windows:
                self._windows[window] = self._certify(*window)
            _pairs, grown = self._windows[window]
            if grown != window:
                return grown
        return None

    def _collect(self, windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
        pairs = [p for gap in _gaps(windows, self.n) for p in self._chains[gap][0]]
        return pairs + [p for w in windows for p in self._windows[w][0]]

    def _window_around(self, start: int) -> tuple[int, int]:
        lo = max(0, start - _MARGIN) & ~1
        hi = min(self.n, self.group_end[start] + _MARGIN + 1) & ~1
        return lo, hi

    # The chain: every point group pairs within itself; an odd group sends one team down.

    def _chain(self, lo: int, hi: int) -> tuple[list[tuple[int, int]], int | None]:
        """Pair ``[lo, hi)`` at cost LB without rematches, or give the group where that failed."""
        pairs: list[tuple[int, int]] = []
        carry: int | None = None
        start = lo
        while start < hi:
            end = min(self.group_end[start], hi)
            below = range(end, min(self.group_end[end], hi))
            got = self._chain_group(carry, range(start, end), below)
            if got is None:
                return [], start
            pairs += got[0]
            carry, start = got[1], end
        return pairs, None

    def _chain_group(
        self, carry: int | None, members: range, below: range
    ) -> tuple[list[tuple[int, int]], int | None] | None:
        partners: Iterable[int | None] = [None]
        if carry is not None:
            partners = list(islice((m for m in members if not self.met(carry, m)), _TRIES))
        need_down = (len(members) + (carry is not None)) % 2 == 1
        for partner in partners:
            downs: list[int | None] = [None]
            if need_down:
                downs = list(self._floaters(members, below, partner))
            for down in downs:
                rest = [m for m in members if m != partner and m != down]
                matched = self._perfect(rest)
                if matched is not None:
                    head = [] if carry is None or partner is None else [(carry, partner)]
                    return head + matched, down
        return None

    def _floaters(self, members: range, below: range, partner: int | None) -> list[int]:
        """Teams that may go down: each has an allowed opponent in the next group."""
        ok = (m for m in reversed(members) if m != partner and self._has_partner(m, below))
        return list(islice(ok, _TRIES))

    def _has_partner(self, i: int, group: range) -> bool:
        return any(not self.met(i, j) for j in group)

    def _perfect(self, members: list[int]) -> list[tuple[int, int]] | None:
        """A rematch-free pairing of ``members``: greedy in (random) order, then repair."""
        pairs: list[tuple[int, int]] = []
        waiting: list[int] = []
        for x in members:
            for k, y in enumerate(waiting):
                if not self.met(x, y):
                    pairs.append((y, x))
                    del waiting[k]
                    break
            else:
                waiting.append(x)
        if waiting and not self._repair(pairs, waiting):
            return self._perfect_exact(members)
        return pairs

    def _repair(self, pairs: list[tuple[int, int]], waiting: list[int]) -> bool:
        """Swap the leftovers (who have all met one another) into existing pairs."""
        while waiting:
            x = waiting.pop()
            if not self._swap_in(pairs, waiting, x):
                return False
        return True

    def _swap_in(self, pairs: list[tuple[int, int]], waiting: list[int], x: int) -> bool:
        for k, (u, v) in enumerate(pairs):
            for p, q in ((u, v), (v, u)):
                if self.met(x, p):
                    continue
                y = next((y for y in waiting if not self.met(y, q)), None)
                if y is not None:
                    pairs[k] = (p, x)
                    pairs.append((q, y))
                    waiting.remove(y)
                    return True
        return False

    def _perfect_exact(self, members: list[int]) -> list[tuple[int, int]] | None:
        if len(members) > _EXACT_GROUP_LIMIT:
            return None  # a window pairs it instead
        graph = nx.Graph()
        graph.add_nodes_from(members)
        for k, i in enumerate(members):
            graph.add_edges_from((i, j) for j in members[k + 1 :] if not self.met(i, j))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        return sorted(matching) if 2 * len(matching) == len(members) else None

    # Windows: exact matching, certified against the relaxation with dummies (module notes).

    def _certify(self, lo: int, hi: int) -> tuple[list[tuple[int, int]], tuple[int, int]]:
        """The window's exact pairing, and the window itself if certified, else a larger one."""
        cost, pairs, _used = self.exact(lo, hi)
        if (lo, hi) == (0, self.n) or cost == self.lower_bound(lo, hi):
            return pairs, (lo, hi)
        dummies = self._dummies_needed(lo, hi)
        above, below = min(dummies, lo), min(dummies, self.n - hi)
        relaxed, _pairs, (up, down) = self.exact(lo, hi, above, below)
        if relaxed == cost:
            return pairs, (lo, hi)
        step = max(_GROW, (hi - lo) // 2) & ~1
        grow_up, grow_down = (up, down) if up or down else (True, True)
        return pairs, (
            max(0, lo - step) if grow_up else lo,
            min(self.n, hi + step) if grow_down else hi,
        )

    def _dummies_needed(self, lo: int, hi: int) -> int:
        """Dummies per side that the relaxation can use in some optimal solution.

        Two window teams paired with dummies on the same side that have not met could pair with
        each other for no more (their gap is at most the larger of their gaps to the dummy's
        value), so some optimum sends to each side a set of teams that have all met one
        another, at most ``d + 1`` teams where ``d`` is the most opponents a window team has in
        the window, plus at most one dummy-to-dummy pair across the window (two such pairs
        cost more than two dummy pairs on their own sides). Even, and never more than the
        window's size.
        """
        ids = {t.id for t in self.seq[lo:hi]}
        most = max(len(t.opponents & ids) for t in self.seq[lo:hi])
        return min(hi - lo, (most + 3) & ~1)

    def exact(
        self, lo: int, hi: int, above: int = 0, below: int = 0
    ) -> tuple[int, list[tuple[int, int]], tuple[bool, bool]]:
        """Minimum cost of ``[lo, hi)`` plus ``above``/``below`` dummies, by networkx."""
        graph = self._window_graph(lo, hi, above, below)
        total, pairs, up, down = 0, [], False, False
        for i, j in sorted(
            tuple(sorted(e)) for e in nx.max_weight_matching(graph, maxcardinality=True)
        ):
            total += self.big - graph[i][j]["weight"]
            if j < self.n:
                pairs.append((i, j))
            elif i < self.n:
                up, down = up or j < self.n + above, down or j >= self.n + above
        return total, pairs, (up, down)

    def _window_graph(self, lo: int, hi: int, above: int, below: int) -> nx.Graph:
        """The window's complete graph, plus dummies at the values just above (``a``) and just
        below (``b``) the window: a dummy pair on one side costs 0, across the window (a - b)^2."""
        big = self.big
        graph = nx.Graph()
        graph.add_weighted_edges_from(
            (i, j, big - self.cost(i, j)) for i in range(lo, hi) for j in range(i + 1, hi)
        )
        ups = range(self.n, self.n + above)
        downs = range(self.n + above, self.n + above + below)
        a = self.pts[lo - 1] if above else 0
        b = self.pts[hi] if below else 0
        for i in range(lo, hi):
            graph.add_weighted_edges_from((i, d, big - (a - self.pts[i]) ** 2) for d in ups)
            graph.add_weighted_edges_from((i, d, big - (self.pts[i] - b) ** 2) for d in downs)
        graph.add_weighted_edges_from(_clique(ups, big))
        graph.add_weighted_edges_from(_clique(downs, big))
        graph.add_weighted_edges_from((u, d, big - (a - b) ** 2) for u in ups for d in downs)
        return graph


def _clique(nodes: range, weight: int) -> Iterator[tuple[int, int, int]]:
    return ((u, v, weight) for u in nodes for v in nodes if u < v)


def _gaps(windows: list[tuple[int, int]], n: int) -> list[tuple[int, int]]:
    """The segments between the windows (sorted, disjoint, never touching)."""
    gaps, start = [], 0
    for lo, hi in windows:
        if lo > start:
            gaps.append((start, lo))
        start = hi
    return [*gaps, (start, n)] if start < n else gaps


def _merge(windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Union of windows; touching windows merge, so no two windows are neighbours."""
    merged: list[tuple[int, int]] = []
    for lo, hi in sorted(windows):
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


# --- the result and its explanations ------------------------------------------------------------


def _build_result(
    rest: list[TeamRecord],
    pairs: list[tuple[int, int]],
    bye: TeamRecord | None,
    bye_note: PairingNote | None,
) -> PairingResult:
    if sorted(i for p in pairs for i in p) != list(range(len(rest))):
        raise AssertionError("the solver did not pair every active team exactly once")
    explain = _Explainer(rest)
    built = sorted((explain.pair(rest[i], rest[j]) for i, j in pairs), key=explain.order)
    gaps = [abs(rest[i].points - rest[j].points) for i, j in pairs]
    return PairingResult(
        pairs=tuple(built),
        bye=None if bye is None else bye.id,
        bye_note=bye_note,
        rematches=sum(_met(rest[i], rest[j]) for i, j in pairs),
        unequal_pairs=sum(g > 0 for g in gaps),
        sum_sq_gap=sum(g * g for g in gaps),
        max_gap=max(gaps, default=0),
    )


class _Explainer:
    """The notes of a pair: why a team plays down, and why a rematch could not be avoided."""

    def __init__(self, rest: list[TeamRecord]) -> None:
        self.by_id = {t.id: t for t in rest}
        values = sorted({t.points for t in rest}, reverse=True)
        self.next_lower = dict(zip(values, values[1:], strict=False))
        self.at_or_above: dict[int, int] = {}
        count = 0
        for t in rest:  # sorted by points, highest first
            count += 1
            self.at_or_above[t.points] = count

    def order(self, pair: Pair) -> tuple[int, int, int]:
        return _seniority(self.by_id[pair.a])

    def pair(self, x: TeamRecord, y: TeamRecord) -> Pair:
        a, b = sorted((x, y), key=_seniority)
        notes = (self._down_note(a, b), self._rematch_note(a, b))
        return Pair(a.id, b.id, tuple(note for note in notes if note is not None))

    def _down_note(self, a: TeamRecord, b: TeamRecord) -> PairingNote | None:
        if a.points == b.points:
            return None
        odd = self.next_lower[a.points] == b.points and self.at_or_above[a.points] % 2
        reason = "odd_group" if odd else "avoid_rematch"
        return PairingNote("pair_down", (a.id, b.id), (a.points, b.points), reason=reason)

    @staticmethod
    def _rematch_note(a: TeamRecord, b: TeamRecord) -> PairingNote | None:
        return PairingNote("rematch", (a.id, b.id)) if _met(a, b) else None


def _seniority(t: TeamRecord) -> tuple[int, int, int]:
    """Higher-ranked first: more points, then better standing, then id."""
    return (-t.points, t.rank, t.id)
