"""The Limited timers' arithmetic with a fixed clock (MTR App. B "Two-Headed Giant Draft Timing",
"Two-Headed Giant Sealed Deck", "Two-Headed Giant Draft"; MTR 7.7, 9.7)."""

from datetime import UTC, datetime, timedelta

import pytest

from judging.domain.clock_round import ClockError, Correction, Pause, RoundFacts
from judging.domain.limited_timers import (
    build_minutes,
    draft_schedule,
    pass_direction,
    picks_of_pack,
    schedule_length,
    step_offset,
    timer_state,
)

T0 = datetime(2026, 4, 18, 13, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def draft_facts(steps, **kw) -> RoundFacts:
    return RoundFacts(started_at=T0, length=schedule_length(steps), **kw)


def test_picks_of_a_15_card_pack_follow_app_b_two_cards_a_pick():
    # App. B: 15 -> 50 s, 13 -> 45, 11 -> 40, 9 -> 30, 7 -> 20, 5 -> 10, 3 -> 5, 1 -> N/A.
    assert picks_of_pack(15) == [
        (15, 50),
        (13, 45),
        (11, 40),
        (9, 30),
        (7, 20),
        (5, 10),
        (3, 5),
        (1, 0),
    ]


def test_picks_of_a_14_card_pack_end_with_two_untimed_cards():
    # App. B's 14-card column: 14 -> 50 s ... 4 -> 10 s, 2 -> N/A (no 5-second pick).
    assert picks_of_pack(14) == [(14, 50), (12, 45), (10, 40), (8, 30), (6, 20), (4, 10), (2, 0)]


def test_pack_sizes_without_an_app_b_column_are_refused():
    with pytest.raises(ClockError):
        picks_of_pack(16)


def test_six_pack_draft_lasts_six_packs_of_picks_and_five_reviews():
    steps = draft_schedule(6, 15)
    # 50+45+40+30+20+10+5 = 200 s a pack; 60 s review between packs (App. B), none after the last.
    assert schedule_length(steps) == timedelta(seconds=6 * 200 + 5 * 60)
    assert [s.pack for s in steps if s.kind == "review"] == [1, 2, 3, 4, 5]
    assert schedule_length(draft_schedule(6, 14)) == timedelta(seconds=6 * 195 + 5 * 60)


def test_pass_direction_alternates_left_right_from_pack_one():
    # MTR 9.7 / JG09: left-right-left-right-left-right.
    assert [pass_direction(p) for p in range(1, 7)] == ["left", "right"] * 3


def test_draft_state_before_the_start_shows_the_first_pick():
    steps = draft_schedule()
    state = timer_state(RoundFacts(started_at=None, length=schedule_length(steps)), at(0), steps)
    assert state.status == "not_started"
    assert (state.step.pack, state.step.pick, state.step_remaining) == (1, 1, 50)


def test_draft_state_counts_each_pick_down_and_moves_on():
    steps = draft_schedule()
    facts = draft_facts(steps)
    state = timer_state(facts, at(20), steps)
    assert (state.step.pick, state.step.cards, state.step_remaining) == (1, 15, 30)
    assert state.step_ends_at == at(50)
    assert (state.next_step.pick, state.next_step.cards) == (2, 13)
    # 50 s later the second pick (13 cards, 45 s) has run 20 s.
    state = timer_state(facts, at(70), steps)
    assert (state.step.pick, state.step.cards, state.step_remaining) == (2, 13, 25)


def test_review_follows_the_last_timed_pick_of_a_pack():
    steps = draft_schedule()
    state = timer_state(draft_facts(steps), at(200 + 10), steps)
    assert state.step.kind == "review"
    assert state.step_remaining == 50
    assert (state.next_step.pack, state.next_step.pick, state.next_step.direction) == (
        2,
        1,
        "right",
    )


def test_pause_stops_the_pick_time():
    steps = draft_schedule()
    facts = draft_facts(steps, pauses=(Pause(at(10), at(70)),))
    state = timer_state(facts, at(40), steps)
    assert state.status == "paused"
    assert state.step_remaining == 40
    assert state.step_ends_at is None
    state = timer_state(facts, at(80), steps)  # 20 s of running time: 30 s left of pick 1
    assert (state.step.pick, state.step_remaining) == (1, 30)


def test_correction_to_a_pick_restarts_it_there():
    steps = draft_schedule()
    offset = step_offset(steps, 3, 4)  # pack 3, pick 4: 9 cards, 30 s
    correction = Correction(at(100), schedule_length(steps) - timedelta(seconds=offset))
    state = timer_state(draft_facts(steps, corrections=(correction,)), at(110), steps)
    assert (state.step.pack, state.step.pick, state.step.cards, state.step_remaining) == (
        3,
        4,
        9,
        20,
    )


def test_draft_ends_with_time_after_the_last_pick():
    steps = draft_schedule(2, 15)
    state = timer_state(draft_facts(steps), at(460), steps)
    assert state.status == "time_called"
    assert state.step is None
    assert state.remaining_seconds == 0


def test_build_lengths_are_app_b_for_2hg():
    assert build_minutes("registration", "sealed") == 20
    assert build_minutes("construction", "sealed") == 60
    assert build_minutes("construction", "sealed", release_weekend=True) == 75
    assert build_minutes("construction", "draft") == 40
    with pytest.raises(ClockError):
        build_minutes("registration", "draft")
    with pytest.raises(ClockError):
        build_minutes("construction", "constructed")


def test_construction_warns_in_the_last_five_minutes_and_calls_time_at_zero():
    facts = RoundFacts(started_at=T0, length=timedelta(minutes=60))
    assert not timer_state(facts, at(55 * 60 - 1)).warning
    state = timer_state(facts, at(55 * 60))
    assert state.warning
    assert state.remaining_seconds == 300
    state = timer_state(facts, at(3600))
    assert state.status == "time_called"
    assert not state.warning
    assert state.ends_at == at(3600)


def test_paused_construction_keeps_its_remaining_time():
    facts = RoundFacts(started_at=T0, length=timedelta(minutes=40), pauses=(Pause(at(600)),))
    state = timer_state(facts, at(3000))
    assert state.status == "paused"
    assert state.remaining_seconds == 30 * 60
