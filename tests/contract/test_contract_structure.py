"""docs/api.md "Events, staff, teams": the top cut's automatic choice and the structure lock
(MTR 10.2)."""

import pytest

from support.contract import API, new_event, new_team, patch, post

pytestmark = pytest.mark.django_db


def test_an_event_made_without_top_cut_automatic_keeps_the_earlier_meaning(world, alice_api):
    """Before ``top_cut_automatic`` existed, empty Swiss rounds with top cut 0 meant MTR App. E."""
    body = new_event(alice_api)
    assert (body["swiss_rounds"], body["top_cut"], body["top_cut_automatic"]) == (None, 0, True)
    fixed = new_event(alice_api, swiss_rounds=4)
    assert (fixed["top_cut"], fixed["top_cut_automatic"]) == (0, False)


def test_an_explicit_no_top_cut_is_kept_and_paired_as_swiss(world, alice_api):
    """An organizer's "no top cut" is respected: 6 teams, automatic Swiss rounds, no cut plays
    3 Swiss rounds (enough for one undefeated team), not App. E's bracket of 8."""
    body = new_event(alice_api, top_cut=0, top_cut_automatic=False, tiebreak_oomw=True)
    assert (body["top_cut"], body["top_cut_automatic"], body["tiebreak_oomw"]) == (0, False, True)
    for name in ("A", "B", "C", "D", "E", "F"):
        new_team(alice_api, body["id"], f"Team {name}")
    response = post(alice_api, f"/events/{body['id']}/rounds/")
    assert response.status_code == 201, response.content
    assert response.json()["stage"] == "swiss"


def test_swiss_rounds_and_top_cut_cannot_change_after_round_1(world, alice_api):
    """MTR 10.2: the number of rounds is announced by round 1 and then fixed."""
    body = new_event(alice_api, swiss_rounds=3, top_cut=4)
    for name in ("A", "B", "C", "D"):
        new_team(alice_api, body["id"], f"Team {name}")
    assert post(alice_api, f"/events/{body['id']}/rounds/").status_code == 201
    for change in ({"swiss_rounds": 5}, {"top_cut": 0}, {"top_cut_automatic": True}):
        response = patch(alice_api, f"/events/{body['id']}/", change)
        assert response.status_code == 409, change
        assert response.json()["code"] == "event_started"
    assert patch(alice_api, f"/events/{body['id']}/", {"swiss_rounds": 3}).status_code == 200
    after = alice_api.get(f"{API}/events/{body['id']}/").json()
    assert (after["swiss_rounds"], after["top_cut"], after["top_cut_automatic"]) == (3, 4, False)
