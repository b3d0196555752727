"""The event's settings page (/events/<id>/edit/): every setting of the event's form in one of
its topics (registration, pairing, judging, deck rules), and the judging settings the judging app
keeps beside them on the same page."""

import re

import pytest

from support import factories
from tournament.forms import EventForm

pytestmark = pytest.mark.django_db


def test_every_field_of_the_event_form_is_in_exactly_one_topic():
    placed = [name for _key, _title, names in EventForm.SECTIONS for name in names]
    assert sorted(placed) == sorted(EventForm().fields)
    assert len(placed) == len(set(placed))


def test_the_settings_page_shows_the_topics_in_order_with_the_judging_settings(client):
    event = factories.event(name="Friday 2HG")
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/edit/").content.decode()
    legends = re.findall(r"<legend>([^<]+)</legend>", page)
    assert legends == ["Registration", "Pairing", "Judging", "Deck rules"]
    pairing = page[page.index('id="settings-pairing"') : page.index('id="settings-judging"')]
    assert 'name="top_cut"' in pairing
    assert 'name="tiebreak_order"' in pairing
    assert 'name="name"' not in pairing
    # The judging app's own settings (top-cut round lengths, the head judge's authority).
    assert 'id="judging-settings"' in page
    assert 'name="playoff_minutes"' in page


def test_a_new_event_s_page_has_the_topics_and_no_judging_settings_yet(client):
    client.force_login(factories.user())
    page = client.get("/events/new/").content.decode()
    assert re.findall(r"<legend>([^<]+)</legend>", page)[0] == "Registration"
    assert 'id="judging-settings"' not in page
