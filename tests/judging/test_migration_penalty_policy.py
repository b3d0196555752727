"""The Game Loss policy moved from tournament's Event to judging.JudgingSettings (judging 0008,
tournament 0019): every event keeps its policy (docs/rules.md "Penalties"), its other judging
settings with it."""

import pytest

from support.migrations import latest as leaves
from support.migrations import migrate as _migrate


@pytest.mark.django_db(transaction=True)
def test_every_events_penalty_policy_is_kept_by_the_move():
    latest = leaves()
    old = _migrate(
        [("tournament", "0018_remove_event_udc_rule"), ("judging", "0007_judging_settings")]
    )
    user = old.get_model("auth", "User").objects.create(username="olga")
    Event = old.get_model("tournament", "Event")
    ipg = Event.objects.create(name="IPG", structure="sealed", organizer=user, penalty_policy="ipg")
    relaxed = Event.objects.create(
        name="IPG, relaxed", structure="sealed", organizer=user, penalty_policy="ipg"
    )
    old.get_model("judging", "JudgingSettings").objects.create(
        event=relaxed, playoff_minutes=75, head_judge_only=False
    )
    guide = Event.objects.create(name="2HG guide", structure="sealed", organizer=user)

    _migrate(latest)

    from judging.models import JudgingSettings
    from judging.selectors import settings
    from tournament.models import Event as EventNow

    assert settings.of(EventNow.objects.get(pk=ipg.pk)).penalty_policy == "ipg"
    row = JudgingSettings.objects.get(event_id=relaxed.pk)
    assert (row.penalty_policy, row.playoff_minutes, row.head_judge_only) == ("ipg", 75, False)
    assert settings.of(EventNow.objects.get(pk=guide.pk)).penalty_policy == "match_point"
    assert not JudgingSettings.objects.filter(event_id=guide.pk).exists()  # the default: no row
