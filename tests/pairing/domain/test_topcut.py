"""The playoff bracket (MTR 10.4; rules.md "Swiss rounds and playoffs")."""

import pytest

from pairing.domain.topcut import PlayoffError, champion, first_round, next_round

# Team ids deliberately unlike seed numbers: seed k is team 100 + 7 * k.
SEEDS = [100 + 7 * k for k in range(1, 9)]


def seed(k: int) -> int:
    return SEEDS[k - 1]


def test_first_round_of_a_top_8_is_1v8_4v5_2v7_3v6() -> None:
    """MTR 10.4: 1v8, 4v5, 2v7, 3v6 in bracket order, the higher seed first."""
    assert first_round(SEEDS) == [
        (seed(1), seed(8)),
        (seed(4), seed(5)),
        (seed(2), seed(7)),
        (seed(3), seed(6)),
    ]


def test_first_round_of_a_top_4_is_1v4_2v3() -> None:
    """MTR 10.4: top 4 plays 1v4, 2v3."""
    assert first_round(SEEDS[:4]) == [(seed(1), seed(4)), (seed(2), seed(3))]


def test_first_round_of_a_top_2_is_the_final() -> None:
    assert first_round(SEEDS[:2]) == [(seed(1), seed(2))]


@pytest.mark.parametrize("size", [0, 1, 3, 5, 6, 7, 16])
def test_first_round_rejects_other_sizes(size: int) -> None:
    with pytest.raises(PlayoffError, match="2, 4 or 8"):
        first_round(list(range(1, size + 1)))


def test_first_round_rejects_a_team_seeded_twice() -> None:
    with pytest.raises(PlayoffError, match="twice"):
        first_round([1, 2, 3, 1])


def test_semifinals_pair_winners_of_1v8_and_4v5() -> None:
    """MTR 10.4: the winner of 1/8 plays the winner of 4/5; 2/7 meets 3/6."""
    quarters = first_round(SEEDS)
    winners = {
        quarters[0]: seed(8),
        quarters[1]: seed(4),
        quarters[2]: seed(2),
        quarters[3]: seed(6),
    }
    assert next_round(quarters, winners) == [(seed(8), seed(4)), (seed(2), seed(6))]


def test_next_round_puts_the_higher_seed_first_given_the_seeding() -> None:
    quarters = first_round(SEEDS)
    winners = {
        quarters[0]: seed(8),
        quarters[1]: seed(4),
        quarters[2]: seed(7),
        quarters[3]: seed(3),
    }
    assert next_round(quarters, winners, seeding=SEEDS) == [(seed(4), seed(8)), (seed(3), seed(7))]


def test_bracket_runs_to_a_champion_and_then_stops() -> None:
    """Quarterfinals, semifinals, final; after the final there is no next round."""
    rounds = [first_round(SEEDS)]
    upset = {seed(5), seed(7)}  # these seeds win every match they play

    def winner(pair: tuple[int, int]) -> int:
        return next((t for t in pair if t in upset), pair[0])

    while True:
        winners = {pair: winner(pair) for pair in rounds[-1]}
        following = next_round(rounds[-1], winners, seeding=SEEDS)
        if following is None:
            break
        rounds.append(following)
    assert [len(r) for r in rounds] == [4, 2, 1]
    assert rounds[-1] == [(seed(5), seed(7))]
    assert champion(rounds[-1], {rounds[-1][0]: seed(7)}) == seed(7)
    assert champion(rounds[0], {}) is None


def test_next_round_needs_a_winner_for_every_match() -> None:
    """Playoff matches cannot be draws (MTR 2.4): every match needs a winner first."""
    semis = first_round(SEEDS[:4])
    with pytest.raises(PlayoffError, match="no winner"):
        next_round(semis, {semis[0]: seed(1)})


def test_next_round_rejects_a_winner_who_did_not_play_the_match() -> None:
    semis = first_round(SEEDS[:4])
    with pytest.raises(PlayoffError, match="did not play"):
        next_round(semis, {semis[0]: seed(2), semis[1]: seed(2)})
