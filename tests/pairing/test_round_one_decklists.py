"""Round 1 with missing or illegal decklists: the organizer is told which teams and confirms
(MTR 2.7: lists lock when round 1 is paired)."""

import pytest
from django.test import Client

from core.errors import Conflict
from pairing import selectors, services
from pairing.models import Round
from support import factories
from support.api_clients import client_for
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def _event(rel="competitive", teams=4):
    alice = factories.user()
    event = factories.event(alice, rel=rel, swiss_rounds=3)
    for n in range(teams):
        factories.team(event, f"Team {chr(65 + n)}")
    return event


def test_competitive_event_names_every_team_without_lists():
    event = _event()
    gaps = selectors.decklist_gaps(event)
    assert [g.name for g in gaps] == ["Team A", "Team B", "Team C", "Team D"]
    assert {g.status for g in gaps} == {"missing"}


def test_regular_rel_without_any_list_collects_none():
    assert selectors.decklist_gaps(_event(rel="regular")) == []


def test_dropped_teams_are_not_named():
    event = _event()

    tournament_teams.team_drop(team=event.teams.get(name="Team B"))
    assert "Team B" not in [g.name for g in selectors.decklist_gaps(event)]


def test_service_refuses_round_one_when_asked_to_check_and_pairs_when_confirmed():
    event = _event()
    with pytest.raises(Conflict) as caught:
        services.round_pair_next(event=event, check_decklists=True)
    assert caught.value.code == "decklists_not_ready"
    assert "Team A" in caught.value.message
    assert len(caught.value.data["teams"]) == 4
    assert not Round.objects.filter(event=event).exists()
    assert services.round_pair_next(event=event, check_decklists=False).number == 1


def test_api_answers_409_with_the_teams_then_pairs_on_confirm():
    event = _event()
    api = client_for(event.organizer)
    url = f"/api/v1/events/{event.pk}/rounds/"
    refused = api.post(url, {}, format="json")
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "decklists_not_ready"
    assert sorted(t["name"] for t in body["teams"]) == ["Team A", "Team B", "Team C", "Team D"]
    assert {t["status"] for t in body["teams"]} == {"missing"}
    assert api.post(url, {"confirm": True}, format="json").status_code == 201


def test_rounds_page_names_the_teams_and_pairs_only_on_confirm():
    event = _event(teams=4)
    client = Client()
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/rounds/").content.decode()
    assert "4 teams without legal decklists" in page
    assert "Team C: lists missing" in page
    assert "Pair round 1 anyway" in page
    response = client.post(f"/events/{event.pk}/rounds/pair/", follow=True)
    assert "Team A (lists missing)" in response.content.decode()
    assert not Round.objects.filter(event=event).exists()
    client.post(f"/events/{event.pk}/rounds/pair/", {"confirm": "1"})
    assert Round.objects.filter(event=event, number=1).exists()


def test_dashboard_names_the_teams_before_round_one():
    event = _event(teams=4)
    client = Client()
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Collect decklists" in page
    assert "Team A" in page
