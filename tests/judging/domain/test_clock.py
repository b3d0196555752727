"""The round clock (MTR 2.4, App. B; docs/api.md "Clock"; docs/rules.md "End of round (MTR 2.4)
and extensions"), worked by hand: a 50-minute round started at 10:00."""

from datetime import UTC, datetime, timedelta

import pytest

from judging.domain.clock import (
    ClockError,
    Correction,
    Pause,
    RoundFacts,
    RoundState,
    TimeLimits,
    next_deadline,
    round_length_for,
    round_state,
)

T0 = datetime(2026, 3, 7, 10, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    """``minutes`` after the round's start (10:00)."""
    return T0 + timedelta(minutes=minutes)


def mins(minutes: float) -> timedelta:
    return timedelta(minutes=minutes)


def round_of(
    *pauses: Pause, corrections: tuple[Correction, ...] = (), length: float | None = 50
) -> RoundFacts:
    return RoundFacts(
        started_at=T0,
        length=None if length is None else mins(length),
        pauses=pauses,
        corrections=corrections,
    )


ROUND = round_of()


@pytest.mark.parametrize(
    ("facts", "now", "expected"),
    [
        pytest.param(
            RoundFacts(started_at=None, length=mins(50)),
            at(0),
            RoundState("not_started", None, 3000, None),
            id="not started: the full length remains, no end time (docs/api.md Clock)",
        ),
        pytest.param(
            ROUND,
            at(-5),
            RoundState("not_started", None, 3000, None),
            id="a start in the future has not happened yet",
        ),
        pytest.param(
            ROUND,
            at(10),
            RoundState("running", at(50), 2400, None),
            id="running: ends at start + length",
        ),
        pytest.param(
            ROUND,
            at(49.99),
            RoundState("running", at(50), 1, None),
            id="remaining seconds are rounded up: 0 only once time is called",
        ),
        pytest.param(
            ROUND,
            at(50),
            RoundState("time_called", at(50), 0, at(50)),
            id="time is called when the length has run (MTR 2.4)",
        ),
        pytest.param(
            ROUND,
            at(300),
            RoundState("time_called", at(50), 0, at(50)),
            id="remaining is never negative",
        ),
        pytest.param(
            round_of(Pause(at(10), at(15))),
            at(12),
            RoundState("paused", None, 2400, None),
            id="paused: no end time, the remaining time stands still",
        ),
        pytest.param(
            round_of(Pause(at(10), at(15))),
            at(20),
            RoundState("running", at(55), 2100, None),
            id="a 5-minute pause moves the end 5 minutes",
        ),
        pytest.param(
            round_of(Pause(at(10))),
            at(500),
            RoundState("paused", None, 2400, None),
            id="a pause not yet resumed holds the clock however long it lasts",
        ),
        pytest.param(
            round_of(Pause(at(10), at(15)), Pause(at(12), at(20))),
            at(25),
            RoundState("running", at(60), 2100, None),
            id="overlapping pauses count once",
        ),
        pytest.param(
            round_of(Pause(at(30), at(40))),
            at(20),
            RoundState("running", at(50), 1800, None),
            id="a pause after now is not known yet",
        ),
        pytest.param(
            round_of(Pause(at(30), at(40))),
            at(35),
            RoundState("paused", None, 1200, None),
            id="a resume after now is not known yet",
        ),
        pytest.param(
            round_of(Pause(at(60), at(70))),
            at(80),
            RoundState("time_called", at(50), 0, at(50)),
            id="a pause after time was called does not move the round's time called",
        ),
        pytest.param(
            round_of(corrections=(Correction(at(5), mins(50)),)),
            at(10),
            RoundState("running", at(55), 2700, None),
            id="set_remaining: a round started 5 minutes late gets its 50 minutes",
        ),
        pytest.param(
            round_of(corrections=(Correction(at(5), mins(50)), Correction(at(10), mins(30)))),
            at(20),
            RoundState("running", at(40), 1200, None),
            id="a later correction overrides an earlier one",
        ),
        pytest.param(
            round_of(corrections=(Correction(at(10), mins(30)), Correction(at(5), mins(50)))),
            at(20),
            RoundState("running", at(40), 1200, None),
            id="corrections count by their time, not by their order in the list",
        ),
        pytest.param(
            round_of(corrections=(Correction.seconds(at(20), 0),)),
            at(20),
            RoundState("time_called", at(20), 0, at(20)),
            id="set_remaining 0 calls time now (docs/api.md Clock)",
        ),
        pytest.param(
            round_of(Pause(at(15)), corrections=(Correction.seconds(at(20), 0),)),
            at(25),
            RoundState("time_called", at(20), 0, at(20)),
            id="set_remaining 0 calls time at that moment, even while paused",
        ),
        pytest.param(
            round_of(Pause(at(10), at(20)), corrections=(Correction(at(15), mins(10)),)),
            at(22),
            RoundState("running", at(30), 480, None),
            id="a correction during a pause counts down from the resume",
        ),
        pytest.param(
            round_of(corrections=(Correction(at(55), mins(5)),)),
            at(56),
            RoundState("running", at(60), 240, None),
            id="a correction after time was called starts the clock again",
        ),
        pytest.param(
            round_of(corrections=(Correction(at(10), mins(30)),)),
            at(5),
            RoundState("running", at(50), 2700, None),
            id="a correction after now is not known yet",
        ),
        pytest.param(
            round_of(length=None),
            at(200),
            RoundState("running", None, None, None),
            id="no time limit (a final, MTR App. B): no end, no remaining time",
        ),
        pytest.param(
            round_of(length=None, corrections=(Correction(at(100), mins(20)),)),
            at(110),
            RoundState("running", at(120), 600, None),
            id="a correction can set a limit on a round that had none",
        ),
    ],
)
def test_round_state(facts: RoundFacts, now: datetime, expected: RoundState) -> None:
    assert round_state(facts, now) == expected


@pytest.mark.parametrize(
    ("facts", "now", "expected"),
    [
        pytest.param(ROUND, at(10), at(50), id="running: the moment time is called"),
        pytest.param(round_of(Pause(at(10))), at(12), None, id="paused: nothing to schedule"),
        pytest.param(ROUND, at(50), None, id="time called: nothing left"),
        pytest.param(round_of(length=None), at(10), None, id="no time limit"),
        pytest.param(RoundFacts(started_at=None, length=mins(50)), at(0), None, id="not started"),
    ],
)
def test_next_deadline_of_a_round(facts: RoundFacts, now: datetime, expected: datetime) -> None:
    """Architecture "Facts, not counters": a task is scheduled for the moment time is called."""
    assert next_deadline(facts, now) == expected


@pytest.mark.parametrize(
    ("stage", "is_final", "limits", "expected"),
    [
        pytest.param("swiss", False, TimeLimits(), mins(60), id="Swiss: Tandem's 60 minutes"),
        pytest.param("top_cut", False, TimeLimits(), mins(90), id="quarter/semi: 90 (App. B)"),
        pytest.param("top_cut", True, TimeLimits(), None, id="final: no limit (MTR App. B)"),
        pytest.param("swiss", False, TimeLimits(round_minutes=50), mins(50), id="event's own"),
        pytest.param("top_cut", True, TimeLimits(final_minutes=120), mins(120), id="timed final"),
        pytest.param("top_cut", False, TimeLimits(playoff_minutes=None), None, id="untimed"),
    ],
)
def test_round_length_for(
    stage: str, is_final: bool, limits: TimeLimits, expected: timedelta | None
) -> None:
    """docs/rules.md "End of round", round length table (MTR App. B)."""
    assert round_length_for(stage, is_final, limits) == expected  # type: ignore[arg-type]  # the parametrized cases' values are the Literals, as str


def test_facts_that_cannot_be_are_refused() -> None:
    with pytest.raises(ClockError, match="pause"):
        Pause(at(10), at(5))
    with pytest.raises(ClockError, match="negative"):
        Correction(at(10), mins(-1))
    with pytest.raises(ClockError, match="positive"):
        TimeLimits(round_minutes=0)
