"""A Swiss round's length moved from tournament's Event to judging.JudgingSettings (judging 0009,
tournament 0020): every event keeps its length (docs/rules.md "End of round"), its other judging
settings with it, and the check of 20 to 240 minutes moved with the field."""

import pytest
from django.db import IntegrityError, transaction

from support import factories
from support.migrations import latest as leaves
from support.migrations import migrate as _migrate


@pytest.mark.django_db(transaction=True)
def test_every_events_round_length_is_kept_by_the_move():
    latest = leaves()
    old = _migrate(
        [
            ("tournament", "0019_remove_event_penalty_policy"),
            ("judging", "0008_judgingsettings_penalty_policy"),
        ]
    )
    user = old.get_model("auth", "User").objects.create(username="olga")
    Event = old.get_model("tournament", "Event")
    short = Event.objects.create(name="Short", structure="sealed", organizer=user, round_minutes=50)
    long_ipg = Event.objects.create(
        name="Long, IPG", structure="sealed", organizer=user, round_minutes=75
    )
    old.get_model("judging", "JudgingSettings").objects.create(
        event=long_ipg, playoff_minutes=100, penalty_policy="ipg"
    )
    usual = Event.objects.create(name="Usual", structure="sealed", organizer=user)

    _migrate(latest)

    from judging.models import JudgingSettings
    from judging.selectors import settings
    from tournament.models import Event as EventNow

    assert settings.of(EventNow.objects.get(pk=short.pk)).round_minutes == 50
    row = JudgingSettings.objects.get(event_id=long_ipg.pk)
    assert (row.round_minutes, row.playoff_minutes, row.penalty_policy) == (75, 100, "ipg")
    assert settings.of(EventNow.objects.get(pk=usual.pk)).round_minutes == 60
    assert not JudgingSettings.objects.filter(event_id=usual.pk).exists()  # the default: no row


@pytest.mark.django_db
def test_the_database_refuses_a_round_length_out_of_20_to_240():
    from judging.models import JudgingSettings

    event = factories.event()
    for minutes in (19, 241):
        with pytest.raises(IntegrityError), transaction.atomic():
            JudgingSettings.objects.create(event=event, round_minutes=minutes)
    JudgingSettings.objects.create(event=event, round_minutes=240)
