"""Benchmark: pair the late Swiss rounds (5-8) of simulated events, against the exact matching.

Run from the repository root (``--quick`` stops at 1024 teams):

    .venv/bin/python tests/bench/bench_pairing.py [--quick]

For each event size it simulates an 8-round event (seeded), times ``pair_round`` on the
standings before rounds 5, 6, 7 and 8 (best of a few runs) and, while a budget of about 60 s
per size lasts, runs ``pair_round_exact_naive`` (networkx on the complete graph) on the same
round. The objective values (bye, rematches, sum of squared point gaps) must be equal: the
script exits with status 1 if any differ. Targets (the quality bar, the pairing issue): 1024 teams
< 10 ms, 4096 < 50 ms, 16384 < 0.5 s; they are printed, not enforced.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import queue
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import networkx as nx  # noqa: E402

from pairing.domain.simulate import simulate_event  # noqa: E402
from pairing.domain.swiss import (  # noqa: E402
    PairingResult,
    TeamRecord,
    pair_round,
    pair_round_exact_naive,
)

SIZES = (64, 256, 1024, 4096, 16384)
ROUNDS = (5, 6, 7, 8)
NAIVE_BUDGET_S = 60.0
TARGET_MS = {1024: 10.0, 4096: 50.0, 16384: 500.0}
HEADER = (
    f"{'teams':>6} {'round':>5} {'ms':>9} {'target':>7} {'unequal':>7} {'sum sq':>6} "
    f"{'max gap':>7} {'remat.':>6} {'naive ms':>11} {'naive sq':>8} {'naive rem':>9} {'equal':>5}"
)


@dataclass
class NaiveBudget:
    """About 60 s of exact solving per event size; a run that would overrun it is stopped."""

    spent: float = 0.0
    exhausted: bool = False

    def remaining(self) -> float:
        return 0.0 if self.exhausted else NAIVE_BUDGET_S - self.spent


def _naive_child(teams: tuple[TeamRecord, ...], out: multiprocessing.Queue) -> None:
    start = time.perf_counter()
    result = pair_round_exact_naive(teams, random.Random(8))
    out.put((time.perf_counter() - start, objective(result)))


def run_naive(teams: tuple[TeamRecord, ...], budget: NaiveBudget) -> tuple[float, tuple] | None:
    """(seconds, objective) of the exact solver in a child process, or None past the budget."""
    if budget.remaining() <= 0:
        return None
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    child = context.Process(target=_naive_child, args=(teams, out))
    child.start()
    try:
        seconds, value = out.get(timeout=budget.remaining())
    except queue.Empty:
        child.terminate()
        child.join()
        budget.exhausted = True
        return None
    child.join()
    budget.spent += seconds
    return seconds, value


def best_time(teams: tuple[TeamRecord, ...], runs: int) -> tuple[float, PairingResult]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = pair_round(teams, random.Random(8))
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def objective(result: PairingResult) -> tuple[int | None, int, int]:
    return result.bye, result.rematches, result.sum_sq_gap


def bench_size(n: int, skip_naive: bool) -> tuple[bool, bool]:
    """Print the rows of one event size; return (all compared equal, naive out of budget)."""
    start = time.perf_counter()
    states = [
        s
        for s in simulate_event(n, max(ROUNDS), random.Random(n), penalty_rate=0.005)
        if s.round in ROUNDS
    ]
    print(f"# {n} teams: simulated 8 rounds in {time.perf_counter() - start:.1f} s")
    budget, all_equal = NaiveBudget(exhausted=skip_naive), True
    for state in states:
        seconds, fast = best_time(state.teams, runs=3 if n >= 16384 else 5)
        naive = f"{'skipped (>60s)':>11}"
        ran = run_naive(state.teams, budget)
        if ran is not None:
            naive_seconds, (_bye, rematches, sum_sq) = ran
            equal = objective(fast) == ran[1]
            all_equal &= equal
            naive = f"{naive_seconds * 1000:>11.1f} {sum_sq:>8} {rematches:>9} {'yes' if equal else 'NO':>5}"
        target = f"{TARGET_MS[n]:>7.0f}" if n in TARGET_MS else f"{'-':>7}"
        print(
            f"{n:>6} {state.round:>5} {seconds * 1000:>9.2f} {target} {fast.unequal_pairs:>7} "
            f"{fast.sum_sq_gap:>6} {fast.max_gap:>7} {fast.rematches:>6} {naive}"
        )
    return all_equal, budget.exhausted


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="only events up to 1024 teams")
    args = parser.parse_args()
    print(
        f"# cpus: {os.cpu_count()}, {platform.platform()}, Python {platform.python_version()}, networkx {nx.__version__}"
    )
    print(HEADER)
    all_equal, skip_naive = True, False
    for n in (s for s in SIZES if not args.quick or s <= 1024):
        equal, out_of_budget = bench_size(n, skip_naive)
        all_equal &= equal
        skip_naive |= out_of_budget  # a larger event would not fit the budget either
    if not all_equal:
        print(
            "FAILED: pair_round and the exact matching disagree on the objective", file=sys.stderr
        )
        return 1
    print(
        "# every compared round: same bye, rematches and sum of squared gaps as the exact matching"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
