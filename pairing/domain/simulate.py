"""A pure, seeded simulator of a Swiss event, for property tests and benchmarks.

Notes on terminology
--------------------
strength
    A hidden number per team; the stronger team wins more often (logistic in the difference),
    so the top tables fill with teams that keep meeting each other, as in a real event.
draw
    With probability ``draw_rate`` a match is drawn: half of those are intentional draws with no
    game played (0-0-0, MTR 2.5), the other half a game unfinished at time (0-0-1, MTR 2.4).
drop
    After each round every active team drops with probability ``drop_rate``.
penalty
    With probability ``penalty_rate`` per team and round, a Match Point penalty of 1 point
    (docs/rules.md "Penalties"), which makes odd point totals appear.

The simulator pairs each round with :func:`pairing.domain.swiss.pair_round` and ranks the teams
with :func:`pairing.domain.tiebreakers.compute_standings`; everything draws from the one RNG
passed in, so a seed gives the same event every time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from pairing.domain.swiss import Pair, TeamRecord, pair_round
from pairing.domain.tiebreakers import MatchRecord, compute_standings


@dataclass(frozen=True, slots=True)
class RoundState:
    """The event just before ``round`` is paired (``round`` = rounds + 1 after the last one)."""

    round: int
    teams: tuple[TeamRecord, ...]  # every team, dropped ones included, ranked by the standings
    matches: tuple[MatchRecord, ...]  # every match so far
    penalties: dict[int, int] = field(default_factory=dict)


@dataclass(slots=True)
class _Team:
    id: int
    strength: float
    opponents: set[int] = field(default_factory=set)
    byes: int = 0
    dropped: bool = False


def simulate_event(
    n_teams: int,
    rounds: int,
    rng: random.Random,
    drop_rate: float = 0.02,
    draw_rate: float = 0.05,
    penalty_rate: float = 0.0,
) -> Iterator[RoundState]:
    """Yield the state before each of ``rounds`` rounds, then the final state."""
    teams = [_Team(i, rng.gauss(0.0, 1.0)) for i in range(1, n_teams + 1)]
    matches: list[MatchRecord] = []
    penalties: dict[int, int] = {}
    for number in range(1, rounds + 2):
        state = _state(number, teams, matches, penalties, rng)
        yield state
        if number > rounds:
            return
        result = pair_round(state.teams, rng)
        matches += _play(number, result.pairs, result.bye, teams, rng, draw_rate)
        _penalize(teams, penalties, rng, penalty_rate)
        _drop(teams, rng, drop_rate)


def _state(
    number: int,
    teams: list[_Team],
    matches: list[MatchRecord],
    penalties: dict[int, int],
    rng: random.Random,
) -> RoundState:
    rows = compute_standings(
        [t.id for t in teams], matches, penalties=penalties, seed=rng.getrandbits(32)
    )
    records = tuple(_record(teams[row.team - 1], row.match_points, row.rank - 1) for row in rows)
    return RoundState(number, records, tuple(matches), dict(penalties))


def _record(team: _Team, points: int, rank: int) -> TeamRecord:
    return TeamRecord(
        id=team.id,
        points=points,
        opponents=frozenset(team.opponents),
        byes=team.byes,
        dropped=team.dropped,
        rank=rank,
    )


def _play(
    number: int,
    pairs: tuple[Pair, ...],
    bye: int | None,
    teams: list[_Team],
    rng: random.Random,
    draw_rate: float,
) -> list[MatchRecord]:
    played = [_match(number, teams[p.a - 1], teams[p.b - 1], rng, draw_rate) for p in pairs]
    if bye is not None:
        teams[bye - 1].byes += 1
        played.append(MatchRecord(number, bye, None, games_a=1, result="a"))
    return played


def _match(number: int, a: _Team, b: _Team, rng: random.Random, draw_rate: float) -> MatchRecord:
    a.opponents.add(b.id)
    b.opponents.add(a.id)
    if rng.random() < draw_rate:
        drawn_games = 0 if rng.random() < 0.5 else 1  # intentional draw, or time ran out
        return MatchRecord(number, a.id, b.id, games_drawn=drawn_games, result="draw")
    a_wins = rng.random() < 1.0 / (1.0 + math.exp(b.strength - a.strength))
    drawn_games = 1 if rng.random() < 0.1 else 0  # a drawn game before the deciding one
    return MatchRecord(
        number,
        a.id,
        b.id,
        games_a=int(a_wins),
        games_b=int(not a_wins),
        games_drawn=drawn_games,
        result="a" if a_wins else "b",
    )


def _penalize(
    teams: list[_Team], penalties: dict[int, int], rng: random.Random, rate: float
) -> None:
    for team in teams:
        if not team.dropped and rate and rng.random() < rate:
            penalties[team.id] = penalties.get(team.id, 0) + 1


def _drop(teams: list[_Team], rng: random.Random, rate: float) -> None:
    for team in teams:
        if not team.dropped and rng.random() < rate:
            team.dropped = True
