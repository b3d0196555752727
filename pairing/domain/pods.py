"""Booster-draft pods (MTR 7.6, 9.7, 10.4; docs/rules.md "Swiss rounds and playoffs", "Limited
2HG").

Notes on terminology
--------------------
pod
    The teams that draft together at one table, teammates side by side (MTR 9.7); seated by
    ``tournament.domain.pods``.
Swiss within pods
    At Competitive and Professional REL teams play only teams of their own pod (MTR 7.6): each
    pod is paired as its own Swiss (``pairing.domain.swiss``), so an odd pod has its own bye.
    At Regular REL Tandem pairs the whole event as one Swiss (the organizer lifts the pod rule, as
    MTR 7.6 allows there).
booster-draft playoff (MTR 10.4)
    The top 8 draft again, seated at random; seat 1 plays seat 5, 2 v 6, 3 v 7, 4 v 8, and the
    winners of 1/5 and 3/7 meet, as do those of 2/6 and 4/8. In bracket order (winners of
    neighbouring matches meet): 1v5, 3v7, 2v6, 4v8.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pairing.domain.swiss import PairingResult, TeamRecord, pair_round
from pairing.domain.topcut import BracketMatch, CutRound, Seeded


def pair_within_pods(
    teams: Sequence[TeamRecord], pod_of: Mapping[int, int], rng: random.Random
) -> list[PairingResult]:
    """One Swiss pairing per pod, pods in order (MTR 7.6). A team without a pod is paired with
    the teams without one."""
    groups: dict[int, list[TeamRecord]] = {}
    for team in teams:
        groups.setdefault(pod_of.get(team.id, 0), []).append(team)
    return [pair_round(groups[pod], rng) for pod in sorted(groups)]


#: Seats (1-based) of the booster-draft playoff's first round, in bracket order (MTR 10.4).
DRAFT_SEATS = ((1, 5), (3, 7), (2, 6), (4, 8))


def draft_playoff(seeded: Sequence[int], rng: random.Random) -> list[tuple[int, int]]:
    """The first round of a booster-draft top 8 from the 8 teams best first: seated at random,
    seat 1 v 5, 2 v 6, 3 v 7, 4 v 8 in bracket order; in each pair the better seed first."""
    if len(seeded) != 8:
        raise ValueError("A booster-draft playoff seats 8 teams.")
    seats = list(seeded)
    rng.shuffle(seats)
    place = {team: k for k, team in enumerate(seeded)}
    pairs = []
    for x, y in DRAFT_SEATS:
        a, b = seats[x - 1], seats[y - 1]
        pairs.append((a, b) if place[a] < place[b] else (b, a))
    return pairs


def draft_cut(seeded: Sequence[int], rng: random.Random) -> CutRound:
    """The booster-draft playoff's first round as a bracket: each team keeps its Swiss seed
    (MTR 10.4), the pairs come from the random draft seats (``draft_playoff``)."""
    seed = {team: k for k, team in enumerate(seeded, start=1)}
    return CutRound(
        tuple(
            BracketMatch(slot, Seeded(a, seed[a]), Seeded(b, seed[b]))
            for slot, (a, b) in enumerate(draft_playoff(seeded, rng), start=1)
        )
    )
