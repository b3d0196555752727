"""An event file written while the Unified Deck Construction rule, the Game Loss policy or a
Swiss round's length was a field of the event's row still imports: the rule goes to the event's
deck rules (decklists.EventDeckRules), the policy and the length to its judging settings
(judging.JudgingSettings), through tournament.hooks.EVENT_SETTINGS; a file of today carries them
in those rows."""

import json

import pytest

from carry.services import exchange
from decklists.models import EventDeckRules
from decklists.selectors import deck_rules
from decklists.services import decklists as deck_services
from judging.models import JudgingSettings
from judging.selectors import settings as judging_settings
from support import factories

pytestmark = pytest.mark.django_db


def test_the_udc_rule_is_carried_in_the_deck_rules():
    event = factories.event(name="Old rule", udc_rule="combined_four")
    data = json.loads(exchange.event_export_json(event=event))
    assert "udc_rule" not in data["models"]["tournament.Event"][0]
    assert data["models"]["decklists.EventDeckRules"][0]["udc_rule"] == "combined_four"

    imported = exchange.event_import(data=data)

    assert deck_rules.of(imported).udc_rule == "combined_four"


def test_an_older_file_with_the_rule_on_the_event_row_imports_it():
    event = factories.event(name="Old rule")
    data = json.loads(exchange.event_export_json(event=event))
    assert data["models"]["decklists.EventDeckRules"] == []  # no rule saved: the default
    data["models"]["tournament.Event"][0]["udc_rule"] = "combined_four"

    imported = exchange.event_import(data=data)

    assert EventDeckRules.objects.get(event=imported).udc_rule == "combined_four"


def test_an_older_file_with_other_deck_rules_keeps_them_with_the_rule():
    event = factories.event(name="Own bans")
    deck_services.two_headed_giant_bans_set(event=event, names=["Erayo, Soratami Ascendant"])
    data = json.loads(exchange.event_export_json(event=event))
    (row,) = data["models"]["decklists.EventDeckRules"]
    del row["udc_rule"]  # as written before the move
    data["models"]["tournament.Event"][0]["udc_rule"] = "combined_four"

    imported = exchange.event_import(data=data)

    rules = EventDeckRules.objects.get(event=imported)
    assert rules.udc_rule == "combined_four"
    assert rules.two_headed_giant_bans == row["two_headed_giant_bans"]
    assert len(rules.two_headed_giant_bans) == 1


def test_an_older_file_with_the_penalty_policy_on_the_event_row_imports_it():
    """The Game Loss policy, once the event's, is the judging settings' (docs/rules.md
    "Penalties")."""
    event = factories.event(name="IPG event", penalty_policy="ipg")
    data = json.loads(exchange.event_export_json(event=event))
    assert data["models"]["judging.JudgingSettings"][0]["penalty_policy"] == "ipg"
    data["models"]["judging.JudgingSettings"] = []
    data["models"]["tournament.Event"][0]["penalty_policy"] = "ipg"

    imported = exchange.event_import(data=data)

    assert JudgingSettings.objects.get(event=imported).penalty_policy == "ipg"
    assert judging_settings.of(imported).penalty_policy == "ipg"


def test_an_older_file_with_the_round_length_on_the_event_row_imports_it():
    """A Swiss round's length, once the event's, is the judging settings' (docs/rules.md "End of
    round"); an older file's event row always held it, the default 60 too."""
    event = factories.settings(factories.event(name="Long rounds"), round_minutes=80)
    data = json.loads(exchange.event_export_json(event=event))
    assert "round_minutes" not in data["models"]["tournament.Event"][0]
    assert data["models"]["judging.JudgingSettings"][0]["round_minutes"] == 80
    data["models"]["judging.JudgingSettings"] = []
    data["models"]["tournament.Event"][0].update(round_minutes=80, penalty_policy="ipg")

    imported = exchange.event_import(data=data)

    row = JudgingSettings.objects.get(event=imported)
    assert (row.round_minutes, row.penalty_policy) == (80, "ipg")
    assert judging_settings.of(imported).round_minutes == 80
