"""The seats of a 2HG Booster Draft's pod tables (MTR 7.6, 7.7, 9.7; JG09; docs/rules.md
"Draft pods on paper").

Notes on terminology
--------------------
pod table
    One pod (tournament.domain.pods seats the teams in pods at random): its teams sit around one
    table in seat order.
team seat
    A team's place at its pod table, 1..n clockwise. Its players take the two player seats
    ``2k - 1`` and ``2k``, side by side: "the players of the same team sit together" (MTR 9.7).
seat order
    A shuffle of the pod's teams seeded from the event, the pod and the pod's teams, so the
    projector and every printout agree, and the order changes only when the pods are seated again.
passing
    Pack 1 passes left and the direction reverses with each pack (MTR 7.7; MTR 9.7 and JG09:
    left-right-left-right-left-right). With seats numbered clockwise, a team's left-hand
    neighbour is the next team seat: left passes to seat k + 1 (the last seat to seat 1), right to
    seat k - 1.
deck-building table
    Where a team builds after the draft: tables numbered 1, 2, ... in pod and seat order, so a
    pod's teams build next to each other.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

Direction = Literal["left", "right"]


def pass_direction(pack: int) -> Direction:
    """Pack 1 passes left; the direction reverses with each pack (MTR 7.7, 9.7)."""
    if pack < 1:
        raise ValueError("packs are numbered from 1")
    return "left" if pack % 2 == 1 else "right"


@dataclass(frozen=True, slots=True)
class SeatedTeam:
    team: int
    seat: int  # team seat, 1..n clockwise
    left: int  # the team a pack passed left goes to
    right: int  # the team a pack passed right goes to
    building_table: int

    @property
    def player_seats(self) -> tuple[int, int]:
        return (2 * self.seat - 1, 2 * self.seat)


@dataclass(frozen=True, slots=True)
class PodTable:
    pod: int
    teams: tuple[SeatedTeam, ...]

    def passes_to(self, team: int, pack: int) -> int:
        seated = next(s for s in self.teams if s.team == team)
        return seated.left if pass_direction(pack) == "left" else seated.right


def _seed(event_key: int, pod: int, teams: list[int]) -> int:
    text = f"{event_key}:{pod}:{','.join(map(str, teams))}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def pod_tables(pods: Mapping[int, int], event_key: int) -> list[PodTable]:
    """The pod tables of ``pods`` (team id -> pod number), in pod order, each team with its
    seat, its neighbours and its deck-building table."""
    members: dict[int, list[int]] = {}
    for team, pod in pods.items():
        members.setdefault(pod, []).append(team)
    tables: list[PodTable] = []
    building = 0
    for pod in sorted(members):
        order = sorted(members[pod])
        random.Random(_seed(event_key, pod, order)).shuffle(order)
        n = len(order)
        seated = []
        for k, team in enumerate(order):
            building += 1
            seated.append(SeatedTeam(team, k + 1, order[(k + 1) % n], order[(k - 1) % n], building))
        tables.append(PodTable(pod, tuple(seated)))
    return tables
