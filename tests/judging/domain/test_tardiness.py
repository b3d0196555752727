"""judging.domain.tardiness: how late a team is (IPG 3.1; MTR 8.2)."""

from datetime import UTC, datetime, timedelta

from judging.domain.tardiness import EmptySeat, teams_late

START = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return START + timedelta(minutes=minutes)


def test_a_missing_player_is_late_since_the_start_and_the_next_change_is_at_one_minute():
    """IPG 3.1: seated within the first minute is a Warning; the proposal changes at 1:00."""
    (late,) = teams_late(START, at(0.5), [EmptySeat(1, 10, None)])
    assert (late.team, late.player, late.missing, late.waiting) == (10, 1, (1,), True)
    assert late.minutes == 0.5
    assert late.next_change_at == at(1)


def test_after_a_minute_the_next_change_is_the_match_loss_at_ten():
    """IPG 3.1 upgrade: not seated ten minutes in, Match Loss (and the drop, MTR 8.2)."""
    (late,) = teams_late(START, at(4), [EmptySeat(1, 10, None)])
    assert late.next_change_at == at(10)
    (late,) = teams_late(START, at(12), [EmptySeat(1, 10, None)])
    assert (late.minutes, late.next_change_at) == (12, None)


def test_a_team_is_late_until_its_last_missing_player_arrives():
    """The team's lateness is its last player's: the penalty goes to its first missing one."""
    seats = [EmptySeat(1, 10, at(3)), EmptySeat(2, 10, at(7)), EmptySeat(3, 20, at(2))]
    red, blue = teams_late(START, at(30), seats)
    assert (red.team, red.player, red.minutes, red.waiting, red.missing) == (10, 1, 7, False, ())
    assert (blue.team, blue.minutes) == (20, 2)
    assert red.next_change_at is None


def test_arriving_before_the_start_is_not_late():
    (late,) = teams_late(START, at(5), [EmptySeat(1, 10, START - timedelta(minutes=1))])
    assert late.minutes == 0
