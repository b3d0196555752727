"""docs/api.md "Rounds, clock, matches, results": the team that chooses to play or draw (MTR 9.3,
2.2) in the match objects, and the head judge's choice."""

import pytest

from support.contract import API, patch, played_matches

pytestmark = pytest.mark.django_db


def test_every_match_names_its_play_draw_chooser(paired, alice_api):
    """MTR 9.3: in Swiss a team chosen at random chooses to play or draw."""
    for match in played_matches(paired["round"]):
        assert match["chooses_play_draw"] in (match["team_a"], match["team_b"])
        read = alice_api.get(f"{API}/matches/{match['id']}/").json()
        assert read["chooses_play_draw"] == match["chooses_play_draw"]


def test_only_the_head_judge_changes_the_chooser(paired, alice_api, sam_api):
    """MTR 2.2: the head judge may set otherwise; a scorekeeper may not."""
    match = played_matches(paired["round"])[0]
    other = match["team_b"] if match["chooses_play_draw"] == match["team_a"] else match["team_a"]
    path = f"/matches/{match['id']}/"
    assert patch(sam_api, path, {"chooses_play_draw": other}).status_code == 403
    response = patch(alice_api, path, {"chooses_play_draw": other})
    assert response.status_code == 200
    assert response.json()["chooses_play_draw"] == other
    outsider = paired["teams"][0]["id"]
    if outsider in (match["team_a"], match["team_b"]):
        outsider = next(
            t["id"]
            for t in paired["teams"]
            if t["id"] not in (other, match["team_a"], match["team_b"])
        )
    bad = patch(alice_api, path, {"chooses_play_draw": outsider})
    assert bad.status_code == 400
