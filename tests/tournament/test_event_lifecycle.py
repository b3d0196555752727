"""Archive and delete events: with confirmation; a played event is archived, never deleted."""

import pytest
from django.test import Client

from pairing import services as pairing
from support import factories
from support.rounds import event_with_teams
from tournament.models import Event

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_archive_takes_the_event_off_the_home_page_and_back():
    alice = factories.user()
    event = factories.event(alice, name="Gone Fishing")
    client = _client(alice)
    edit = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert "<summary>Archive this event</summary>" in edit
    client.post(f"/events/{event.pk}/archive/", {"action": "archive"}, follow=True)
    home = client.get("/").content.decode()
    assert "Gone Fishing" not in home
    assert "Archived events (1)" in home
    assert "Gone Fishing" in client.get("/?archived=1").content.decode()
    client.post(f"/events/{event.pk}/archive/", {"action": "unarchive"}, follow=True)
    assert "Gone Fishing" in client.get("/").content.decode()


def test_unplayed_event_is_deleted():
    alice = factories.user()
    event = factories.event(alice)
    factories.team(event)
    response = _client(alice).post(f"/events/{event.pk}/delete/")
    assert response["Location"] == "/"
    assert not Event.objects.filter(pk=event.pk).exists()


def test_played_event_is_not_deleted_and_offers_archive():
    event, _teams = event_with_teams(4)
    pairing.round_pair_next(event=event)
    client = _client(event.organizer)
    edit = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert "Delete this event" not in edit
    assert "archive it, so its results are kept" in edit
    client.post(f"/events/{event.pk}/delete/")
    assert Event.objects.filter(pk=event.pk).exists()


def test_only_the_organizer_archives_or_deletes(world):
    client = _client(world.sam)
    assert client.post(f"/events/{world.event.pk}/archive/").status_code == 403
    assert client.post(f"/events/{world.event.pk}/delete/").status_code == 403
    assert Event.objects.get(pk=world.event.pk).archived_at is None
