"""Limited 2HG pools (MTR 9.6): not in docs/api.md beyond "Decklists"; PUT /teams/{id}/pool/
{pool: text}, and the cards in neither deck are the team's shared sideboard."""

import pytest

from support.contract import (
    API,
    games,
    new_event,
    new_team,
    patch,
    played_matches,
    post,
    publish,
    put,
    team_client,
)

pytestmark = pytest.mark.django_db

POOL = """4 Grizzly Bears
5 Llanowar Elves
3 Giant Growth
2 Lightning Bolt
2 Goblin Guide
1 Counterspell
"""


@pytest.fixture
def sealed(world, alice_api, catalogue):
    """A sealed event made through the API, one team; its client and players."""
    event = new_event(alice_api, name="Sealed", structure="sealed")
    team = new_team(alice_api, event["id"], "Pool Team", ["Pia", "Pol"])
    first, second = (p["id"] for p in team["players"])
    return {"team": team, "first": first, "second": second, "api": team_client(team["access_key"])}


def submit(team: dict, player: str, main: str) -> None:
    path = f"/players/{team[player]}/decklist/"
    assert put(team["api"], path, {"main": main, "sideboard": ""}).status_code == 200


def test_sealed_decks_come_from_the_pool_and_the_rest_is_the_shared_sideboard(sealed):
    response = put(sealed["api"], f"/teams/{sealed['team']['id']}/pool/", {"pool": POOL})
    assert response.status_code == 200, response.content
    assert response.json()["pool"]["count"] == 17
    submit(sealed, "first", "5 Llanowar Elves\n3 Giant Growth\n32 Forest\n")  # 5 copies: no limit
    submit(sealed, "second", "2 Lightning Bolt\n1 Goblin Guide\n37 Mountain\n")
    team = sealed["api"].get(f"{API}/teams/{sealed['team']['id']}/decklists/").json()
    assert team["problems"] == []
    assert team["status"] == "legal"
    assert [(c["name"], c["count"]) for c in team["shared_sideboard"]] == [
        ("Grizzly Bears", 4),
        ("Goblin Guide", 1),
        ("Counterspell", 1),
    ]


def test_sealed_card_beyond_the_pool_and_deck_of_39(sealed):
    put(sealed["api"], f"/teams/{sealed['team']['id']}/pool/", {"pool": POOL})
    submit(sealed, "first", "2 Lightning Bolt\n38 Mountain\n")
    submit(sealed, "second", "1 Lightning Bolt\n38 Forest\n")
    problems = (
        sealed["api"].get(f"{API}/teams/{sealed['team']['id']}/decklists/").json()["problems"]
    )
    assert [(p["code"], p["card"], p["count"], p["limit"]) for p in problems] == [
        ("deck_too_small", None, 39, 40),
        ("not_in_pool", "Lightning Bolt", 3, 2),
    ]
    assert problems[1]["players"] == [sealed["first"], sealed["second"]]


def test_pool_for_a_constructed_event_is_refused_and_not_kept(deck_team, alice_api):
    team = team_client(deck_team["key"])
    path = f"/teams/{deck_team['team']['id']}/pool/"
    response = put(team, path, {"pool": POOL})
    assert response.status_code == 400
    assert response.json()["code"] == "not_limited"
    # nothing was kept: were the event made sealed, the team would have no pool
    event = f"/events/{deck_team['team']['event']}/"
    assert patch(alice_api, event, {"structure": "sealed", "format": ""}).status_code == 200
    assert team.get(f"{API}{path}").json()["pool"]["submitted"] is False


# --- MTR 7.3: Regular REL without decklists, decks change between matches ---------------------


def test_mtr_7_3_team_changes_its_deck_between_matches_not_during_one(sealed, alice_api):
    """Extension: `decklists_required` in the deck rules; `locked` of a team follows MTR 7.3."""
    event_id = sealed["team"]["event"]
    rules = put(alice_api, f"/events/{event_id}/deck-rules/", {"decklists_required": False})
    assert rules.status_code == 200, rules.content
    assert (rules.json()["decklists_required"], rules.json()["changes_between_matches"]) == (
        False,
        True,
    )
    new_team(alice_api, event_id, "Other Team", ["Oda", "Ole"])  # an opponent for round 1
    put(sealed["api"], f"/teams/{sealed['team']['id']}/pool/", {"pool": POOL})
    submit(sealed, "first", "5 Llanowar Elves\n3 Giant Growth\n32 Forest\n")
    submit(sealed, "second", "2 Lightning Bolt\n1 Goblin Guide\n37 Mountain\n")
    assert patch(alice_api, f"/events/{event_id}/", {"swiss_rounds": 3}).status_code == 200
    # The opponent registered no lists: round 1 is paired anyway (docs/api.md "confirm").
    round_ = post(alice_api, f"/events/{event_id}/rounds/", {"confirm": True}).json()
    publish(alice_api, round_["id"])
    team_path = f"{API}/teams/{sealed['team']['id']}/decklists/"
    first = f"/players/{sealed['first']}/decklist/"
    body = sealed["api"].get(team_path).json()
    assert (body["locked"], body["changes_between_matches"]) == (False, True)
    rebuilt = "4 Grizzly Bears\n3 Giant Growth\n33 Forest\n"
    response = put(sealed["api"], first, {"main": rebuilt, "sideboard": ""})
    assert response.status_code == 200, response.content
    assert response.json()["locked"] is False
    beyond = put(sealed["api"], first, {"main": "3 Lightning Bolt\n37 Mountain\n", "sideboard": ""})
    assert beyond.status_code == 400
    assert "MTR 7.3" in beyond.json()["main"][0]
    # the pool stays as registered
    pool = put(sealed["api"], f"/teams/{sealed['team']['id']}/pool/", {"pool": POOL + "1 Shock\n"})
    assert pool.status_code == 403

    clock = post(alice_api, f"/rounds/{round_['id']}/clock/", {"action": "start"})
    assert clock.status_code == 200, clock.content
    assert sealed["api"].get(team_path).json()["locked"] is True
    refused = put(sealed["api"], first, {"main": "5 Llanowar Elves\n35 Forest\n", "sideboard": ""})
    assert refused.status_code == 403
    assert refused.json()["code"] == "decklists_locked"

    match = next(
        m for m in played_matches(round_) if sealed["team"]["id"] in (m["team_a"], m["team_b"])
    )
    assert post(sealed["api"], f"/matches/{match['id']}/result/", games(1, 0)).status_code < 300
    assert sealed["api"].get(team_path).json()["locked"] is False
    again = put(sealed["api"], first, {"main": "5 Llanowar Elves\n35 Forest\n", "sideboard": ""})
    assert again.status_code == 200, again.content
    log = alice_api.get(f"{API}/events/{event_id}/decklist-changes/").json()
    assert [(row["player"], row["main_after"]) for row in log] == [
        (sealed["first"], "5 Llanowar Elves\n35 Forest\n"),
        (sealed["first"], rebuilt),
    ]
    assert all("MTR 7.3" in row["reason"] for row in log)


def test_deck_rules_put_needs_a_field_and_a_boolean(sealed, alice_api):
    path = f"/events/{sealed['team']['event']}/deck-rules/"
    assert put(alice_api, path, {}).status_code == 400
    assert put(alice_api, path, {"decklists_required": "maybe"}).status_code == 400
    assert alice_api.get(f"{API}{path}").json()["decklists_required"] is True
