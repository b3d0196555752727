"""Booster-draft pods and the draft playoff (MTR 7.6, 9.7, 10.4; pairing.domain.pods)."""

import random

import pytest

from pairing.domain.pods import draft_playoff, pair_within_pods
from pairing.domain.swiss import TeamRecord
from tournament.domain.pods import seat_pods


@pytest.mark.parametrize(("teams", "sizes"), [(4, [4]), (7, [7]), (9, [5, 4]), (13, [5, 4, 4])])
def test_pods_are_random_and_never_smaller_than_the_pod_size(teams, sizes):
    """MTR 9.7: teams are randomly distributed into pods."""
    pods = seat_pods(range(1, teams + 1), random.Random(1))
    counts = sorted((list(pods.values()).count(p) for p in set(pods.values())), reverse=True)
    assert counts == sizes
    assert seat_pods(range(1, teams + 1), random.Random(1)) == pods


def test_swiss_pairs_only_teams_of_the_same_pod():
    """MTR 7.6: at Competitive REL teams play only teams of their own pod; an odd pod has its
    own bye."""
    pods = {t: 1 if t <= 5 else 2 for t in range(1, 10)}
    records = [TeamRecord(t, points=0, opponents=frozenset()) for t in range(1, 10)]
    results = pair_within_pods(records, pods, random.Random(3))
    assert len(results) == 2
    for result in results:
        for pair in result.pairs:
            assert pods[pair.a] == pods[pair.b]
    assert results[0].bye is not None
    assert results[1].bye is None


def test_the_draft_playoff_pairs_seats_1v5_2v6_3v7_4v8():
    """MTR 10.4: after a random seating, seat 1 v 5, 2 v 6, 3 v 7, 4 v 8; bracket order puts the
    winners of 1/5 and 3/7 together; the better seed comes first in each pair."""
    seeded = [101, 102, 103, 104, 105, 106, 107, 108]
    rng = random.Random(9)
    seats = list(seeded)
    random.Random(9).shuffle(seats)
    pairs = draft_playoff(seeded, rng)
    expected = [
        (seats[0], seats[4]),
        (seats[2], seats[6]),
        (seats[1], seats[5]),
        (seats[3], seats[7]),
    ]
    assert [set(p) for p in pairs] == [set(p) for p in expected]
    assert all(seeded.index(a) < seeded.index(b) for a, b in pairs)
