"""Limited 2HG pools (MTR 9.6): not in docs/api.md beyond "Decklists"; PUT /teams/{id}/pool/
{pool: text}, and the cards in neither deck are the team's shared sideboard."""

import pytest

from support.contract import API, new_event, new_team, patch, put, team_client

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
