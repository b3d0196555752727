"""docs/api.md "Decklists": how lists are read and what the check finds, with real card names
against the shipped catalogue (MTR 6.1-6.7, 8.4, 9.5); the 2HG-only bans the organizer sets."""

import pytest

from support.contract import API, assert_400, codes, login, put, team_client
from support.decks import BURN, TEMPO

pytestmark = pytest.mark.django_db


@pytest.fixture
def lists(deck_team):
    """Submit a list as the team itself (X-Team-Key); answers the JSON of the PUT."""
    team = team_client(deck_team["key"])

    def submit(player: str, main: str, sideboard: str = "") -> dict:
        response = put(
            team, f"/players/{deck_team[player]}/decklist/", {"main": main, "sideboard": sideboard}
        )
        assert response.status_code == 200, response.content
        return response.json()

    def team_report() -> dict:
        response = team.get(f"{API}/teams/{deck_team['team']['id']}/decklists/")
        assert response.status_code == 200, response.content
        return response.json()

    return {**deck_team, "submit": submit, "team_report": team_report}


# --- reading lists in the forms people have ----------------------------------------------------


def test_arena_export_with_set_codes_and_deck_and_sideboard_headers(lists):
    arena = (
        "Deck\n4 Lightning Bolt (M11) 146\n4 Goblin Guide (ZEN) 126\n52 Mountain (ZNR) 276\n\n"
        "Sideboard\n2 Skullcrack (RTR) 106\n"
    )
    body = lists["submit"]("first", arena)
    assert [(c["name"], c["count"]) for c in body["main"]] == [
        ("Lightning Bolt", 4),
        ("Goblin Guide", 4),
        ("Mountain", 52),
    ]
    assert [(c["name"], c["count"]) for c in body["sideboard"]] == [("Skullcrack", 2)]
    # MTR 9.5: no sideboards in constructed 2HG.
    assert [p["code"] for p in body["problems"]] == ["sideboard_not_allowed"]
    assert (body["problems"][0]["count"], body["problems"][0]["limit"]) == (2, 0)


def test_split_and_double_faced_cards_and_accents_are_matched(lists):
    text = "4x Fire/Ice\n4 delver of secrets\n1 LIM-DUL'S VAULT\n51 Island\n"
    body = lists["submit"]("first", text)
    names = {c["name"]: c for c in body["main"]}
    assert names["Fire // Ice"]["written"] == "Fire/Ice"
    assert "Delver of Secrets // Insectile Aberration" in names
    assert "Lim-D\u00fbl's Vault" in names
    # Lim-Dûl's Vault was never printed in a Modern-legal set.
    assert [(p["code"], p["card"]) for p in body["problems"]] == [
        ("not_legal", "Lim-D\u00fbl's Vault")
    ]


def test_unknown_card_says_did_you_mean_and_names_the_line(lists):
    text = BURN.replace("4 Lightning Bolt", "4 Lightnig Bolt")
    problem = lists["submit"]("first", text)["problems"][0]
    assert problem["code"] == "unknown_card"
    assert problem["card"] == "Lightnig Bolt"
    assert (problem["count"], problem["line"]) == (4, 1)
    assert "Did you mean Lightning Bolt" in problem["message"]
    assert problem["players"] == [lists["first"]]


def test_line_without_count_is_a_parse_error_with_its_line(lists):
    problems = lists["submit"]("first", BURN + "Lightning Bolt\n")["problems"]
    assert [(p["code"], p["line"]) for p in problems] == [("parse_error", 12)]
    assert "Missing count" in problems[0]["message"]


def test_right_to_left_mark_in_a_card_name_is_a_parse_error(lists):
    problems = lists["submit"]("first", BURN + "1 Light\u202ening Bolt\n")["problems"]
    assert [(p["code"], p["line"]) for p in problems] == [("parse_error", 12)]


# --- MTR 6.1 and 8.4: deck size, basic lands, any number of a card ----------------------------


def test_deck_of_59_cards_is_too_small_mtr_6_1(lists):
    problems = lists["submit"]("first", BURN.replace("20 Mountain", "19 Mountain"))["problems"]
    assert [(p["code"], p["count"], p["limit"], p["players"]) for p in problems] == [
        ("deck_too_small", 59, 60, [lists["first"]])
    ]


def test_basic_lands_may_be_in_both_decks_mtr_8_4(lists):
    lists["submit"]("first", BURN)
    lists["submit"]("second", TEMPO.replace("20 Island", "10 Island\n10 Mountain"))
    team = lists["team_report"]()
    assert team["problems"] == []
    assert team["valid"] is True
    assert team["status"] == "legal"
    assert [d["main_count"] for d in team["decks"]] == [60, 60]


def test_relentless_rats_any_number_in_one_deck_only_mtr_8_4(lists):
    lists["submit"]("first", "30 Relentless Rats\n30 Swamp\n")
    assert lists["team_report"]()["decks"][0]["main_count"] == 60
    body = lists["submit"]("second", "4 Relentless Rats\n56 Swamp\n")
    assert [(p["code"], p["card"]) for p in body["problems"]] == [
        ("udc_over_limit", "Relentless Rats")
    ]


# --- banlists: the current one, and the 2HG-only ban (MTR 9.5) --------------------------------


def test_current_banlist_overrides_the_2022_catalogue(lists):
    """Umezawa's Jitte was unbanned and Lotus Field banned in Modern on 2026-05-18."""
    text = BURN.replace("20 Mountain", "18 Mountain\n1 Umezawa's Jitte\n1 Lotus Field")
    problems = lists["submit"]("first", text)["problems"]
    assert [(p["code"], p["card"]) for p in problems] == [("banned", "Lotus Field")]


def test_erayo_is_banned_in_all_constructed_2hg_mtr_9_5(lists):
    text = BURN.replace("20 Mountain", "19 Mountain\n1 Erayo, Soratami Ascendant")
    problem = lists["submit"]("first", text)["problems"][0]
    assert problem["code"] == "banned"
    assert problem["card"] == "Erayo, Soratami Ascendant // Erayo's Essence"
    assert "MTR 9.5" in problem["message"]


def test_organizer_edits_the_2hg_only_bans(lists):
    """Not in docs/api.md: GET|PUT /events/{id}/deck-rules/ {two_headed_giant_bans}."""
    alice = login("alice")
    path = f"/events/{lists['team']['event']}/deck-rules/"
    assert alice.get(f"{API}{path}").json()["two_headed_giant_bans"] == [
        "Erayo, Soratami Ascendant"
    ]
    response = put(alice, path, {"two_headed_giant_bans": ["Goblin Guide"]})
    assert response.status_code == 200
    assert response.json()["two_headed_giant_bans"] == ["Goblin Guide"]
    assert response.json()["chosen_by_organizer"] is True
    text = BURN.replace("20 Mountain", "19 Mountain\n1 Erayo, Soratami Ascendant")
    problems = lists["submit"]("first", text)["problems"]
    assert [(p["code"], p["card"]) for p in problems] == [("banned", "Goblin Guide")]
    typo = put(alice, path, {"two_headed_giant_bans": ["Goblin Guid"]})
    assert (
        "Did you mean Goblin Guide"
        in assert_400(typo, "two_headed_giant_bans")["two_headed_giant_bans"][0]
    )
    reset = put(alice, path, {"two_headed_giant_bans": None})
    assert reset.json()["chosen_by_organizer"] is False
    assert "banned" in codes(lists["submit"]("first", text)["problems"])  # Erayo again


# --- other names, Arena cards, blank lines, card data that does not know ------------------------


def test_other_printed_name_is_read_as_its_oracle_card(lists):
    """MTR 3.6: "Krobus" is Academy Manufactor; the answer names the Oracle card."""
    body = lists["submit"]("first", "4 Krobus\n56 Island\n")
    krobus = body["main"][0]
    assert krobus == {"name": "Academy Manufactor", "count": 4, "line": 1, "known": True,
                      "written": "Krobus"}  # fmt: skip
    lists["submit"]("second", "4 Academy Manufactor\n56 Island\n")
    report = lists["team_report"]()
    assert [(p["code"], p["card"]) for p in report["problems"]] == [
        ("udc_over_limit", "Academy Manufactor")
    ]


def test_arena_rebalanced_line_names_the_paper_card(lists):
    body = lists["submit"]("first", "4 A-Acererak the Archlich\n56 Swamp\n")
    line = body["main"][0]
    assert (line["name"], line["rebalances"]) == (
        "A-Acererak the Archlich",
        "Acererak the Archlich",
    )
    assert [p["code"] for p in body["problems"]] == ["not_legal"]


def test_blank_line_keeps_one_section_in_2hg(lists):
    """MTR 9.5: lands after a blank line stay in the main deck."""
    body = lists["submit"]("first", "4 Lightning Bolt\n4 Goblin Guide\n\n52 Mountain\n")
    assert sum(c["count"] for c in body["main"]) == 60
    assert body["sideboard"] == []
    assert body["problems"] == []


def test_unknown_legality_makes_the_team_unchecked_on_the_board(lists, alice_api):
    """MTR 6.4: Nazgûl has no Modern status in the card data: status unchecked, never legal."""
    lists["submit"]("first", "9 Nazg\u00fbl\n51 Swamp\n")
    lists["submit"]("second", TEMPO)
    report = lists["team_report"]()
    assert (report["status"], report["valid"], report["checked"]) == ("unchecked", True, False)
    assert report["cards_date"] == "2022-04-25"
    event = report["event"]
    board = alice_api.get(f"{API}/events/{event}/decklists/?status=unchecked").json()
    assert board["counts"]["unchecked"] == 1
    assert [t["name"] for t in board["teams"]] == ["Team Decks"]
    assert board["teams"][0]["checked"] is False
    catalogue = alice_api.get(f"{API}/catalogue/").json()
    assert catalogue["other_names"] == 566
