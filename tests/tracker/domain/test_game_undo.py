"""The action the table's Undo undoes (tracker.domain.game_undo): the latest action still in
force, the same whichever phone asks; an undo without amount undoes it (docs/api.md "Tracker")."""

import pytest

from tracker.domain.game import Event, GameError, GameSetup, TeamSetup, apply, fold, initial_state
from tracker.domain.game_undo import last_in_force, name_target

SETUP = GameSetup((TeamSetup(1, (10, 11)), TeamSetup(2, (20, 21))), chooser=1)


def played(*events: Event):
    return fold(SETUP, events)


def test_nothing_to_undo_on_a_fresh_table():
    state = initial_state(SETUP)
    assert last_in_force(state) is None
    with pytest.raises(GameError) as caught:
        name_target(state, Event(1, "undo"))
    assert caught.value.code == "nothing_to_undo"


def test_the_latest_action_is_named_after_eight_later_actions():
    """The first event ("plays first") is no longer the one named once eight life changes
    followed it: the eighth is."""
    events = [Event(1, "choose_play", team=1)]
    events += [Event(seq, "life", player=10, amount=-1) for seq in range(2, 10)]
    state = played(*events)
    assert last_in_force(state).seq == 9
    assert name_target(state, Event(10, "undo")).amount == 9


def test_undo_walks_back_one_action_at_a_time_and_skips_undos_and_undone_rows():
    state = played(
        Event(1, "choose_play", team=1),
        Event(2, "life", player=10, amount=-5),
        Event(3, "pass_turn"),
    )
    for seq, expected in ((4, 3), (5, 2), (6, 1)):
        undo = name_target(state, Event(seq, "undo"))
        assert undo.amount == expected
        state = apply(state, undo)
    assert state.teams[0].life == 30
    assert state.turn == 1
    assert last_in_force(state) is None  # all three undone


def test_a_row_left_with_no_effect_is_not_the_action_undone():
    """A payment that an undo left beyond the team's total stays in the log with no effect
    (CR 810.9b): Undo names the action before it, not that row."""
    state = played(
        Event(1, "life", player=10, amount=-1),
        Event(2, "life", player=10, amount=5),
        Event(3, "pay_life", player=11, amount=33),
        Event(4, "undo", amount=2),
    )
    assert not state.log[2].applied
    assert not state.log[2].undone
    assert last_in_force(state).seq == 1


def test_an_action_of_an_earlier_game_is_never_named():
    """After a drawn game the next game begins with new_game (MTR 2.2): that is the only action
    of the new game; once it is undone, nothing of the drawn game is offered."""
    state = played(Event(1, "game_drawn"), Event(2, "new_game"))
    assert last_in_force(state).seq == 2
    state = apply(state, name_target(state, Event(3, "undo")))
    assert state.game == 1
    assert state.status == "over"
    assert last_in_force(state).seq == 1  # the drawn game's own end, back in its game


def test_an_explicit_amount_is_kept():
    state = played(Event(1, "life", player=10, amount=-2), Event(2, "pass_turn"))
    assert name_target(state, Event(3, "undo", amount=1)).amount == 1
