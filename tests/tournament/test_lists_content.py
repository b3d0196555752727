"""What the lists show, row by row: counts read once per row, never multiplied by the joins the
visibility filter needs (an organizer's event with staff, a staff member's event)."""

import datetime

import pytest
from django.test import Client

from support import factories
from support.api_clients import client_for
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def _event_with_staff(organizer, teams: int, staff: int, **values):
    event = factories.event(organizer, **values)
    for _ in range(teams):
        factories.team(event)
    for _ in range(staff):
        factories.staff(event, "judge")
    return event


def _home(user) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get("/").content.decode()


def test_home_counts_each_team_once_for_the_organizer():
    alice = factories.user()
    _event_with_staff(alice, teams=9, staff=2, name="Nine")
    page = _home(alice)
    assert "9 teams" in page
    assert "18 teams" not in page


def test_home_counts_each_team_once_for_staff_and_leaves_out_dropped_teams():
    alice = factories.user()
    event = _event_with_staff(alice, teams=5, staff=3, name="Five", public=False)
    tournament_teams.team_drop(team=event.teams.first())
    judge = event.staff.first().user
    assert "4 teams" in _home(judge)


def test_home_sorts_by_date_newest_first_undated_by_creation():
    alice = factories.user()
    factories.event(alice, name="Old one", date=datetime.date(2024, 1, 5))
    factories.event(alice, name="Next one", date=datetime.date(2030, 3, 1))
    factories.event(alice, name="Mid one", date=datetime.date(2025, 6, 1))
    page = _home(alice)
    assert page.index("Next one") < page.index("Mid one") < page.index("Old one")


def test_api_event_list_counts_each_team_once_with_staff():
    alice = factories.user()
    event = _event_with_staff(alice, teams=3, staff=2)
    body = client_for(alice).get("/api/v1/events/").json()
    rows = body["results"] if isinstance(body, dict) else body
    row = next(r for r in rows if r["id"] == event.pk)
    assert row["team_count"] == 3


def test_teams_page_lists_each_team_once():
    alice = factories.user()
    event = _event_with_staff(alice, teams=3, staff=2)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/teams/").content.decode()
    for team in event.teams.all():
        assert page.count(f">{team.name}<") == 1


def test_staff_page_lists_each_member_once():
    alice = factories.user()
    event = _event_with_staff(alice, teams=0, staff=3)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/staff/").content.decode()
    for role in event.staff.select_related("user"):
        assert page.count(f"<li>{role.user.username} <span") == 1
    assert "This field is required" not in page  # the forms are not bound on a GET
