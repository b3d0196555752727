"""The organizer's dashboard before round 1 (docs/rules.md "Sign-ups, solo players, check-in"):
it counts the teams taking part, those checked in and those on a capped event's waiting list,
states the structure those teams make, and is renewed live (topic checkin:<id>) when a team
registers, checks in, drops or moves up. Teams on the waiting list are not counted as taking
part, nor in the structure."""

import pytest
from django.test import Client

from pairing import selectors as pairing_selectors
from support import factories
from tournament.services import capacity
from tournament.services import checkin as checkin_svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return factories.event(factories.user("olivia"), name="Capped 2HG", public=True)


def _staff_page(event, path=None) -> str:
    client = Client()
    client.force_login(event.organizer)
    return " ".join(client.get(path or f"/events/{event.pk}/").content.decode().split())


def test_waiting_teams_are_counted_apart_and_left_out_of_the_structure(event):
    capacity.set_max_teams(event=event, value=4)
    teams = [factories.team(event, f"Team {n}") for n in "ABCDEF"]  # E and F wait
    assert pairing_selectors.structure(event).teams == 4
    page = _staff_page(event)
    assert "4 teams taking part" in page
    assert "2 teams on the waiting list (cap: 4 teams)." in page
    assert 'id="dashboard-structure">With 4 teams:' in page
    assert "Teams</dt><dd>4 of 2 players each" in page

    checkin_svc.checkin_set_open(event=event, open=True)
    checkin_svc.team_check_in(team=teams[0])
    page = _staff_page(event)
    assert "1 of 4 checked in" in page  # the teams waiting are not counted
    checkin_svc.team_drop_self(team=teams[1])  # E moves up
    fragment = _staff_page(event, f"/events/{event.pk}/check-in/count/")
    assert "1 of 4 checked in" in fragment
    assert "1 team on the waiting list (cap: 4 teams)." in fragment
    assert "checked in" not in " ".join(
        Client().get(f"/events/{event.pk}/").content.decode().split()
    )


def test_no_block_without_check_in_or_a_cap_and_none_after_round_one(event):
    factories.team(event, "Red")
    assert "dashboard-playing" not in _staff_page(event)
    capacity.set_max_teams(event=event, value=8)
    assert "1 team taking part" in _staff_page(event)
    assert "0 teams on the waiting list (cap: 8 teams)." in _staff_page(event)


def test_each_change_of_the_counts_is_published_live(
    event, monkeypatch, django_capture_on_commit_callbacks
):
    sent: list[str] = []
    monkeypatch.setattr("core.live.publish", lambda topic, *a, **k: sent.append(topic))
    topic = f"checkin:{event.pk}"
    capacity.set_max_teams(event=event, value=2)
    assert sent.count(topic) == 1  # a new cap
    red = factories.team(event, "Red")
    factories.team(event, "Blue")
    factories.team(event, "Green")  # waits
    assert sent.count(topic) == 4  # each registration
    checkin_svc.checkin_set_open(event=event, open=True)
    checkin_svc.team_check_in(team=red)
    assert sent.count(topic) == 6  # check-in opened, a team checked in
    checkin_svc.team_drop_by_staff(team=red)  # Green moves up
    assert sent.count(topic) == 7
    checkin_svc.team_undrop_by_staff(team=red)
    assert sent.count(topic) == 8
