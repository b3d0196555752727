"""The final finish order of an event and the results in the form EventLink reports them
(docs/rules.md "Final results").

Notes on terminology
--------------------
finish order
    The playoff teams first, by how far they went: the champion, the other finalist, the
    semifinal losers, the quarterfinal losers; within a group, by the Swiss standings (MTR 10.4
    seeds). Then every other team in the Swiss standings order. Disqualified teams are left out
    (IPG 1.1), and so are teams that dropped before playing a match (MTR 2.10: they did not take
    part).
a team that drops inside the bracket (MTR 2.10)
    It did not play the next round: it finishes below the teams that lost that round and above
    the teams that lost the round it won (Tandem's choice; the MTR does not say).
EventLink form of a match
    Games won-lost-drawn from a team's side. An intentional draw with no game played (stored
    0-0-0) is ``0-0-3``; a bye is a ``2-0-0`` win.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayoffMatch:
    high: int
    low: int | None  # None: a bye for ``high``
    winner: int | None  # None: not played yet


@dataclass(frozen=True, slots=True)
class Placing:
    place: int
    team: int
    stage: str  # "playoff" or "swiss"
    reached: str = ""  # the playoff teams: "champion", "final", "semifinal", ...


_REACHED = {0: "final", 1: "semifinal", 2: "quarterfinal"}


def finish_order(
    swiss_ranking: Sequence[int],
    playoff: Sequence[Sequence[PlayoffMatch]],
    *,
    excluded: Collection[int] = (),
) -> list[Placing]:
    """Places 1..n: playoff teams by how far they went, then the Swiss standings (module notes).
    ``swiss_ranking`` is the final Swiss standings, best first; ``playoff`` its rounds in order;
    ``excluded`` the disqualified teams and those that never played."""
    out = set(excluded)
    swiss_place = {team: k for k, team in enumerate(swiss_ranking)}
    depth: dict[int, float] = {}
    last = len(playoff) - 1
    for r, matches in enumerate(playoff):
        for m in matches:
            for team in (m.high, m.low):
                if team is None:
                    continue
                won = m.winner == team or (m.low is None and team == m.high)
                lost = m.winner is not None and not won
                if lost:
                    depth[team] = r
                elif won and r == last and len(matches) == 1:
                    depth[team] = r + 1  # the champion
                elif won:
                    depth[team] = r + 0.5  # advanced; raised again if it plays the next round
                else:
                    depth[team] = r  # not played yet: with this round's teams
    ranked = sorted(
        (t for t in depth if t not in out),
        key=lambda t: (-depth[t], swiss_place.get(t, len(swiss_place))),
    )
    rounds = len(playoff)
    placings: list[Placing] = []
    for team in ranked:
        level = math.ceil(depth[team])  # a team that advanced, then dropped, reached the next
        if level == rounds:
            reached = "champion"
        else:
            reached = _REACHED.get(rounds - 1 - level, f"round {level + 1}")
        placings.append(Placing(len(placings) + 1, team, "playoff", reached))
    for team in swiss_ranking:
        if team not in out and team not in depth:
            placings.append(Placing(len(placings) + 1, team, "swiss"))
    return placings


def eventlink_games(
    *, games_won: int, games_lost: int, games_drawn: int, bye: bool, draw: bool
) -> tuple[int, int, int]:
    """A match's games from one team's side in the EventLink form (module notes)."""
    if bye:
        return (2, 0, 0)
    if draw and games_won == games_lost == games_drawn == 0:
        return (0, 0, 3)
    return (games_won, games_lost, games_drawn)
