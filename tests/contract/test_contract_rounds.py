"""docs/api.md "Rounds, clock, matches, results": pairing, unpairing, reading rounds, top cut."""

import pytest
from rest_framework.test import APIClient

from support.contract import (
    API,
    assert_400,
    assert_hidden_or_forbidden,
    games,
    login,
    new_event,
    new_team,
    patch,
    played_matches,
    post,
    publish,
    team_client,
)

pytestmark = pytest.mark.django_db


# --- rounds ----------------------------------------------------------------------------------


def test_pair_round_201_with_contract_fields(paired):
    round_ = paired["round"]
    assert isinstance(round_["id"], int)
    assert round_["number"] == 1
    assert round_["stage"] == "swiss"
    assert len(round_["matches"]) == 2
    teams = set()
    for match in round_["matches"]:
        assert {"id", "table", "team_a", "team_b", "bye"} <= set(match)
        assert match["bye"] is False
        teams |= {match["team_a"], match["team_b"]}
    assert teams == set(paired["by_id"])
    assert sorted(m["table"] for m in round_["matches"]) == [1, 2]


def test_pair_round_with_an_odd_count_gives_a_bye_with_team_b_null(four, alice_api):
    new_team(alice_api, four["event"]["id"], "Odd One")
    body = post(alice_api, f"/events/{four['event']['id']}/rounds/").json()
    byes = [m for m in body["matches"] if m["bye"]]
    assert len(byes) == 1
    assert byes[0]["team_b"] is None
    assert byes[0]["table"] is None
    assert len(body["matches"]) == 3


def test_second_pairing_while_the_round_is_unfinished_is_409(paired, sam_api):
    event = paired["event"]["id"]
    response = post(sam_api, f"/events/{event}/rounds/")
    assert response.status_code == 409
    assert response.json()["code"] == "round_unfinished"
    rounds = sam_api.get(f"{API}/events/{event}/rounds/").json()
    assert [r["number"] for r in rounds] == [1]


def test_second_pairing_with_one_of_two_results_in_is_still_409(paired, sam_api):
    first = played_matches(paired["round"])[0]
    assert post(sam_api, f"/matches/{first['id']}/result/", games(1, 0)).status_code == 200
    assert post(sam_api, f"/events/{paired['event']['id']}/rounds/").status_code == 409


def test_next_round_pairs_once_every_result_is_final(paired, sam_api):
    for match in played_matches(paired["round"]):
        assert post(sam_api, f"/matches/{match['id']}/result/", games(1, 0)).status_code == 200
    response = post(sam_api, f"/events/{paired['event']['id']}/rounds/")
    assert response.status_code == 201
    second = response.json()
    assert second["number"] == 2
    winners = {m["team_a"] for m in played_matches(paired["round"])}
    # Swiss: the two winners meet, no rematch
    pairs = [{m["team_a"], m["team_b"]} for m in played_matches(second)]
    assert winners in pairs
    firsts = [{m["team_a"], m["team_b"]} for m in played_matches(paired["round"])]
    assert not any(p in firsts for p in pairs)


def test_unpair_round_without_results_then_it_is_gone(paired, sam_api):
    round_id = paired["round"]["id"]
    response = sam_api.delete(f"{API}/rounds/{round_id}/")
    assert response.status_code in (200, 204)
    assert response.status_code == 204  # Tandem's choice
    assert sam_api.get(f"{API}/rounds/{round_id}/").status_code == 404
    assert sam_api.get(f"{API}/events/{paired['event']['id']}/rounds/").json() == []
    again = post(sam_api, f"/events/{paired['event']['id']}/rounds/")
    assert again.status_code == 201
    assert again.json()["number"] == 1


def test_unpair_round_with_a_result_is_409(paired, sam_api):
    match = played_matches(paired["round"])[0]
    post(sam_api, f"/matches/{match['id']}/result/", games(0, 1))
    response = sam_api.delete(f"{API}/rounds/{paired['round']['id']}/")
    assert response.status_code == 409
    assert response.json()["code"] == "round_has_results"
    assert sam_api.get(f"{API}/rounds/{paired['round']['id']}/").status_code == 200
    assert sam_api.get(f"{API}/matches/{match['id']}/").json()["status"] == "final"


def test_unpair_an_older_round_is_409(paired, sam_api):
    for match in played_matches(paired["round"]):
        post(sam_api, f"/matches/{match['id']}/result/", games(1, 0))
    post(sam_api, f"/events/{paired['event']['id']}/rounds/")
    response = sam_api.delete(f"{API}/rounds/{paired['round']['id']}/")
    assert response.status_code == 409
    assert sam_api.get(f"{API}/rounds/{paired['round']['id']}/").status_code == 200


def test_unknown_round_is_404(world, alice_api):
    assert alice_api.get(f"{API}/rounds/987654321/").status_code == 404
    assert alice_api.delete(f"{API}/rounds/987654321/").status_code == 404
    assert alice_api.get(f"{API}/rounds/99999999999999999999999/").status_code == 404


def test_pair_unknown_event_is_404(world, alice_api):
    assert post(alice_api, "/events/987654321/rounds/").status_code == 404


def test_round_list_and_detail(paired, sam_api):
    listing = sam_api.get(f"{API}/events/{paired['event']['id']}/rounds/")
    assert listing.status_code == 200
    assert [(r["id"], r["number"], r["stage"]) for r in listing.json()] == [
        (paired["round"]["id"], 1, "swiss")
    ]
    detail = sam_api.get(f"{API}/rounds/{paired['round']['id']}/").json()
    assert detail["number"] == 1
    assert {m["id"] for m in detail["matches"]} == {m["id"] for m in paired["round"]["matches"]}


def test_teams_read_published_rounds_without_the_seed(paired):
    key = paired["teams"][0]["access_key"]
    team = team_client(key)
    listing = team.get(f"{API}/events/{paired['event']['id']}/rounds/").json()
    assert [(r["number"], r["matches"], r["final"]) for r in listing] == [(1, 2, 0)]
    detail = team.get(f"{API}/rounds/{paired['round']['id']}/").json()
    names = {m["team_a_name"] for m in detail["matches"]}
    names |= {m["team_b_name"] for m in detail["matches"]}
    assert names == {"North", "East", "South", "West"}
    assert "seed" not in detail
    assert detail["warnings"] == []


def test_unpublished_round_is_hidden_from_teams_and_shown_to_staff(four, sam_api):
    """Not in docs/api.md: `{"publish": false}` pairs a round that staff check before teams see it."""
    event = four["event"]["id"]
    response = post(sam_api, f"/events/{event}/rounds/", {"publish": False})
    assert response.status_code == 201
    round_ = response.json()
    team = team_client(four["teams"][0]["access_key"])
    assert team.get(f"{API}/rounds/{round_['id']}/").status_code == 404
    assert team.get(f"{API}/events/{event}/rounds/").json() == []
    assert team.get(f"{API}/matches/{round_['matches'][0]['id']}/").status_code == 404
    staff = sam_api.get(f"{API}/rounds/{round_['id']}/").json()
    assert staff["published"] is False
    assert isinstance(staff["seed"], int)


def test_swap_two_teams_answers_the_round_and_its_warnings(paired, sam_api):
    """Not in docs/api.md: POST /rounds/{id}/swap/ {team_1, team_2} moves two teams."""
    m1, m2 = sorted(played_matches(paired["round"]), key=lambda m: m["table"])
    response = post(
        sam_api,
        f"/rounds/{paired['round']['id']}/swap/",
        {"team_1": m1["team_b"], "team_2": m2["team_a"]},
    )
    assert response.status_code == 200
    body = response.json()
    assert body["warnings"] == []  # round 1: nobody has points or opponents yet
    pairs = {(m["team_a"], m["team_b"]) for m in body["round"]["matches"]}
    assert (m1["team_a"], m2["team_a"]) in pairs


def test_missing_results_lists_the_open_tables(paired, sam_api):
    """Not in docs/api.md: GET /rounds/{id}/missing/."""
    m1 = next(m for m in paired["round"]["matches"] if m["table"] == 1)
    assert post(sam_api, f"/matches/{m1['id']}/result/", games(1, 0)).status_code == 200
    body = sam_api.get(f"{API}/rounds/{paired['round']['id']}/missing/").json()
    assert [m["table"] for m in body] == [2]


def test_pairing_needs_enough_teams_and_never_500s(world, alice_api):
    event = new_event(alice_api, name="Tiny", swiss_rounds=3)
    response = post(alice_api, f"/events/{event['id']}/rounds/")
    assert 400 <= response.status_code < 500
    assert response.json()["code"]
    new_team(alice_api, event["id"], "Lonely")
    response = post(alice_api, f"/events/{event['id']}/rounds/")
    assert 400 <= response.status_code < 500
    assert alice_api.get(f"{API}/events/{event['id']}/rounds/").json() == []


def test_pairing_is_refused_to_outsiders_and_teams(four, charlie_api):
    event = four["event"]["id"]
    assert post(APIClient(), f"/events/{event}/rounds/").status_code in (401, 404)
    assert_hidden_or_forbidden(post(charlie_api, f"/events/{event}/rounds/"))
    key = four["teams"][0]["access_key"]
    assert post(team_client(key), f"/events/{event}/rounds/").status_code == 403
    assert login("alice").get(f"{API}/events/{event}/rounds/").json() == []


def test_registration_is_closed_once_round_1_is_paired(paired, alice_api):
    body = {"name": "Too Late", "players": [{"name": "L1"}, {"name": "L2"}]}
    response = post(alice_api, f"/events/{paired['event']['id']}/teams/", body)
    assert 400 <= response.status_code < 500


def test_automatic_swiss_rounds_with_four_teams_pairs_a_playoff(world, alice_api):
    """swiss_rounds null: from the number of teams (docs/rules.md: 4 teams, 0 Swiss, 2 playoff rounds)."""
    event = new_event(alice_api, name="Auto")
    for name in ("A", "B", "C", "D"):
        new_team(alice_api, event["id"], f"Auto {name}")
    response = post(alice_api, f"/events/{event['id']}/rounds/")
    assert response.status_code == 201
    assert response.json()["stage"] == "top_cut"
    draw = post(
        alice_api, f"/matches/{response.json()['matches'][0]['id']}/result/", games(0, 0, 1)
    )
    assert_400(draw)


def test_dropped_team_is_not_paired_again(paired, sam_api):
    dropper = played_matches(paired["round"])[0]["team_a"]
    assert post(sam_api, f"/teams/{dropper}/drop/").json()["dropped"] is True
    for match in played_matches(paired["round"]):
        assert post(sam_api, f"/matches/{match['id']}/result/", games(1, 0)).status_code == 200
    second = post(sam_api, f"/events/{paired['event']['id']}/rounds/").json()
    teams = {t for m in second["matches"] for t in (m["team_a"], m["team_b"]) if t}
    assert teams == set(paired["by_id"]) - {dropper}
    assert sum(m["bye"] for m in second["matches"]) == 1


def test_top_cut_after_swiss_seeds_1v4_and_2v3_then_the_final_then_409(four, alice_api):
    event = four["event"]["id"]
    assert (
        patch(alice_api, f"/events/{event}/", {"swiss_rounds": 1, "top_cut": 4}).status_code == 200
    )
    swiss = post(alice_api, f"/events/{event}/rounds/").json()
    for match in played_matches(swiss):
        post(alice_api, f"/matches/{match['id']}/result/", games(1, 0))
    ranks = [
        r["team"]
        for r in alice_api.get(f"{API}/events/{event}/standings/?after_round=1").json()["rows"]
    ]
    semis = post(alice_api, f"/events/{event}/rounds/")
    assert semis.status_code == 201
    semis = semis.json()
    assert (semis["number"], semis["stage"]) == (2, "top_cut")
    pairs = {frozenset((m["team_a"], m["team_b"])) for m in semis["matches"]}
    assert pairs == {frozenset((ranks[0], ranks[3])), frozenset((ranks[1], ranks[2]))}
    for match in semis["matches"]:
        assert_400(post(alice_api, f"/matches/{match['id']}/result/", games(0, 0, 1)))
        post(alice_api, f"/matches/{match['id']}/result/", games(0, 1))
    final = post(alice_api, f"/events/{event}/rounds/").json()
    assert final["stage"] == "top_cut"
    assert {final["matches"][0]["team_a"], final["matches"][0]["team_b"]} == {ranks[3], ranks[2]}
    post(alice_api, f"/matches/{final['matches'][0]['id']}/result/", games(1, 0))
    over = post(alice_api, f"/events/{event}/rounds/")
    assert over.status_code == 409
    assert over.json()["code"]


def test_automatic_structure_five_teams_three_playoff_rounds(world, alice_api):
    """docs/rules.md: 5-8 teams, 0 Swiss rounds, 3 single-elimination rounds."""
    event = new_event(alice_api, name="Auto5")
    for name in "ABCDE":
        new_team(alice_api, event["id"], f"Five {name}")
    stages = []
    response = post(alice_api, f"/events/{event['id']}/rounds/")
    while response.status_code == 201:
        stages.append(response.json()["stage"])
        for match in played_matches(response.json()):
            assert (
                post(alice_api, f"/matches/{match['id']}/result/", games(0, 1)).status_code == 200
            )
        response = post(alice_api, f"/events/{event['id']}/rounds/")
    assert response.status_code == 409
    assert stages == ["top_cut"] * 3


def test_anonymous_reads_pairings_and_standings_of_a_public_event(world):
    olga = login("olga")
    other = world.other_event.pk
    new_team(olga, other, "Orange")
    patch(olga, f"/events/{other}/", {"swiss_rounds": 2})
    round_ = post(olga, f"/events/{other}/rounds/").json()
    publish(olga, round_["id"])  # not in docs/api.md: the app shows teams only published rounds
    anon = APIClient()
    listing = anon.get(f"{API}/events/{other}/rounds/")
    assert listing.status_code == 200
    assert [r["id"] for r in listing.json()] == [round_["id"]]
    detail = anon.get(f"{API}/rounds/{round_['id']}/").json()
    assert {m["id"] for m in detail["matches"]} == {m["id"] for m in round_["matches"]}
    match = anon.get(f"{API}/matches/{round_['matches'][0]['id']}/")
    assert match.status_code == 200
    assert "reports" not in match.json()
    assert (
        post(anon, f"/matches/{round_['matches'][0]['id']}/result/", games(1, 0)).status_code == 401
    )
    standings = anon.get(f"{API}/events/{other}/standings/")
    assert standings.status_code == 200
    assert sorted(r["name"] for r in standings.json()["rows"]) == ["Orange", "Team Green"]
