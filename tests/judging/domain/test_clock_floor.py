"""The judges' floor view: tables still playing, what needs a judge soonest first (issue "round
clock": "table 12: +6 min extension, 4:10 left", "table 31: additional turn 2 of 3, Red Dragons
active"; MTR 2.4, 2.6; docs/rules.md "End of round (MTR 2.4) and extensions")."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from judging.domain.clock import (
    Extension,
    GameEnded,
    MatchEnded,
    Pause,
    RoundFacts,
    SlowPlay,
    TableEvent,
    TableFacts,
    TurnPassed,
    floor_order,
    table_states,
)

T0 = datetime(2026, 3, 7, 10, 0, tzinfo=UTC)
ROUND = RoundFacts(started_at=T0, length=timedelta(minutes=50))
NAMES = {1: "Red Dragons", 2: "Blue Herons", 3: "Green Goblins", 4: "Ash Owls"}


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def table(number: int, *events: TableEvent, **kw: object) -> TableFacts:
    facts = TableFacts(table=number, teams=(1, 2), round=ROUND, first_active=1, events=events)
    return replace(facts, **kw)  # type: ignore[arg-type]  # keyword overrides from the test, of the fields' types


def summaries(tables: list[TableFacts], minute: float) -> list[str]:
    states = table_states(tables, at(minute))
    return [line.summary for line in floor_order(states, NAMES)]


def test_the_issue_examples_in_order() -> None:
    """Additional turns first (fewest left first), then finishing turns, then extended tables by
    least time left; tables that are over are left out. Now is 10:51:50."""
    tables = [
        table(12, extensions=(Extension(6, "deck_check", at(20)),)),
        table(31, TurnPassed(at(50.5)), TurnPassed(at(51))),  # Y 0, Z 1, Y 2
        table(7, TurnPassed(at(51)), slow_play=(SlowPlay(at(30)),)),  # turn 1 of 5
        table(3, first_active=2),
        table(9, extensions=(Extension(2, "ruling", at(40)),)),
        table(5, MatchEnded(at(40))),
        table(
            6, TurnPassed(at(50.2)), TurnPassed(at(50.4)), TurnPassed(at(50.6)), TurnPassed(at(51))
        ),
    ]
    assert summaries(tables, 51 + 50 / 60) == [
        "table 31: additional turn 2 of 3, Red Dragons active",
        "table 7: additional turn 1 of 5, Blue Herons active",
        "table 3: finishing the turn (turn 0), Blue Herons active",
        "table 9: +2 min extension, 0:10 left",
        "table 12: +6 min extension, 4:10 left",
    ]


def test_before_time_every_table_shows_the_time_left() -> None:
    tables = [table(2), table(1, extensions=(Extension(3, "tardiness", at(0)),))]
    assert summaries(tables, 10) == [
        "table 1: +3 min extension, 43:00 left",
        "table 2: 40:00 left",
    ]


def test_a_paused_round_says_so() -> None:
    tables = [table(4, round=replace(ROUND, pauses=(Pause(at(10)),)))]
    assert summaries(tables, 12) == ["table 4: 40:00 left (paused)"]


def test_playoff_tables_under_the_added_state_based_action_stay_on_the_floor() -> None:
    """MTR 2.4: equal life totals, or time called between games: play goes on."""
    turns = [TurnPassed(at(50 + k)) for k in range(1, 5)]
    tables = [
        table(1, *turns, playoff=True, life=(10, 10)),
        table(2, GameEnded(at(45), "drawn"), playoff=True),
        # decided on life, its result not reported: stays until it is (issue 23)
        table(3, *turns, playoff=True, life=(10, 12)),
        table(4, GameEnded(at(45), "drawn")),  # Swiss: a draw, off the floor
    ]
    assert summaries(tables, 56) == [
        "table 1: life totals equal: play continues, a team not on the highest total loses",
        "table 2: time called between games: new game, a team not on the highest life total loses",
        "table 3: Blue Herons won on life at time: result not reported yet (MTR 2.4)",
    ]


def test_an_active_team_nobody_recorded_is_said_plainly() -> None:
    assert summaries([table(8, first_active=None)], 51) == [
        "table 8: finishing the turn (turn 0), active team not recorded"
    ]


def test_a_playoff_table_won_on_life_stays_until_its_result_is_reported() -> None:
    """MTR 2.4 (playoffs): after the additional turns the team with the highest life total
    wins; the floor view keeps the table until the result is reported (issue 23)."""
    passes = (TurnPassed(at(51)), TurnPassed(at(52)), TurnPassed(at(53)), TurnPassed(at(54)))
    won = table(4, *passes, playoff=True, life=(24, 30))
    reported = table(8, *passes, MatchEnded(at(54.5)), playoff=True, life=(24, 30))
    assert summaries([won, reported], 55) == [
        "table 4: Blue Herons won on life at time: result not reported yet (MTR 2.4)"
    ]
