"""Events the game refuses (the service answers 400: docs/api.md "Tracker"), each with its code."""

import pytest

from tracker.domain.game import (
    Change,
    Event,
    GameError,
    GameSetup,
    GameState,
    TeamSetup,
    apply,
    check,
    fold,
    initial_state,
    parse_event,
)
from tracker.domain.game_model import SetupError

SETUP = GameSetup((TeamSetup(1, (11, 12)), TeamSetup(2, (21, 22))))


def state_after(*events: Event) -> GameState:
    state = initial_state(SETUP)
    for event in events:
        state = apply(state, event)
    return state


def refused(state: GameState, event: Event) -> str:
    with pytest.raises(GameError) as info:
        apply(state, event)
    return info.value.code


OVER = (Event(1, "concede", player=11),)


@pytest.mark.parametrize(
    ("event", "code"),
    [
        (Event(1, "heal"), "unknown_type"),
        (Event(1, "life", player=99, amount=-1), "unknown_player"),
        (Event(1, "effect", changes=(Change(11, life=-1), Change(99, life=-1))), "unknown_player"),
        (Event(1, "proliferate", team=9), "unknown_team"),
        (Event(1, "life", player=11, amount=1001), "amount_out_of_range"),
        (Event(1, "life", player=11, amount=-1001), "amount_out_of_range"),
        (Event(1, "effect", changes=(Change(11, poison=1001),)), "amount_out_of_range"),
        (Event(1, "life", player=11), "missing_field"),
        (Event(1, "life", amount=3), "missing_field"),
        (Event(1, "effect"), "missing_field"),
        (Event(1, "choose_play"), "missing_field"),
        (Event(1, "undo"), "missing_field"),
        (Event(1, "pay_life", player=11, amount=31), "pay_beyond_total"),
        (Event(1, "pay_life", player=11, amount=-2), "pay_not_positive"),
        (Event(1, "cant_lose", player=11, amount=2), "bad_toggle"),
        (Event(1, "new_game"), "not_drawn"),
        (Event(1, "mulligan", player=11), "play_not_chosen"),
        (Event(1, "undo", amount=1), "undo_not_earlier"),
        (Event(1, "undo", amount=5), "undo_not_earlier"),
        (Event(0, "game_drawn"), "bad_seq"),
    ],
)
def test_refused_on_an_empty_log(event: Event, code: str) -> None:
    assert refused(initial_state(SETUP), event) == code


def test_amounts_of_1000_are_accepted() -> None:
    state = state_after(Event(1, "life", player=11, amount=1000))
    assert state.teams[0].life == 1030


@pytest.mark.parametrize(
    "event",
    [
        Event(2, "life", player=21, amount=-1),
        Event(2, "poison", player=21, amount=1),
        Event(2, "pass_turn"),
        Event(2, "concede", player=21),
        Event(2, "player_wins", player=21),
        Event(2, "game_drawn"),
        Event(2, "restart"),
        Event(2, "cant_lose", player=11, amount=1),
    ],
)
def test_after_the_game_is_over_only_undo(event: Event) -> None:
    """docs/api.md: 400 when the game is over and the type is not undo."""
    assert refused(state_after(*OVER), event) == "game_over"


def test_a_won_game_is_not_followed_by_a_new_game() -> None:
    """MTR 9.1: the match ends at its first won game."""
    assert refused(state_after(*OVER), Event(2, "new_game")) == "not_drawn"


def test_undo_after_the_game_is_over_reopens_it() -> None:
    state = state_after(*OVER, Event(2, "undo", amount=1))
    assert (state.status, state.winner, state.teams[0].lost) == ("playing", None, False)


def test_paying_more_than_the_team_has() -> None:
    """CR 810.9b: the team at 4 cannot pay 5, whichever player pays."""
    state = state_after(Event(1, "life", player=11, amount=-26))
    assert refused(state, Event(2, "pay_life", player=12, amount=5)) == "pay_beyond_total"
    assert (
        state_after(
            Event(1, "life", player=11, amount=-26), Event(2, "pay_life", player=12, amount=4)
        ).status
        == "over"
    )


def test_no_payment_while_the_team_cant_lose_life() -> None:
    """CR 810.9h: only 0 can be paid."""
    state = state_after(Event(1, "cant_lose_life", player=12, amount=1))
    assert refused(state, Event(2, "pay_life", player=11, amount=1)) == "cant_lose_life"


def test_a_player_cannot_lose_while_the_team_cant_lose() -> None:
    """CR 810.8a: "can't lose the game" on one player protects the team."""
    state = state_after(Event(1, "cant_lose", player=12, amount=1))
    assert refused(state, Event(2, "player_loses", player=11)) == "team_cant_lose"


def test_undo_of_a_seq_that_does_not_exist() -> None:
    state = state_after(
        Event(1, "life", player=11, amount=-1), Event(3, "life", player=11, amount=-1)
    )
    assert refused(state, Event(4, "undo", amount=2)) == "undo_unknown_seq"
    assert refused(state, Event(4, "undo", amount=0)) == "undo_unknown_seq"
    assert refused(state, Event(4, "undo", amount=4)) == "undo_not_earlier"


def test_undo_of_an_earlier_game_of_the_match() -> None:
    state = state_after(
        Event(1, "life", player=11, amount=-1), Event(2, "game_drawn"), Event(3, "new_game")
    )
    assert refused(state, Event(4, "undo", amount=1)) == "undo_other_game"
    assert refused(state, Event(4, "undo", amount=2)) == "undo_other_game"
    back = apply(state, Event(4, "undo", amount=3))  # the new game itself: back to the drawn one
    assert (back.game, back.status, back.drawn) == (1, "over", True)


def test_choices_and_mulligans_come_before_the_first_turn_passes() -> None:
    state = state_after(Event(1, "choose_play", team=1), Event(2, "pass_turn"))
    assert refused(state, Event(3, "mulligan", player=11)) == "game_started"
    assert refused(state, Event(3, "choose_play", team=2)) == "game_started"


def test_no_more_than_eight_mulligans() -> None:
    events = [Event(1, "choose_play", team=1)]
    events += [Event(seq, "mulligan", player=11) for seq in range(2, 10)]
    state = state_after(*events)
    assert state.mulligans_of(11) == 8
    assert refused(state, Event(10, "mulligan", player=11)) == "mulligan_limit"


def test_the_error_carries_a_message_and_check_refuses_like_apply() -> None:
    state = state_after(Event(1, "life", player=11, amount=-26))
    with pytest.raises(GameError, match=r"has 4 life and cannot pay 5 \(CR 810\.9b\)"):
        check(state, Event(2, "pay_life", player=11, amount=5))
    check(state, Event(2, "pay_life", player=11, amount=4))


def test_a_log_out_of_order_is_refused_by_the_fold() -> None:
    with pytest.raises(GameError) as info:
        fold(SETUP, [Event(2, "pass_turn"), Event(2, "pass_turn")])
    assert info.value.code == "bad_seq"


@pytest.mark.parametrize(
    "teams",
    [
        (TeamSetup(1, (11, 12)), TeamSetup(1, (21, 22))),
        (TeamSetup(1, (11, 12)), TeamSetup(2, (21, 22, 23))),
        (TeamSetup(1, (11,)), TeamSetup(2, (21,))),
        (TeamSetup(1, (11, 12, 13, 14, 15)), TeamSetup(2, (21, 22, 23, 24, 25))),
        (TeamSetup(1, (11, 12)), TeamSetup(2, (12, 22))),
    ],
)
def test_a_table_that_is_not_a_two_headed_giant_table(teams: tuple[TeamSetup, TeamSetup]) -> None:
    """CR 810.1, 810.11: two teams of equal size; Tandem takes 2 to 4 players a team."""
    with pytest.raises(SetupError):
        GameSetup(teams)


# --- parse_event: the contract's JSON body ----------------------------------------------------


def test_parse_event_reads_the_contract_fields() -> None:
    body = {
        "type": "effect",
        "changes": [{"player": 11, "life": -4}, {"player": 21, "poison": 2}],
        "client_id": "phone-1:7",
    }
    assert parse_event(5, body) == Event(5, "effect", changes=(Change(11, -4, 0), Change(21, 0, 2)))
    assert parse_event(6, {"type": "undo", "amount": 5}) == Event(6, "undo", amount=5)


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"type": 3},
        {"type": "life", "player": "11", "amount": 1},
        {"type": "life", "player": 11, "amount": True},
        {"type": "life", "player": 11, "amount": 1.5},
        {"type": "effect", "changes": {"player": 11}},
        {"type": "effect", "changes": [11]},
        {"type": "effect", "changes": [{"life": -1}]},
    ],
)
def test_parse_event_refuses_a_wrong_shape(body: dict[str, object]) -> None:
    with pytest.raises(GameError):
        parse_event(1, body)
