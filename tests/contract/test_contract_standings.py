"""docs/api.md "Standings"."""

import pytest
from rest_framework.test import APIClient

from support.contract import (
    API,
    assert_400,
    assert_hidden_or_forbidden,
    games,
    new_event,
    new_team,
    played_matches,
    post,
    team_client,
)

pytestmark = pytest.mark.django_db


# --- standings -------------------------------------------------------------------------------


def test_standings_after_round_1(paired, sam_api):
    matches = played_matches(paired["round"])
    post(sam_api, f"/matches/{matches[0]['id']}/result/", games(1, 0))
    post(sam_api, f"/matches/{matches[1]['id']}/result/", games(0, 0, 1))
    response = sam_api.get(f"{API}/events/{paired['event']['id']}/standings/?after_round=1")
    assert response.status_code == 200
    body = response.json()
    assert body["round"] == 1
    rows = body["rows"]
    assert len(rows) == 4
    for row in rows:
        assert {
            "rank", "team", "name", "match_points", "wins", "losses", "draws",
            "penalty_points", "omw", "gw", "ogw",
        } <= set(row)  # fmt: skip
        for key in ("omw", "gw", "ogw"):
            assert isinstance(row[key], float | int)
            assert 0 <= row[key] <= 1
            assert round(row[key], 4) == row[key]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    points = {r["team"]: (r["match_points"], r["wins"], r["losses"], r["draws"]) for r in rows}
    assert points[matches[0]["team_a"]] == (3, 1, 0, 0)
    assert points[matches[0]["team_b"]] == (0, 0, 1, 0)
    assert points[matches[1]["team_a"]] == (1, 0, 0, 1)
    assert points[matches[1]["team_b"]] == (1, 0, 0, 1)
    assert [r["match_points"] for r in rows] == sorted(
        (r["match_points"] for r in rows), reverse=True
    )
    assert rows[0]["team"] == matches[0]["team_a"]
    names = {r["team"]: r["name"] for r in rows}
    assert names[matches[0]["team_a"]] == paired["by_id"][matches[0]["team_a"]]["name"]
    # OMW% of the winner: its one opponent had 0 points, floored at 0.33
    assert rows[0]["omw"] == pytest.approx(0.33, abs=0.0034)


def test_standings_count_a_bye_as_a_win(four, alice_api):
    new_team(alice_api, four["event"]["id"], "Odd One")
    round_ = post(alice_api, f"/events/{four['event']['id']}/rounds/").json()
    for match in played_matches(round_):
        post(alice_api, f"/matches/{match['id']}/result/", games(1, 0))
    bye_team = next(m["team_a"] for m in round_["matches"] if m["bye"])
    rows = alice_api.get(f"{API}/events/{four['event']['id']}/standings/?after_round=1").json()[
        "rows"
    ]
    row = next(r for r in rows if r["team"] == bye_team)
    assert (row["match_points"], row["wins"]) == (3, 1)


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "99999999999999999999999", "1;DROP", "%00"])
def test_standings_bad_after_round_is_400(paired, sam_api, value):
    response = sam_api.get(
        f"{API}/events/{paired['event']['id']}/standings/", {"after_round": value}
    )
    assert_400(response)


def test_standings_before_any_round_lists_every_team(four, alice_api):
    response = alice_api.get(f"{API}/events/{four['event']['id']}/standings/")
    assert response.status_code == 200
    body = response.json()
    assert sorted(r["team"] for r in body["rows"]) == sorted(four["by_id"])
    assert all(r["match_points"] == 0 for r in body["rows"])


def test_standings_of_unknown_or_private_event(world, charlie_api):
    assert charlie_api.get(f"{API}/events/987654321/standings/").status_code == 404
    assert_hidden_or_forbidden(charlie_api.get(f"{API}/events/{world.event.pk}/standings/"))
    assert APIClient().get(f"{API}/events/{world.event.pk}/standings/").status_code == 404
    own = team_client(world.red.access_key).get(f"{API}/events/{world.event.pk}/standings/")
    assert own.status_code == 200
    public = APIClient().get(f"{API}/events/{world.other_event.pk}/standings/")
    assert public.status_code == 200
    assert [r["name"] for r in public.json()["rows"]] == ["Team Green"]


# --- a public event of 8 teams after 3 Swiss rounds --------------------------------------------

SCORES = [games(1, 0), games(0, 1), games(0, 0, 1), games(1, 0, 1)]


@pytest.fixture
def eight(world, alice_api):
    """A public event of 8 teams made through the API; 3 Swiss rounds played (wins and draws)."""
    event = new_event(alice_api, name="Eight", swiss_rounds=3, public=True)
    teams = [new_team(alice_api, event["id"], f"Team {n}") for n in range(1, 9)]
    for k in range(3):
        response = post(alice_api, f"/events/{event['id']}/rounds/")
        assert response.status_code == 201, response.content
        for i, match in enumerate(played_matches(response.json())):
            score = SCORES[(i + k) % len(SCORES)]
            assert post(alice_api, f"/matches/{match['id']}/result/", score).status_code == 200
    return {"event": event, "teams": teams}


def test_standings_default_to_the_latest_round_with_4_place_decimals(eight):
    body = APIClient().get(f"{API}/events/{eight['event']['id']}/standings/").json()
    assert body["round"] == 3
    assert [r["rank"] for r in body["rows"]] == list(range(1, 9))
    assert all("oomw" not in r for r in body["rows"])
    for row in body["rows"]:
        for key in ("omw", "gw", "ogw"):
            assert round(row[key], 4) == row[key]
            assert 0.33 <= row[key] <= 1  # floored at 0.33 (docs/rules.md "Tiebreakers")
    points = [r["match_points"] for r in body["rows"]]
    assert points == sorted(points, reverse=True)


def test_standings_after_round_counts_only_those_rounds(eight):
    path = f"{API}/events/{eight['event']['id']}/standings/"
    body = APIClient().get(f"{path}?after_round=1").json()
    assert body["round"] == 1
    assert sorted(r["wins"] + r["losses"] + r["draws"] for r in body["rows"]) == [1] * 8


def test_team_standing_explains_each_number(eight):
    """Not in docs/api.md: GET /events/{id}/standings/{team}/ explains a team's numbers."""
    team = eight["teams"][0]["id"]
    body = APIClient().get(f"{API}/events/{eight['event']['id']}/standings/{team}/").json()
    assert {"oomw", "mw", "explanation"} <= set(body)
    explanation = body["explanation"]
    assert len(explanation["opponents"]) == 3
    assert [line["label"] for line in explanation["lines"]][:3] == [
        "Match points",
        "Match-win %",
        "Opponents' match-win %",
    ]
    omw = sum(o["mw"] for o in explanation["opponents"]) / 3
    assert abs(omw - body["omw"]) < 0.0002
