"""Process accounting for the benchmarks that start servers (bench_live, bench_tracker): a
process's tree and the CPU seconds and resident memory of a set of processes, from /proc."""

from __future__ import annotations

import os
from pathlib import Path


def tree(pid: int) -> list[int]:
    """The process and all its descendants."""
    pids, todo = [], [pid]
    while todo:
        p = todo.pop()
        pids.append(p)
        try:
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            pass
    return pids


def stat(pids: list[int]) -> tuple[float, float]:
    """CPU seconds (user+system) and RSS in MB of these processes."""
    tick, page, cpu, rss = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE"), 0.0, 0.0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / tick
            rss += int(fields[21]) * page / 1e6
        except OSError:
            pass
    return cpu, rss
