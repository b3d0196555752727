"""Registration pages: forms answer bad input with messages, never a 500; nothing half-saved."""

import re

import pytest
from django.test import Client

from support import factories
from tournament.models import Event, Team
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(world):
    client = Client()
    client.force_login(world.alice)
    return client


def test_create_event_page_shows_format_error(db):
    client = Client()
    client.force_login(factories.user("ann"))
    response = client.post(
        "/events/new/",
        {"name": "X", "structure": "constructed", "format": "", "rel": "regular", "team_size": 2,
         "round_minutes": 60, "top_cut": 0, "udc_rule": "mtr", "penalty_policy": "match_point",
         "tiebreak_order": "team"},
    )  # fmt: skip
    assert response.status_code == 200
    assert "A constructed event needs a format." in response.content.decode()
    assert Event.objects.count() == 0


def test_create_event_page_requires_login(client):
    response = client.get("/events/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


def test_dashboard_tells_organizer_to_register_teams(db):
    alice = factories.user("ann")
    event = factories.event(alice)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Next: Register teams" in page


def test_dashboard_next_step_counts_teams(alice_client, world):
    page = alice_client.get(f"/events/{world.event.pk}/").content.decode()
    assert "2 teams so far" in page


def test_register_team_page_shows_duplicate_player_error(alice_client, world):
    response = alice_client.post(
        f"/events/{world.event.pk}/teams/",
        {"name": "Copy", "player1": "Rita", "wizards1": "", "player2": "New", "wizards2": ""},
    )
    assert response.status_code == 200
    assert "Rita is already registered in team" in response.content.decode()
    assert not Team.objects.filter(name="Copy").exists()


def test_register_team_page_refuses_bidi_override(alice_client, world):
    response = alice_client.post(
        f"/events/{world.event.pk}/teams/",
        {"name": "Team \u202eevil", "player1": "A", "wizards1": "", "player2": "B", "wizards2": ""},
    )
    assert "right-to-left" in response.content.decode()


def test_csv_preview_page_lists_row_errors_and_saves_nothing(alice_client, world):
    response = alice_client.post(
        f"/events/{world.event.pk}/teams/import/", {"text": "Good,Ann,Art\nBad,Solo\n"}
    )
    page = response.content.decode()
    assert "found 2 columns" in page
    assert "Fix the rows marked above" in page
    assert not Team.objects.filter(name="Good").exists()


def test_csv_confirm_registers_teams(alice_client, world):
    response = alice_client.post(
        f"/events/{world.event.pk}/teams/import/", {"text": "Good,Ann,Art\n", "confirm": "1"}
    )
    assert response.status_code == 302
    assert Team.objects.get(name="Good").players.count() == 2


def test_csv_upload_that_is_not_utf8_is_a_form_error(alice_client, world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("teams.csv", b"\xff\xfe\x00bad", content_type="text/csv")
    response = alice_client.post(f"/events/{world.event.pk}/teams/import/", {"file": upload})
    assert "not UTF-8" in response.content.decode()


def test_team_manage_swap_drop_and_new_key(alice_client, world):
    url = f"/events/{world.event.pk}/teams/{world.red.pk}/"
    rita, rob = world.red.players.order_by("seat")
    alice_client.post(url, {"action": "swap", "seat_order": [rob.pk, rita.pk]})
    assert list(world.red.players.order_by("seat").values_list("name", flat=True)) == [
        "Rob",
        "Rita",
    ]
    old_key = world.red.access_key
    alice_client.post(url, {"action": "new_key"})
    world.red.refresh_from_db()
    assert world.red.access_key != old_key
    assert Client().get(f"/t/{old_key}/").status_code == 404
    alice_client.post(url, {"action": "drop"})
    world.red.refresh_from_db()
    assert world.red.dropped


def test_team_private_page_shows_team_and_unknown_key_is_404(client, world):
    page = client.get(f"/t/{world.red.access_key}/").content.decode()
    assert "Team Red" in page
    assert "Rita" in page
    assert client.get("/t/not-a-key/").status_code == 404


def test_staff_page_adds_judge(alice_client, world):
    alice_client.post(f"/events/{world.event.pk}/staff/", {"username": "charlie", "role": "judge"})
    assert world.event.staff.filter(user=world.charlie, role="judge").exists()
    response = alice_client.post(
        f"/events/{world.event.pk}/staff/", {"username": "ghost", "role": "judge"}
    )
    assert "No user named" in response.content.decode()


def test_home_lists_public_events_for_anonymous(client, world):
    page = client.get("/").content.decode()
    assert "Other event" in page
    assert "Spring 2HG" not in page


def test_forms_speak_in_words_and_stop_at_the_servers_limits(alice_client, world):
    edit = alice_client.get(f"/events/{world.event.pk}/edit/").content.decode()
    assert "Rules Enforcement Level" in edit
    assert "Unified Deck Construction rule" in edit
    assert ">Rel<" not in edit
    assert ">Udc rule<" not in edit
    assert 'maxlength="120"' in re.search(r'<input[^>]*name="name"[^>]*>', edit)[0]
    teams = alice_client.get(f"/events/{world.event.pk}/teams/").content.decode()
    for name, limit in (("name", 80), ("player1", 80), ("wizards1", 40)):
        assert f'maxlength="{limit}"' in re.search(rf'<input[^>]*name="{name}"[^>]*>', teams)[0]


def test_duplicated_wizards_id_is_named_as_such(alice_client, world):

    tournament_teams.player_update(player=world.red.players.first(), wizards_id="12345")
    response = alice_client.post(
        f"/events/{world.event.pk}/teams/",
        {"name": "Copy", "player1": "Someone Else", "wizards1": "12345", "player2": "New",
         "wizards2": ""},
    )  # fmt: skip
    assert "that Wizards Account ID is already registered in team" in response.content.decode()


def test_locked_setting_is_named_in_words(alice_client, world):
    from pairing import services as pairing

    for _ in range(2):
        factories.team(world.event)
    pairing.round_pair_next(event=world.event)
    response = alice_client.post(
        f"/events/{world.event.pk}/edit/",
        {"name": "Spring 2HG", "structure": "constructed", "format": "legacy", "rel": "regular",
         "team_size": 2, "round_minutes": 60, "top_cut": 0, "udc_rule": "mtr",
         "penalty_policy": "match_point", "tiebreak_order": "team", "public": ""},
    )  # fmt: skip
    page = response.content.decode()
    assert "The format cannot change once round 1 is paired." in page
    assert "format cannot change" not in page.replace("The format cannot", "")
