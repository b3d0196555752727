"""The table page's clock line (tracker.presenters.time_line): what the players read about the
round's time and the 2HG end-of-round procedure (MTR 2.4: the active team finishes its turn,
then three additional team turns; a Slow Play penalty adds two, IPG 2.3)."""

from tracker.presenters import clock_text, time_line

NAMES = {1: "Red Dragons", 2: "Blue Foxes"}


def block(**fields):
    base = {
        "phase": "playing",
        "round_status": "running",
        "remaining_seconds": 2045,
        "extension_minutes": 0,
        "extra_turn": None,
        "extra_turns_total": 3,
        "active_team": None,
        "ending": None,
        "winner": None,
    }
    return {**base, **fields}


def test_no_clock_says_nothing():
    assert time_line(None, NAMES) == ""


def test_time_left_with_an_extension_and_a_pause():
    assert time_line(block(), NAMES) == "34:05 left"
    assert time_line(block(extension_minutes=6), NAMES) == "34:05 left (+6 min extension)"
    assert time_line(block(round_status="paused"), NAMES) == "34:05 left (paused)"
    assert time_line(block(round_status="not_started"), NAMES) == "The round clock has not started"
    assert time_line(block(remaining_seconds=None), NAMES) == "No time limit"


def test_mtr_2_4_turn_zero_names_the_active_team_and_the_turns_to_come():
    line = time_line(block(phase="finishing_turn", active_team=1), NAMES)
    assert line == "Time: Red Dragons finish their turn (turn 0), then 3 additional turns"
    slow_play = time_line(block(phase="finishing_turn", extra_turns_total=5), NAMES)
    assert slow_play.endswith("then 5 additional turns")


def test_mtr_2_4_additional_turns_are_counted_with_the_active_team():
    line = time_line(block(phase="extra_turns", extra_turn=2, active_team=2), NAMES)
    assert line == "Additional turn 2 of 3: Blue Foxes"


def test_the_end_of_the_procedure():
    assert time_line(block(phase="over", ending="draw"), NAMES) == (
        "Time is over: the match is a draw"
    )
    assert "Red Dragons lead on life" in time_line(
        block(phase="over", ending="life", winner=1), NAMES
    )
    assert "play goes on" in time_line(block(phase="over", ending="sudden_death"), NAMES)
    assert "between games" in time_line(block(phase="between_games"), NAMES)


def test_clock_text():
    assert clock_text(0) == "0:00"
    assert clock_text(-5) == "0:00"
    assert clock_text(4500) == "75:00"


def test_passing_at_time_says_turn_0_is_the_other_teams_and_the_pass_counts_once():
    """MTR 2.4: the active team had announced passing when time was called, so turn 0 is the
    other team's; the pass the phones record is that same pass (issue 23)."""
    from django.utils import translation

    at_time = block(phase="finishing_turn", active_team=2, passing_at_time=True)
    assert time_line(at_time, NAMES) == (
        "Time: the other team was passing, so turn 0 is Blue Foxes's (its pass is counted once),"
        " then 3 additional turns"
    )
    with translation.override("es"):
        assert "el turno 0 es de Blue Foxes (ese pase cuenta una sola vez)" in time_line(
            at_time, NAMES
        )
