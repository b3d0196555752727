"""A table's time and the 2HG end-of-round procedure (MTR 2.4, 2.6; IPG 3.1, 3.3; docs/rules.md
"End of round (MTR 2.4) and extensions", "Swiss rounds and playoffs"), worked by hand.

Every case: a 50-minute round started at 10:00, table 12, Team Y (id 1) against Team Z (id 2),
Team Y active when time is called unless the case says otherwise.
"""

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

import pytest

from judging.domain.clock import (
    ActiveTeamSet,
    ClockError,
    Extension,
    GameEnded,
    GameStarted,
    MatchEnded,
    Pause,
    RoundFacts,
    SlowPlay,
    TableEvent,
    TableFacts,
    TableState,
    TurnPassed,
    earliest_deadline,
    next_deadline,
    standard_extension,
    table_state,
    table_states,
)

T0 = datetime(2026, 3, 7, 10, 0, tzinfo=UTC)
Y, Z = 1, 2


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


ROUND = RoundFacts(started_at=T0, length=timedelta(minutes=50))


def passed(minute: float, next_active: int | None = None) -> TurnPassed:
    return TurnPassed(at(minute), next_active)


def ext(minutes: int, given: float, reason: str = "ruling") -> Extension:
    return Extension(minutes, reason, at(given))  # type: ignore[arg-type]  # reason is one of the Literal's values, passed as str


def table(*events: TableEvent, **kw: object) -> TableFacts:
    facts = TableFacts(table=12, teams=(Y, Z), round=ROUND, first_active=Y, events=events)
    return replace(facts, **kw)  # type: ignore[arg-type]  # keyword overrides from the test, of the fields' types


@dataclass(frozen=True)
class Seen:
    """What a judge at the table sees: phase, the turn (0 or k of n), the active team."""

    phase: str
    turn: int | None = None
    of: int = 3
    active: int | None = None
    ending: str | None = None
    winner: int | None = None


def seen(state: TableState) -> Seen:
    return Seen(
        state.phase,
        state.turn,
        state.extra_turns_total,
        state.active_team,
        state.ending,
        state.winner,
    )


FAQ_PASSES = (passed(52), passed(54), passed(56), passed(58))

PROCEDURE_CASES = [
    # The 2HG FAQ example (docs/rules.md "End of round"): time is called in Y's turn; Y finishes
    # it, then Z, Y, Z take additional turns 1, 2 and 3.
    pytest.param(table(*FAQ_PASSES), 49, Seen("playing", active=Y), id="FAQ: before time"),
    pytest.param(table(*FAQ_PASSES), 51, Seen("finishing_turn", 0, active=Y), id="FAQ: Y turn 0"),
    pytest.param(table(*FAQ_PASSES), 53, Seen("extra_turns", 1, active=Z), id="FAQ: Z turn 1"),
    pytest.param(table(*FAQ_PASSES), 55, Seen("extra_turns", 2, active=Y), id="FAQ: Y turn 2"),
    pytest.param(table(*FAQ_PASSES), 57, Seen("extra_turns", 3, active=Z), id="FAQ: Z turn 3"),
    pytest.param(
        table(*FAQ_PASSES), 59, Seen("over", ending="draw"), id="FAQ: Swiss, no winner: a draw"
    ),
    pytest.param(
        table(passed(20), passed(30), passed(40)),
        51,
        Seen("finishing_turn", 0, active=Z),
        id="turns before time set who finishes: Y, Z, Y, Z",
    ),
    pytest.param(
        table(passed(50)),
        51,
        Seen("finishing_turn", 0, active=Z),
        id="a pass at the very moment of time is before time: its turn is turn 0",
    ),
    # MTR 2.4: "a player taking extra turns may affect this": counted, not alternated.
    pytest.param(
        table(passed(52), passed(54, next_active=Z)),
        55,
        Seen("extra_turns", 2, active=Z),
        id="extra-turn card in additional turn 1: Z takes turn 2 too",
    ),
    pytest.param(
        table(passed(52), passed(54, next_active=Z), passed(56), passed(58)),
        57,
        Seen("extra_turns", 3, active=Y),
        id="after Z's extra turn Y takes turn 3, the last",
    ),
    pytest.param(
        table(passed(52), passed(54, next_active=Z), passed(56), passed(58)),
        59,
        Seen("over", ending="draw"),
        id="the extra turn spent one of the three",
    ),
    pytest.param(
        table(passed(52, next_active=Y)),
        53,
        Seen("extra_turns", 1, active=Y),
        id="extra-turn card in turn 0: Y takes additional turn 1",
    ),
    pytest.param(
        table(passed(52), ActiveTeamSet(at(53), Y)),
        53,
        Seen("extra_turns", 1, active=Y),
        id="a judge corrects the active team: no turn counted",
    ),
    # Passing at time (docs/rules.md "End of round"; docs/api.md "Pass at time").
    pytest.param(
        table(passing_at_time=True),
        51,
        Seen("finishing_turn", 0, active=Z),
        id="passing at time: turn 0 is the other team's",
    ),
    # Issue 23 (MTR 2.4): the pass the phones record after time is the announced pass itself,
    # counted once; before, the flag and the recorded pass were two passes and the procedure
    # ended one team turn early.
    pytest.param(
        table(passed(52), passing_at_time=True),
        53,
        Seen("finishing_turn", 0, active=Z),
        id="passing at time: the phones' pass is the announced one, Z still in turn 0",
    ),
    pytest.param(
        table(passed(52), passed(54), passed(56), passed(58), passing_at_time=True),
        59,
        Seen("extra_turns", 3, active=Y),
        id="passing at time, the pass recorded: Z 0, Y 1, Z 2, Y 3",
    ),
    pytest.param(
        table(passed(52), passed(54), passed(56), passed(58), passed(60), passing_at_time=True),
        61,
        Seen("over", ending="draw"),
        id="passing at time, the pass recorded: over after Y's turn 3",
    ),
    pytest.param(
        table(passed(52, next_active=Y), passing_at_time=True),
        53,
        Seen("extra_turns", 1, active=Y),
        id="passing at time, the first recorded pass hands the turn back to Y: Z ended turn 0",
    ),
    pytest.param(
        table(first_active=None),
        51,
        Seen("finishing_turn", 0, active=None),
        id="turns are counted even when nobody recorded who started",
    ),
    # Results.
    pytest.param(
        table(passed(52), GameEnded(at(53), "won")),
        54,
        Seen("over", ending="result"),
        id="a game won ends the match (MTR 9.1)",
    ),
    pytest.param(
        table(MatchEnded(at(20))),
        30,
        Seen("over", ending="result"),
        id="a result recorded before time: over",
    ),
    pytest.param(
        table(*FAQ_PASSES, GameEnded(at(59), "won")),
        60,
        Seen("over", ending="result"),
        id="a win recorded just after the last pass stands",
    ),
]


@pytest.mark.parametrize(("facts", "minute", "expected"), PROCEDURE_CASES)
def test_end_of_round_procedure(facts: TableFacts, minute: float, expected: Seen) -> None:
    """MTR 2.4: the active team finishes its turn, then 3 team turns actually taken."""
    assert seen(table_state(facts, at(minute))) == expected


BETWEEN_GAMES = (GameEnded(at(45), "drawn"),)
PLAYOFF_CASES = [
    # Time called between games (MTR 2.1, 2.4; docs/rules.md "End of round").
    pytest.param(
        table(*BETWEEN_GAMES),
        51,
        Seen("over", ending="draw"),
        id="Swiss, between games: no new game, a draw",
    ),
    pytest.param(
        table(*BETWEEN_GAMES, GameStarted(at(52), Z)),
        53,
        Seen("over", ending="draw"),
        id="Swiss: a game started after time does not count",
    ),
    pytest.param(
        table(*BETWEEN_GAMES, GameStarted(at(48), Z)),
        51,
        Seen("finishing_turn", 0, active=Z),
        id="Swiss: a game begun before time is played out under MTR 2.4",
    ),
    pytest.param(
        table(passed(52), GameEnded(at(53), "drawn")),
        54,
        Seen("over", ending="draw"),
        id="Swiss: a game drawn in additional turns ends the match drawn",
    ),
    pytest.param(
        table(*BETWEEN_GAMES, playoff=True),
        51,
        Seen("between_games"),
        id="playoff, between games: a new game is due",
    ),
    pytest.param(
        table(*BETWEEN_GAMES, GameStarted(at(52), Z), playoff=True, life=(30, 30)),
        53,
        Seen("over", active=Z, ending="sudden_death"),
        id="playoff: the new game runs under the added state-based action",
    ),
    pytest.param(
        table(*BETWEEN_GAMES, GameStarted(at(52), Z), playoff=True, life=(30, 27)),
        53,
        Seen("over", ending="life", winner=Y),
        id="playoff, new game: the team not on the highest total loses",
    ),
    pytest.param(
        table(passed(52), GameEnded(at(53), "drawn"), playoff=True),
        54,
        Seen("between_games"),
        id="playoff: a game drawn in additional turns means a new game",
    ),
    # Playoffs after the additional turns (MTR 2.4): no draw.
    pytest.param(
        table(*FAQ_PASSES, playoff=True, life=(12, 9)),
        59,
        Seen("over", ending="life", winner=Y),
        id="playoff: the highest life total wins",
    ),
    pytest.param(
        table(*FAQ_PASSES, playoff=True, life=(9, 12)),
        59,
        Seen("over", ending="life", winner=Z),
        id="playoff: Y not on the highest total loses",
    ),
    pytest.param(
        table(*FAQ_PASSES, playoff=True, life=(10, 10)),
        59,
        Seen("over", active=Y, ending="sudden_death"),
        id="playoff, equal totals: play continues",
    ),
    pytest.param(
        table(*FAQ_PASSES, passed(60), playoff=True, life=(10, 10)),
        61,
        Seen("over", active=Z, ending="sudden_death"),
        id="playoff, equal totals: turns go on, no more counted",
    ),
    pytest.param(
        table(*FAQ_PASSES, playoff=True),
        59,
        Seen("over", ending="life"),
        id="playoff, totals not recorded: the judge compares them",
    ),
    pytest.param(
        table(*FAQ_PASSES[:3], playoff=True, life=(12, 9)),
        57,
        Seen("extra_turns", 3, active=Z),
        id="playoff: life decides nothing before the turns are over",
    ),
]


@pytest.mark.parametrize(("facts", "minute", "expected"), PLAYOFF_CASES)
def test_between_games_and_playoffs(facts: TableFacts, minute: float, expected: Seen) -> None:
    assert seen(table_state(facts, at(minute))) == expected


SP = SlowPlay
SLOW_PLAY_CASES = [
    # IPG 3.3: 2 additional turns, after extensions; none once in additional turns.
    pytest.param(table(slow_play=(SP(at(30)),)), 5, id="before time: 3 + 2"),
    pytest.param(table(slow_play=(SP(at(30)), SP(at(40)))), 7, id="two penalties: 3 + 2 + 2"),
    pytest.param(table(passed(52), slow_play=(SP(at(53)),)), 3, id="in additional turns: none"),
    pytest.param(
        table(slow_play=(SP(at(51)),)), 5, id="in turn 0, default: turn 0 is not additional"
    ),
    pytest.param(
        table(slow_play=(SP(at(51)),), turn_zero_is_additional=True),
        3,
        id="in turn 0, setting on: counts as in additional turns",
    ),
    pytest.param(
        table(slow_play=(SP(at(30)),), rel="regular"), 3, id="Regular REL: nothing added (JAR)"
    ),
    pytest.param(
        table(passed(52), slow_play=(SP(at(55)),), extensions=(ext(10, 20),)),
        5,
        id="round time called but table extended: still before time",
    ),
    pytest.param(table(slow_play=(SP(at(70)),)), 3, id="after now: not known yet"),
]


@pytest.mark.parametrize(("facts", "total"), SLOW_PLAY_CASES)
def test_slow_play_adds_turns_only_before_additional_turns(facts: TableFacts, total: int) -> None:
    state = table_state(facts, at(65))
    assert state.extra_turns_total == total
    known = [p for p in facts.slow_play if p.given_at <= at(65)]
    with_turns = (total - 3) // 2
    assert len(state.slow_play_without_turns) == len(known) - with_turns


def test_slow_play_turns_extend_the_procedure() -> None:
    """IPG 3.3: the turns are played after the 3 (MTR 2.6): additional turn 4 of 5."""
    facts = table(*FAQ_PASSES, passed(60), slow_play=(SP(at(30)),))
    assert seen(table_state(facts, at(59))) == Seen("extra_turns", 4, of=5, active=Y)
    assert seen(table_state(facts, at(61))) == Seen("extra_turns", 5, of=5, active=Z)
    assert seen(table_state(replace(facts, events=(*facts.events, passed(62))), at(63))) == Seen(
        "over", of=5, ending="draw"
    )


def test_slow_play_warning_during_additional_turns_still_stands() -> None:
    """IPG 3.3: no turns once in additional turns, but the Warning is not lost."""
    penalty = SP(at(53))
    state = table_state(table(passed(52), slow_play=(penalty,)), at(54))
    assert state.slow_play_without_turns == (penalty,)
    assert state.extra_turns_total == 3


EXTENSION_CASES = [
    # (facts, now, phase, remaining seconds, extension minutes, table time called)
    pytest.param(
        table(extensions=(ext(6, 30),)),
        51,
        "playing",
        300,
        6,
        None,
        id="before time: the table plays 6 minutes past the round (MTR 2.4, 2.6)",
    ),
    pytest.param(
        table(extensions=(ext(6, 30),)),
        57,
        "finishing_turn",
        0,
        6,
        at(56),
        id="the table's time is called when its extension runs out",
    ),
    pytest.param(
        table(extensions=(ext(6, 30), ext(3, 40))),
        57,
        "playing",
        120,
        9,
        None,
        id="extensions add up",
    ),
    pytest.param(
        table(extensions=(ext(5, 52),)),
        53,
        "finishing_turn",
        0,
        0,
        at(50),
        id="after time, in turn 0: not applied, the table stays in turn 0 (issue 23)",
    ),
    pytest.param(
        table(extensions=(ext(2, 48),)),
        53,
        "finishing_turn",
        0,
        2,
        at(52),
        id="dated when its pause began, 2 minutes before time: gives back those 2 (MTR 2.6)",
    ),
    pytest.param(
        table(passed(51), extensions=(ext(5, 52),)),
        53,
        "extra_turns",
        0,
        0,
        at(50),
        id="after time, in additional turns: not applied",
    ),
    pytest.param(
        table(extensions=(ext(6, 30),), round=replace(ROUND, pauses=(Pause(at(53), at(58)),))),
        60,
        "playing",
        60,
        6,
        None,
        id="pausing the round after its time pauses the table's extension",
    ),
    pytest.param(
        table(extensions=(ext(6, 60),)),
        55,
        "finishing_turn",
        0,
        0,
        at(50),
        id="an extension after now is not known yet",
    ),
    pytest.param(
        table(),
        300,
        "finishing_turn",
        0,
        0,
        at(50),
        id="remaining never negative",
    ),
]


@pytest.mark.parametrize(
    ("facts", "minute", "phase", "remaining", "minutes", "called"), EXTENSION_CASES
)
def test_extensions(
    facts: TableFacts,
    minute: float,
    phase: str,
    remaining: int,
    minutes: int,
    called: datetime | None,
) -> None:
    state = table_state(facts, at(minute))
    assert (
        state.phase,
        state.remaining_seconds,
        state.extension_minutes,
        state.time_called_at,
    ) == (phase, remaining, minutes, called)


def test_an_extension_given_in_additional_turns_is_kept_aside() -> None:
    late = ext(5, 52)
    state = table_state(table(passed(51), extensions=(late,)), at(53))
    assert state.extensions_not_applied == (late,)


def test_an_extension_moves_turn_0_to_the_turn_in_progress_at_the_new_time() -> None:
    """MTR 2.4: the procedure begins when the extension has run out. A ruling that began at 48
    gives 5 minutes: time is called at 55, in Z's turn (Y passed at 53), so turn 0 is Z's."""
    facts = table(passed(53), extensions=(ext(5, 48),))
    assert seen(table_state(facts, at(56))) == Seen("finishing_turn", 0, active=Z)


def test_an_extension_given_after_time_does_not_send_the_table_back_to_timed_play() -> None:
    """Issue 23: 5 minutes entered in turn 0 (time called at 50) are not applied; they are
    listed as not applied, and turn 0 stays the turn in progress."""
    late = ext(5, 52)
    state = table_state(table(extensions=(late,)), at(53))
    assert (state.phase, state.remaining_seconds, state.extensions_not_applied) == (
        "finishing_turn",
        0,
        (late,),
    )


def test_the_time_block_of_the_api() -> None:
    """docs/api.md "Read a match": every field of the ``time`` block."""
    state = table_state(table(passed(57), extensions=(ext(6, 30),)), at(58))
    assert (
        state.extension_minutes,
        state.time_called_at,
        state.remaining_seconds,
        state.phase,
        state.extra_turn,
        state.extra_turns_total,
        state.active_team,
    ) == (6, at(56), 0, "extra_turns", 1, 3, Z)


def test_a_table_before_the_round_starts_shows_its_full_time() -> None:
    state = table_state(table(extensions=(ext(4, -10, "tardiness"),)), at(-5))
    assert (state.round_status, state.phase, state.remaining_seconds) == (
        "not_started",
        "playing",
        54 * 60,
    )


def test_a_final_without_time_limit_has_no_time() -> None:
    facts = table(round=replace(ROUND, length=None))
    state = table_state(facts, at(500))
    assert (state.phase, state.remaining_seconds, state.ends_at) == ("playing", None, None)
    assert next_deadline(facts, at(500)) is None


@pytest.mark.parametrize(
    ("facts", "minute", "expected"),
    [
        pytest.param(table(), 10, at(50), id="the table's time with the round's"),
        pytest.param(table(extensions=(ext(6, 30),)), 51, at(56), id="an extended table later"),
        pytest.param(table(), 51, None, id="time called: nothing left to schedule"),
        pytest.param(table(round=replace(ROUND, pauses=(Pause(at(10)),))), 12, None, id="paused"),
        pytest.param(table(MatchEnded(at(20))), 30, None, id="over"),
    ],
)
def test_next_deadline_of_a_table(facts: TableFacts, minute: float, expected: datetime) -> None:
    assert next_deadline(facts, at(minute)) == expected


def test_table_states_of_a_round_equal_table_state_one_by_one() -> None:
    """The floor view's batch works each round's clock out once and changes nothing else."""
    other_round = replace(ROUND, pauses=(Pause(at(10), at(14)),))
    tables: list[TableFacts] = [p.values[0] for p in PROCEDURE_CASES + PLAYOFF_CASES]  # type: ignore[misc]  # pytest.param values are untyped
    tables += [replace(tables[0], round=other_round), replace(tables[3], round=other_round)]
    assert table_states(tables, at(57)) == [table_state(t, at(57)) for t in tables]


def test_earliest_deadline_of_a_round_and_its_tables() -> None:
    """The round's task runs at the first of the round's and the tables' times."""
    tables = [table(extensions=(ext(6, 30),)), table(extensions=(ext(2, 30),))]
    assert earliest_deadline([ROUND, *tables], at(40)) == at(50)
    assert earliest_deadline([ROUND, *tables], at(51)) == at(52)
    assert earliest_deadline([ROUND, *tables], at(57)) is None


@pytest.mark.parametrize(
    ("reason", "duration", "minutes"),
    [
        pytest.param("ruling", timedelta(seconds=50), 0, id="ruling of a minute or less: none"),
        pytest.param("ruling", timedelta(minutes=1), 0, id="ruling of exactly a minute: none"),
        pytest.param("ruling", timedelta(minutes=4), 4, id="ruling over a minute (MTR 2.6)"),
        pytest.param("ruling", timedelta(minutes=2, seconds=10), 3, id="rounded up"),
        pytest.param("deck_check", timedelta(minutes=9, seconds=20), 13, id="deck check + 3"),
        pytest.param("feature_match", timedelta(minutes=2), 5, id="feature match: 3 + moved"),
        pytest.param("tardiness", timedelta(minutes=7), 7, id="tardiness: minutes late"),
        pytest.param("permitted_delay", timedelta(minutes=10), 10, id="delay up to 10 min"),
        pytest.param("other", timedelta(minutes=2), 2, id="other: the time given"),
    ],
)
def test_standard_extension(reason: str, duration: timedelta, minutes: int) -> None:
    """docs/rules.md "Time extensions" (MTR 2.6; IPG 3.1)."""
    assert standard_extension(reason, duration) == minutes  # type: ignore[arg-type]  # reason is one of the Literal's values, passed as str


@pytest.mark.parametrize("reason", ["tardiness", "permitted_delay"])
def test_beyond_10_minutes_late_is_a_match_loss_not_an_extension(reason: str) -> None:
    """IPG 3.1: beyond 10 minutes, Match Loss."""
    with pytest.raises(ClockError, match="Match Loss"):
        standard_extension(reason, timedelta(minutes=10, seconds=1))  # type: ignore[arg-type]  # reason is one of the Literal's values, passed as str


def test_extensions_are_positive_minutes() -> None:
    with pytest.raises(ClockError, match="positive"):
        Extension(0, "ruling", at(10))
    with pytest.raises(ClockError, match="negative"):
        standard_extension("ruling", timedelta(minutes=-1))
