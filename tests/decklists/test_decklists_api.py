"""The decklist API of docs/api.md against the shipped catalogue: Unified Deck Construction (MTR 8.4,
9.5), deck size (MTR 6.1), banned, restricted and not-legal cards (MTR 6.2-6.7), a card's own
limit, the 2HG-only ban, limited pools (MTR 9.6), and the lock once round 1 is paired.

Team Red (Rita, Rob) plays in Alice's modern event; lists use real card names.
"""

import pytest

from decklists.models import Decklist, DecklistChange, TeamPool
from support import decks
from support.api_clients import client_for
from support.catalogue import catalogue  # noqa: F401
from tournament.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

BURN = decks.BURN
TEMPO = decks.TEMPO


def players(team):
    return list(team.players.order_by("seat"))


def put(who, player, main, sideboard="", **extra):
    return client_for(who).put(
        f"/api/v1/players/{player.pk}/decklist/",
        {"main": main, "sideboard": sideboard, **extra},
        format="json",
    )


def team_lists(who, team):
    response = client_for(who).get(f"/api/v1/teams/{team.pk}/decklists/")
    assert response.status_code == 200, response.content
    return response.json()


def codes(problems):
    return sorted(p["code"] for p in problems)


def set_status(event, status):
    Event.objects.filter(pk=event.pk).update(status=status)
    event.refresh_from_db()


# --- reading lists in the forms people have -----------------------------------------------------


def test_put_decklist_returns_the_cards_read_and_no_problem_for_a_legal_list(world):
    rita, _ = players(world.red)
    response = put(world.red, rita, BURN)
    assert response.status_code == 200, response.content
    body = response.json()
    assert {"name": "Lightning Bolt", "count": 4} in [
        {"name": c["name"], "count": c["count"]} for c in body["main"]
    ]
    assert sum(c["count"] for c in body["main"]) == 60
    assert body["sideboard"] == []
    assert body["problems"] == []
    assert body["team_status"] == "missing"  # Rob has not submitted yet
    saved = Decklist.objects.get(player=rita)
    assert saved.main_text == BURN
    assert saved.by_team is True


def test_put_decklist_reads_arena_export_with_set_codes_and_headers(world):
    rita, _ = players(world.red)
    arena = (
        "Deck\n4 Lightning Bolt (M11) 146\n4 Goblin Guide (ZEN) 126\n52 Mountain (ZNR) 276\n\n"
        "Sideboard\n2 Skullcrack (RTR) 106\n"
    )
    body = put(world.red, rita, arena).json()
    assert [(c["name"], c["count"]) for c in body["main"]] == [
        ("Lightning Bolt", 4),
        ("Goblin Guide", 4),
        ("Mountain", 52),
    ]
    assert [(c["name"], c["count"]) for c in body["sideboard"]] == [("Skullcrack", 2)]
    # MTR 9.5: no sideboards in constructed 2HG.
    assert codes(body["problems"]) == ["sideboard_not_allowed"]
    assert body["problems"][0]["count"] == 2
    assert body["problems"][0]["limit"] == 0


def test_put_decklist_matches_split_and_double_faced_cards_and_accents(world):
    rita, _ = players(world.red)
    text = "4x Fire/Ice\n4 delver of secrets\n1 LIM-DUL'S VAULT\n51 Island\n"
    body = put(world.red, rita, text).json()
    names = {c["name"]: c for c in body["main"]}
    assert names["Fire // Ice"]["written"] == "Fire/Ice"
    assert "Delver of Secrets // Insectile Aberration" in names
    assert "Lim-D\u00fbl's Vault" in names
    # Lim-Dûl's Vault was never printed in a Modern-legal set.
    assert [(p["code"], p["card"]) for p in body["problems"]] == [
        ("not_legal", "Lim-D\u00fbl's Vault")
    ]


def test_unknown_card_says_did_you_mean_and_names_the_line(world):
    rita, _ = players(world.red)
    text = BURN.replace("4 Lightning Bolt", "4 Lightnig Bolt")
    problem = put(world.red, rita, text).json()["problems"][0]
    assert problem["code"] == "unknown_card"
    assert problem["card"] == "Lightnig Bolt"
    assert problem["count"] == 4
    assert problem["line"] == 1
    assert "Did you mean Lightning Bolt" in problem["message"]
    assert problem["players"] == [rita.pk]


def test_line_without_count_is_a_parse_error_with_its_line(world):
    rita, _ = players(world.red)
    text = BURN + "Lightning Bolt\n"
    problems = put(world.red, rita, text).json()["problems"]
    assert [(p["code"], p["line"]) for p in problems] == [("parse_error", 12)]
    assert "Missing count" in problems[0]["message"]


# --- MTR 6.1: deck size and copies ---------------------------------------------------------------


def test_deck_of_59_cards_is_too_small_mtr_6_1(world):
    rita, _ = players(world.red)
    problems = put(world.red, rita, BURN.replace("20 Mountain", "19 Mountain")).json()["problems"]
    assert [(p["code"], p["count"], p["limit"], p["players"]) for p in problems] == [
        ("deck_too_small", 59, 60, [rita.pk])
    ]


def test_five_copies_exceed_the_four_card_limit_mtr_6_1(world):
    rita, _ = players(world.red)
    text = BURN.replace("4 Lightning Bolt", "5 Lightning Bolt")
    problem = put(world.red, rita, text).json()["problems"][0]
    assert (problem["code"], problem["card"], problem["count"], problem["limit"]) == (
        "card_limit_exceeded",
        "Lightning Bolt",
        5,
        4,
    )


def test_seven_dwarves_allows_seven_but_not_eight(world):
    rita, _ = players(world.red)
    seven = "7 Seven Dwarves\n53 Mountain\n"
    assert put(world.red, rita, seven).json()["problems"] == []
    problem = put(world.red, rita, "8 Seven Dwarves\n52 Mountain\n").json()["problems"][0]
    assert (problem["code"], problem["count"], problem["limit"]) == ("card_limit_exceeded", 8, 7)


# --- MTR 8.4, 9.5: Unified Deck Construction -----------------------------------------------------


def test_same_card_in_both_decks_is_a_udc_violation_naming_both_players_mtr_8_4(world):
    rita, rob = players(world.red)
    put(world.red, rita, BURN)
    tempo = TEMPO.replace("4 Opt", "3 Opt\n1 Lightning Bolt")
    body = put(world.red, rob, tempo).json()
    assert codes(body["problems"]) == ["udc_over_limit"]
    problem = body["problems"][0]
    assert problem["card"] == "Lightning Bolt"
    assert problem["players"] == [rita.pk, rob.pk]
    assert (problem["count"], problem["limit"]) == (2, 1)  # in 2 decks, allowed in 1
    assert problem["holders"] == [
        {"player": rita.pk, "name": "Rita", "count": 4},
        {"player": rob.pk, "name": "Rob", "count": 1},
    ]
    assert "Rita" in problem["message"]
    assert "Rob" in problem["message"]
    team = team_lists(world.red, world.red)
    assert team["valid"] is False
    assert team["status"] == "illegal"


def test_basic_lands_may_be_in_both_decks_mtr_8_4(world):
    rita, rob = players(world.red)
    put(world.red, rita, BURN)
    put(world.red, rob, TEMPO.replace("20 Island", "10 Island\n10 Mountain"))
    team = team_lists(world.red, world.red)
    assert team["problems"] == []
    assert team["valid"] is True
    assert team["status"] == "legal"
    assert [d["main_count"] for d in team["decks"]] == [60, 60]


def test_relentless_rats_any_number_in_one_deck_only_mtr_8_4(world):
    rita, rob = players(world.red)
    put(world.red, rita, "30 Relentless Rats\n30 Swamp\n")
    assert team_lists(world.red, world.red)["decks"][0]["main_count"] == 60
    body = put(world.red, rob, "4 Relentless Rats\n56 Swamp\n").json()
    assert [(p["code"], p["card"]) for p in body["problems"]] == [
        ("udc_over_limit", "Relentless Rats")
    ]


def test_combined_four_rule_counts_the_team_copies_together(world):
    Event.objects.filter(pk=world.event.pk).update(udc_rule="combined_four")
    rita, rob = players(world.red)
    put(world.red, rita, BURN.replace("4 Lightning Bolt", "2 Lightning Bolt\n2 Mountain"))
    body = put(world.red, rob, TEMPO.replace("4 Opt", "2 Opt\n2 Lightning Bolt")).json()
    assert body["problems"] == []  # 2 + 2 = 4: allowed by the older rule
    put(world.red, rita, BURN.replace("4 Lightning Bolt", "3 Lightning Bolt\n1 Mountain"))
    problems = team_lists(world.red, world.red)["problems"]
    assert [(p["code"], p["card"], p["count"], p["limit"]) for p in problems] == [
        ("udc_over_limit", "Lightning Bolt", 5, 4)
    ]


# --- legality: MTR 6.2-6.7 and the 2HG-only ban ---------------------------------------------------


def test_banned_in_modern_names_the_card_and_player(world):
    _, rob = players(world.red)
    problems = put(world.red, rob, TEMPO.replace("4 Opt", "3 Opt\n1 Hogaak, Arisen Necropolis"))
    problem = problems.json()["problems"][0]
    assert (problem["code"], problem["card"], problem["players"]) == (
        "banned",
        "Hogaak, Arisen Necropolis",
        [rob.pk],
    )


def test_current_banlist_overrides_the_2022_catalogue(world):
    """Umezawa's Jitte was unbanned and Lotus Field banned in Modern on 2026-05-18."""
    rita, _ = players(world.red)
    text = BURN.replace("20 Mountain", "18 Mountain\n1 Umezawa's Jitte\n1 Lotus Field")
    problems = put(world.red, rita, text).json()["problems"]
    assert [(p["code"], p["card"]) for p in problems] == [("banned", "Lotus Field")]


def test_erayo_is_banned_in_all_constructed_2hg_mtr_9_5(world):
    rita, _ = players(world.red)
    text = BURN.replace("20 Mountain", "19 Mountain\n1 Erayo, Soratami Ascendant")
    problem = put(world.red, rita, text).json()["problems"][0]
    assert problem["code"] == "banned"
    assert problem["card"] == "Erayo, Soratami Ascendant // Erayo's Essence"
    assert "MTR 9.5" in problem["message"]


def test_organizer_edits_the_2hg_only_bans(world):
    rita, _ = players(world.red)
    url = f"/api/v1/events/{world.event.pk}/deck-rules/"
    assert client_for(world.alice).get(url).json()["two_headed_giant_bans"] == [
        "Erayo, Soratami Ascendant"
    ]
    response = client_for(world.alice).put(
        url, {"two_headed_giant_bans": ["Goblin Guide"]}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["two_headed_giant_bans"] == ["Goblin Guide"]
    assert response.json()["chosen_by_organizer"] is True
    text = BURN.replace("20 Mountain", "19 Mountain\n1 Erayo, Soratami Ascendant")
    problems = put(world.red, rita, text).json()["problems"]
    assert [(p["code"], p["card"]) for p in problems] == [("banned", "Goblin Guide")]
    typo = client_for(world.alice).put(
        url, {"two_headed_giant_bans": ["Goblin Guid"]}, format="json"
    )
    assert typo.status_code == 400
    assert "Did you mean Goblin Guide" in typo.json()["banned"][0]
    reset = client_for(world.alice).put(url, {"two_headed_giant_bans": None}, format="json")
    assert reset.json()["chosen_by_organizer"] is False


def test_card_not_legal_in_the_format(world):
    rita, _ = players(world.red)
    text = BURN.replace("20 Mountain", "19 Mountain\n1 Black Lotus")
    problem = put(world.red, rita, text).json()["problems"][0]
    assert (problem["code"], problem["card"]) == ("not_legal", "Black Lotus")


def test_two_copies_of_a_restricted_card_in_vintage_mtr_6_2(world):
    Event.objects.filter(pk=world.event.pk).update(format="vintage")
    rita, _ = players(world.red)
    text = BURN.replace("20 Mountain", "18 Mountain\n2 Black Lotus")
    problem = put(world.red, rita, text).json()["problems"][0]
    assert (problem["code"], problem["card"], problem["count"], problem["limit"]) == (
        "restricted_over_limit",
        "Black Lotus",
        2,
        1,
    )


def test_team_without_a_list_is_missing(world):
    rita, rob = players(world.red)
    put(world.red, rita, BURN)
    team = team_lists(world.sam, world.red)
    assert team["status"] == "missing"
    assert team["valid"] is False
    assert [(p["code"], p["players"]) for p in team["problems"]] == [("missing_decklist", [rob.pk])]


# --- bad input ------------------------------------------------------------------------------------


def test_decklist_of_100000_lines_is_refused_and_not_saved(world):
    """Refused before parsing (its speed is in tests/bench/bench_udc.py)."""
    rita, _ = players(world.red)
    response = put(world.red, rita, "1 Island\n" * 100_000)
    assert response.status_code == 400
    assert "lines" in response.json()["main"][0] or "characters" in response.json()["main"][0]
    assert not Decklist.objects.filter(player=rita).exists()


@pytest.mark.parametrize(
    "raw_main",
    ['"4 Lightning Bolt\\u0000"', '"4 Lightning \\ud800Bolt"', "42", "null", '["4 Island"]'],
    ids=["nul", "lone-surrogate", "number", "null", "list"],
)
def test_bad_text_is_a_400_never_a_500(world, raw_main):
    rita, _ = players(world.red)
    response = client_for(world.red).generic(
        "PUT",
        f"/api/v1/players/{rita.pk}/decklist/",
        f'{{"main": {raw_main}, "sideboard": ""}}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "main" in response.json()
    assert not Decklist.objects.filter(player=rita).exists()


def test_right_to_left_mark_in_a_card_name_is_a_parse_error(world):
    rita, _ = players(world.red)
    problems = put(world.red, rita, BURN + "1 Light\u202ening Bolt\n").json()["problems"]
    assert [(p["code"], p["line"]) for p in problems] == [("parse_error", 12)]


def test_body_that_is_not_an_object_is_a_400(world):
    rita, _ = players(world.red)
    response = client_for(world.red).put(
        f"/api/v1/players/{rita.pk}/decklist/", ["4 Island"], format="json"
    )
    assert response.status_code == 400


# --- the lock (round 1 paired) --------------------------------------------------------------------


def test_after_round_1_the_team_and_scorekeeper_cannot_change_lists(world):
    rita, _ = players(world.red)
    put(world.red, rita, BURN)
    set_status(world.event, "running")
    for who in (world.red, world.sam):
        response = put(who, rita, TEMPO)
        assert response.status_code == 403
        assert response.json()["code"] == "decklists_locked"
    assert Decklist.objects.get(player=rita).main_text == BURN
    assert not DecklistChange.objects.exists()


def test_judge_change_after_the_lock_is_logged_with_before_and_after(world):
    rita, _ = players(world.red)
    put(world.red, rita, BURN)
    set_status(world.event, "running")
    fixed = BURN.replace("4 Skullcrack", "4 Mountain")
    response = put(
        world.judy, rita, fixed, reason="Deck check: list said Skullcrack, deck had Mountains"
    )
    assert response.status_code == 200, response.content
    assert response.json()["locked"] is True
    change = DecklistChange.objects.get()
    assert (change.player, change.changed_by, change.main_before, change.main_after) == (
        rita,
        world.judy,
        BURN,
        fixed,
    )
    assert change.reason.startswith("Deck check")
    log = client_for(world.hank).get(f"/api/v1/events/{world.event.pk}/decklist-changes/").json()
    assert [(row["player"], row["changed_by"]) for row in log] == [(rita.pk, "judy")]


def test_another_team_cannot_read_or_write_our_lists(world):
    rita, _ = players(world.red)
    assert client_for(world.blue).get(f"/api/v1/teams/{world.red.pk}/decklists/").status_code == 403
    assert put(world.blue, rita, BURN).status_code == 403
    assert put(world.green, rita, BURN).status_code == 404
    assert not Decklist.objects.exists()


# --- limited (MTR 9.6) ----------------------------------------------------------------------------

POOL = """4 Grizzly Bears
5 Llanowar Elves
3 Giant Growth
2 Lightning Bolt
2 Goblin Guide
1 Counterspell
"""


@pytest.fixture
def sealed(world):
    Event.objects.filter(pk=world.event.pk).update(structure="sealed", format="")
    world.event.refresh_from_db()
    world.red.refresh_from_db()
    return world


def test_sealed_decks_come_from_the_pool_and_the_rest_is_the_shared_sideboard(sealed):
    rita, rob = players(sealed.red)
    response = client_for(sealed.red).put(
        f"/api/v1/teams/{sealed.red.pk}/pool/", {"pool": POOL}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["pool"]["count"] == 17
    put(sealed.red, rita, "5 Llanowar Elves\n3 Giant Growth\n32 Forest\n")  # 5 copies: no limit
    put(sealed.red, rob, "2 Lightning Bolt\n1 Goblin Guide\n37 Mountain\n")
    team = team_lists(sealed.red, sealed.red)
    assert team["problems"] == []
    assert team["status"] == "legal"
    assert [(c["name"], c["count"]) for c in team["shared_sideboard"]] == [
        ("Grizzly Bears", 4),
        ("Goblin Guide", 1),
        ("Counterspell", 1),
    ]


def test_sealed_card_beyond_the_pool_and_deck_of_39(sealed):
    rita, rob = players(sealed.red)
    client_for(sealed.red).put(
        f"/api/v1/teams/{sealed.red.pk}/pool/", {"pool": POOL}, format="json"
    )
    put(sealed.red, rita, "2 Lightning Bolt\n38 Mountain\n")
    put(sealed.red, rob, "1 Lightning Bolt\n38 Forest\n")
    problems = team_lists(sealed.red, sealed.red)["problems"]
    assert [(p["code"], p["card"], p["count"], p["limit"]) for p in problems] == [
        ("deck_too_small", None, 39, 40),
        ("not_in_pool", "Lightning Bolt", 3, 2),
    ]
    assert problems[1]["players"] == [rita.pk, rob.pk]


def test_pool_for_a_constructed_event_is_refused(world):
    response = client_for(world.red).put(
        f"/api/v1/teams/{world.red.pk}/pool/", {"pool": POOL}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "not_limited"
    assert not TeamPool.objects.exists()


# --- board, catalogue, card look-up ---------------------------------------------------------------


def test_board_counts_and_filters_teams_by_status(world):
    rita, rob = players(world.red)
    put(world.red, rita, BURN)
    put(world.red, rob, TEMPO)
    bea, _ = players(world.blue)
    put(world.blue, bea, BURN.replace("20 Mountain", "19 Mountain\n1 Hogaak, Arisen Necropolis"))
    url = f"/api/v1/events/{world.event.pk}/decklists/"
    board = client_for(world.sam).get(url).json()
    assert board["counts"] == {"missing": 1, "illegal": 0, "legal": 1}
    assert [(t["name"], t["status"]) for t in board["teams"]] == [
        ("Team Blue", "missing"),
        ("Team Red", "legal"),
    ]
    legal = client_for(world.sam).get(url, {"status": "legal"}).json()
    assert [t["name"] for t in legal["teams"]] == ["Team Red"]
    assert client_for(world.sam).get(url, {"status": "nope"}).status_code == 400


def test_catalogue_status_shows_the_dates_of_the_shipped_data(world):
    body = client_for(None).get("/api/v1/catalogue/").json()
    assert body["cards"] >= 30_679
    assert body["cards_date"] == "2022-04-25"
    assert body["banlists_date"] == "2026-09-22"
    assert body["banlists"]["modern"]["banned"] == 52
    assert body["two_headed_giant_bans"] == ["Erayo, Soratami Ascendant"]
    assert "import_cards" in body["how_to_update"]


def test_card_lookup_by_any_spelling_and_did_you_mean(world):
    found = client_for(None).get("/api/v1/cards/", {"q": "fire/ice"}).json()
    assert found["card"]["name"] == "Fire // Ice"
    assert found["card"]["faces"] == ["Fire", "Ice"]
    assert found["card"]["legalities"]["modern"] == "legal"
    typo = client_for(None).get("/api/v1/cards/", {"q": "Lightnig Bolt"}).json()
    assert typo["card"] is None
    assert "Lightning Bolt" in typo["suggestions"]
    prefix = client_for(None).get("/api/v1/cards/", {"q": "Relentless"}).json()
    assert "Relentless Rats" in prefix["matches"]
    assert client_for(None).get("/api/v1/cards/", {"q": ""}).status_code == 400
