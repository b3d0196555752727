"""The event's judging settings (judging.models.JudgingSettings): shown on the event page, edited by
the head judge or the organizer; the head judge's severe penalties relaxed per event (IPG 1.2;
docs/rules.md "Penalties")."""

import pytest
from django.test import Client

from judging import services
from judging.errors import HeadJudgeOnly
from judging.models import JudgingSettings as ClockSettings
from judging.models import Penalty
from judging.selectors import settings as judging_settings
from support import actors

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _form(**kw):
    form = {"playoff_minutes": "75", "final_minutes": "", "turn_zero_is_additional": "1"}
    form.update(kw)
    return form


def test_the_event_page_shows_the_settings_and_the_head_judge_edits_them(table, world):
    page = _client(world.hank).get(f"/events/{table.event.pk}/").content.decode()
    assert "Top-cut rounds" in page
    assert "90 minutes" in page
    assert "issued by the head judge" in page
    assert 'name="playoff_minutes"' in page
    done = _client(world.hank).post(f"/events/{table.event.pk}/judging/settings/", _form())
    assert done.status_code == 302
    row = ClockSettings.objects.get(event=table.event)
    assert (row.playoff_minutes, row.final_minutes) == (75, None)
    assert (row.turn_zero_is_additional, row.head_judge_only) == (True, False)
    assert row.updated_by == world.hank
    page = _client(world.judy).get(f"/events/{table.event.pk}/").content.decode()
    assert "75 minutes" in page
    assert "issued by any judge of the event" in page
    assert 'name="playoff_minutes"' not in page  # a judge reads them, does not edit


def test_a_judge_or_scorekeeper_cannot_change_them(table, world):
    for user in (world.judy, world.sam):
        response = _client(user).post(f"/events/{table.event.pk}/judging/settings/", _form())
        assert response.status_code == 403
    assert not ClockSettings.objects.exists()


@pytest.mark.parametrize("bad", ["0", "601", "ninety"])
def test_bad_minutes_are_refused_and_nothing_saved(table, world, bad):
    page = _client(world.hank).post(
        f"/events/{table.event.pk}/judging/settings/", _form(playoff_minutes=bad), follow=True
    )
    assert "Judging settings not saved" in page.content.decode()
    assert judging_settings.of(table.event).playoff_minutes == 90


def test_a_judge_issues_a_match_loss_once_the_event_relaxes_the_head_judge_rule(table, world):
    """IPG 1.2 makes Game Loss or more the head judge's; docs/rules.md: relaxable per event."""
    rita = table.player(table.red)
    kw = {
        "event": table.event,
        "player": rita,
        "infraction_code": "TE-OA",
        "actor": actors.judge(table.event, world.judy),
    }
    with pytest.raises(HeadJudgeOnly):
        actors.issue_penalty(**kw)
    services.judging_settings_update(
        event=table.event,
        turn_zero_is_additional=False,
        playoff_minutes=90,
        final_minutes=None,
        head_judge_only=False,
    )
    row = actors.issue_penalty(**kw).penalty
    assert row.penalty == "match_loss"
    with pytest.raises(HeadJudgeOnly):  # overriding stays the head judge's
        actors.issue_penalty(
            **{**kw, "infraction_code": "GPE-LEC"},
            penalty="none",
            override_reason="x",
        )
    assert Penalty.objects.count() == 1
