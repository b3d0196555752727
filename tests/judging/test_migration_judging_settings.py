"""ClockSettings became JudgingSettings (judging 0007): an event's saved judging settings, the
head judge's authority over severe penalties with them, survive the rename."""

import pytest

from support.migrations import latest as leaves
from support.migrations import migrate as _migrate


@pytest.mark.django_db(transaction=True)
def test_saved_judging_settings_are_kept_by_the_rename():
    latest = leaves()
    # Every other app at its latest: judging just before the rename.
    old = _migrate(
        [
            ("judging", "0006_limited_timers"),
            ("tournament", "0018_remove_event_udc_rule"),  # before judging 0008's move
            ("pairing", "0006_round_request_id"),  # before pairing 0007's move
            *(n for n in latest if n[0] not in ("judging", "tournament", "pairing")),
        ]
    )
    user = old.get_model("auth", "User").objects.create(username="olga")
    event = old.get_model("tournament", "Event").objects.create(
        name="Old 2HG", structure="sealed", organizer=user
    )
    old.get_model("judging", "ClockSettings").objects.create(
        event=event, playoff_minutes=75, final_minutes=120, head_judge_only=False
    )

    _migrate(latest)

    from judging.models import JudgingSettings
    from judging.selectors import settings

    row = JudgingSettings.objects.get(event_id=event.pk)
    assert (row.playoff_minutes, row.final_minutes, row.head_judge_only) == (75, 120, False)
    assert settings.of(row.event) == row
