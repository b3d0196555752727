"""The event file from the organizer's pages and the API (docs/api.md "Event files")."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from pairing.models import Match
from support.api_clients import client_for
from tournament.models import Event

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_organizer_downloads_the_event_file_from_the_event_page(world):
    page = _client(world.alice).get(f"/events/{world.event.pk}/")
    assert f'href="/events/{world.event.pk}/export/"' in page.content.decode()
    response = _client(world.alice).get(f"/events/{world.event.pk}/export/")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="spring-2hg-')
    data = json.loads(response.content)
    assert [t["name"] for t in data["models"]["tournament.Team"]] == ["Team Red", "Team Blue"]


@pytest.mark.parametrize("who", ["sam", "hank", "charlie", "red"])
def test_only_the_organizer_exports_the_event(world, who):
    response = client_for(getattr(world, who)).get(f"/api/v1/events/{world.event.pk}/export/")
    assert response.status_code in (403, 404)
    if who in ("sam", "hank"):  # staff see the event's page, not its file
        assert (
            f"/events/{world.event.pk}/export/"
            not in _client(getattr(world, who)).get(f"/events/{world.event.pk}/").content.decode()
        )


def test_the_api_exports_and_imports_an_event_for_its_caller(world):
    body = client_for(world.alice).get(f"/api/v1/events/{world.event.pk}/export/").json()
    response = client_for(world.charlie).post("/api/v1/events/import/", body, format="json")
    assert response.status_code == 201
    imported = Event.objects.get(pk=response.json()["id"])
    assert imported.organizer == world.charlie
    assert imported.name == "Spring 2HG"
    assert sorted(imported.teams.values_list("name", flat=True)) == ["Team Blue", "Team Red"]


def test_a_bad_file_is_a_400_with_its_reason_and_nothing_saved(world):
    before = Event.objects.count()
    response = client_for(world.charlie).post(
        "/api/v1/events/import/", {"format": "tandem-event", "version": 7}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "bad_event_file"
    assert "version 7" in response.json()["detail"]
    upload = SimpleUploadedFile("event.json", b"{not json", content_type="application/json")
    response = client_for(world.charlie).post("/api/v1/events/import/", {"file": upload})
    assert response.status_code == 400
    assert "not JSON" in response.json()["detail"]
    assert Event.objects.count() == before


def test_teams_and_nobody_cannot_import(world):
    assert (
        client_for(world.red).post("/api/v1/events/import/", {}, format="json").status_code == 403
    )
    assert client_for(None).post("/api/v1/events/import/", {}, format="json").status_code in (
        401,
        403,
    )


def test_the_import_page_takes_an_upload_and_shows_a_bad_file_s_reason(world):
    from support import rounds

    rounds.pair_and_play(world.event, 1)
    raw = _client(world.alice).get(f"/events/{world.event.pk}/export/").content
    home = _client(world.charlie).get("/")
    assert 'href="/events/import/"' in home.content.decode()
    client = _client(world.charlie)
    upload = SimpleUploadedFile("event.json", raw, content_type="application/json")
    response = client.post("/events/import/", {"file": upload})
    assert response.status_code == 302
    imported = Event.objects.filter(organizer=world.charlie).get()
    assert response["Location"] == f"/events/{imported.pk}/"
    assert Match.objects.filter(round__event=imported).count() == 1
    bad = SimpleUploadedFile("event.json", b'{"format": "x"}', content_type="application/json")
    page = client.post("/events/import/", {"file": bad}).content.decode()
    assert "not a Tandem event file" in page
    assert "Nothing was imported." in page


def test_a_file_above_the_request_size_limit_is_uploaded_as_a_multipart_file(world, settings):
    body = client_for(world.alice).get(f"/api/v1/events/{world.event.pk}/export/").json()
    body["note"] = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1000)  # a big event's size
    raw = json.dumps(body).encode()
    upload = SimpleUploadedFile("event.json", raw, content_type="application/json")
    response = client_for(world.charlie).post("/api/v1/events/import/", {"file": upload})
    assert response.status_code == 201
    settings.EVENT_FILE_MAX_MB = 1
    upload = SimpleUploadedFile("event.json", raw, content_type="application/json")
    response = client_for(world.charlie).post("/api/v1/events/import/", {"file": upload})
    assert response.status_code == 400
    assert "larger than 1 MB" in response.json()["detail"]
