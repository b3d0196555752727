"""The pairing settings (pairing.models.PairingSettings) written with the event's own through
tournament.hooks.EVENT_SETTINGS: a row only where a setting is not the default, every problem
of a call named in one refusal with the event's own, the automatic top cut derived as the API
always did (MTR App. E), the pods lifted only at Regular REL (MTR 7.6)."""

import pytest

from core.errors import ServiceError
from pairing.models import PairingSettings
from pairing.selectors import settings as pairing_settings
from pairing.services.settings import pairing_settings_set, with_automatic_cut
from support import factories
from support.api_clients import client_for
from tournament.models import Event
from tournament.services import events as svc

pytestmark = pytest.mark.django_db


def test_an_event_with_the_defaults_has_no_row_and_reads_them():
    event = factories.event(swiss_rounds=None, top_cut=0, top_cut_automatic=False)
    assert not PairingSettings.objects.filter(event=event).exists()
    fresh = Event.objects.get(pk=event.pk)
    chosen = pairing_settings.of(fresh)
    assert (chosen.swiss_rounds, chosen.top_cut, chosen.tiebreak_order) == (None, 0, "team")


def test_a_setting_saved_is_read_with_the_event_in_one_join(django_assert_num_queries):
    event = factories.event(swiss_rounds=5, top_cut=8)
    with django_assert_num_queries(1):
        fresh = Event.objects.select_related("pairing_settings").get(pk=event.pk)
        assert (pairing_settings.of(fresh).swiss_rounds, pairing_settings.of(fresh).top_cut) == (
            5,
            8,
        )


def test_one_refusal_names_the_events_problems_and_the_pairing_settings_problems():
    with pytest.raises(ServiceError) as caught:
        factories.event(name="", swiss_rounds=31, top_cut=6, tiebreak_order="alphabetical")
    assert set(caught.value.errors) == {"name", "swiss_rounds", "top_cut", "tiebreak_order"}
    assert not Event.objects.filter(name="").exists()  # nothing half-saved


def test_a_refused_update_saves_neither_the_event_nor_its_pairing_settings():
    event = factories.event(name="Friday", swiss_rounds=3)
    with pytest.raises(ServiceError):
        svc.event_update(event=event, name="Saturday", swiss_rounds=3, top_cut=5)
    fresh = Event.objects.get(pk=event.pk)
    assert fresh.name == "Friday"
    assert (pairing_settings.of(fresh).swiss_rounds, pairing_settings.of(fresh).top_cut) == (3, 0)


def test_a_change_of_rel_is_refused_while_the_pods_are_lifted():
    """MTR 7.6: only at Regular REL may the organizer lift the pods; raising the REL of an event
    that lifted them names the setting that stands in the way."""
    event = factories.event(structure="draft", format="", rel="regular", pods_lifted=True)
    with pytest.raises(ServiceError) as caught:
        svc.event_update(event=event, rel="competitive")
    assert set(caught.value.errors) == {"pods_lifted"}
    svc.event_update(event=event, rel="competitive", pods_lifted=False)
    assert Event.objects.get(pk=event.pk).rel == "competitive"


def test_the_service_refuses_what_it_is_given_wrong_by_itself():
    event = factories.event(rel="competitive", swiss_rounds=3)
    with pytest.raises(ServiceError) as caught:
        pairing_settings_set(event=event, swiss_rounds=-1, tiebreak_oomw="yes", pods_lifted=True)
    assert set(caught.value.errors) == {"swiss_rounds", "tiebreak_oomw", "pods_lifted"}
    row = PairingSettings.objects.get(event=event)
    assert (row.swiss_rounds, row.tiebreak_oomw, row.pods_lifted) == (3, False, False)


@pytest.mark.parametrize(
    ("given", "now", "automatic"),
    [
        ({}, None, True),  # a new event that says nothing: App. E's rounds and cut
        ({"swiss_rounds": 4}, None, False),
        ({"top_cut": 4}, None, False),
        ({"top_cut_automatic": False}, None, False),  # said: kept, rounds not defaulted
        ({"top_cut": 0}, {"swiss_rounds": None, "top_cut": 4}, True),
        ({"top_cut": 0}, {"swiss_rounds": 5, "top_cut": 4}, False),
        ({"tiebreak_oomw": True}, {"swiss_rounds": None, "top_cut": 0}, None),  # not touched
    ],
)
def test_the_automatic_top_cut_follows_the_rounds_and_cut_a_call_gives(given, now, automatic):
    assert with_automatic_cut(given, now).get("top_cut_automatic") == automatic


def test_the_api_takes_null_swiss_rounds_and_refuses_out_of_range_ones_as_400():
    """The event API's pairing fields read and take the event whole: null Swiss rounds is
    "automatic", a negative count a 400 naming the field, a top cut outside 0, 2, 4, 8 too."""
    organizer = factories.user()
    event = factories.event(organizer, swiss_rounds=4)
    api = client_for(organizer)
    url = f"/api/v1/events/{event.pk}/"
    answer = api.patch(url, {"swiss_rounds": None}, format="json")
    assert answer.status_code == 200, answer.content
    assert (answer.json()["swiss_rounds"], answer.json()["top_cut_automatic"]) == (None, True)
    for wrong in ({"swiss_rounds": -1}, {"swiss_rounds": 31}, {"top_cut": 6}):
        answer = api.patch(url, wrong, format="json")
        assert answer.status_code == 400, (wrong, answer.content)
        assert set(wrong) <= set(answer.json()), answer.json()  # {field: [messages]}
    assert pairing_settings.of(Event.objects.get(pk=event.pk)).swiss_rounds is None
