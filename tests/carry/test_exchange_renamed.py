"""An event file written before a model was renamed still imports: its judging settings, once
judging.ClockSettings, are read as judging.JudgingSettings (carry.services.exchange.RENAMED)."""

import json

import pytest

from carry.services import exchange
from judging import services as judging_services
from judging.models import JudgingSettings
from support import factories

pytestmark = pytest.mark.django_db


def test_an_older_file_with_clock_settings_imports_them_as_the_judging_settings():
    event = factories.event(name="Friday 2HG")
    judging_services.judging_settings_update(
        event=event,
        turn_zero_is_additional=True,
        playoff_minutes=75,
        final_minutes=120,
        head_judge_only=False,
    )
    data = json.loads(exchange.event_export_json(event=event))
    assert len(data["models"]["judging.JudgingSettings"]) == 1
    data["models"]["judging.ClockSettings"] = data["models"].pop("judging.JudgingSettings")

    imported = exchange.event_import(data=data)

    row = JudgingSettings.objects.get(event=imported)
    assert (row.playoff_minutes, row.final_minutes) == (75, 120)
    assert (row.turn_zero_is_additional, row.head_judge_only) == (True, False)
