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
    put,
    raw,
    team_client,
)

pytestmark = pytest.mark.django_db


# --- decklists -------------------------------------------------------------------------------


@pytest.fixture
def deck_team(world, alice_api, catalogue):  # noqa: F811
    """A team registered through the API in a modern event; its players and key."""
    team = new_team(alice_api, world.event.pk, "Team Decks", ["Dee", "Dan"])
    first, second = (p["id"] for p in team["players"])
    return {"team": team, "first": first, "second": second, "key": team["access_key"]}


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
        ("7 Seven Dwarves\n53 Mountain", "Seven Dwarves", False),
        ("9 Nazgûl\n51 Swamp", "Nazgûl", False),
        ("10 Nazgûl\n50 Swamp", "Nazgûl", True),
        ("30 Persistent Petitioners\n30 Island", "Persistent Petitioners", False),
        ("5 Lightning Bolt\n55 Mountain", "Lightning Bolt", True),
    ],
)
def test_a_cards_own_limit(deck_team, alice_api, text, card, over):
    body = put(
        alice_api, f"/players/{deck_team['first']}/decklist/", {"main": text, "sideboard": ""}
    ).json()
    limited = [
        p for p in body["problems"] if p["card"] == card and p["code"].endswith("limit_exceeded")
    ]
    assert bool(limited) == over, body["problems"]


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
    one = put(
        alice_api,
        f"/players/{player}/decklist/",
        {"main": "1 Brainstorm\n59 Island", "sideboard": ""},
    ).json()
    assert "restricted_over_limit" not in codes(one["problems"])


def test_unified_deck_construction_two_decks_sharing_a_card(deck_team, alice_api):
    put(alice_api, f"/players/{deck_team['first']}/decklist/", {"main": BOLT_DECK, "sideboard": ""})
    put(
        alice_api,
        f"/players/{deck_team['second']}/decklist/",
        {"main": "4 Lightning Bolt\n56 Island", "sideboard": ""},
    )
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert body["valid"] is False
    udc = [p for p in body["problems"] if p["code"] == "udc_over_limit"]
    assert udc
    assert udc[0]["card"] == "Lightning Bolt"
    assert set(udc[0]["players"]) == {deck_team["first"], deck_team["second"]}
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
    put(
        alice_api,
        f"/players/{second}/decklist/",
        {"main": "2 Lightning Bolt\n58 Mountain", "sideboard": ""},
    )
    body = alice_api.get(f"{API}/teams/{team['id']}/decklists/").json()
    assert body["valid"] is True, body["problems"]
    put(
        alice_api,
        f"/players/{second}/decklist/",
        {"main": "3 Lightning Bolt\n57 Mountain", "sideboard": ""},
    )
    body = alice_api.get(f"{API}/teams/{team['id']}/decklists/").json()
    assert "udc_over_limit" in codes(body["problems"])


def test_missing_decklist_names_the_player(deck_team, alice_api):
    put(alice_api, f"/players/{deck_team['first']}/decklist/", {"main": BOLT_DECK, "sideboard": ""})
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert body["valid"] is False
    missing = [p for p in body["problems"] if p["code"] == "missing_decklist"]
    assert [p["players"] for p in missing] == [[deck_team["second"]]]


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
    assert_400(response, "main")
    body = alice_api.get(f"{API}/teams/{deck_team['team']['id']}/decklists/").json()
    assert "missing_decklist" in codes(body["problems"])  # nothing half-written


@pytest.mark.parametrize(
    "body",
    [
        {"main": 60, "sideboard": ""},
        {"main": ["4 Lightning Bolt"], "sideboard": ""},
        {"main": {"Lightning Bolt": 4}, "sideboard": ""},
        {"main": None, "sideboard": ""},
        {"sideboard": ""},
        {"main": "4 Lightning Bolt", "sideboard": ["2 Opt"]},
        {"main": "4 Lightning Bolt\x00\n56 Mountain", "sideboard": ""},
        {"main": "x" * 2_000_000, "sideboard": ""},
    ],
)
def test_decklist_bad_input_is_400(deck_team, alice_api, body):
    response = put(alice_api, f"/players/{deck_team['first']}/decklist/", body)
    assert_400(response)
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
    assert_400(response)


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
    report = login("alice").get(team_path).json()
    missing = {
        pid for p in report["problems"] if p["code"] == "missing_decklist" for pid in p["players"]
    }
    assert missing == {deck_team["first"], deck_team["second"]}  # nothing was written
