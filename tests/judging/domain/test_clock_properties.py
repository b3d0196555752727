"""Properties of the round clock and the end-of-round procedure over generated facts (MTR 2.4,
2.6; IPG 3.3; docs/rules.md "End of round (MTR 2.4) and extensions")."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from judging.domain.clock import (
    ADDITIONAL_TURNS,
    SLOW_PLAY_TURNS,
    Correction,
    Extension,
    Pause,
    RoundFacts,
    SlowPlay,
    TableFacts,
    TurnPassed,
    round_state,
    table_state,
)

T0 = datetime(2026, 3, 7, 10, 0, tzinfo=UTC)
Y, Z = 1, 2
FAST = settings(max_examples=150, deadline=None)


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


seconds = st.integers(min_value=0, max_value=3 * 3600)
lengths = st.integers(min_value=40 * 60, max_value=90 * 60).map(lambda s: timedelta(seconds=s))


@st.composite
def pauses(draw: st.DrawFn) -> Pause:
    start = draw(seconds)
    length = draw(st.none() | st.integers(min_value=0, max_value=1800))
    return Pause(at(start), None if length is None else at(start + length))


corrections = st.builds(
    lambda t, r: Correction(at(t), timedelta(seconds=r)),
    seconds,
    st.integers(min_value=0, max_value=3600),
)
rounds = st.builds(
    lambda length, ps, cs: RoundFacts(T0, length, tuple(ps), tuple(cs)),
    lengths,
    st.lists(pauses(), max_size=4),
    st.lists(corrections, max_size=2),
)


@FAST
@given(rounds, seconds)
def test_remaining_is_never_negative_and_zero_exactly_when_time_is_called(
    facts: RoundFacts, now: int
) -> None:
    state = round_state(facts, at(now))
    assert state.remaining_seconds is not None
    assert state.remaining_seconds >= 0
    assert (state.remaining_seconds == 0) == (state.status == "time_called")
    assert (state.ends_at is None) == (state.status == "paused")
    if state.time_called_at is not None:
        assert state.time_called_at <= at(now)


@FAST
@given(lengths, st.data())
def test_pausing_for_d_delays_the_end_by_d(length: timedelta, data: st.DataObject) -> None:
    """Pausing the round stops its clock (docs/api.md "Clock")."""
    limit = int(length.total_seconds())
    start = data.draw(st.integers(min_value=0, max_value=limit - 1), label="pause at")
    d = data.draw(st.integers(min_value=0, max_value=3600), label="pause length")
    now = data.draw(st.integers(min_value=start + d, max_value=limit + d - 1), label="now")
    plain = round_state(RoundFacts(T0, length), at(now))
    paused = round_state(RoundFacts(T0, length, (Pause(at(start), at(start + d)),)), at(now))
    assert paused.status == "running"
    assert paused.ends_at == T0 + length + timedelta(seconds=d)
    if plain.ends_at is not None:
        assert paused.ends_at - plain.ends_at == timedelta(seconds=d)


@FAST
@given(lengths, st.lists(pauses(), max_size=4), st.lists(seconds, min_size=2, max_size=6))
def test_without_corrections_time_only_runs_down(
    length: timedelta, ps: list[Pause], nows: list[int]
) -> None:
    facts = RoundFacts(T0, length, tuple(ps))
    states = [round_state(facts, at(n)) for n in sorted(nows)]
    remaining = [s.remaining_seconds for s in states]
    assert remaining == sorted(remaining, key=lambda r: -(r or 0))
    called = {s.time_called_at for s in states if s.time_called_at is not None}
    assert len(called) <= 1  # once called, the moment does not move


def truncated(facts: TableFacts, now: datetime) -> TableFacts:
    """The same facts as a database read at ``now`` would hold them."""
    rnd = facts.round
    ps = tuple(
        Pause(p.paused_at, p.resumed_at if p.resumed_at and p.resumed_at <= now else None)
        for p in rnd.pauses
        if p.paused_at <= now
    )
    return replace(
        facts,
        round=replace(rnd, pauses=ps, corrections=tuple(c for c in rnd.corrections if c.at <= now)),
        events=tuple(e for e in facts.events if e.at <= now),
        extensions=tuple(e for e in facts.extensions if e.given_at <= now),
        slow_play=tuple(p for p in facts.slow_play if p.given_at <= now),
    )


teams = st.sampled_from([Y, Z, None])
tables = st.builds(
    lambda rnd, passes, exts, sps, flag, playoff: TableFacts(
        table=1,
        teams=(Y, Z),
        round=rnd,
        first_active=Y,
        events=tuple(TurnPassed(at(t), nxt) for t, nxt in passes),
        extensions=tuple(Extension(m, "ruling", at(t)) for m, t in exts),
        slow_play=tuple(SlowPlay(at(t)) for t in sps),
        passing_at_time=flag,
        playoff=playoff,
    ),
    rounds,
    st.lists(st.tuples(seconds, teams), max_size=12),
    st.lists(st.tuples(st.integers(min_value=1, max_value=15), seconds), max_size=3),
    st.lists(seconds, max_size=2),
    st.booleans(),
    st.booleans(),
)


@FAST
@given(tables, seconds)
def test_facts_after_now_change_nothing(facts: TableFacts, now: int) -> None:
    """State is computed from the facts known at ``now`` (architecture "Facts, not counters")."""
    assert table_state(facts, at(now)) == table_state(truncated(facts, at(now)), at(now))


@FAST
@given(tables, seconds)
def test_additional_turns_never_exceed_the_total(facts: TableFacts, now: int) -> None:
    state = table_state(facts, at(now))
    assert state.remaining_seconds is None or state.remaining_seconds >= 0
    assert (state.extra_turns_total - ADDITIONAL_TURNS) % SLOW_PLAY_TURNS == 0
    assert state.extra_turns_total <= ADDITIONAL_TURNS + SLOW_PLAY_TURNS * len(facts.slow_play)
    if state.phase == "extra_turns":
        assert state.extra_turn is not None
        assert 1 <= state.extra_turn <= state.extra_turns_total
    else:
        assert state.extra_turn is None
    if state.time_called_at is not None:
        round_called = round_state(facts.round, at(now)).time_called_at
        assert round_called is not None
        assert round_called <= state.time_called_at


@FAST
@given(
    st.lists(teams, max_size=12),
    st.integers(min_value=0, max_value=3),
    st.booleans(),
)
def test_each_pass_after_time_is_one_turn_taken(
    next_teams: list[int | None], slow_plays: int, passing: bool
) -> None:
    """MTR 2.4: the additional turns are turns taken; the k-th pass after time begins turn k,
    whoever takes it, and the pass that ends turn n ends the procedure. With passing at time
    the first pass recorded is the announced one (it starts turn 0: issue 23), unless it hands
    the turn back to Y, the team that was passing."""
    passes = tuple(TurnPassed(at(3600 + 60 * k), nxt) for k, nxt in enumerate(next_teams, 1))
    facts = TableFacts(
        table=1,
        teams=(Y, Z),
        round=RoundFacts(T0, timedelta(minutes=50)),
        first_active=Y,
        events=passes,
        slow_play=tuple(SlowPlay(at(600)) for _ in range(slow_plays)),
        passing_at_time=passing,
    )
    state = table_state(facts, at(3600 + 60 * len(passes) + 30))
    total = ADDITIONAL_TURNS + SLOW_PLAY_TURNS * slow_plays
    assert state.extra_turns_total == total
    announced = passing and bool(next_teams) and next_teams[0] != Y
    counted = next_teams[1:] if announced else next_teams
    k = len(counted)
    if k > total:
        assert (state.phase, state.ending) == ("over", "draw")
        return
    assert state.turn == k
    assert state.phase == ("finishing_turn" if k == 0 else "extra_turns")
    expected = Z if passing else Y  # turn 0's team
    for nxt in counted:
        expected = nxt if nxt is not None else (Z if expected == Y else Y)
    assert state.active_team == expected
