"""Benchmark: standings of 4096 teams after 12 rounds through the selector (database + compute).

Run from the repository root (a throw-away SQLite file, or PostgreSQL with DATABASE_URL):

    .venv/bin/python tests/bench/bench_standings_db.py [--quick]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench .venv/bin/python tests/bench/bench_standings_db.py

Stores a simulated event (pairing.domain.simulate: drops, draws, Match Point penalties) as rows,
then times ``pairing.selectors.standings`` best of 5: the database part (load_facts: teams and
final matches) and the compute part (compute_standings) separately. The target (the quality bar,
issue 4) is under 0.3 s for the compute. Printed, not enforced.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
QUICK = "--quick" in sys.argv
TEAMS, ROUNDS = (1024, 8) if QUICK else (4096, 12)
RUNS, TARGET_S = 5, 0.3


def _django() -> str:
    if not os.environ.get("DATABASE_URL"):
        path = Path(tempfile.mkdtemp(prefix="tandem-bench-")) / "bench.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("TANDEM_PLAIN_STATIC", "1")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return os.environ["DATABASE_URL"].split(":", 1)[0]


def _store(final) -> tuple[object, dict[int, int]]:
    """Write the simulated event as rows: event, teams, players, rounds, matches, entries."""
    from django.contrib.auth import get_user_model

    from pairing.models import Match, MatchTeam, PairingSettings, Round
    from tournament.models import Event, Player, Team

    user, _ = get_user_model().objects.get_or_create(username="bench")
    event = Event.objects.create(
        name="Bench", structure="sealed", organizer=user, status="finished"
    )
    PairingSettings.objects.create(event=event, swiss_rounds=ROUNDS)
    dropped = {t.id for t in final.teams if t.dropped}
    teams = Team.objects.bulk_create(
        Team(event=event, name=f"Team {i:05d}", name_key=f"team {i:05d}", dropped=i in dropped)
        for i in range(1, TEAMS + 1)
    )
    ids = {i: t.pk for i, t in enumerate(teams, start=1)}
    Player.objects.bulk_create(
        Player(event=event, team=t, name=f"P{t.pk}-{s}", name_key=f"p{t.pk}-{s}", seat=s)
        for t in teams
        for s in (1, 2)
    )
    rounds = {
        n: Round.objects.create(event=event, number=n, seed=n, published=True)
        for n in range(1, ROUNDS + 1)
    }
    tables: dict[int, int] = {}
    rows = []
    for m in final.matches:
        table = None
        if m.team_b is not None:
            tables[m.round] = tables.get(m.round, 0) + 1
            table = tables[m.round]
        rows.append(
            Match(
                round=rounds[m.round],
                table=table,
                team_a_id=ids[m.team_a],
                team_b_id=ids[m.team_b] if m.team_b else None,
                games_a=m.games_a,
                games_b=m.games_b,
                games_drawn=m.games_drawn,
                result=m.result,
                status="final",
            )  # fmt: skip
        )
    matches = Match.objects.bulk_create(rows, batch_size=2000)
    MatchTeam.objects.bulk_create(
        (
            MatchTeam(round_id=m.round_id, match=m, team_id=team, side=side)
            for m in matches
            for team, side in ((m.team_a_id, "a"), (m.team_b_id, "b"))
            if team
        ),
        batch_size=4000,
    )
    return event, ids


def main() -> int:
    vendor = _django()
    from pairing import hooks, selectors
    from pairing.domain.simulate import simulate_event

    print(f"# cpus: {os.cpu_count()}, {platform.platform()}, Python {platform.python_version()}")
    start = time.perf_counter()
    final = list(simulate_event(TEAMS, ROUNDS, random.Random(2026), penalty_rate=0.005))[-1]
    event, ids = _store(final)
    penalties = {ids[t]: p for t, p in final.penalties.items()}
    hooks.PENALTY_POINTS.register(lambda e, r: penalties)
    print(f"# stored {TEAMS} teams, {len(final.matches)} matches on {vendor} in "
          f"{time.perf_counter() - start:.1f} s")  # fmt: skip
    runs = []
    for _ in range(RUNS):
        start = time.perf_counter()
        table = selectors.standings(event)
        runs.append((table.load_seconds, table.compute_seconds, time.perf_counter() - start))
    assert len(table.rows) == TEAMS
    assert table.round == ROUNDS
    print(f"# {vendor}: {TEAMS} teams, {len(table.matches)} final matches, {RUNS} runs")
    print(f"{'run':>8} {'db load s':>9} {'compute s':>9} {'total s':>7} {'target s':>8}")
    ordered = sorted(runs, key=lambda r: r[2])
    for label, (load, compute, total) in (
        ("first", runs[0]),
        ("median", ordered[len(ordered) // 2]),
        ("best", ordered[0]),
    ):
        print(f"{label:>8} {load:>9.3f} {compute:>9.3f} {total:>7.3f} {TARGET_S:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
