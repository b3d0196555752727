"""An interrupted pairing is recoverable: the round committed and published but the answer was
lost (a 502/503 from the proxy), and the retry with the same request id gets that round back
(200) instead of a 409; the pairing page's form carries an id of its own and, sent again, says
the round exists and shows it."""

import re

import pytest
from django.test import Client

from pairing.models import Round
from support.api_clients import client_for
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event, _ = event_with_teams(4)
    return event


def test_the_retry_of_a_pairing_with_its_request_id_returns_the_round(event):
    api = client_for(event.organizer)
    url = f"/api/v1/events/{event.pk}/rounds/"
    body = {"confirm": True, "request_id": "7f3c-first-try"}
    first = api.post(url, body, format="json")
    assert first.status_code == 201
    again = api.post(url, body, format="json")
    assert again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["published"] is True
    assert Round.objects.filter(event=event).count() == 1
    # Another request id is another pairing: refused while round 1 is unfinished.
    other = api.post(url, {"confirm": True, "request_id": "second"}, format="json")
    assert other.status_code == 409


def test_a_request_id_from_another_event_pairs_nothing_there(event):
    other, _ = event_with_teams(4, organizer=event.organizer)
    api = client_for(event.organizer)
    body = {"confirm": True, "request_id": "same-id"}
    assert api.post(f"/api/v1/events/{event.pk}/rounds/", body, format="json").status_code == 201
    assert api.post(f"/api/v1/events/{other.pk}/rounds/", body, format="json").status_code == 201


def test_the_pairing_form_sent_again_shows_the_round_it_paired(event):
    page = Client()
    page.force_login(event.organizer)
    form = page.get(f"/events/{event.pk}/rounds/").content.decode()
    request_id = re.search(r'name="request_id" value="([0-9a-f]{32})"', form).group(1)
    sent = {"confirm": "1", "request_id": request_id}
    first = page.post(f"/events/{event.pk}/rounds/pair/", sent)
    assert first.status_code == 302
    again = page.post(f"/events/{event.pk}/rounds/pair/", sent, follow=True)
    assert again.status_code == 200
    assert "Round 1 was already paired by this form" in again.content.decode()
    assert Round.objects.filter(event=event).count() == 1
