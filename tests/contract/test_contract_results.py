"""docs/api.md "Rounds, clock, matches, results": matches and results from staff and teams."""

import pytest
from rest_framework.test import APIClient

from support.contract import (
    API,
    assert_400,
    assert_hidden_or_forbidden,
    games,
    login,
    new_team,
    patch,
    played_matches,
    post,
    publish,
    raw,
    team_client,
)

pytestmark = pytest.mark.django_db


# --- matches and results ---------------------------------------------------------------------


def test_match_has_the_contract_fields(paired, sam_api):
    match = played_matches(paired["round"])[0]
    response = sam_api.get(f"{API}/matches/{match['id']}/")
    assert response.status_code == 200
    body = response.json()
    assert {
        "id", "round", "table", "team_a", "team_b", "games_a", "games_b", "games_drawn",
        "result", "status", "time",
    } <= set(body)  # fmt: skip
    assert body["round"] == paired["round"]["id"]
    assert (body["team_a"], body["team_b"]) == (match["team_a"], match["team_b"])
    assert body["status"] == "pending"
    assert body["result"] is None
    # a team reads its own match without the staff's extras
    team = team_client(paired["by_id"][match["team_a"]]["access_key"])
    own = team.get(f"{API}/matches/{match['id']}/").json()
    assert (own["round"], own["status"], own["result"]) == (paired["round"]["id"], "pending", None)
    assert "reports" not in own


@pytest.mark.parametrize(
    ("score", "result"),
    [
        ((1, 0, 0), "a"),
        ((0, 1, 0), "b"),
        ((0, 0, 1), "draw"),
        ((1, 0, 2), "a"),
        ((0, 0, 0), "draw"),
    ],
)
def test_staff_result_is_final(paired, sam_api, score, result):
    match = played_matches(paired["round"])[0]
    response = post(sam_api, f"/matches/{match['id']}/result/", games(*score))
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["result"]) == ("final", result)
    assert response.json()["games_drawn"] == score[2]
    body = sam_api.get(f"{API}/matches/{match['id']}/").json()
    assert body["status"] == "final"
    assert body["result"] == result
    assert (body["games_a"], body["games_b"], body["games_drawn"]) == score


def test_staff_may_correct_a_final_result(paired, sam_api):
    match = played_matches(paired["round"])[0]
    post(sam_api, f"/matches/{match['id']}/result/", games(1, 0))
    response = post(sam_api, f"/matches/{match['id']}/result/", games(0, 1))
    assert response.status_code == 200
    assert sam_api.get(f"{API}/matches/{match['id']}/").json()["result"] == "b"


def test_staff_ruling_note_is_kept_in_the_round_log(paired, sam_api):
    from pairing.models import PairingChange

    match = played_matches(paired["round"])[0]
    body = {**games(0, 1), "note": "Deck check: Game Loss upheld"}
    assert post(sam_api, f"/matches/{match['id']}/result/", body).status_code == 200
    logged = PairingChange.objects.get(kind="result")
    assert logged.description.endswith("Ruling: Deck check: Game Loss upheld")
    too_long = post(sam_api, f"/matches/{match['id']}/result/", {**games(0, 1), "note": "x" * 201})
    assert too_long.status_code == 400
    assert "note" in too_long.json()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (games(1, 1), None),
        (games(1, 1, 3), None),
        ({"games_a": 2, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": -1, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": 0, "games_b": -1, "games_drawn": 0}, "games_b"),
        ({"games_a": 1, "games_b": 0, "games_drawn": -1}, "games_drawn"),
        ({"games_a": 0, "games_b": 0, "games_drawn": 999}, "games_drawn"),
        ({"games_a": 1, "games_b": 0, "games_drawn": 10**30}, "games_drawn"),
        ({"games_a": 10**30, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": "one", "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": [1], "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": {"n": 1}, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": 0.5, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": True, "games_b": False, "games_drawn": 0}, "games_a"),
        ({"games_a": None, "games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_b": 0, "games_drawn": 0}, "games_a"),
        ({"games_a": 1, "games_drawn": 0}, "games_b"),
        ({}, "games_a"),
    ],
)
def test_bad_result_is_400_and_leaves_the_match_pending(paired, sam_api, body, field):
    match = played_matches(paired["round"])[0]
    response = post(sam_api, f"/matches/{match['id']}/result/", body)
    if field:
        assert_400(response, field)
    else:
        assert assert_400(response)["code"] == "two_wins"  # MTR 9.1: the first won game ends it
    after = sam_api.get(f"{API}/matches/{match['id']}/").json()
    assert (after["status"], after["result"]) == ("pending", None)


def test_result_list_body_and_non_json_are_4xx(paired, sam_api):
    match = played_matches(paired["round"])[0]
    path = f"/matches/{match['id']}/result/"
    assert_400(post(sam_api, path, [games(1, 0)]))
    assert_400(raw(sam_api, "post", path, "{games_a: 1}", "application/json"))
    assert raw(sam_api, "post", path, "1-0-0", "text/plain").status_code in (400, 415)
    assert sam_api.get(f"{API}/matches/{match['id']}/").json()["status"] == "pending"


def test_result_for_unknown_match_is_404(world, alice_api):
    assert post(alice_api, "/matches/987654321/result/", games(1, 0)).status_code == 404
    assert alice_api.get(f"{API}/matches/987654321/").status_code == 404
    assert (
        post(alice_api, "/matches/99999999999999999999999/result/", games(1, 0)).status_code == 404
    )


def test_result_for_a_bye_is_refused_not_500(four, alice_api):
    new_team(alice_api, four["event"]["id"], "Odd One")
    round_ = post(alice_api, f"/events/{four['event']['id']}/rounds/").json()
    bye = next(m for m in round_["matches"] if m["bye"])
    response = post(alice_api, f"/matches/{bye['id']}/result/", games(1, 0))
    assert 400 <= response.status_code < 500
    assert response.json()["code"]


def test_result_for_a_match_of_another_event_is_refused(paired, world):
    """Olga runs the other (public) event; Sam keeps score only in Alice's."""
    olga = login("olga")
    other = world.other_event.pk
    for name in ("O1", "O2"):
        new_team(olga, other, f"Olga {name}")
    patch(olga, f"/events/{other}/", {"swiss_rounds": 3})
    round_ = post(olga, f"/events/{other}/rounds/", {"publish": False})
    assert round_.status_code == 201, round_.content
    foreign = played_matches(round_.json())[0]
    sam = login("sam")
    response = post(sam, f"/matches/{foreign['id']}/result/", games(1, 0))
    assert response.status_code == 404  # not published: the match does not exist for outsiders
    publish(olga, round_.json()["id"])
    response = post(sam, f"/matches/{foreign['id']}/result/", games(1, 0))
    assert_hidden_or_forbidden(response)
    assert response.status_code == 403  # a public event: the match exists, but no right
    key = paired["teams"][0]["access_key"]
    assert_hidden_or_forbidden(
        post(team_client(key), f"/matches/{foreign['id']}/result/", games(1, 0))
    )
    assert olga.get(f"{API}/matches/{foreign['id']}/").json()["status"] == "pending"
    # and the other way round: Olga (organizer elsewhere) on Alice's private event
    mine = played_matches(paired["round"])[0]
    assert_hidden_or_forbidden(post(olga, f"/matches/{mine['id']}/result/", games(1, 0)))
    assert sam.get(f"{API}/matches/{mine['id']}/").json()["status"] == "pending"


def test_team_key_of_another_event_cannot_report(paired, world):
    match = played_matches(paired["round"])[0]
    publish(login("sam"), paired["round"]["id"])
    response = post(
        team_client(world.green.access_key), f"/matches/{match['id']}/result/", games(1, 0)
    )
    assert_hidden_or_forbidden(response)
    assert response.status_code == 404  # the event is private
    assert login("sam").get(f"{API}/matches/{match['id']}/").json()["status"] == "pending"


def test_team_reports_right_after_pairing_as_api_md_describes(paired):
    match = played_matches(paired["round"])[0]
    key = paired["by_id"][match["team_a"]]["access_key"]
    response = post(team_client(key), f"/matches/{match['id']}/result/", games(1, 0))
    assert response.status_code == 200
    assert response.json()["status"] == "reported"


@pytest.fixture
def reporting(paired, sam_api):
    """Round 1 published (the app's extra step), one match and both teams' clients."""
    publish(sam_api, paired["round"]["id"])
    match = played_matches(paired["round"])[0]
    a = team_client(paired["by_id"][match["team_a"]]["access_key"])
    b = team_client(paired["by_id"][match["team_b"]]["access_key"])
    return {**paired, "match": match, "a": a, "b": b}


def test_team_report_then_same_report_is_final(reporting, sam_api):
    path = f"/matches/{reporting['match']['id']}/result/"
    first = post(reporting["a"], path, games(0, 1, 1))
    assert first.status_code == 200
    assert first.json()["status"] == "reported"
    second = post(reporting["b"], path, games(0, 1, 1))
    assert second.status_code == 200
    assert (second.json()["status"], second.json()["result"]) == ("final", "b")
    body = sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()
    assert (body["status"], body["result"], body["games_drawn"]) == ("final", "b", 1)


def test_team_reports_that_differ_are_disputed_with_409_to_the_second(reporting, sam_api):
    path = f"/matches/{reporting['match']['id']}/result/"
    assert post(reporting["a"], path, games(1, 0)).status_code == 200
    second = post(reporting["b"], path, games(0, 1))
    assert second.status_code == 409
    assert second.json()["code"] == "disputed"
    assert second.json()["match"]["status"] == "disputed"
    body = sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()
    assert body["status"] == "disputed"
    assert body["result"] is None
    assert sorted(r["games_a"] for r in body["reports"]) == [0, 1]  # staff see both reports
    # staff decide: final
    decided = post(sam_api, path, games(0, 1))
    assert decided.status_code == 200
    body = sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()
    assert (body["status"], body["result"]) == ("final", "b")


def test_team_bad_report_is_400(reporting, sam_api):
    path = f"/matches/{reporting['match']['id']}/result/"
    assert_400(post(reporting["a"], path, games(1, 1)))
    assert_400(post(reporting["a"], path, {"games_a": "yes"}), "games_a")
    assert sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()["status"] == "pending"


def test_team_cannot_report_a_match_it_does_not_play(reporting, sam_api):
    others = [m for m in played_matches(reporting["round"]) if m["id"] != reporting["match"]["id"]]
    stranger = reporting["by_id"][others[0]["team_a"]]["access_key"]
    response = post(
        team_client(stranger), f"/matches/{reporting['match']['id']}/result/", games(1, 0)
    )
    assert response.status_code in (403, 404)
    assert response.status_code == 403  # a team of the event: the match exists, but is not its
    assert sam_api.get(f"{API}/matches/{reporting['match']['id']}/").json()["status"] == "pending"


def test_outsider_cannot_enter_a_result(paired, charlie_api):
    match = played_matches(paired["round"])[0]
    assert_hidden_or_forbidden(post(charlie_api, f"/matches/{match['id']}/result/", games(1, 0)))
    assert post(APIClient(), f"/matches/{match['id']}/result/", games(1, 0)).status_code in (
        401,
        404,
    )
    assert login("sam").get(f"{API}/matches/{match['id']}/").json()["status"] == "pending"


def test_staff_move_a_match_to_another_table(paired, sam_api):
    """Not in docs/api.md: PATCH /matches/{id}/ {table}."""
    match = next(m for m in paired["round"]["matches"] if m["table"] == 1)
    response = patch(sam_api, f"/matches/{match['id']}/", {"table": 7})
    assert response.status_code == 200
    assert response.json()["table"] == 7
