"""The event form of a store's first event: "Swiss rounds only, no top cut" is the first choice
and the default, and the form shows what each choice plays; the round length is refused in the
form's words; the organizer's time zone (the browser's) is kept and shown, and the event's
pages read their times in it; the home list says no "· Constructed" without a date."""

import datetime as dt
import re

import pytest
from django.test import Client

from pairing import services as pairing
from support import factories
from support.rounds import event_with_teams
from tournament.models import Event

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Friday 2HG", "structure": "constructed", "format": "modern", "rel": "regular",
    "team_size": 2, "round_minutes": 50, "swiss_rounds": "", "top_cut": "0",
    "udc_rule": "mtr", "penalty_policy": "match_point", "tiebreak_order": "team",
}  # fmt: skip


@pytest.fixture
def organizer():
    client = Client()
    client.force_login(factories.user("olivia"))
    return client


def test_swiss_only_is_the_first_choice_and_the_default(organizer):
    page = organizer.get("/events/new/").content.decode()
    radios = re.findall(r'name="top_cut" value="([^"]+)"', page)
    assert radios == ["0", "auto", "2", "4", "8"]
    assert re.search(r'name="top_cut" value="0"[^>]* checked', page)
    assert "Swiss rounds only, no top cut" in page


def test_the_new_form_shows_what_each_choice_plays(organizer):
    page = organizer.get("/events/new/").content.decode()
    preview = page.split('id="plan-preview"', 1)[1]
    six = preview.split("6 teams", 1)[1].split("<h3>", 1)[0]
    assert "3 Swiss rounds, no top cut" in six  # not App. E's bracket with byes
    assert "top 4" in six or "Top 4" in six


def test_the_edit_form_shows_the_plans_for_the_teams_registered():
    event, _teams = event_with_teams(6, swiss_rounds=None)
    client = Client()
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/edit/").content.decode()
    preview = page.split('id="plan-preview"', 1)[1]
    assert "6 teams" in preview
    assert "8 teams" not in preview


def test_a_round_length_out_of_range_is_refused_in_the_forms_words(organizer):
    for minutes in ("-5", "5", "500"):
        page = organizer.post("/events/new/", {**FORM, "round_minutes": minutes}).content.decode()
        assert "Round length must be between 20 and 240 minutes." in page
        assert "Ensure this value" not in page
    assert not Event.objects.exists()


def test_the_organizers_time_zone_is_kept_shown_and_used(organizer):
    response = organizer.post("/events/new/", {**FORM, "time_zone": "Europe/Madrid"})
    event = Event.objects.get()
    assert response["Location"] == f"/events/{event.pk}/"
    assert event.time_zone == "Europe/Madrid"
    page = organizer.get(f"/events/{event.pk}/").content.decode()
    assert '<dd id="event-time-zone">Europe/Madrid</dd>' in page
    for name in ("Red", "Blue"):
        factories.team(event, name, [f"{name} A", f"{name} B"])
    round_ = pairing.round_pair_next(event=event, seed=1)
    published = dt.datetime(2026, 11, 20, 18, 5, tzinfo=dt.UTC)  # 19:05 in Madrid
    pairing.round_publish(round_=round_)
    type(round_).objects.filter(pk=round_.pk).update(published_at=published)
    rounds = organizer.get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert "Published at 19:05" in rounds


def test_an_unknown_time_zone_is_refused(organizer):
    page = organizer.post("/events/new/", {**FORM, "time_zone": "Mars/Olympus"}).content.decode()
    assert "Unknown time zone" in page
    assert not Event.objects.exists()


def test_the_creation_form_fills_in_the_browsers_zone(organizer):
    page = organizer.get("/events/new/").content.decode()
    assert "data-browser-zone" in page
    assert "js/timezone.js" in page


def test_the_home_list_says_no_separator_without_a_date():
    factories.event(factories.user("olivia"), name="No date yet", public=True)
    page = Client().get("/").content.decode()
    meta = page.split("No date yet", 1)[1].split("</li>", 1)[0]
    assert re.search(r'<span class="meta">\s*·', meta) is None
