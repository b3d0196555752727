"""docs/api.md "Decklists": entering decklists and checking a team as a whole (UDC)."""

import pytest
from rest_framework.test import APIClient

from support.contract import (
    API,
    BOLT_DECK,
    OPT_DECK,
    RLM,
    RLO,
    assert_400,
    assert_hidden_or_forbidden,
    codes,
    login,
    new_event,
    new_team,
    patch,
    post,
    put,
    raw,
    team_client,
)
from support.decks import BURN, TEMPO

pytestmark = pytest.mark.django_db


# --- decklists -------------------------------------------------------------------------------


def test_put_decklist_200_with_lines_and_problems(deck_team, alice_api):
    response = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": BOLT_DECK, "sideboard": ""}
    )
    assert response.status_code == 200
    body = response.json()
    assert {(c["name"], c["count"]) for c in body["main"]} == {
        ("Lightning Bolt", 4),
        ("Mountain", 56),
    }
    assert body["sideboard"] == []
    assert body["problems"] == []


def test_team_submits_its_own_players_list(deck_team):
    team = team_client(deck_team["key"])
    path = f"/players/{deck_team['first']}/decklist/"
    response = put(team, path, {"main": BURN, "sideboard": ""})
    assert response.status_code == 200, response.content
    body = response.json()
    assert ("Lightning Bolt", 4) in [(c["name"], c["count"]) for c in body["main"]]
    assert sum(c["count"] for c in body["main"]) == 60
    assert (body["sideboard"], body["problems"]) == ([], [])
    assert body["team_status"] == "missing"  # the teammate has no list yet
    assert team.get(f"{API}{path}").json()["main_text"] == BURN


def test_team_reads_its_own_decklists_checked_as_a_whole(deck_team, sam_api):
    team = team_client(deck_team["key"])
    assert (
        put(
            sam_api,
            f"/players/{deck_team['first']}/decklist/",
            {"main": BOLT_DECK, "sideboard": ""},
        ).status_code
        == 200
    )
    assert (
        put(
            sam_api,
            f"/players/{deck_team['second']}/decklist/",
            {"main": OPT_DECK, "sideboard": ""},
        ).status_code
        == 200
    )
    response = team.get(f"{API}/teams/{deck_team['team']['id']}/decklists/")
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True
    assert body["problems"] == []
    assert isinstance(body["decks"], list)
    assert len(body["decks"]) == 2


@pytest.mark.parametrize(
    "text",
    [
        "4x Lightning Bolt\n56x Mountain",
        "4 x Lightning Bolt\n56 x Mountain",
        "4 Lightning Bolt (M10) 146\n56 Mountain (M10) 242",
        "Deck\n4 Lightning Bolt (2XM) 129\n56 Mountain (ZNR) 276",
    ],
)
def test_decklist_text_forms_are_read(deck_team, alice_api, text):
    body = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    ).json()
    assert {(c["name"], c["count"]) for c in body["main"]} == {
        ("Lightning Bolt", 4),
        ("Mountain", 56),
    }
    assert "unknown_card" not in codes(body["problems"])
    assert "parse_error" not in codes(body["problems"])


def test_sideboard_header_moves_cards_to_the_sideboard_which_constructed_2hg_refuses(
    deck_team, alice_api
):
    text = BOLT_DECK + "\n\nSideboard\n2 Opt"
    body = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    ).json()
    assert [(c["name"], c["count"]) for c in body["sideboard"]] == [("Opt", 2)]
    assert "sideboard_not_allowed" in codes(body["problems"])


def test_sideboard_field_in_constructed_is_sideboard_not_allowed(deck_team, alice_api):
    body = put(
        alice_api,
        f"/players/{deck_team['first']}/decklist/",
        {"main": BOLT_DECK, "sideboard": "2 Opt"},
    ).json()
    assert "sideboard_not_allowed" in codes(body["problems"])


@pytest.mark.parametrize(
    ("text", "code", "card"),
    [
        ("4 Notarealcard Xyzzy\n56 Mountain", "unknown_card", None),
        ("4 Lightning Bolt\n20 Mountain", "deck_too_small", None),
        ("4 Chrome Mox\n56 Mountain", "banned", "Chrome Mox"),
        ("1 Erayo, Soratami Ascendant\n59 Island", "banned", None),
        ("1 Black Lotus\n59 Mountain", "not_legal", "Black Lotus"),
        ("8 Seven Dwarves\n52 Mountain", "card_limit_exceeded", "Seven Dwarves"),
        ("0 Lightning Bolt\n60 Mountain", "parse_error", None),
        ("99999999999999999999 Lightning Bolt\n60 Mountain", "parse_error", None),
        ("-4 Lightning Bolt\n60 Mountain", None, None),
    ],
)
def test_decklist_problem_codes(deck_team, alice_api, text, code, card):
    response = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    )
    assert response.status_code == 200
    problems = response.json()["problems"]
    assert problems, "a wrong list must name a problem"
    if code is None:
        return
    found = [p for p in problems if p["code"] == code]
    assert found, problems
    for problem in found:
        assert problem["message"]
        assert deck_team["first"] in problem["players"]
    if card:
        assert any(p["card"] == card for p in found)
    if code == "parse_error":
        assert all(p["line"] == 1 for p in found)


@pytest.mark.parametrize(
    ("text", "card", "over"),
    [
        ("7 Seven Dwarves\n53 Mountain", "Seven Dwarves", None),
        ("8 Seven Dwarves\n52 Mountain", "Seven Dwarves", (8, 7)),
        ("9 Nazgûl\n51 Swamp", "Nazgûl", None),
        ("10 Nazgûl\n50 Swamp", "Nazgûl", (10, 9)),
        ("30 Persistent Petitioners\n30 Island", "Persistent Petitioners", None),
        ("5 Lightning Bolt\n55 Mountain", "Lightning Bolt", (5, 4)),
    ],
)
def test_a_cards_own_limit(deck_team, alice_api, text, card, over):
    """MTR 6.1: four copies, unless the card says otherwise; `over` is (count, limit)."""
    body = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    ).json()
    limited = [
        p for p in body["problems"] if p["card"] == card and p["code"].endswith("limit_exceeded")
    ]
    assert bool(limited) == bool(over), body["problems"]
    if over:
        assert [(p["code"], p["count"], p["limit"]) for p in limited] == [
            ("card_limit_exceeded", *over)
        ]
    else:
        assert [p for p in body["problems"] if p["severity"] == "error"] == []
        if card != "Nazgûl":  # newer than the shipped catalogue: a legality_unknown warning
            assert body["problems"] == []


def test_restricted_over_limit_in_vintage(world, alice_api, catalogue):  # noqa: F811
    event = new_event(alice_api, name="Vintage", format="vintage")
    team = new_team(alice_api, event["id"], "Vin")
    player = team["players"][0]["id"]
    body = put(
        alice_api,
        f"/players/{player}/decklist/",
        {"main": "2 Brainstorm\n58 Island", "sideboard": ""},
    ).json()
    assert "restricted_over_limit" in codes(body["problems"])
    assert [
        (p["card"], p["count"], p["limit"])
        for p in body["problems"]
        if p["code"] == "restricted_over_limit"
    ] == [("Brainstorm", 2, 1)]
    one = put(
        alice_api,
        f"/players/{player}/decklist/",
        {"main": "1 Brainstorm\n59 Island", "sideboard": ""},
    ).json()
    assert "restricted_over_limit" not in codes(one["problems"])


def test_unified_deck_construction_two_decks_sharing_a_card(deck_team, alice_api):
    """MTR 8.4: a card other than a basic land in one deck of the team only."""
    first, second = deck_team["first"], deck_team["second"]
    put(alice_api, f"/players/{first}/decklist/", {"main": BOLT_DECK, "sideboard": ""})
    answer = put(
        alice_api,
        f"/players/{second}/decklist/",
        {"main": "4 Lightning Bolt\n56 Island", "sideboard": ""},
    ).json()
    assert codes(answer["problems"]) == {"udc_over_limit"}
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert body["valid"] is False
    assert body["status"] == "illegal"
    udc = [p for p in body["problems"] if p["code"] == "udc_over_limit"]
    assert udc
    assert udc[0]["card"] == "Lightning Bolt"
    assert set(udc[0]["players"]) == {first, second}
    assert udc[0]["players"] == [first, second]
    assert (udc[0]["count"], udc[0]["limit"]) == (2, 1)  # in 2 decks, allowed in 1
    assert udc[0]["holders"] == [
        {"player": first, "name": "Dee", "count": 4},
        {"player": second, "name": "Dan", "count": 4},
    ]
    assert "Dee" in udc[0]["message"]
    assert "Dan" in udc[0]["message"]
    # basic lands are shared freely: Mountain in both decks is no problem
    assert not any(p["card"] == "Mountain" for p in body["problems"])


def test_combined_four_rule_allows_a_split_playset(world, alice_api, catalogue):  # noqa: F811
    event = new_event(alice_api, name="Old rule", udc_rule="combined_four")
    team = new_team(alice_api, event["id"], "Split")
    first, second = (p["id"] for p in team["players"])
    put(
        alice_api,
        f"/players/{first}/decklist/",
        {"main": "2 Lightning Bolt\n58 Mountain", "sideboard": ""},
    )
    answer = put(
        alice_api,
        f"/players/{second}/decklist/",
        {"main": "2 Lightning Bolt\n58 Mountain", "sideboard": ""},
    ).json()
    assert answer["problems"] == []  # 2 + 2 = 4: allowed by the older rule
    body = alice_api.get(f"{API}/teams/{team['id']}/decklists/").json()
    assert body["valid"] is True, body["problems"]
    put(
        alice_api,
        f"/players/{second}/decklist/",
        {"main": "3 Lightning Bolt\n57 Mountain", "sideboard": ""},
    )
    body = alice_api.get(f"{API}/teams/{team['id']}/decklists/").json()
    assert "udc_over_limit" in codes(body["problems"])
    assert [(p["code"], p["card"], p["count"], p["limit"]) for p in body["problems"]] == [
        ("udc_over_limit", "Lightning Bolt", 5, 4)
    ]


def test_missing_decklist_names_the_player(deck_team, alice_api):
    put(alice_api, f"/players/{deck_team['first']}/decklist/", {"main": BOLT_DECK, "sideboard": ""})
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert body["valid"] is False
    missing = [p for p in body["problems"] if p["code"] == "missing_decklist"]
    assert [p["players"] for p in missing] == [[deck_team["second"]]]
    assert body["status"] == "missing"
    assert [(p["code"], p["players"]) for p in body["problems"]] == [
        ("missing_decklist", [deck_team["second"]])
    ]


def test_team_decklists_problem_shape(deck_team, alice_api):
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert {"valid", "problems", "decks"} <= set(body)
    for problem in body["problems"]:
        assert {"code", "card", "message", "players"} <= set(problem)


def test_decklist_of_100000_lines_is_refused_with_400(deck_team, alice_api):
    text = "\n".join(["1 Mountain"] * 100_000)
    response = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    )
    message = assert_400(response, "main")["main"][0]
    assert "lines" in message or "characters" in message
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert "missing_decklist" in codes(body["problems"])  # nothing half-written


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"main": 60, "sideboard": ""}, "main"),
        ({"main": ["4 Lightning Bolt"], "sideboard": ""}, "main"),
        ({"main": {"Lightning Bolt": 4}, "sideboard": ""}, "main"),
        ({"main": None, "sideboard": ""}, "main"),
        ({"sideboard": ""}, "main"),
        ({"main": "4 Lightning Bolt", "sideboard": ["2 Opt"]}, "sideboard"),
        ({"main": "4 Lightning Bolt\x00\n56 Mountain", "sideboard": ""}, "main"),
        ({"main": "x" * 2_000_000, "sideboard": ""}, "main"),
    ],
)
def test_decklist_bad_input_is_400(deck_team, alice_api, body, field):
    response = put(alice_api, f"/players/{deck_team['first']}/decklist/", body)
    assert_400(response, field)
    report = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert "missing_decklist" in codes(report["problems"])


def test_decklist_with_controls_and_rtl_marks_is_not_a_500(deck_team, alice_api):
    text = f"4 Lightning{RLO} Bolt\n4 Opt\x07\n4 {RLM}Island\n\x1b[2J48 Mountain"
    response = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    )
    assert response.status_code in (200, 400)
    if response.status_code == 200:
        assert response.json()["problems"]


def test_decklist_lone_surrogate_is_400(deck_team, alice_api):
    body = '{"main": "4 Lightning \\ud800Bolt", "sideboard": ""}'
    response = raw(
        alice_api, "put", f"/players/{deck_team['first']}/decklist/", body, "application/json"
    )
    assert_400(response, "main")


def test_decklist_list_body_and_non_json_are_4xx(deck_team, alice_api):
    path = f"/players/{deck_team['first']}/decklist/"
    assert_400(put(alice_api, path, [BOLT_DECK]))
    assert_400(raw(alice_api, "put", path, "{main: 4 bolts}", "application/json"))
    assert raw(alice_api, "put", path, BOLT_DECK, "text/plain").status_code in (400, 415)


def test_decklist_of_unknown_player_is_404(world, alice_api):
    assert (
        put(
            alice_api, "/players/987654321/decklist/", {"main": BOLT_DECK, "sideboard": ""}
        ).status_code
        == 404
    )
    assert alice_api.get(f"{API}/teams/987654321/decklists/").status_code == 404


def test_decklists_of_another_team_are_private(deck_team, world, charlie_api):
    path = f"/players/{deck_team['first']}/decklist/"
    body = {"main": BOLT_DECK, "sideboard": ""}
    assert put(APIClient(), path, body).status_code in (401, 403, 404)
    assert_hidden_or_forbidden(put(charlie_api, path, body))
    assert_hidden_or_forbidden(put(team_client(world.red.access_key), path, body))
    assert_hidden_or_forbidden(put(team_client(world.green.access_key), path, body))
    team_path = f"{API}/teams/{deck_team['team']['id']}/decklists/"
    assert_hidden_or_forbidden(team_client(world.red.access_key).get(team_path))
    assert_hidden_or_forbidden(team_client(world.green.access_key).get(team_path))
    # Tandem's choice: 403 to a team of the event, 404 to a team of another (private) event
    assert put(team_client(world.red.access_key), path, body).status_code == 403
    assert team_client(world.red.access_key).get(team_path).status_code == 403
    assert put(team_client(world.green.access_key), path, body).status_code == 404
    report = login("alice").get(team_path).json()
    missing = {
        pid for p in report["problems"] if p["code"] == "missing_decklist" for pid in p["players"]
    }
    assert missing == {deck_team["first"], deck_team["second"]}  # nothing was written


# --- the lock: round 1 paired (not in docs/api.md beyond "Decklists") --------------------------


def lock(alice_api, event_id: int) -> None:
    """Pair round 1 through the API: the lists are locked from then on."""
    assert patch(alice_api, f"/events/{event_id}/", {"swiss_rounds": 3}).status_code == 200
    assert post(alice_api, f"/events/{event_id}/rounds/", {"confirm": True}).status_code == 201


def test_after_round_1_the_team_and_scorekeeper_cannot_change_lists(deck_team, alice_api, sam_api):
    path = f"/players/{deck_team['first']}/decklist/"
    team = team_client(deck_team["key"])
    assert put(team, path, {"main": BURN, "sideboard": ""}).status_code == 200
    lock(alice_api, deck_team["team"]["event"])
    for who in (team, sam_api):
        response = put(who, path, {"main": TEMPO, "sideboard": ""})
        assert response.status_code == 403
        assert response.json()["code"] == "decklists_locked"
    assert alice_api.get(f"{API}{path}").json()["main_text"] == BURN
    changes = alice_api.get(f"{API}/events/{deck_team['team']['event']}/decklist-changes/")
    assert changes.json() == []


def test_judge_change_after_the_lock_is_logged_with_before_and_after(deck_team, alice_api):
    path = f"/players/{deck_team['first']}/decklist/"
    put(team_client(deck_team["key"]), path, {"main": BURN, "sideboard": ""})
    lock(alice_api, deck_team["team"]["event"])
    fixed = BURN.replace("4 Skullcrack", "4 Mountain")
    reason = "Deck check: list said Skullcrack, deck had Mountains"
    response = put(login("judy"), path, {"main": fixed, "sideboard": "", "reason": reason})
    assert response.status_code == 200, response.content
    assert response.json()["locked"] is True
    log = login("hank").get(f"{API}/events/{deck_team['team']['event']}/decklist-changes/").json()
    assert [(row["player"], row["changed_by"]) for row in log] == [(deck_team["first"], "judy")]
    assert (log[0]["main_before"], log[0]["main_after"]) == (BURN, fixed)
    assert log[0]["reason"].startswith("Deck check")


# --- the organizer's board (not in docs/api.md: GET /events/{id}/decklists/) ------------------


def test_board_counts_and_filters_teams_by_status(world, sam_api, catalogue):
    red = sam_api.get(f"{API}/teams/{world.red.pk}/").json()["players"]
    blue = sam_api.get(f"{API}/teams/{world.blue.pk}/").json()["players"]
    put(sam_api, f"/players/{red[0]['id']}/decklist/", {"main": BURN, "sideboard": ""})
    put(sam_api, f"/players/{red[1]['id']}/decklist/", {"main": TEMPO, "sideboard": ""})
    hogaak = BURN.replace("20 Mountain", "19 Mountain\n1 Hogaak, Arisen Necropolis")
    put(sam_api, f"/players/{blue[0]['id']}/decklist/", {"main": hogaak, "sideboard": ""})
    path = f"{API}/events/{world.event.pk}/decklists/"
    board = sam_api.get(path).json()
    assert board["counts"] == {"missing": 1, "illegal": 0, "unchecked": 0, "legal": 1}
    assert [(t["name"], t["status"]) for t in board["teams"]] == [
        ("Team Blue", "missing"),
        ("Team Red", "legal"),
    ]
    legal = sam_api.get(path, {"status": "legal"}).json()
    assert [t["name"] for t in legal["teams"]] == ["Team Red"]
    assert_400(sam_api.get(path, {"status": "nope"}), "status")
