"""Process accounting for the benchmarks that start servers (bench_live, bench_tracker): a
process's tree and the CPU seconds and resident memory of a set of processes, from /proc; the
database's and Redis's CPU (servers_cpu); how busy the host was (host_busy) and how fast it runs at
the time (host_speed)."""

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


def named(name: str) -> list[int]:
    """The processes whose command is ``name`` (e.g. every "postgres" process of the host)."""
    pids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if (d / "comm").read_text().strip() == name:
                    pids.append(int(d.name))
            except OSError:
                pass
    return pids


def stat(pids: list[int], *, ended_children: bool = False) -> tuple[float, float]:
    """CPU seconds (user+system) and RSS in MB of these processes; with ``ended_children``, also
    the CPU of their children that have ended and been waited for (a server's finished
    workers, e.g. PostgreSQL's closed connections)."""
    tick, page, cpu, rss = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE"), 0.0, 0.0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / tick
            if ended_children:
                cpu += (int(fields[13]) + int(fields[14])) / tick
            rss += int(fields[21]) * page / 1e6
        except OSError:
            pass
    return cpu, rss


def host_speed(tries: int = 5) -> str:
    """CPU milliseconds of a fixed piece of Python work (JSON of a game state's size, both ways,
    and integer arithmetic), the fastest and the slowest of ``tries``: how fast this host's core
    runs at the time, lower is faster. Hosts here change speed within seconds (35 to 62 ms on one
    machine a few seconds apart, nothing else running), and the same tracker code took a third
    more CPU per write one hour than the next (bench_tracker_write): a figure measured at full
    load is read beside this one."""
    import json
    import time

    rows = [
        {"seq": n, "type": "life", "text": "Team A: player 1 loses 1 life", "changes": [n, -1]}
        for n in range(30)
    ]
    state = {"teams": [{"team": 1, "life": 30}, {"team": 2, "life": 30}], "log": rows}
    times = []
    for _try in range(tries):
        t0 = time.process_time()
        for n in range(400):
            json.loads(json.dumps(state))
            sum(i * i for i in range(n, n + 1000))
        times.append((time.process_time() - t0) * 1000)
    return f"{min(times):.0f}-{max(times):.0f} ms"


def servers_cpu() -> dict[str, float]:
    """CPU seconds of the database and Redis servers. PostgreSQL's backends come and go with a
    web service's connections (CONN_MAX_AGE): the server process counts those that ended."""
    return {n: stat(named(n), ended_children=True)[0] for n in ("postgres", "redis-server")}


def host_busy() -> tuple[float, float]:
    """Busy and total CPU seconds of the whole host since boot (/proc/stat)."""
    v = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(v) - v[3] - v[4]) / tick, sum(v) / tick
