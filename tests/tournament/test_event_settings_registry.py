"""tournament.hooks.EVENT_SETTINGS: an app above keeps event settings in its own model, and the
event's form, API, services and file take them under their names (docs/architecture.md "Event
settings"). Here an app's settings kept in memory: a "table_numbers" choice, fixed once round 1
is paired (MTR 10.2)."""

import pytest
from django import forms
from rest_framework import serializers

from carry.services import exchange
from core.errors import Conflict, ServiceError
from support import factories
from tournament.api import EventSerializer
from tournament.forms import EventForm
from tournament.hooks import EVENT_SETTINGS, EventSettings
from tournament.models import Event
from tournament.services import events as svc

pytestmark = pytest.mark.django_db

STORED: dict[int, dict[str, object]] = {}
WRITES: list[dict[str, object]] = []
CHOICES = [("seat", "By seat"), ("rank", "By rank")]


class Whole(serializers.ChoiceField):
    def to_representation(self, event):
        return _read(event)["table_numbers"]

    def to_internal_value(self, data):
        return {"table_numbers": super().to_internal_value(data)}


def _read(event: Event) -> dict[str, object]:
    return STORED.get(event.pk, {"table_numbers": "seat"})


def _write(event: Event, values) -> None:
    if values.get("table_numbers") not in dict(CHOICES):
        raise ServiceError(errors={"table_numbers": ["Unknown."]})
    WRITES.append(dict(values))
    STORED[event.pk] = {**_read(event), **values}


def _entry() -> EventSettings:
    return EventSettings(
        model="tests.TableSettings",
        related="table_settings",
        form_fields=lambda: {"table_numbers": forms.ChoiceField(choices=CHOICES)},
        api_fields=lambda: {"table_numbers": Whole(choices=CHOICES, source="*", required=False)},
        read=_read,
        write=_write,
        locked={"table_numbers": "the table numbers"},
    )


@pytest.fixture(autouse=True)
def registered():
    STORED.clear()
    WRITES.clear()
    with EVENT_SETTINGS.connected(_entry):
        yield


def test_the_service_writes_an_apps_setting_only_when_it_changes():
    event = factories.event(table_numbers="seat")
    assert WRITES == []  # the default: nothing to store
    svc.event_update(event=event, table_numbers="rank", name="Renamed")
    assert WRITES == [{"table_numbers": "rank"}]
    assert Event.objects.get(pk=event.pk).name == "Renamed"
    with pytest.raises(ServiceError) as refused:
        svc.event_update(event=event, table_numbers="diagonal")
    assert refused.value.errors == {"table_numbers": ["Unknown."]}


def test_a_locked_setting_of_an_app_is_refused_once_round_1_is_paired():
    event = factories.event()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    with pytest.raises(Conflict) as refused:
        svc.event_update(event=event, table_numbers="rank")
    assert refused.value.code == "event_started"
    assert "The table numbers cannot change" in str(refused.value)
    svc.event_update(event=event, table_numbers="seat")  # unchanged: no refusal
    assert WRITES == []


def test_the_form_shows_the_apps_setting_as_the_event_has_it():
    event = factories.event()
    STORED[event.pk] = {"table_numbers": "rank"}
    form = EventForm(instance=event)
    assert form["table_numbers"].value() == "rank"
    assert 'value="rank" selected' in str(form["table_numbers"])


def test_the_api_reads_and_takes_the_apps_setting():
    event = factories.event()
    STORED[event.pk] = {"table_numbers": "rank"}
    body = EventSerializer(event).data
    assert body["table_numbers"] == "rank"
    assert list(body)[-1] == "table_numbers"  # after the event's own fields
    data = EventSerializer(event, data={"table_numbers": "seat"}, partial=True)
    assert data.is_valid(), data.errors
    assert dict(data.validated_data) == {"table_numbers": "seat"}


def test_an_older_event_file_moves_the_setting_to_the_apps_row():
    tables = {"tournament.Event": [{"pk": 7, "name": "Old", "table_numbers": "rank"}]}
    exchange._moved_settings(tables)
    assert tables == {
        "tournament.Event": [{"pk": 7, "name": "Old"}],
        "tests.TableSettings": [{"pk": 7, "event": 7, "table_numbers": "rank"}],
    }
    # a row the file has keeps its own value
    tables = {
        "tournament.Event": [{"pk": 7, "table_numbers": "rank"}],
        "tests.TableSettings": [{"pk": 3, "event": 7, "table_numbers": "seat"}],
    }
    exchange._moved_settings(tables)
    assert tables["tests.TableSettings"] == [{"pk": 3, "event": 7, "table_numbers": "seat"}]
