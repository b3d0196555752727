"""The pairing settings moved from tournament's Event to pairing.PairingSettings (pairing 0007,
tournament 0021): every event keeps its Swiss rounds, top cut, tiebreakers and draft pods
(docs/rules.md "Swiss pairing", "Standings", "Top cut"), a row only where a setting is not the
default, and the check of the top cut's sizes moved with the field (MTR App. E: 2, 4 or 8)."""

import pytest
from django.db import IntegrityError, transaction

from support import factories
from support.migrations import latest as leaves
from support.migrations import migrate as _migrate


@pytest.mark.django_db(transaction=True)
def test_every_events_pairing_settings_are_kept_by_the_move():
    latest = leaves()
    old = _migrate(
        [("tournament", "0020_remove_event_round_minutes"), ("pairing", "0006_round_request_id")]
    )
    user = old.get_model("auth", "User").objects.create(username="olga")
    Event = old.get_model("tournament", "Event")
    fixed = Event.objects.create(
        name="Fixed", structure="sealed", organizer=user, swiss_rounds=5, top_cut=8
    )
    automatic = Event.objects.create(
        name="Automatic", structure="sealed", organizer=user, top_cut_automatic=True
    )
    ordered = Event.objects.create(
        name="Individual", structure="sealed", organizer=user, tiebreak_order="individual"
    )
    local = Event.objects.create(
        name="OOMW", structure="sealed", organizer=user, tiebreak_oomw=True, swiss_rounds=0
    )
    lifted = Event.objects.create(
        name="Lifted", structure="draft", organizer=user, pods_lifted=True
    )
    usual = Event.objects.create(name="Usual", structure="sealed", organizer=user)

    _migrate(latest)

    from pairing.models import PairingSettings
    from pairing.selectors import settings
    from tournament.models import Event as EventNow

    def chosen(event):
        row = settings.of(EventNow.objects.get(pk=event.pk))
        return (
            row.swiss_rounds, row.top_cut, row.top_cut_automatic, row.tiebreak_order,
            row.tiebreak_oomw, row.pods_lifted,
        )  # fmt: skip

    assert chosen(fixed) == (5, 8, False, "team", False, False)
    assert chosen(automatic) == (None, 0, True, "team", False, False)
    assert chosen(ordered) == (None, 0, False, "individual", False, False)
    assert chosen(local) == (0, 0, False, "team", True, False)  # 0 rounds is not "automatic"
    assert chosen(lifted) == (None, 0, False, "team", False, True)
    assert chosen(usual) == (None, 0, False, "team", False, False)
    assert not PairingSettings.objects.filter(event_id=usual.pk).exists()  # the defaults: no row
    assert PairingSettings.objects.count() == 5


@pytest.mark.django_db(transaction=True)
def test_the_move_back_restores_the_events_columns():
    latest = leaves()
    event = factories.event(swiss_rounds=4, top_cut=4, tiebreak_order="individual")
    old = _migrate(
        [("tournament", "0020_remove_event_round_minutes"), ("pairing", "0006_round_request_id")]
    )
    row = old.get_model("tournament", "Event").objects.get(pk=event.pk)
    assert (row.swiss_rounds, row.top_cut, row.tiebreak_order) == (4, 4, "individual")
    _migrate(latest)


@pytest.mark.django_db
def test_the_database_refuses_a_top_cut_that_is_not_2_4_or_8():
    from pairing.models import PairingSettings

    event = factories.event()
    with pytest.raises(IntegrityError), transaction.atomic():
        PairingSettings.objects.update_or_create(event=event, defaults={"top_cut": 6})
    PairingSettings.objects.update_or_create(event=event, defaults={"top_cut": 8})
