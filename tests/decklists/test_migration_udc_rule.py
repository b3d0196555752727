"""The Unified Deck Construction rule moved from tournament's Event to decklists.EventDeckRules
(decklists 0006, tournament 0018): every event keeps its rule (MTR 8.4), its other deck rules with
it."""

import pytest

from support.migrations import latest as leaves
from support.migrations import migrate as _migrate


@pytest.mark.django_db(transaction=True)
def test_every_events_udc_rule_is_kept_by_the_move():
    latest = leaves()
    # Every other app at its latest: tournament and decklists just before the move (and the
    # apps whose migrations depend on tournament's later ones stepped back with it).
    old = _migrate(
        [
            ("tournament", "0017_event_match_format"),
            ("decklists", "0005_limited_setup_opened_pools_and_swap"),
        ]
    )
    user = old.get_model("auth", "User").objects.create(username="olga")
    Event = old.get_model("tournament", "Event")
    older = Event.objects.create(
        name="Old rule",
        structure="constructed",
        format="modern",
        organizer=user,
        udc_rule="combined_four",
    )
    with_bans = Event.objects.create(
        name="Old rule, own bans",
        structure="constructed",
        format="legacy",
        organizer=user,
        udc_rule="combined_four",
    )
    old.get_model("decklists", "EventDeckRules").objects.create(
        event=with_bans, two_headed_giant_bans=["Erayo, Soratami Ascendant"]
    )
    today = Event.objects.create(
        name="Today's rule", structure="constructed", format="modern", organizer=user
    )

    _migrate(latest)

    from decklists.models import EventDeckRules
    from decklists.selectors import deck_rules
    from tournament.models import Event as EventNow

    assert deck_rules.of(EventNow.objects.get(pk=older.pk)).udc_rule == "combined_four"
    row = EventDeckRules.objects.get(event_id=with_bans.pk)
    assert (row.udc_rule, row.two_headed_giant_bans) == (
        "combined_four",
        ["Erayo, Soratami Ascendant"],
    )
    assert deck_rules.of(EventNow.objects.get(pk=today.pk)).udc_rule == "mtr"
    assert not EventDeckRules.objects.filter(event_id=today.pk).exists()  # the default: no row
