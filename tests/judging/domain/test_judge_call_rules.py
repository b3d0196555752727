"""Judge calls (docs/rules.md "Judge calls"): the state from its moments, the steps allowed, and
the extension proposed at the ruling (MTR 2.6: "If a judge pauses a match for more than one
minute while it is in progress, they should extend the time for that match appropriately";
MTR 2.4: the turns after time are not timed), worked by hand.

Every case: a 50-minute round started at 10:00, table 12, Team Y (1) against Team Z (2).
"""

from datetime import UTC, datetime, timedelta

import pytest

from judging.domain.calls import (
    Action,
    CallError,
    CallFacts,
    check_step,
    figures,
    minutes_open,
    p90,
    proposed_extension,
    seconds_waiting,
    unclaimed_too_long,
)
from judging.domain.clock import Pause, RoundFacts, TableFacts, TurnPassed

T0 = datetime(2026, 3, 7, 10, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


ROUND = RoundFacts(started_at=T0, length=timedelta(minutes=50))
TABLE = TableFacts(table=12, teams=(1, 2), round=ROUND)


def test_the_status_is_the_latest_step():
    call = CallFacts(at(10))
    assert call.status == "open"
    assert call.pending
    assert CallFacts(at(10), claimed_at=at(11)).status == "claimed"
    assert CallFacts(at(10), at(11), escalated_at=at(12)).status == "escalated"
    resolved = CallFacts(at(10), at(11), at(12), resolved_at=at(14))
    assert resolved.status == "resolved"
    assert not resolved.pending
    assert CallFacts(at(10), withdrawn_at=at(10.5)).status == "withdrawn"


def test_steps_refused_after_the_end_and_escalating_twice():
    actions: tuple[Action, ...] = ("claim", "escalate", "resolve", "withdraw")
    for action in actions:
        with pytest.raises(CallError) as refused:
            check_step(CallFacts(at(10), at(11), resolved_at=at(12)), action)
        assert refused.value.code == "resolved"
        with pytest.raises(CallError) as refused:
            check_step(CallFacts(at(10), withdrawn_at=at(11)), action)
        assert refused.value.code == "withdrawn"
    with pytest.raises(CallError) as refused:
        check_step(CallFacts(at(10), at(11), escalated_at=at(12)), "escalate")
    assert refused.value.code == "escalated"
    check_step(CallFacts(at(10), at(11), escalated_at=at(12)), "claim")  # the head judge takes it
    check_step(CallFacts(at(10)), "resolve")


def test_waiting_and_the_two_minute_mark():
    call = CallFacts(at(10))
    assert seconds_waiting(call, at(10) + timedelta(seconds=42)) == 42
    assert not unclaimed_too_long(call, at(11.9))
    assert unclaimed_too_long(call, at(12))
    taken = CallFacts(at(10), claimed_at=at(10.5))
    assert seconds_waiting(taken, at(30)) == 30
    assert not unclaimed_too_long(taken, at(30))
    assert (
        minutes_open(CallFacts(at(10), at(10.5), resolved_at=at(13) + timedelta(seconds=1)), at(40))
        == 4
    )


def test_a_ruling_over_a_minute_gives_the_time_rounded_up():
    """MTR 2.6: called at 10:20, ruled at 10:23:10: 3 min 10 s of running time, 4 minutes."""
    proposal = proposed_extension(CallFacts(at(20)), TABLE, at(23) + timedelta(seconds=10))
    assert proposal.minutes == 4
    assert proposal.began_at == at(20)


def test_a_minute_or_less_gives_nothing():
    """MTR 2.6: "for more than one minute"; exactly one minute is not more."""
    assert proposed_extension(CallFacts(at(20)), TABLE, at(21)).minutes == 0
    assert proposed_extension(CallFacts(at(20)), TABLE, at(21) + timedelta(seconds=1)).minutes == 2


def test_only_the_running_time_counts():
    """The round paused from 10:21 to 10:25 during a call from 10:20 to 10:27: the table lost 3
    minutes of its clock, not 7."""
    paused = RoundFacts(T0, timedelta(minutes=50), (Pause(at(21), at(25)),))
    table = TableFacts(table=12, teams=(1, 2), round=paused)
    assert proposed_extension(CallFacts(at(20)), table, at(27)).minutes == 3


def test_no_extension_when_the_clock_was_not_running():
    before_start = RoundFacts(None, timedelta(minutes=50))
    table = TableFacts(table=12, teams=(1, 2), round=before_start)
    assert proposed_extension(CallFacts(at(-5)), table, at(5)).minutes == 0
    paused = RoundFacts(T0, timedelta(minutes=50), (Pause(at(15), None),))
    table = TableFacts(table=12, teams=(1, 2), round=paused)
    assert proposed_extension(CallFacts(at(20)), table, at(25)).minutes == 0


def test_a_call_in_turn_0_gives_nothing():
    """MTR 2.4: called at 10:51, after time (10:50): the turns are not timed."""
    proposal = proposed_extension(CallFacts(at(51)), TABLE, at(56))
    assert proposal.minutes == 0
    assert "Time had been called" in proposal.why


def test_a_call_before_time_resolved_in_turn_0_gives_its_minutes():
    """Called at 10:48, ruled at 10:52 while the active team finishes its turn: 4 minutes,
    dated from the call (the clock's rule for a pause begun before the call)."""
    proposal = proposed_extension(CallFacts(at(48)), TABLE, at(52))
    assert (proposal.minutes, proposal.began_at) == (4, at(48))


def test_a_call_resolved_in_the_additional_turns_gives_nothing():
    """Called at 10:48; time at 10:50; turn 0 ends at 10:51 (a pass): the additional turns are
    not timed (MTR 2.4)."""
    table = TableFacts(
        table=12, teams=(1, 2), round=ROUND, first_active=1, events=(TurnPassed(at(51), 2),)
    )
    assert proposed_extension(CallFacts(at(48)), table, at(53)).minutes == 0


def test_figures_median_and_p90_by_nearest_rank():
    calls = [
        CallFacts(at(0), claimed_at=at(0) + timedelta(seconds=s), resolved_at=at(5))
        for s in (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
    ]
    calls.append(CallFacts(at(1), withdrawn_at=at(2)))
    calls.append(CallFacts(at(1), at(1.5), escalated_at=at(2), resolved_at=at(9)))
    result = figures(calls)
    assert (result.calls, result.withdrawn, result.escalated) == (12, 1, 1)
    # to a judge: 10..100 s and 30 s: median of 11 values is the 6th (50 s)
    assert result.median_to_judge == 50
    assert result.p90_to_judge == 90  # ceil(0.9 * 11) = 10th of the sorted values
    # to the ruling: ten of 300 s and one of 480 s: the 10th sorted value is still 300 s
    assert result.median_to_ruling == 300
    assert result.p90_to_ruling == 300
    assert p90([]) is None
    assert figures([]).median_to_judge is None
