"""The Unified Deck Construction rule (MTR 8.4) is the event's deck rules' (decklists.EventDeckRules),
read through decklists.selectors.deck_rules.of and shown, set and fixed (MTR 10.2) with the event's
own settings (tournament.hooks.EVENT_SETTINGS)."""

import pytest

from core.errors import Conflict
from decklists.models import EventDeckRules
from decklists.selectors import deck_rules
from support import factories
from tournament.models import Event
from tournament.services import events as event_svc

pytestmark = pytest.mark.django_db


def test_an_event_without_deck_rules_reads_the_default_and_saves_no_row():
    event = factories.event(udc_rule="mtr")
    assert deck_rules.of(Event.objects.get(pk=event.pk)).udc_rule == "mtr"
    assert not EventDeckRules.objects.filter(event=event).exists()


def test_the_event_service_stores_the_rule_in_the_deck_rules():
    event = factories.event()
    updated = event_svc.event_update(event=event, udc_rule="combined_four")
    assert deck_rules.of(updated).udc_rule == "combined_four"
    assert EventDeckRules.objects.get(event=event).udc_rule == "combined_four"


def test_the_rule_is_fixed_once_round_1_is_paired():
    event = factories.event(udc_rule="combined_four")
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    with pytest.raises(Conflict) as refused:
        event_svc.event_update(event=event, udc_rule="mtr")
    assert refused.value.code == "event_started"
    assert set(refused.value.errors) == {"udc_rule"}
    assert EventDeckRules.objects.get(event=event).udc_rule == "combined_four"


def test_the_event_page_and_its_form_show_the_rule(client):
    event = factories.event(udc_rule="combined_four")
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Combined decks hold at most four of a card (older rule)" in page
    form = client.get(f"/events/{event.pk}/edit/").content.decode()
    assert '<option value="combined_four" selected>' in form
    response = client.post(
        f"/events/{event.pk}/edit/",
        {
            "name": event.name, "structure": "constructed", "format": "modern", "rel": "regular",
            "team_size": 2, "round_minutes": 60, "top_cut": "0", "udc_rule": "mtr",
            "penalty_policy": "match_point", "tiebreak_order": "team", "public": "on",
        },
    )  # fmt: skip
    assert response.status_code == 302
    assert deck_rules.of(Event.objects.get(pk=event.pk)).udc_rule == "mtr"
