"""The single-elimination playoff after the Swiss rounds (MTR 10.4, App. E).

Notes on terminology
--------------------
seed
    A team's place in the final Swiss standings; seed 1 is the best.
bracket order
    The order of the matches of a round such that the winners of matches 1 and 2 meet next,
    then the winners of 3 and 4, and so on. MTR 10.4: top 8 plays 1v8, 4v5, 2v7, 3v6 and "the
    winner of 1/8 plays the winner of 4/5"; top 4 plays 1v4, 2v3; top 2 plays 1v2.
draws
    Playoff matches may not end in a draw (MTR 2.4): after the additional turns the team with
    the highest life total wins. The caller records a winner for every match; this module
    rejects a result without one.

In every pair the higher seed comes first; from the second round on that needs the seeding
(``seeding``); without it the winner of the earlier match in bracket order comes first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Match = tuple[int, int]

#: Seed numbers (1-based) of the first round, in bracket order (MTR 10.4).
_FIRST_ROUND = {
    2: ((1, 2),),
    4: ((1, 4), (2, 3)),
    8: ((1, 8), (4, 5), (2, 7), (3, 6)),
}


class PlayoffError(ValueError):
    """A bracket that cannot be built or advanced from the data given."""


def first_round(seeded_team_ids: Sequence[int]) -> list[Match]:
    """The first playoff round for a top 2, 4 or 8, seeds best first (MTR 10.4)."""
    if len(seeded_team_ids) not in _FIRST_ROUND:
        raise PlayoffError(f"A playoff needs 2, 4 or 8 teams, not {len(seeded_team_ids)}.")
    if len(set(seeded_team_ids)) != len(seeded_team_ids):
        raise PlayoffError("A team appears twice in the playoff seeding.")
    seeds = _FIRST_ROUND[len(seeded_team_ids)]
    return [(seeded_team_ids[hi - 1], seeded_team_ids[lo - 1]) for hi, lo in seeds]


def next_round(
    previous_pairs: Sequence[Match],
    winners: Mapping[Match, int],
    *,
    seeding: Sequence[int] | None = None,
) -> list[Match] | None:
    """The next round from the winners of ``previous_pairs`` (in bracket order), or None when
    ``previous_pairs`` was the final. With ``seeding`` the higher seed comes first in a pair."""
    advancing = [_winner(pair, winners) for pair in previous_pairs]
    if len(advancing) == 1:
        return None
    if len(advancing) % 2:
        raise PlayoffError(f"A playoff round has 1, 2 or 4 matches, not {len(advancing)}.")
    pairs = list(zip(advancing[::2], advancing[1::2], strict=True))
    if seeding is None:
        return pairs
    place = {team: k for k, team in enumerate(seeding)}
    return [(a, b) if place[a] < place[b] else (b, a) for a, b in pairs]


def champion(final_pairs: Sequence[Match], winners: Mapping[Match, int]) -> int | None:
    """The winner of the final; None while ``final_pairs`` is an earlier round."""
    if len(final_pairs) != 1:
        return None
    return _winner(final_pairs[0], winners)


def _winner(pair: Match, winners: Mapping[Match, int]) -> int:
    if pair not in winners:
        raise PlayoffError(f"The match {pair[0]} v {pair[1]} has no winner yet.")
    winner = winners[pair]
    if winner not in pair:
        raise PlayoffError(f"Team {winner} did not play in the match {pair[0]} v {pair[1]}.")
    return winner
