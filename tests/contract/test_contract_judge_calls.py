"""docs/api.md "Judge calls" (issue 28, item 6): a table's key calls, a second call joins, judges
claim, escalate and resolve with the extension proposed from the call's time (MTR 2.6), the
calling team withdraws; who may do what."""

from datetime import timedelta

import pytest
from django.utils import timezone

from judging.models import JudgeCall
from support.contract import API, assert_400, login, played_matches, post, publish, team_client

pytestmark = pytest.mark.django_db

SHAPE = {
    "id", "match", "table", "status", "reason", "called_at", "called_by_team", "minutes_open",
    "proposed_extension_minutes", "extension_minutes", "claimed_by", "resolved_by",
}  # fmt: skip


@pytest.fixture
def calling(paired, sam_api, alice_api):
    """Round 1 of `four` published and its clock started; Judy judges, Hank is head judge; the
    first table and its two teams' keys."""
    event_id = paired["event"]["id"]
    for username, role in (("judy", "judge"), ("hank", "head_judge")):
        added = post(alice_api, f"/events/{event_id}/staff/", {"username": username, "role": role})
        assert added.status_code == 201, added.content
    publish(sam_api, paired["round"]["id"])
    post(sam_api, f"/rounds/{paired['round']['id']}/clock/", {"action": "start"})
    match = played_matches(paired["round"])[0]
    keys = {t["id"]: t["access_key"] for t in paired["teams"]}
    return {
        **paired,
        "match": match,
        "a": team_client(keys[match["team_a"]]),
        "b": team_client(keys[match["team_b"]]),
        "other": team_client(keys[played_matches(paired["round"])[1]["team_a"]]),
        "judy": login("judy"),
        "hank": login("hank"),
    }


def _back_in_time(call_id: int, minutes: float) -> None:
    """The call was made ``minutes`` ago (the clock started earlier still)."""
    row = JudgeCall.objects.select_related("round__clock").get(pk=call_id)
    earlier = timezone.now() - timedelta(minutes=minutes)
    clock = row.round.clock
    clock.started_at = earlier - timedelta(minutes=5)
    clock.save(update_fields=["started_at"])
    JudgeCall.objects.filter(pk=call_id).update(called_at=earlier)


def test_a_call_from_the_table_to_its_ruling(calling, sam_api):
    match = calling["match"]
    path = f"/matches/{match['id']}/judge-calls/"
    first = post(calling["a"], path, {"reason": "rules_question", "note": "Stack question"})
    assert first.status_code == 201, first.content
    body = first.json()
    assert SHAPE <= set(body)
    assert (body["status"], body["match"], body["table"]) == ("open", match["id"], match["table"])
    assert (body["reason"], body["called_by_team"]) == ("rules_question", match["team_a"])
    joined = post(calling["b"], path, {"reason": "dispute"})
    assert joined.status_code == 200
    assert joined.json()["id"] == body["id"]
    assert [j["team"] for j in joined.json()["joins"]] == [match["team_b"]]

    call = f"/judge-calls/{body['id']}"
    listed = sam_api.get(f"{API}/events/{calling['event']['id']}/judge-calls/?status=open")
    assert [c["id"] for c in listed.json()] == [body["id"]]
    assert post(sam_api, f"{call}/claim/").status_code == 403  # a scorekeeper reads only
    claimed = post(calling["judy"], f"{call}/claim/")
    assert (claimed.json()["status"], claimed.json()["claimed_by"]) == ("claimed", "judy")
    taken = post(calling["hank"], f"{call}/claim/")
    assert taken.status_code == 409
    assert (taken.json()["code"], taken.json()["claimed_by"]) == ("already_claimed", "judy")

    _back_in_time(body["id"], 3.5)  # 3.5 minutes of running time: 4 proposed (MTR 2.6)
    read = calling["a"].get(f"{API}{call}/").json()
    assert (read["proposed_extension_minutes"], read["extension_minutes"]) == (4, None)
    assert_400(post(calling["judy"], f"{call}/resolve/", {}), "ruling")
    assert_400(
        post(calling["judy"], f"{call}/resolve/", {"ruling": "x", "extension_minutes": -1}),
        "extension_minutes",
    )
    resolved = post(
        calling["judy"],
        f"{call}/resolve/",
        {"ruling": "Trigger goes on the stack.", "rule": "CR 603.3"},
    )
    assert resolved.status_code == 200, resolved.content
    done = resolved.json()
    assert (done["status"], done["resolved_by"], done["extension_minutes"]) == (
        "resolved",
        "judy",
        4,
    )
    assert done["proposed_extension_minutes"] == 4
    assert done["minutes_open"] == 4
    time = sam_api.get(f"{API}/matches/{match['id']}/").json()["time"]
    assert time["extension_minutes"] == 4  # the table's clock shows it
    assert post(calling["judy"], f"{call}/resolve/", {"ruling": "again"}).status_code == 409


def test_zero_gives_no_extension(calling):
    match = calling["match"]
    body = post(calling["a"], f"/matches/{match['id']}/judge-calls/").json()
    _back_in_time(body["id"], 4.5)  # 4 min 30 s: 5 proposed
    done = post(
        calling["judy"],
        f"/judge-calls/{body['id']}/resolve/",
        {"ruling": "Play on.", "extension_minutes": 0},
    ).json()
    assert (done["proposed_extension_minutes"], done["extension_minutes"]) == (5, 0)


def test_escalated_the_head_judge_resolves(calling):
    match = calling["match"]
    body = post(calling["b"], f"/matches/{match['id']}/judge-calls/", {"reason": "dispute"}).json()
    call = f"/judge-calls/{body['id']}"
    escalated = post(calling["judy"], f"{call}/escalate/").json()
    assert escalated["status"] == "escalated"
    refused = post(calling["judy"], f"{call}/resolve/", {"ruling": "x"})
    assert (refused.status_code, refused.json()["code"]) == (403, "head_judge_only")
    assert post(calling["hank"], f"{call}/claim/").json()["head_judge"] == "hank"
    done = post(calling["hank"], f"{call}/resolve/", {"ruling": "Upheld.", "extension_minutes": 0})
    assert (done.status_code, done.json()["resolved_by"]) == (200, "hank")


def test_the_calling_team_withdraws(calling, alice_api):
    match = calling["match"]
    body = post(calling["a"], f"/matches/{match['id']}/judge-calls/").json()
    call = f"/judge-calls/{body['id']}"
    assert post(calling["b"], f"{call}/withdraw/").status_code == 403
    assert post(alice_api, f"{call}/withdraw/").status_code == 403
    withdrawn = post(calling["a"], f"{call}/withdraw/")
    assert (withdrawn.status_code, withdrawn.json()["status"]) == (200, "withdrawn")
    assert post(calling["a"], f"{call}/withdraw/").status_code == 409


def test_who_sees_what(calling, world):
    match = calling["match"]
    body = post(calling["a"], f"/matches/{match['id']}/judge-calls/").json()
    call = f"{API}/judge-calls/{body['id']}/"
    assert calling["b"].get(call).status_code == 200  # the other team of the table
    assert calling["other"].get(call).status_code == 404  # a team of another table
    assert post(calling["other"], f"/matches/{match['id']}/judge-calls/").status_code in (403, 404)
    another_staff = login("olga")  # organizer of another event
    assert another_staff.get(call).status_code == 404
    assert post(another_staff, f"/judge-calls/{body['id']}/claim/").status_code == 404
    events = f"{API}/events/{calling['event']['id']}/judge-calls/"
    assert another_staff.get(events).status_code == 404
    assert calling["a"].get(events).status_code == 404
    assert_400(calling["judy"].get(events + "?status=lost"), "status")
    assert_400(
        post(calling["a"], f"/matches/{match['id']}/judge-calls/", {"reason": "bored"}), "reason"
    )


def test_bad_input_is_a_400_and_unknown_ids_a_404(calling):
    """Bad input never gives a 500 (quality.md "Bad input and faults")."""
    match = calling["match"]
    path = f"/matches/{match['id']}/judge-calls/"
    assert_400(post(calling["a"], path, {"note": "x" * 201}), "note")
    assert_400(post(calling["a"], path, {"reason": ["dispute"]}), "reason")
    assert_400(post(calling["a"], path, {"player": 10**30}), "player")
    assert_400(post(calling["a"], path, {"note": "nul\u0000"}), "note")
    body = post(calling["a"], path, {"note": "\u202eevil name\u0007"}).json()
    assert body["note"] == "evil name"  # control and direction marks dropped
    call = f"/judge-calls/{body['id']}"
    assert_400(post(calling["judy"], f"{call}/resolve/", {"ruling": "x" * 201}), "ruling")
    assert_400(post(calling["judy"], f"{call}/resolve/", {"ruling": "   "}), "ruling")
    assert_400(
        post(calling["judy"], f"{call}/resolve/", {"ruling": "x", "extension_minutes": 61}),
        "extension_minutes",
    )
    assert_400(post(calling["judy"], f"{call}/resolve/", {"ruling": "x", "rule": "r" * 41}), "rule")
    assert JudgeCall.objects.get().status == "open"  # nothing half-written
    for bad in ("0", "99999999999999999999999", "abc"):
        assert calling["judy"].get(f"{API}/judge-calls/{bad}/").status_code == 404
        assert post(calling["judy"], f"/judge-calls/{bad}/claim/").status_code == 404
    assert post(calling["a"], f"/matches/{10**20}/judge-calls/").status_code == 404
