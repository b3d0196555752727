"""Seating the teams of a booster draft in pods (MTR 9.7: "The teams are randomly distributed
into pods"). Tandem seats the active teams at random into ``n // size`` pods (at least one), as
even as possible, so no pod is smaller than ``size`` (4 teams, 8 players, by default). Pairing
within pods is the pairing app's (pairing.domain.pods)."""

from __future__ import annotations

import random
from collections.abc import Iterable

DEFAULT_POD_SIZE = 4  # teams: 8 players, the usual draft table


def seat_pods(
    team_ids: Iterable[int], rng: random.Random, size: int = DEFAULT_POD_SIZE
) -> dict[int, int]:
    """Team id -> pod number (1-based), at random."""
    if size < 2:
        raise ValueError("A pod holds at least 2 teams.")
    order = sorted(team_ids)
    rng.shuffle(order)
    pods = max(1, len(order) // size)
    return {team: 1 + k % pods for k, team in enumerate(order)}
