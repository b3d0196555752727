"""Standings with the MTR tiebreakers, exactly (MTR 3.1, App. C; docs/rules.md "Tiebreakers").

Notes on terminology
--------------------
match points (MP)
    3 per match win, 1 per draw, 0 per loss; a bye is a win (MTR App. C). Match Point penalties
    are taken off first, so MP may be below zero.
rounds played
    Finished matches including byes (MTR App. C: "3-2-0, including a first-round bye, then
    withdraws: 9/(5*3)=0.60") and missed rounds. A match without a result yet is ignored
    everywhere.
missed round
    A round before a late team entered (docs/rules.md "Late entry"): a match loss with no
    opponent (``team_b`` None, result ``"b"``), 0 match points, counted in the team's own rounds
    played as the MTR counts every match loss in MW% (App. C), and, like a bye, ignored by its
    OMW% and OGW% (there was no opponent) and by everyone else's. As a match loss, 0-2 in games
    for GW% (the mirror of the bye's 2-0; "unplayed games are worth 0 points").
MW% (match-win percentage)
    MP / (3 x rounds played), at least 0.33 (the MTR's 0.33, exactly ``Fraction(33, 100)``, not
    1/3). A team that has played no round has MW% 0.33 (the floor; the MTR does not say).
OMW% (opponents' match-win percentage)
    The average of the MW% of the opponent of each match played; byes are ignored; a team met
    twice counts twice; dropped and disqualified opponents count with the rounds they played.
    A team with no opponent (only byes) has OMW% 0.33 (our choice; the MTR does not say).
OOMW% (opponents' OMW%)
    The average OMW% of the same opponents; not an MTR tiebreaker. It is always computed (the
    explanation shows it) but decides places only when the organizer turns it on as a local
    rule (``oomw=True``: team order only, after OMW%). No opponent: 0.33.
GW% (game-win percentage)
    Game points / (3 x games played), at least 0.33; 3 game points per game won, 1 per drawn
    game ("unfinished games are considered draws"). A bye counts as MTR App. C says: a 2-0 match
    win, 6 game points in 2 games (``_add_bye``; docs/rules.md "Tiebreakers"), although a 2HG
    match is otherwise one game (MTR 9.1); it only matters for the individual order. An
    intentional draw (0-0-0) has no game. No game played: 0.33.
OGW% (opponents' GW%)
    The average GW% of the opponents, byes ignored; no opponent: 0.33.
order
    ``team`` (the 2HG default; MTR App. C: "Game points are not used in team tournaments"): MP,
    OMW%, random; with the local rule ``oomw``: MP, OMW%, OOMW%, random. ``individual``: MP,
    OMW%, GW%, OGW%, random (MTR 3.1).
random key
    The last tiebreak: team ids sorted, shuffled by ``random.Random(seed)``, position in that
    list (lower is better). The same seed always gives the same order.

Disqualified teams do not take a place in the standings (IPG 1.1) but their matches still count
for their opponents. Ranks are 1..n with no shared rank.

Speed: every percentage is kept as an integer numerator over one common denominator per
quantity, so sorting compares integers; ``Fraction`` objects are built only for the output.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Literal

FLOOR = Fraction(33, 100)  # MTR App. C: "If this number is lower than 0.33, use 0.33 instead."

Order = Literal["team", "individual"]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One finished (or not yet finished) match; ``team_b`` None is a bye for ``team_a``
    (result ``"a"``) or a round it missed by entering late (result ``"b"``)."""

    round: int
    team_a: int
    team_b: int | None  # None: bye for team_a, or a missed round (result "b")
    games_a: int = 0
    games_b: int = 0
    games_drawn: int = 0
    result: Literal["a", "b", "draw"] | None = None  # None: not finished -> ignored; bye: "a"


@dataclass(frozen=True, slots=True)
class OpponentLine:
    """One opponent of a team, with the numbers its tiebreakers average."""

    round: int
    opponent: int
    mw: Fraction  # the opponent's MW%, floored
    omw: Fraction  # the opponent's OMW% (averaged into OOMW%)
    gw: Fraction  # the opponent's GW%, floored (averaged into OGW%)


class Explanation:
    """How a row's numbers were computed, for a page that shows the working.

    Worked out when asked for (a page shows one team's working; the standings of a large event
    should not pay for every team's).
    """

    __slots__ = ("_i", "_numbers")

    def __init__(self, numbers: _Numbers, index: int) -> None:
        self._numbers = numbers
        self._i = index

    @property
    def match_points_before_penalties(self) -> int:
        return self._numbers.raw_mp[self._i]

    @property
    def penalty_points(self) -> int:
        return self._numbers.penalty[self._i]

    @property
    def rounds_played(self) -> int:
        return self._numbers.tally.rounds[self._i]

    @property
    def mw_raw(self) -> Fraction | None:
        """Match points / (3 x rounds played); None when no round was played."""
        rounds = self.rounds_played
        return Fraction(self._numbers.mp[self._i], 3 * rounds) if rounds else None

    @property
    def mw_floored(self) -> bool:
        """True when 0.33 was used instead of ``mw_raw``."""
        raw = self.mw_raw
        return raw is None or raw < FLOOR

    @property
    def game_points(self) -> int:
        return self._numbers.tally.game_points[self._i]

    @property
    def games_played(self) -> int:
        return self._numbers.tally.games[self._i]

    @property
    def gw_raw(self) -> Fraction | None:
        """Game points / (3 x games played); None when no game was played."""
        games = self.games_played
        return Fraction(self.game_points, 3 * games) if games else None

    @property
    def gw_floored(self) -> bool:
        raw = self.gw_raw
        return raw is None or raw < FLOOR

    @property
    def bye_rounds(self) -> tuple[int, ...]:
        """Rounds of byes: ignored by OMW% and OGW%."""
        return tuple(sorted(self._numbers.tally.bye_rounds[self._i]))

    @property
    def missed_rounds(self) -> tuple[int, ...]:
        """Rounds missed by a late entry: match losses without an opponent."""
        return tuple(sorted(self._numbers.tally.missed_rounds[self._i]))

    @property
    def opponents(self) -> tuple[OpponentLine, ...]:
        """One line per match played, in round order; OMW%, OOMW% and OGW% average them (0.33
        when there is none)."""
        numbers = self._numbers
        return tuple(numbers.line(r, j) for r, j in sorted(numbers.tally.opponents[self._i]))

    def __repr__(self) -> str:
        return f"Explanation(team={self._numbers.tally.ids[self._i]})"


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    team: int
    match_points: int  # penalties taken off
    wins: int  # byes included (a bye is a match win)
    losses: int
    draws: int
    byes: int
    penalty_points: int
    rounds_played: int
    mw: Fraction
    omw: Fraction
    oomw: Fraction
    gw: Fraction
    ogw: Fraction
    random_key: int  # the seeded final tiebreak, lower is better
    explanation: Explanation = field(compare=False, repr=False)
    missed: int = 0  # rounds missed by a late entry (counted in ``losses``)


class TooFewTeamsError(ValueError):
    """An event needs at least 4 teams (MTR 10.1)."""


# MTR App. E (teams count as players), docs/rules.md "Swiss rounds and playoffs":
# (largest team count, Swiss rounds, playoff size).
_STRUCTURE = (
    (4, 0, 4),
    (8, 0, 8),
    (16, 5, 4),
    (32, 5, 8),
    (64, 6, 8),
    (128, 7, 8),
    (226, 8, 8),
    (409, 9, 8),
)


def recommended_structure(n_teams: int) -> tuple[int, int]:
    """(Swiss rounds, playoff size) of MTR App. E. 4 teams: 2 single-elimination rounds (top 4);
    5-8 teams: 3 single-elimination rounds (a top 8 bracket)."""
    if n_teams < 4:
        raise TooFewTeamsError(f"An event needs at least 4 teams (MTR 10.1); there are {n_teams}.")
    for most, rounds, cut in _STRUCTURE:
        if n_teams <= most:
            return rounds, cut
    return 10, 8


def compute_standings(
    team_ids: Sequence[int],
    matches: Iterable[MatchRecord],
    *,
    penalties: Mapping[int, int] | None = None,
    disqualified: Collection[int] = (),
    order: Order = "team",
    oomw: bool = False,
    seed: int,
) -> list[StandingRow]:
    """The standings, best first; see the module notes for every definition. ``oomw`` adds
    OOMW% after OMW% in the team order (a local rule, not the MTR's)."""
    tally = _Tally(team_ids)
    for match in matches:
        tally.add(match)
    numbers = _Numbers(tally, penalties or {})
    keys = _random_keys(team_ids, seed)
    out = set(disqualified)
    ranked = sorted(
        (i for i, team in enumerate(tally.ids) if team not in out),
        key=lambda i: (*numbers.sort_key(i, order, oomw), keys[tally.ids[i]]),
    )
    return [numbers.row(rank, i, keys[tally.ids[i]]) for rank, i in enumerate(ranked, start=1)]


def missed_records(team: int, first_round: int, after_round: int) -> list[MatchRecord]:
    """The rounds a late team missed (1 to ``first_round`` - 1) among rounds 1 to
    ``after_round``: a match loss each, no opponent (docs/rules.md "Late entry")."""
    last = min(first_round - 1, after_round)
    return [MatchRecord(number, team, None, 0, 0, 0, "b") for number in range(1, last + 1)]


def _random_keys(team_ids: Sequence[int], seed: int) -> dict[int, int]:
    shuffled = sorted(team_ids)
    random.Random(seed).shuffle(shuffled)
    return {team: position for position, team in enumerate(shuffled)}


class _Tally:
    """Per-team counts from the finished matches (index = position in ``ids``)."""

    def __init__(self, team_ids: Sequence[int]) -> None:
        self.ids = list(team_ids)
        self.index = {team: i for i, team in enumerate(self.ids)}
        if len(self.index) != len(self.ids):
            raise ValueError("a team appears twice in the standings")
        n = len(self.ids)
        self.wins, self.losses, self.draws = [0] * n, [0] * n, [0] * n
        self.rounds, self.game_points, self.games = [0] * n, [0] * n, [0] * n
        self.bye_rounds: list[list[int]] = [[] for _ in range(n)]
        self.missed_rounds: list[list[int]] = [[] for _ in range(n)]
        self.opponents: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (round, index)

    def _at(self, team: int) -> int:
        try:
            return self.index[team]
        except KeyError:
            raise ValueError(f"a match refers to team {team}, which is not in the event") from None

    def add(self, match: MatchRecord) -> None:
        if match.result is None:
            return  # not finished: ignored
        if match.team_b is None and match.result == "b":
            self._add_missed(self._at(match.team_a), match)
            return
        if match.team_b is None:
            self._add_bye(self._at(match.team_a), match)
            return
        a, b = self._at(match.team_a), self._at(match.team_b)
        self.rounds[a] += 1
        self.rounds[b] += 1
        self.opponents[a].append((match.round, b))
        self.opponents[b].append((match.round, a))
        self._add_games(a, match.games_a, match.games_b, match.games_drawn)
        self._add_games(b, match.games_b, match.games_a, match.games_drawn)
        if match.result == "draw":
            self.draws[a] += 1
            self.draws[b] += 1
        else:
            winner, loser = (a, b) if match.result == "a" else (b, a)
            self.wins[winner] += 1
            self.losses[loser] += 1

    def _add_bye(self, a: int, match: MatchRecord) -> None:
        if match.result != "a":
            raise ValueError(f"the bye of team {match.team_a} must be recorded as a win")
        self.wins[a] += 1
        self.rounds[a] += 1
        self.bye_rounds[a].append(match.round)
        self._add_games(a, 2, 0, 0)  # a bye is a 2-0 win (MTR App. C; module notes)

    def _add_missed(self, a: int, match: MatchRecord) -> None:
        """A round missed by a late entry: a match loss, no opponent (module notes)."""
        self.losses[a] += 1
        self.rounds[a] += 1
        self.missed_rounds[a].append(match.round)
        self._add_games(a, 0, 2, 0)

    def _add_games(self, i: int, won: int, lost: int, drawn: int) -> None:
        self.game_points[i] += 3 * won + drawn
        self.games[i] += won + lost + drawn


def _floored(points: list[int], played: list[int]) -> tuple[list[int], int]:
    """``max(points / (3 x played), 0.33)`` for each team, as numerators over one denominator;
    0.33 when nothing was played."""
    denominator = lcm(100, *(3 * p for p in set(played) if p))
    floor = 33 * denominator // 100
    numerators = [
        max(pts * (denominator // (3 * p)), floor) if p else floor
        for pts, p in zip(points, played, strict=True)
    ]
    return numerators, denominator


def _averaged(
    values: list[int], denominator: int, opponents: list[list[int]]
) -> tuple[list[int], int]:
    """The average of the opponents' values (numerators over ``denominator``), 0.33 without
    opponents, as numerators over one new denominator."""
    counts = [len(opps) or 1 for opps in opponents]
    common = lcm(*set(counts))
    floor = 33 * denominator // 100
    sums = [sum(values[j] for j in opps) if opps else floor for opps in opponents]
    return [s * (common // k) for s, k in zip(sums, counts, strict=True)], common * denominator


class _Numbers:
    """Every tiebreaker of every team as integer numerators over shared denominators."""

    def __init__(self, tally: _Tally, penalties: Mapping[int, int]) -> None:
        self.tally = tally
        self.penalty = [penalties.get(team, 0) for team in tally.ids]
        self.raw_mp = [3 * w + d for w, d in zip(tally.wins, tally.draws, strict=True)]
        self.mp = [p - pen for p, pen in zip(self.raw_mp, self.penalty, strict=True)]
        opps = [[j for _round, j in lines] for lines in tally.opponents]
        self.mw, self.mw_den = _floored(self.mp, tally.rounds)
        self.omw, self.omw_den = _averaged(self.mw, self.mw_den, opps)
        self.oomw, self.oomw_den = _averaged(self.omw, self.omw_den, opps)
        self.gw, self.gw_den = _floored(tally.game_points, tally.games)
        self.ogw, self.ogw_den = _averaged(self.gw, self.gw_den, opps)
        self._fractions: dict[tuple[int, int], Fraction] = {}

    def sort_key(self, i: int, order: Order, oomw: bool = False) -> tuple[int, ...]:
        if order == "team":
            if oomw:
                return (-self.mp[i], -self.omw[i], -self.oomw[i])
            return (-self.mp[i], -self.omw[i])
        return (-self.mp[i], -self.omw[i], -self.gw[i], -self.ogw[i])

    def fraction(self, numerator: int, denominator: int) -> Fraction:
        """Shared Fraction objects: many teams have the same MW% or GW%."""
        key = (numerator, denominator)
        if key not in self._fractions:
            self._fractions[key] = Fraction(numerator, denominator)
        return self._fractions[key]

    def row(self, rank: int, i: int, random_key: int) -> StandingRow:
        t = self.tally
        return StandingRow(
            rank=rank,
            team=t.ids[i],
            match_points=self.mp[i],
            wins=t.wins[i],
            losses=t.losses[i],
            draws=t.draws[i],
            byes=len(t.bye_rounds[i]),
            penalty_points=self.penalty[i],
            rounds_played=t.rounds[i],
            mw=self.fraction(self.mw[i], self.mw_den),
            omw=self.fraction(self.omw[i], self.omw_den),
            oomw=Fraction(self.oomw[i], self.oomw_den),
            gw=self.fraction(self.gw[i], self.gw_den),
            ogw=Fraction(self.ogw[i], self.ogw_den),
            random_key=random_key,
            explanation=Explanation(self, i),
            missed=len(t.missed_rounds[i]),
        )

    def line(self, round_number: int, j: int) -> OpponentLine:
        return OpponentLine(
            round=round_number,
            opponent=self.tally.ids[j],
            mw=self.fraction(self.mw[j], self.mw_den),
            omw=self.fraction(self.omw[j], self.omw_den),
            gw=self.fraction(self.gw[j], self.gw_den),
        )
