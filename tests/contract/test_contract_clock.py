"""docs/api.md "Rounds, clock, matches, results": the round clock, passing at time, extensions and
the match's ``time`` block."""

from datetime import UTC, datetime

import pytest

from support.contract import API, assert_400, played_matches, post, publish

pytestmark = pytest.mark.django_db

TIME_FIELDS = {
    "extension_minutes", "time_called_at", "remaining_seconds", "phase", "extra_turn",
    "extra_turns_total", "active_team",
}  # fmt: skip


def _clock(client, round_id, body=None):
    path = f"/rounds/{round_id}/clock/"
    return client.get(f"{API}{path}") if body is None else post(client, path, body)


def test_clock_runs_pauses_resumes_and_is_corrected(paired, sam_api):
    round_id = paired["round"]["id"]
    before = _clock(sam_api, round_id).json()
    assert (before["status"], before["ends_at"], before["remaining_seconds"]) == (
        "not_started",
        None,
        3600,
    )
    started = _clock(sam_api, round_id, {"action": "start"}).json()
    assert started["status"] == "running"
    server_now = datetime.fromisoformat(started["server_now"])
    assert abs((server_now - datetime.now(UTC)).total_seconds()) < 60  # for a client's offset
    assert started["ends_at"] is not None
    assert 3590 <= started["remaining_seconds"] <= 3600
    paused = _clock(sam_api, round_id, {"action": "pause"}).json()
    assert (paused["status"], paused["ends_at"]) == ("paused", None)
    assert _clock(sam_api, round_id, {"action": "resume"}).json()["status"] == "running"
    corrected = _clock(sam_api, round_id, {"action": "set_remaining", "seconds": 600}).json()
    assert 595 <= corrected["remaining_seconds"] <= 600
    called = _clock(sam_api, round_id, {"action": "set_remaining", "seconds": 0}).json()
    assert (called["status"], called["remaining_seconds"]) == ("time_called", 0)


def test_clock_answers_409_on_a_second_start_and_400_on_bad_input(paired, sam_api):
    round_id = paired["round"]["id"]
    assert _clock(sam_api, round_id, {"action": "start"}).status_code == 200
    again = _clock(sam_api, round_id, {"action": "start"})
    assert again.status_code == 409
    assert_400(_clock(sam_api, round_id, {"action": "stop"}), "action")
    assert_400(_clock(sam_api, round_id, {"action": "set_remaining"}), "seconds")
    assert_400(_clock(sam_api, round_id, {"action": "set_remaining", "seconds": -5}), "seconds")


def test_extension_is_a_judges_and_shows_in_the_time_block(paired, sam_api, alice_api):
    publish(sam_api, paired["round"]["id"])
    match = played_matches(paired["round"])[0]
    path = f"/matches/{match['id']}/extensions/"
    assert post(sam_api, path, {"minutes": 3, "reason": "ruling"}).status_code == 403
    given = post(alice_api, path, {"minutes": 3, "reason": "deck_check"})
    assert given.status_code == 201
    assert (given.json()["minutes"], given.json()["reason"]) == (3, "deck_check")
    assert_400(post(alice_api, path, {"minutes": 0, "reason": "ruling"}), "minutes")
    assert_400(post(alice_api, path, {"minutes": 2, "reason": "lunch"}), "reason")
    time = alice_api.get(f"{API}/matches/{match['id']}/").json()["time"]
    assert TIME_FIELDS <= set(time)
    assert (time["phase"], time["extension_minutes"], time["extra_turn"]) == ("playing", 3, None)


def test_passing_at_time_is_set_by_a_judge(paired, sam_api, alice_api):
    publish(sam_api, paired["round"]["id"])
    match = played_matches(paired["round"])[0]
    path = f"/matches/{match['id']}/time/"
    assert post(sam_api, path, {"passing_at_time": True}).status_code == 403
    response = post(alice_api, path, {"passing_at_time": True})
    assert response.status_code == 200
    assert response.json() == {"match": match["id"], "passing_at_time": True}
    _clock(sam_api, paired["round"]["id"], {"action": "start"})
    _clock(sam_api, paired["round"]["id"], {"action": "set_remaining", "seconds": 0})
    time = alice_api.get(f"{API}/matches/{match['id']}/").json()["time"]
    assert time["phase"] == "finishing_turn"
    assert time["time_called_at"] is not None
