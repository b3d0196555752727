"""Coverage (issue 28, item 5): a feature match's extension when its players sit down (MTR 2.6:
"the round time elapsed when the players sat down, plus 3 minutes"), and a table's broadcast
page: large type, no controls, readable by staff or, where the event allows coverage, by
everyone who sees the event."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import Conflict
from judging import services as judging
from judging.models import Extension, FeatureMatch
from judging.services import coverage
from tracker.services import game_add_event

pytestmark = pytest.mark.django_db


def test_seated_players_get_the_time_elapsed_plus_three_minutes(table, world):
    """MTR 2.6: the round started 12 min 10 s ago: 13 minutes rounded up, plus 3: 16."""
    now = timezone.now()
    judging.clock_start(round_=table.round, now=now - timedelta(minutes=12, seconds=10))
    with pytest.raises(Conflict):  # not marked yet
        coverage.feature_match_seated(match=table.match, by=world.judy, now=now)
    coverage.feature_match_mark(match=table.match, feature=True, by=world.judy)
    row = coverage.feature_match_seated(match=table.match, by=world.judy, now=now)
    assert (row.extension.minutes, row.extension.reason) == (16, "feature_match")
    with pytest.raises(Conflict):
        coverage.feature_match_seated(match=table.match, by=world.judy, now=now)
    coverage.feature_match_mark(match=table.match, feature=False, by=world.judy)
    assert not FeatureMatch.objects.exists()
    assert Extension.objects.get().minutes == 16  # the extension given stays


def test_the_coverage_page_marks_and_seats(table, world):
    judy = Client()
    judy.force_login(world.judy)
    url = f"/events/{world.event.pk}/coverage/"
    assert "Feature match" in judy.get(url).content.decode()
    judy.post(url, {"op": "feature", "match": table.match.pk, "feature": "1"})
    assert FeatureMatch.objects.filter(match=table.match).exists()
    judy.post(url, {"op": "seated", "match": table.match.pk})
    assert FeatureMatch.objects.get().extension.minutes == 3  # before the clock: just the 3
    assert judy.post(url, {"op": "coverage", "public": "1"}).status_code == 403  # head judge's
    sam = Client()
    sam.force_login(world.sam)
    assert (
        sam.post(url, {"op": "feature", "match": table.match.pk, "feature": "0"}).status_code == 403
    )


def test_the_broadcast_page_shows_the_table_and_opens_with_coverage(table, world):
    player = table.player(table.red)
    game_add_event(
        match=table.match, data={"type": "life", "player": player.pk, "amount": -7}, client_id="b1"
    )
    url = f"/events/{world.event.pk}/matches/{table.match.pk}/broadcast/"
    judy = Client()
    judy.force_login(world.judy)
    page = judy.get(url + "?transparent=1").content.decode()
    assert "Team Red" in page
    assert "Team Blue" in page
    assert "Rita" in page
    assert "Bea" in page
    assert ">23<" in page  # 30 - 7: Team Red's shared life (CR 810.9)
    assert "transparent" in page
    assert "<form" not in page
    assert "<button" not in page
    world.event.public = True
    world.event.save(update_fields=["public"])
    visitor = Client()
    assert visitor.get(url).status_code == 404  # coverage closed
    coverage.coverage_set(event=world.event, public=True, by=world.hank)
    shown = visitor.get(url)
    assert shown.status_code == 200
    assert 'hx-trigger="every 2s"' in shown.content.decode()
    part = visitor.get(url + "?part=1").content.decode()
    assert ">23<" in part
    assert "<html" not in part
