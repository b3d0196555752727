"""The Game Loss policy (docs/rules.md "Penalties") is the event's judging settings'
(judging.JudgingSettings), read through judging.selectors.settings.of and shown and set with
the event's own settings (tournament.hooks.EVENT_SETTINGS)."""

import pytest

from judging.models import JudgingSettings
from judging.selectors import settings as judging_settings
from support import factories
from tournament.models import Event
from tournament.services import events as event_svc

pytestmark = pytest.mark.django_db


def test_an_event_with_the_default_policy_saves_no_row():
    event = factories.event(penalty_policy="match_point")
    assert judging_settings.of(Event.objects.get(pk=event.pk)).penalty_policy == "match_point"
    assert not JudgingSettings.objects.filter(event=event).exists()


def test_the_event_service_stores_the_policy_in_the_judging_settings():
    event = factories.event()
    updated = event_svc.event_update(event=event, penalty_policy="ipg")
    assert judging_settings.of(updated).penalty_policy == "ipg"
    row = JudgingSettings.objects.get(event=event)
    assert (row.penalty_policy, row.head_judge_only, row.playoff_minutes) == ("ipg", True, 90)


def test_the_policy_may_change_once_round_1_is_paired():
    """Not a setting of the structure (MTR 10.2 fixes those): the service takes it."""
    event = factories.event()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event_svc.event_update(event=event, penalty_policy="ipg")
    assert JudgingSettings.objects.get(event=event).penalty_policy == "ipg"


def test_the_event_form_shows_the_policy(client):
    event = factories.event(penalty_policy="ipg")
    client.force_login(event.organizer)
    form = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert '<option value="ipg" selected>' in form
