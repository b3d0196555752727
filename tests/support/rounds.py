"""Helpers for the tests of rounds, results and standings (pairing app)."""

from __future__ import annotations

import random

from pairing import services
from pairing.models import Match, Round
from support import factories
from tournament.domain.names import name_key, search_key
from tournament.models import Event, Player, Team


def event_with_teams(n: int, organizer=None, **values) -> tuple[Event, list[Team]]:
    """An event with n teams registered through the service (small events)."""
    organizer = organizer or factories.user()
    values.setdefault("swiss_rounds", 3)
    event = factories.event(organizer, **values)
    return event, [
        factories.team(event, f"Team {chr(65 + i // 26)}{chr(65 + i % 26)}") for i in range(n)
    ]


def bulk_teams(event: Event, n: int) -> list[Team]:
    """Many teams at once for size tests (2048, 4096): rows written directly, like an import."""
    teams = Team.objects.bulk_create(
        Team(
            event=event,
            name=f"Team {i:05d}",
            name_key=name_key(f"Team {i:05d}"),
            search_key=search_key(f"Team {i:05d}"),
        )
        for i in range(n)
    )
    Player.objects.bulk_create(
        Player(
            event=event,
            team=t,
            name=f"P{t.pk}-{seat}",
            name_key=f"p{t.pk}-{seat}",
            search_key=f"p{t.pk}-{seat}",
            seat=seat,
        )
        for t in teams
        for seat in (1, 2)
    )
    return teams


def games(a: int, b: int, drawn: int = 0) -> dict[str, int]:
    return {"games_a": a, "games_b": b, "games_drawn": drawn}


def random_games(rng: random.Random, *, top_cut: bool = False) -> tuple[int, int, int]:
    roll = rng.random()
    if roll < 0.45:
        return (1, 0, int(rng.random() < 0.1))
    if roll < 0.9 or top_cut:
        return (0, 1, int(rng.random() < 0.1))
    return (0, 0, rng.choice((0, 1)))


def play(round_: Round, rng: random.Random | None = None, by=None) -> None:
    """Enter a random final result for every match of the round (staff entry, in bulk)."""
    rng = rng or random.Random(round_.number)
    results = {
        m.pk: random_games(rng, top_cut=round_.is_top_cut)
        for m in round_.matches.filter(team_b__isnull=False)
    }
    services.results_enter_bulk(round_=round_, results=results, by=by)


def win_all_a(round_: Round, by=None) -> None:
    """Team A wins every match (the higher-placed team of each pair)."""
    services.results_enter_bulk(
        round_=round_,
        results={m.pk: (1, 0, 0) for m in round_.matches.filter(team_b__isnull=False)},
        by=by,
    )


def pair_and_play(event: Event, rounds: int, by=None, seed: int = 1) -> list[Round]:
    out = []
    for k in range(rounds):
        round_ = services.round_pair_next(event=event, by=by, seed=seed + k)
        play(round_, random.Random(seed + k), by)
        out.append(round_)
    return out


def match_of(round_: Round, team: Team) -> Match:
    return round_.matches.get(entries__team=team)
