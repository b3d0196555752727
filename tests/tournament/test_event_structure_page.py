"""The event page states the structure that will be paired and whether the event can be
sanctioned (MTR 10.1, 10.2, 3.2, App. B)."""

import re

import pytest

from pairing.selectors import settings as pairing_settings
from support import factories
from support.rounds import event_with_teams
from tournament.services import events as svc

pytestmark = pytest.mark.django_db


def _page(client, event) -> str:
    client.force_login(event.organizer)
    return client.get(f"/events/{event.pk}/").content.decode()


def test_the_dashboard_shows_an_explicit_no_top_cut_as_it_will_be_paired(client):
    """6 teams, automatic Swiss rounds, no top cut: 3 Swiss rounds, not App. E's bracket."""
    event, _ = event_with_teams(6, swiss_rounds=None, top_cut=0, top_cut_automatic=False)
    page = _page(client, event)
    assert "3 Swiss rounds, no top cut (Swiss rounds from the count of 6 teams)." in page
    assert "Sanctionable: yes." in page


def test_the_dashboard_shows_the_automatic_structure(client):
    event, _ = event_with_teams(6, swiss_rounds=None)
    assert "No Swiss round: a single-elimination bracket of 8" in _page(client, event)


def test_the_dashboard_says_why_an_event_cannot_be_sanctioned(client):
    event = factories.event(format="pauper", round_minutes=30, swiss_rounds=1)
    page = _page(client, event)
    assert "Sanctionable: no, because 0 teams, fewer than 4 (MTR 10.1)" in page
    assert "1 round, fewer than 2 (MTR 10.2)" in page
    assert "rounds of 30 minutes, under 40 (MTR App. B)" in page
    assert "Pauper is not a format sanctioned for Two-Headed Giant (MTR 3.2)" in page


def test_the_edit_form_offers_automatic_and_no_top_cut_separately(client):
    event, _ = event_with_teams(6, swiss_rounds=None)
    client.force_login(event.organizer)
    form = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert re.search(r'value="auto"[^>]* checked', form)
    data = {
        "name": event.name, "structure": "constructed", "format": "modern", "rel": "regular",
        "team_size": 2, "round_minutes": 50, "swiss_rounds": "", "top_cut": "0",
        "udc_rule": "mtr", "penalty_policy": "match_point", "tiebreak_order": "team",
    }  # fmt: skip
    assert client.post(f"/events/{event.pk}/edit/", data).status_code == 302
    event.refresh_from_db()
    chosen = pairing_settings.of(event)
    assert (chosen.top_cut, chosen.top_cut_automatic, chosen.swiss_rounds) == (0, False, None)
    svc.event_update(event=event, tiebreak_oomw=True)
    event.refresh_from_db()
    assert pairing_settings.of(event).tiebreak_oomw
