"""What the phones of a table get after each stored event (topic ``table:<match id>``,
docs/api.md "Tracker", "Follow a game live"): the state's numbers as a read has them, `log_total`,
and only the log rows the event changed: its own row, or the last 30 rows after an undo."""

import uuid

import pytest

from core import live
from tracker import receivers, selectors, services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.LIVE_REDIS_URL = ""
    settings.LIVE_CHANNEL = f"test-live-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def add(table, django_capture_on_commit_callbacks):
    """Store an event as a phone does and return the live message its commit published."""

    def add(client_id: str, **data) -> dict:
        with django_capture_on_commit_callbacks(execute=True):
            services.game_add_event(match=table, data=data, client_id=client_id)
        return live.latest(receivers.topic(table.pk))[1]

    return add


def _forty_events(add, seated) -> dict:
    (a1, a2), (b1, b2) = seated
    players = [a1, b1, a2, b2]
    message = {}
    for n in range(40):
        message = add(f"e{n}", type="life", player=players[n % 4], amount=-1)
    return message


def _without_log(state: dict) -> dict:
    return {k: v for k, v in state.items() if k not in ("log", "log_total")}


def test_a_life_change_sends_the_numbers_and_its_own_row_alone(table, seated, add):
    (a1, _), _ = seated
    _forty_events(add, seated)
    message = add("change", type="life", player=a1, amount=-3)
    state = selectors.game_state(table)
    assert _without_log(message) == _without_log(state)
    assert message["seq"] == 41
    assert message["log_total"] == 41
    assert message["log"] == state["log"][-1:]
    assert message["log"][0]["seq"] == 41
    text = message["log"][0]["text"]
    assert " -3 life: " in text
    assert text.endswith(" at 7 life.")


def test_an_effect_is_one_row_with_all_its_changes(table, seated, add):
    (a1, _), (b1, _) = seated
    _forty_events(add, seated)
    changes = [{"player": a1, "life": -2}, {"player": b1, "life": -2, "poison": 1}]
    message = add("effect", type="effect", changes=changes)
    state = selectors.game_state(table)
    assert _without_log(message) == _without_log(state)
    assert message["log_total"] == 41
    assert [row["seq"] for row in message["log"]] == [41]
    assert message["log"] == state["log"][-1:]
    assert [c["player"] for c in message["log"][0]["changes"]] == [a1, b1]


def test_an_undo_sends_the_last_30_rows_with_the_undone_row_redrawn(table, seated, add):
    _forty_events(add, seated)
    message = add("undo", type="undo", amount=35)
    state = selectors.game_state(table)
    assert _without_log(message) == _without_log(state)
    assert message["log_total"] == 41
    assert [row["seq"] for row in message["log"]] == list(range(12, 42))
    assert message["log"] == state["log"][-selectors.LOG_TAIL :]
    undone = next(row for row in message["log"] if row["seq"] == 35)
    assert (undone["applied"], undone["undone"], undone["undone_by"]) == (False, True, 41)
    assert message["log"][-1]["type"] == "undo"
    after = add("after", type="life", player=seated[0][0], amount=-1)
    assert [row["seq"] for row in after["log"]] == [42]  # the undo is no longer the change


def test_a_short_game_sends_its_new_row_alone_and_all_rows_after_an_undo(table, seated, add):
    (a1, _), (b1, _) = seated
    add("a", type="life", player=a1, amount=-1)
    message = add("b", type="poison", player=b1, amount=1)
    assert ([row["seq"] for row in message["log"]], message["log_total"]) == ([2], 2)
    message = add("c", type="undo", amount=1)
    assert ([row["seq"] for row in message["log"]], message["log_total"]) == ([1, 2, 3], 3)


def test_a_state_already_past_the_event_sends_the_rows_from_the_event_on():
    """A state read after later events were stored (the Game row's cache) carries their rows too,
    so a phone sees no gap; an undo among them sends the last 30 rows."""
    rows = [{"seq": n, "type": "life", "applied": True} for n in range(1, 41)]
    state = {"seq": 40, "teams": [], "log": rows[-30:], "log_total": 40}
    message = receivers.live_message(state, since=38)
    assert [row["seq"] for row in message["log"]] == [38, 39, 40]
    assert (message["log_total"], message["seq"]) == (40, 40)
    assert [row["seq"] for row in receivers.live_message(state)["log"]] == [40]
    rows[38] = {"seq": 39, "type": "undo", "amount": 20, "applied": True}
    state = {**state, "log": rows[-30:]}
    assert [row["seq"] for row in receivers.live_message(state, since=38)["log"]] == list(
        range(11, 41)
    )
    fresh = {"seq": 0, "teams": [], "log": []}
    assert receivers.live_message(fresh) == {**fresh, "log": [], "log_total": 0}
