"""docs/api.md "Tracker": read a table's game and add events, through HTTP as the contract names
them; every answer is checked against /api/v1/schema/ (tests/contract/conftest.py)."""

import pytest

from support.contract import (
    API,
    assert_400,
    assert_hidden_or_forbidden,
    login,
    played_matches,
    post,
    raw,
    team_client,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(paired):
    """Table 1 of round 1: its match, the two teams' clients and players in the team's order."""
    match = played_matches(paired["round"])[0]
    a, b = paired["by_id"][match["team_a"]], paired["by_id"][match["team_b"]]
    return {
        **paired,
        "match": match,
        "path": f"/matches/{match['id']}/game/",
        "a": team_client(a["access_key"]),
        "b": team_client(b["access_key"]),
        "a_players": [p["id"] for p in a["players"]],
        "b_players": [p["id"] for p in b["players"]],
    }


def event(client, table, client_id: str, **fields):
    return post(client, f"{table['path']}events/", {**fields, "client_id": client_id})


def test_a_fresh_game_has_the_contract_fields(table):
    response = table["a"].get(f"{API}{table['path']}")
    assert response.status_code == 200
    body = response.json()
    assert {"game", "seq", "status", "turn", "active_team", "teams", "log"} <= set(body)
    assert (body["game"], body["seq"], body["status"], body["log"]) == (1, 0, "playing", [])
    assert [(t["team"], t["life"], t["poison"], t["lost"]) for t in body["teams"]] == [
        (table["match"]["team_a"], 30, 0, False),
        (table["match"]["team_b"], 30, 0, False),
    ]


def test_an_event_is_201_with_seq_and_state_and_the_other_phone_reads_it(table):
    rita = table["a_players"][0]
    response = event(table["a"], table, "a-1", type="life", player=rita, amount=-5)
    assert response.status_code == 201
    body = response.json()
    assert body["seq"] == 1
    assert body["state"]["teams"][0]["life"] == 25
    seen = table["b"].get(f"{API}{table['path']}").json()
    assert seen["seq"] == 1
    assert seen["teams"][0]["life"] == 25
    assert seen["log"][0]["type"] == "life"
    assert seen["log"][0]["player"] == rita


def test_the_same_client_id_again_is_200_with_the_first_answer(table):
    rita = table["a_players"][0]
    first = event(table["a"], table, "a-1", type="life", player=rita, amount=-5)
    event(table["b"], table, "b-1", type="life", player=rita, amount=-1)
    again = event(table["a"], table, "a-1", type="life", player=rita, amount=-5)
    assert again.status_code == 200
    assert again.json() == first.json()
    assert table["a"].get(f"{API}{table['path']}").json()["teams"][0]["life"] == 24


def test_flame_rift_on_both_teams_at_4_is_a_drawn_game_and_proposes_a_draw(table):
    """CR 810.9, 104.4a: "each player" as one event; both teams at 0 together draw the game."""
    everyone = table["a_players"] + table["b_players"]
    event(table["a"], table, "1", type="life", player=everyone[0], amount=-22)
    event(table["a"], table, "2", type="life", player=everyone[2], amount=-22)
    body = event(
        table["b"], table, "3", type="effect", changes=[{"player": p, "life": -4} for p in everyone]
    ).json()["state"]
    assert body["status"] == "over"
    assert body["drawn"] is True
    assert body["proposal"]["games_drawn"] == 1
    assert body["proposal"]["match_over"] is False
    after = event(table["a"], table, "4", type="new_game").json()["state"]
    assert (after["game"], after["status"], after["teams"][0]["life"]) == (2, "playing", 30)


def test_a_concession_ends_the_game_and_proposes_the_result(table):
    body = event(table["b"], table, "1", type="concede", player=table["b_players"][1]).json()
    state = body["state"]
    assert state["status"] == "over"
    assert state["winner"] == table["match"]["team_a"]
    assert state["proposal"] == {
        "games_a": 1,
        "games_b": 0,
        "games_drawn": 0,
        "winner": table["match"]["team_a"],
        "match_over": True,
    }
    refused = event(table["a"], table, "2", type="pass_turn")
    assert assert_400(refused)["code"] == "game_over"
    undone = event(table["b"], table, "3", type="undo", amount=1)
    assert undone.json()["state"]["status"] == "playing"


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"type": "teleport"}, "unknown_type"),
        ({"type": "life", "player": 987654321, "amount": -1}, "unknown_player"),
        ({"type": "life", "player": "P0", "amount": -1001}, "amount_out_of_range"),
        ({"type": "life", "player": "P0", "amount": 10**30}, "amount_out_of_range"),
        ({"type": "poison", "player": "P0", "amount": 1001}, "amount_out_of_range"),
        ({"type": "life", "player": "P0", "amount": "five"}, "missing_field"),
        ({"type": "life", "player": "P0", "amount": True}, "missing_field"),
        ({"type": "pay_life", "player": "P0", "amount": 31}, "pay_beyond_total"),
        ({"type": "effect", "changes": "all"}, "missing_field"),
        ({"type": "undo", "amount": 5}, "undo_not_earlier"),
        ({"type": "new_game"}, "not_drawn"),
        ({"type": ["life"]}, "unknown_type"),
    ],
)
def test_refused_events_are_400_with_a_code_and_change_nothing(table, fields, code):
    fields = {k: table["a_players"][0] if v == "P0" else v for k, v in fields.items()}
    body = assert_400(event(table["a"], table, "x", **fields))
    assert body["code"] == code
    assert body["detail"]
    assert table["a"].get(f"{API}{table['path']}").json()["seq"] == 0


def test_a_player_of_another_table_is_not_at_this_one(table):
    other = played_matches(table["round"])[1]
    stranger = table["by_id"][other["team_a"]]["players"][0]["id"]
    body = assert_400(event(table["a"], table, "x", type="life", player=stranger, amount=-1))
    assert body["code"] == "unknown_player"


@pytest.mark.parametrize("client_id", [None, "", "x" * 65, 12, "a\u202eb"])
def test_client_id_is_required(table, client_id):
    body = {"type": "pass_turn", "client_id": client_id}
    if client_id is None:
        del body["client_id"]
    assert_400(post(table["a"], f"{table['path']}events/", body))


def test_non_object_bodies_are_4xx(table):
    path = f"{table['path']}events/"
    assert_400(post(table["a"], path, [{"type": "pass_turn", "client_id": "1"}]))
    assert_400(raw(table["a"], "post", path, "{type: pass}", "application/json"))
    assert raw(table["a"], "post", path, "pass", "text/plain").status_code in (400, 415)


def test_a_team_acts_only_on_its_own_table(table, world):
    other = played_matches(table["round"])[1]
    foreign = f"/matches/{other['id']}/game/"
    assert_hidden_or_forbidden(table["a"].get(f"{API}{foreign}"))
    assert_hidden_or_forbidden(
        post(table["a"], f"{foreign}events/", {"type": "pass_turn", "client_id": "1"})
    )
    green = team_client(world.green.access_key)
    assert_hidden_or_forbidden(green.get(f"{API}{table['path']}"))


def test_staff_read_any_table_and_see_who_entered_what(table, sam_api):
    event(table["a"], table, "1", type="pass_turn")
    event(sam_api, table, "2", type="pass_turn")
    log = sam_api.get(f"{API}{table['path']}").json()["log"]
    names = {table["match"]["team_a_name"], "sam"}
    assert {row["by"] for row in log} == names
    assert all(row["at"] for row in log)


def test_an_outsider_cannot_read_the_game(table, world):
    charlie = login("charlie")
    assert_hidden_or_forbidden(charlie.get(f"{API}{table['path']}"))


def test_unknown_match_is_404(world, alice_api):
    assert alice_api.get(f"{API}/matches/987654321/game/").status_code == 404
    response = post(
        alice_api, "/matches/987654321/game/events/", {"type": "pass_turn", "client_id": "1"}
    )
    assert response.status_code == 404


def test_undo_without_amount_undoes_the_latest_action_whichever_phone_sends_it(table):
    """Extension (docs/api.md "Tracker", undo): the state names ``last_action``, the latest action
    still in force; an undo without ``amount`` undoes it, whoever entered it."""
    rita, bea = table["a_players"][0], table["b_players"][0]
    event(table["a"], table, "a-1", type="life", player=rita, amount=-5)
    body = event(table["a"], table, "a-2", type="life", player=bea, amount=-3).json()
    assert body["state"]["last_action"]["seq"] == 2
    assert body["state"]["last_action"]["type"] == "life"
    undone = event(table["b"], table, "b-1", type="undo")
    assert undone.status_code == 201
    state = undone.json()["state"]
    assert state["log"][-1]["amount"] == 2  # stored with the seq it undid
    assert [t["life"] for t in state["teams"]] == [25, 30]
    assert state["last_action"]["seq"] == 1
    again = event(table["b"], table, "b-2", type="undo").json()["state"]
    assert [t["life"] for t in again["teams"]] == [30, 30]
    assert again["last_action"] is None
    seen = table["a"].get(f"{API}{table['path']}").json()
    assert seen["last_action"] is None


def test_undo_without_amount_on_a_fresh_table_is_a_400_nothing_to_undo(table):
    response = event(table["a"], table, "a-1", type="undo")
    assert assert_400(response)["code"] == "nothing_to_undo"
    assert table["a"].get(f"{API}{table['path']}").json()["seq"] == 0
