"""Benchmark: standings with tiebreakers for 4096 teams after 12 simulated rounds.

Run from the repository root:

    .venv/bin/python tests/bench/bench_standings.py

Times ``compute_standings`` (best of 5) in both tiebreak orders and prints the figures; the
target (the quality bar) is under 0.3 s. It is printed, not enforced.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pairing.domain.simulate import simulate_event  # noqa: E402
from pairing.domain.tiebreakers import compute_standings  # noqa: E402

TEAMS, ROUNDS, RUNS, TARGET_S = 4096, 12, 5, 0.3


def main() -> int:
    print(f"# cpus: {os.cpu_count()}, {platform.platform()}, Python {platform.python_version()}")
    start = time.perf_counter()
    final = list(simulate_event(TEAMS, ROUNDS, random.Random(2026), penalty_rate=0.005))[-1]
    print(f"# simulated {TEAMS} teams, {ROUNDS} rounds in {time.perf_counter() - start:.1f} s")
    ids = [t.id for t in final.teams]
    disqualified = set(random.Random(1).sample(ids, 8))
    print(f"{'order':>10} {'teams':>6} {'matches':>7} {'best s':>7} {'target s':>8}")
    for order in ("team", "individual"):
        best = float("inf")
        for _ in range(RUNS):
            start = time.perf_counter()
            rows = compute_standings(
                ids,
                final.matches,
                penalties=final.penalties,
                disqualified=disqualified,
                order=order,
                seed=7,
            )
            best = min(best, time.perf_counter() - start)
        assert len(rows) == TEAMS - len(disqualified)
        print(f"{order:>10} {TEAMS:>6} {len(final.matches):>7} {best:>7.3f} {TARGET_S:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
