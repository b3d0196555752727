"""Pod tables of a 2HG Booster Draft (MTR 9.7: teammates sit together, each team takes two cards
and passes; MTR 7.7: the direction reverses with each pack, left-right-left-right-left-right)."""

from hypothesis import given
from hypothesis import strategies as st

from pairing.domain.pod_seats import pass_direction, pod_tables


def test_pack_directions_alternate_from_left():
    assert [pass_direction(p) for p in range(1, 7)] == [
        "left", "right", "left", "right", "left", "right"
    ]  # fmt: skip


def test_teammates_take_two_adjacent_player_seats():
    (table,) = pod_tables({11: 1, 12: 1, 13: 1, 14: 1}, event_key=5)
    assert [s.seat for s in table.teams] == [1, 2, 3, 4]
    assert [s.player_seats for s in table.teams] == [(1, 2), (3, 4), (5, 6), (7, 8)]


def test_left_goes_to_the_next_seat_and_right_back():
    (table,) = pod_tables({11: 1, 12: 1, 13: 1, 14: 1}, event_key=5)
    order = [s.team for s in table.teams]
    first, second, last = order[0], order[1], order[-1]
    assert table.passes_to(first, pack=1) == second  # left: seat 1 -> seat 2
    assert table.passes_to(first, pack=2) == last  # right: seat 1 -> seat 4
    assert table.passes_to(last, pack=3) == first  # left again, round the table


pods = st.dictionaries(
    st.integers(min_value=1, max_value=10**6), st.integers(min_value=1, max_value=6), min_size=2
)


@given(pods, st.integers(min_value=1, max_value=10**6))
def test_every_team_has_one_seat_and_packs_go_round_the_table(assignment, event_key):
    tables = pod_tables(assignment, event_key)
    seated = [s.team for t in tables for s in t.teams]
    assert sorted(seated) == sorted(assignment)
    assert [s.building_table for t in tables for s in t.teams] == list(range(1, len(seated) + 1))
    for table in tables:
        teams = {s.team for s in table.teams}
        assert all(assignment[t] == table.pod for t in teams)
        # passing left from each team reaches every team of the pod once (a cycle)
        for pack in (1, 2):
            receivers = [table.passes_to(s.team, pack) for s in table.teams]
            assert sorted(receivers) == sorted(teams)


def test_seat_order_is_the_same_on_every_read_and_changes_with_the_pods():
    pods_a = {t: 1 for t in range(1, 9)}
    first = [s.team for s in pod_tables(pods_a, 3)[0].teams]
    assert first == [s.team for s in pod_tables(dict(reversed(pods_a.items())), 3)[0].teams]
    others = {tuple(s.team for s in pod_tables(pods_a, key)[0].teams) for key in range(20)}
    assert len(others) > 10  # another event's seating differs
