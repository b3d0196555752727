"""A Swiss round's length (docs/rules.md "End of round": 20 to 240 minutes, Tandem's default 60)
is the event's judging settings' (judging.JudgingSettings), beside the playoff's and the final's:
read through judging.selectors.settings.of and shown and set with the event's own settings
(tournament.hooks.EVENT_SETTINGS)."""

from datetime import timedelta

import pytest

from core.errors import ServiceError
from judging.domain.clock_round import round_length_for
from judging.models import JudgingSettings
from judging.selectors import clock as clock_selectors
from judging.selectors import settings as judging_settings
from support import factories
from tournament.models import Event
from tournament.services import events as event_svc

pytestmark = pytest.mark.django_db


def test_an_event_with_the_default_length_saves_no_row():
    event = factories.event(round_minutes=60)
    assert judging_settings.of(Event.objects.get(pk=event.pk)).round_minutes == 60
    assert not JudgingSettings.objects.filter(event=event).exists()


def test_the_event_service_stores_the_length_in_the_judging_settings():
    event = factories.event()
    updated = event_svc.event_update(event=event, round_minutes=45)
    assert judging_settings.of(updated).round_minutes == 45
    row = JudgingSettings.objects.get(event=event)
    assert (row.round_minutes, row.playoff_minutes, row.penalty_policy) == (45, 90, "match_point")


@pytest.mark.parametrize("minutes", [19, 241, "60", True, None])
def test_a_length_out_of_20_to_240_is_refused_naming_the_field(minutes):
    event = factories.event()
    with pytest.raises(ServiceError) as refused:
        event_svc.event_update(event=event, round_minutes=minutes)
    assert "round_minutes" in refused.value.errors
    assert not JudgingSettings.objects.filter(event=event).exists()


def test_a_new_event_with_a_wrong_length_is_not_made():
    organizer = factories.user()
    with pytest.raises(ServiceError):
        factories.event(organizer=organizer, name="Too short", round_minutes=10)
    assert not Event.objects.filter(name="Too short").exists()


def test_the_swiss_round_starts_with_the_events_length():
    event = factories.settings(factories.event(), round_minutes=55)
    limits = clock_selectors.time_limits(judging_settings.of(event))
    assert round_length_for("swiss", False, limits) == timedelta(minutes=55)


def test_the_event_page_and_form_show_the_length(client):
    event = factories.settings(factories.event(), round_minutes=75)
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "75 minutes each" in page
    form = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert 'name="round_minutes" value="75"' in form
