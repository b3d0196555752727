"""A team's seats for one match (MTR 9.4: the primary player may change before each match)."""

import pytest

from pairing.domain.seats import (
    MatchProgress,
    SeatsError,
    clean_order,
    effective_seats,
    order_with_primary,
    seats_open,
)

NOT_STARTED = MatchProgress(clock_started=False, reported=False, final=False, game_started=False)


def test_seats_may_be_chosen_before_the_match_starts_mtr_9_4():
    assert seats_open(NOT_STARTED) == (True, "")


@pytest.mark.parametrize(
    ("field", "word"),
    [("clock_started", "round has started"), ("reported", "reported"), ("final", "reported"),
     ("game_started", "game at your table")],
)  # fmt: skip
def test_seats_close_once_the_match_has_started_mtr_9_4(field, word):
    progress = MatchProgress(**{**NOT_STARTED.__dict__, field: True})
    is_open, why = seats_open(progress)
    assert not is_open
    assert word in why


def test_a_bye_has_no_seats_to_choose():
    assert seats_open(MatchProgress(False, False, True, False, bye=True))[0] is False


def test_primary_moves_first_and_the_others_keep_their_order_cr_805_2():
    assert order_with_primary([1, 2, 3], 3) == [3, 1, 2]
    assert order_with_primary([1, 2], 1) == [1, 2]
    with pytest.raises(SeatsError):
        order_with_primary([1, 2], 9)


def test_a_seat_order_lists_each_player_once():
    assert clean_order(["2", 1], [1, 2]) == [2, 1]
    for bad in ([1], [1, 1], [1, 2, 3], ["x", 1], None):
        with pytest.raises(SeatsError):
            clean_order(bad, [1, 2])  # type: ignore[arg-type]  # a wrong type on purpose: the refusal under test


def test_effective_seats_drop_players_who_left_and_add_new_ones_last():
    assert effective_seats([2, 1], [1, 2]) == [2, 1]
    assert effective_seats([], [1, 2]) == [1, 2]
    assert effective_seats([3, 2], [1, 2]) == [2, 1]
