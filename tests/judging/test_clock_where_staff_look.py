"""The round clock is where staff look: the dashboard and the round's page start, pause and
correct it for whoever may (the scorekeeper included); the form comes back to that page."""

import pytest
from django.test import Client

from judging.selectors import clock as clock_selectors

pytestmark = pytest.mark.django_db


def _client(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_scorekeeper_starts_the_clock_from_the_dashboard_and_comes_back(world, table):
    sam = _client(world.sam)
    dashboard = sam.get(f"/events/{world.event.pk}/").content.decode()
    assert "Round 1 clock" in dashboard
    assert 'id="clock-start"' in dashboard
    response = sam.post(
        f"/events/{world.event.pk}/clock/control/",
        {"round": 1, "action": "start", "next": f"/events/{world.event.pk}/"},
    )
    assert response.status_code == 302
    assert response["Location"] == f"/events/{world.event.pk}/"
    assert clock_selectors.clock_of(table.round).status == "running"
    after = sam.get(f"/events/{world.event.pk}/").content.decode()
    assert 'id="clock-pause"' in after
    assert 'id="clock-correct"' in after


def test_the_round_page_pauses_and_corrects_the_clock(world, table):
    sam = _client(world.sam)
    page = f"/events/{world.event.pk}/rounds/1/"
    sam.post(f"/events/{world.event.pk}/clock/control/", {"round": 1, "action": "start"})
    assert 'id="clock-pause"' in sam.get(page).content.decode()
    sam.post(
        f"/events/{world.event.pk}/clock/control/",
        {"round": 1, "action": "set_remaining", "minutes": 12, "seconds": 30, "next": page},
    )
    left = clock_selectors.clock_of(table.round).remaining_seconds
    assert 12 * 60 + 20 <= left <= 12 * 60 + 30
    sam.post(
        f"/events/{world.event.pk}/clock/control/", {"round": 1, "action": "pause", "next": page}
    )
    paused = sam.get(page).content.decode()
    assert 'id="clock-resume"' in paused
    assert "Paused" in paused


def test_the_clock_block_is_staffs_only(world, table):
    red = Client().get(f"/t/{world.red.access_key}/").content.decode()
    assert "clock-block" not in red
    world.event.public = True
    world.event.save(update_fields=["public"])
    for url in (f"/events/{world.event.pk}/", f"/events/{world.event.pk}/rounds/1/"):
        assert "clock-block" not in Client().get(url).content.decode()


def test_a_next_address_off_the_site_goes_to_the_clock_page(world, table):
    sam = _client(world.sam)
    response = sam.post(
        f"/events/{world.event.pk}/clock/control/",
        {"round": 1, "action": "start", "next": "https://evil.example/"},
    )
    assert response["Location"] == f"/events/{world.event.pk}/clock/?round=1"


def test_the_clock_block_in_spanish(world, table):
    sam = _client(world.sam)
    page = sam.get(f"/events/{world.event.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Reloj de la ronda 1" in page
    assert "Empezar la ronda 1" in page
