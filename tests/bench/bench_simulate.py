"""Benchmark: a whole event through the services (manage.py simulate), phase by phase.

Run from the repository root (a throw-away SQLite file, or PostgreSQL with DATABASE_URL):

    .venv/bin/python tests/bench/bench_simulate.py [--quick]

Registers the teams, then pairs, publishes and enters the results of every round through the
same services as the API and pages; prints the time of each phase. Issue 4: "Pair round N"
answers within a second even for thousands of teams. Printed, not enforced.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
QUICK = "--quick" in sys.argv
TEAMS, ROUNDS = (256, 6) if QUICK else (4096, 12)


def main() -> int:
    if not os.environ.get("DATABASE_URL"):
        path = Path(tempfile.mkdtemp(prefix="tandem-bench-")) / "bench.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("TANDEM_PLAIN_STATIC", "1")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from pairing.simulation import simulate

    vendor = os.environ["DATABASE_URL"].split(":", 1)[0]
    print(f"# cpus: {os.cpu_count()}, {platform.platform()}, Python {platform.python_version()}")
    print(f"# {vendor}: {TEAMS} teams, {ROUNDS} Swiss rounds")
    report = simulate(teams=TEAMS, rounds=ROUNDS, seed=2026, write=print)
    pairs = [s for name, s in report.phases if name.endswith(" pair")]
    print(f"# pair round: worst {max(pairs):.3f} s, mean {sum(pairs) / len(pairs):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
