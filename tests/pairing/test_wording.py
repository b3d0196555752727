"""Words on the rounds pages: counts agree with their nouns, hall rows name the tables there are."""

import pytest
from django.test import Client

from pairing import services
from pairing.models import PairingChange
from support import factories
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db


def test_pairing_log_counts_matches_and_byes():
    event, _teams = event_with_teams(5)
    services.round_pair_next(event=event, seed=1)
    text = PairingChange.objects.get(kind="pair").description
    assert "2 matches, 1 bye," in text


def test_pairing_log_says_one_match():
    event, _teams = event_with_teams(2, swiss_rounds=1)
    services.round_pair_next(event=event, seed=1)
    assert "1 match," in PairingChange.objects.get(kind="pair").description


def test_hall_row_names_only_the_tables_there_are():
    event, _teams = event_with_teams(5)
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    page = Client().get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert "Tables 1-2" in page
    assert "Tables 1-10" not in page
    assert ">Bye<" in page


def test_csv_import_button_says_one_team():
    alice = factories.user()
    event = factories.event(alice)
    client = Client()
    client.force_login(alice)
    page = client.post(
        f"/events/{event.pk}/teams/import/", {"text": "Solo Team,Ann,Art\n"}
    ).content.decode()
    assert "Register 1 team<" in page


def test_dashboard_next_step_follows_a_small_event_after_round_one():
    """Three teams, round 1 played: the next step is the next round, not 'register more teams'."""
    from support.rounds import play

    event, _teams = event_with_teams(3, swiss_rounds=2)
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    play(round_)
    client = Client()
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Register more teams" not in page
    assert "Next: Pair round 2" in page


def test_unpair_asks_for_confirmation():
    event, _teams = event_with_teams(4)
    services.round_pair_next(event=event, seed=1)
    client = Client()
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert "<summary>Unpair round 1</summary>" in page
    assert "Yes, unpair round 1" in page
