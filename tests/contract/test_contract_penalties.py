"""docs/api.md "Penalties": issue, list and rescind, through HTTP with the contract's paths, fields
and codes (every response checked against the schema by tests/contract/conftest.py).

Readings of the contract where it is not explicit (noted so they can be argued with):
- `round` in and out is the round's id (as `round` of a match); `round_number` is added.
- The list is a JSON array, oldest first, like the other lists of the API.
- Reading penalties is a judge's right (docs/api.md "Who may call": judges "plus penalties").
- A judge asking for a penalty that needs the head judge gets 403 with `code` `head_judge_only`;
  a judge's `penalty` different from the proposal, 403 `override_head_judge_only`.
"""

import pytest

from support.contract import (
    API,
    assert_400,
    login,
    new_event,
    new_team,
    patch,
    played_matches,
    post,
)

pytestmark = pytest.mark.django_db

CONTRACT_FIELDS = {
    "id", "player", "team", "round", "infraction", "penalty", "upgraded",
    "match_points_deducted", "extra_turns_added", "related",
}  # fmt: skip


@pytest.fixture
def judged(four, alice_api, sam_api):
    """`four` at Competitive REL with a judge (Judy) and a head judge (Hank); round 1 paired."""
    event_id = four["event"]["id"]
    assert patch(alice_api, f"/events/{event_id}/", {"rel": "competitive"}).status_code == 200
    for username, role in (("judy", "judge"), ("hank", "head_judge")):
        body = {"username": username, "role": role}
        assert post(alice_api, f"/events/{event_id}/staff/", body).status_code == 201
    round_ = post(sam_api, f"/events/{event_id}/rounds/", {"confirm": True}).json()
    match = played_matches(round_)[0]
    players = {t["id"]: [p["id"] for p in t["players"]] for t in four["teams"]}
    return {
        **four,
        "round": round_,
        "match": match,
        "offender": players[match["team_a"]][0],
        "others": players[match["team_a"]][1:] + players[match["team_b"]],
        "judy": login("judy"),
        "hank": login("hank"),
        "path": f"/events/{event_id}/penalties/",
    }


def test_issue_answers_201_with_the_contract_fields(judged):
    response = post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "GPE-LEC"})  # fmt: skip
    assert response.status_code == 201, response.content
    body = response.json()
    assert CONTRACT_FIELDS <= set(body)
    assert (body["player"], body["team"]) == (judged["offender"], judged["match"]["team_a"])
    assert (body["infraction"], body["penalty"], body["upgraded"]) == ("GPE-LEC", "warning", False)
    assert body["round"] == judged["round"]["id"]
    assert (body["match_points_deducted"], body["extra_turns_added"], body["related"]) == (0, 0, [])


def test_grv_gives_ftmgs_to_the_three_other_players(judged):
    body = post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "GPE-GRV"}).json()  # fmt: skip
    assert len(body["related"]) == 3
    listed = {p["id"]: p for p in judged["judy"].get(f"{API}{judged['path']}").json()}
    assert {listed[i]["player"] for i in body["related"]} == set(judged["others"])
    assert {listed[i]["infraction"] for i in body["related"]} == {"GPE-FMGS"}


def test_ftmgs_to_narrows_and_empty_issues_none(judged):
    one = judged["others"][:1]
    body = {"player": judged["offender"], "infraction": "GPE-GRV", "ftmgs_to": one}
    narrowed = post(judged["judy"], judged["path"], body).json()
    listed = {p["id"]: p for p in judged["judy"].get(f"{API}{judged['path']}").json()}
    assert [listed[i]["player"] for i in narrowed["related"]] == one
    body["ftmgs_to"] = []
    assert post(judged["judy"], judged["path"], body).json()["related"] == []


def test_no_ftmgs_for_a_missed_trigger(judged):
    body = {"player": judged["offender"], "infraction": "GPE-MT"}
    assert post(judged["judy"], judged["path"], body).json()["related"] == []


def test_slow_play_adds_two_turns(judged):
    body = post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "TE-SP"}).json()  # fmt: skip
    assert (body["penalty"], body["extra_turns_added"]) == ("warning", 2)


def test_a_judge_cannot_issue_a_match_loss(judged):
    response = post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "TE-OA"})  # fmt: skip
    assert response.status_code == 403
    assert response.json()["code"] == "head_judge_only"
    assert judged["hank"].get(f"{API}{judged['path']}").json() == []


def test_the_head_judge_issues_a_match_loss_and_the_match_is_lost(judged):
    body = {"player": judged["offender"], "infraction": "TE-OA"}
    assert post(judged["hank"], judged["path"], body).json()["penalty"] == "match_loss"
    match = judged["hank"].get(f"{API}/matches/{judged['match']['id']}/").json()
    assert (match["status"], match["result"]) == ("final", "b")


def test_a_judge_cannot_override_but_the_head_judge_can(judged):
    body = {"player": judged["offender"], "infraction": "GPE-LEC", "penalty": "none"}
    denied = post(judged["judy"], judged["path"], body)
    assert denied.status_code == 403
    assert denied.json()["code"] == "override_head_judge_only"
    body["override_reason"] = "The card was revealed by the opponent."
    done = post(judged["hank"], judged["path"], body).json()
    assert (done["penalty"], done["proposed"], done["override_reason"]) == (
        "none", "warning", body["override_reason"],
    )  # fmt: skip


def test_a_scorekeeper_cannot_issue_or_read(judged, sam_api):
    body = {"player": judged["offender"], "infraction": "GPE-LEC"}
    assert post(sam_api, judged["path"], body).status_code == 403
    assert sam_api.get(f"{API}{judged['path']}").status_code == 403


def test_a_judge_of_another_event_cannot_read(judged, charlie_api):
    other = new_event(charlie_api, name="Charlie's", public=True)
    new_team(charlie_api, other["id"], "Other")
    post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "GPE-LEC"})
    assert charlie_api.get(f"{API}{judged['path']}").status_code == 404  # private event
    assert charlie_api.get(f"{API}/events/{other['id']}/penalties/").json() == []


def test_match_point_penalty_shows_in_the_standings_of_its_round(judged, sam_api):
    event_id = judged["event"]["id"]
    # JG09: a Decklist Problem found at a deck check is a Match Point penalty (docs/rules.md)
    body = {"player": judged["offender"], "infraction": "TE-DLP", "variants": ["deck_check"]}
    issued = post(judged["judy"], judged["path"], body).json()
    assert (issued["penalty"], issued["match_points_deducted"]) == ("match_point", 1)
    for m in played_matches(judged["round"]):
        post(sam_api, f"/matches/{m['id']}/result/", {"games_a": 0, "games_b": 0, "games_drawn": 1})
    rows = sam_api.get(f"{API}/events/{event_id}/standings/?after_round=1").json()["rows"]
    row = next(r for r in rows if r["team"] == judged["match"]["team_a"])
    assert (row["match_points"], row["penalty_points"]) == (0, 1)


def test_rescind_gives_the_point_back_and_keeps_the_history(judged, sam_api):
    event_id = judged["event"]["id"]
    issued = post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "TE-DLP", "variants": ["deck_check"]}).json()  # fmt: skip
    for m in played_matches(judged["round"]):
        post(sam_api, f"/matches/{m['id']}/result/", {"games_a": 0, "games_b": 0, "games_drawn": 1})
    path = f"/penalties/{issued['id']}/rescind/"
    assert post(judged["judy"], path, {"reason": "no"}).status_code == 403
    response = post(judged["hank"], path, {"reason": "Misread the decklist"})
    assert response.status_code == 200, response.content
    assert response.json()["rescinded"] is True
    assert post(judged["hank"], path, {"reason": "again"}).status_code == 409
    listed = judged["hank"].get(f"{API}{judged['path']}").json()
    assert [(p["id"], p["rescinded"]) for p in listed] == [(issued["id"], True)]
    rows = sam_api.get(f"{API}/events/{event_id}/standings/?after_round=1").json()["rows"]
    row = next(r for r in rows if r["team"] == judged["match"]["team_a"])
    assert (row["match_points"], row["penalty_points"]) == (1, 0)


def test_list_filters(judged):
    post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "GPE-LEC"})
    post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "TE-SP"})
    url = f"{API}{judged['path']}"
    assert [p["infraction"] for p in judged["judy"].get(f"{url}?infraction=te-sp").json()] == [
        "TE-SP"
    ]
    assert len(judged["judy"].get(f"{url}?round=1&rescinded=false").json()) == 2
    assert judged["judy"].get(f"{url}?rescinded=true").json() == []
    assert judged["judy"].get(f"{url}?round=x").status_code == 400


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"player": None, "infraction": "GPE-LEC"}, "player"),
        ({"player": "one", "infraction": "GPE-LEC"}, "player"),
        ({"player": 0, "infraction": "GPE-LEC"}, "player"),
        ({"player": 10**30, "infraction": "GPE-LEC"}, "player"),
        ({"infraction": "ZZZ"}, "infraction"),
        ({"infraction": "GPE-LEC", "penalty": "exile"}, "penalty"),
        ({"infraction": "GPE-LEC", "variants": ["pattern"]}, None),
        ({"infraction": "GPE-LEC", "round": 987654321}, "round"),
        ({"infraction": "GPE-LEC", "notes": "x" * 5000}, "notes"),
        ({"infraction": "GPE-GRV", "ftmgs_to": [987654321]}, "ftmgs_to"),
        ({"infraction": "TE-T", "tardiness_minutes": -3}, "tardiness_minutes"),
    ],
)
def test_bad_input_is_400_and_writes_nothing(judged, body, field):
    body = {"player": judged["offender"], **body}
    response = post(judged["hank"], judged["path"], body)
    if field:
        assert_400(response, field)
    else:
        assert_400(response)
    assert judged["hank"].get(f"{API}{judged['path']}").json() == []


def test_a_player_of_another_event_is_400(judged, charlie_api):
    other = new_event(charlie_api, name="Elsewhere")
    stranger = new_team(charlie_api, other["id"], "Strangers")["players"][0]["id"]
    assert_400(post(judged["hank"], judged["path"], {"player": stranger, "infraction": "GPE-LEC"}), "player")  # fmt: skip


def test_rescind_needs_a_reason_and_an_existing_penalty(judged):
    issued = post(judged["judy"], judged["path"], {"player": judged["offender"], "infraction": "GPE-LEC"}).json()  # fmt: skip
    assert_400(post(judged["hank"], f"/penalties/{issued['id']}/rescind/", {}), "reason")
    assert post(judged["hank"], "/penalties/987654321/rescind/", {"reason": "x"}).status_code == 404
