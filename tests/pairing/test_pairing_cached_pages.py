"""The standings page is rendered once per event version and audience (pairing.rendering) and
renewed by the after-commit events; the public sees standings only as of published rounds."""

import re
import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core import events
from judging.services import clock as clock_svc
from pairing import services
from pairing.models import Round
from support.rounds import event_with_teams, games, play
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return re.sub(r"\s+", " ", response.content.decode())


def _table(page: str) -> str:
    return page[page.index("<table") : page.index("</table>")]


def _staff_client(event) -> Client:
    client = Client()
    client.force_login(event.organizer)
    return client


def _round_2_played_not_published():
    """Round 1 published and final; round 2 paired, every result in, not published."""
    event, teams = event_with_teams(8)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    play(first)
    second = services.round_pair_next(event=event)
    play(second)
    return event, teams, second


def test_public_standings_leave_out_an_unpublished_round_that_staff_see():
    event, _teams, second = _round_2_played_not_published()
    public = _text(Client().get(f"/events/{event.pk}/standings/"))
    assert "standings after round 1" in public
    assert "After round 2" not in public
    staff = _text(_staff_client(event).get(f"/events/{event.pk}/standings/"))
    assert "standings after round 2" in staff
    # Asking for it by number changes nothing for the public.
    asked = _text(Client().get(f"/events/{event.pk}/standings/?after_round=2"))
    assert "standings after round 1" in asked
    # Points: 8 teams after one round hold at most 3 points each in the public's view.
    assert not re.search(r"<strong>[4-9]</strong>", asked)


def test_public_standing_explanation_does_not_name_the_unpublished_opponent():
    event, _teams, second = _round_2_played_not_published()
    match = second.matches.filter(team_b__isnull=False).select_related("team_a", "team_b").first()
    page = _text(Client().get(f"/events/{event.pk}/standings/{match.team_a_id}/?after_round=2"))
    first_opponents = set(
        Round.objects.get(event=event, number=1)
        .matches.filter(entries__team_id=match.team_a_id)
        .values_list("team_a__name", "team_b__name")
        .first()
    )
    if match.team_b.name not in first_opponents:  # a rematch would name it for round 1
        assert match.team_b.name not in page


def test_public_standings_api_stops_at_the_published_rounds(api):
    event, _teams, _second = _round_2_played_not_published()
    body = api(None).get(f"/api/v1/events/{event.pk}/standings/?after_round=2").json()
    assert body["round"] == 1
    staff = api(event.organizer)
    assert staff.get(f"/api/v1/events/{event.pk}/standings/").json()["round"] == 2


def test_publishing_the_round_renews_the_cached_public_standings():
    event, _teams, second = _round_2_played_not_published()
    url = f"/events/{event.pk}/standings/"
    assert "standings after round 1" in _text(Client().get(url))
    services.round_publish(round_=second)
    assert "standings after round 2" in _text(Client().get(url))


def test_a_final_result_renews_the_cached_standings_and_the_second_read_is_cached(
    django_assert_max_num_queries,
):
    event, teams = event_with_teams(4)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    matches = list(first.matches.filter(team_b__isnull=False).select_related("team_a"))
    services.match_enter_result(match=matches[0], **games(1, 0))
    url = f"/events/{event.pk}/standings/"
    before = _text(Client().get(url))
    assert "standings after round 1" not in before  # one match still open
    with django_assert_max_num_queries(2):  # the event; the rest from the cache
        again = _text(Client().get(url))
    assert _table(again) == _table(before)
    services.match_enter_result(match=matches[1], **games(0, 1))
    assert "standings after round 1" in _text(Client().get(url))


def test_a_penalty_or_a_renamed_team_bumps_the_pages_version():
    event, teams = event_with_teams(4)
    services.round_publish(round_=services.round_pair_next(event=event))
    version = type(event).objects.get(pk=event.pk).pages_version
    events.standings_changed.fire(events.StandingsChanged(event.pk))
    assert type(event).objects.get(pk=event.pk).pages_version == version + 1

    tournament_teams.team_rename(team=teams[0], name="Renamed Giants")
    assert type(event).objects.get(pk=event.pk).pages_version == version + 2
    assert "Renamed Giants" in _text(Client().get(f"/events/{event.pk}/standings/"))


def _csrf(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def test_the_team_page_is_served_from_the_cache_and_renewed_by_the_other_teams_report(
    django_assert_max_num_queries,
):
    event, teams = event_with_teams(4)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    match = first.matches.filter(team_b__isnull=False).select_related("team_a", "team_b").first()
    mine, theirs = match.team_a, match.team_b
    url = f"/t/{mine.access_key}/"
    phone, teammate = Client(), Client()
    page = _text(phone.get(url))
    assert "Report your result" in page
    with django_assert_max_num_queries(2):  # the team with its event; the rest from the cache
        again = _text(teammate.get(url))
    # Each caller gets its own CSRF token in the cached page, and it works.
    assert "csrf-placeholder" not in again
    response = teammate.post(
        f"/t/{mine.access_key}/matches/{match.pk}/report/",
        {"outcome": "won", "drawn": "0", "confirm": "1", "csrfmiddlewaretoken": _csrf(again)},
    )
    assert response.status_code == 302
    assert "You reported" in _text(Client().get(url))
    # The opponent's different report (a service call, after commit) renews the cached page.
    services.match_report_result(match=match, team=theirs, **games(0, 1))
    assert "reported different results" in _text(Client().get(url))


def test_the_cached_team_page_follows_a_report_by_the_team_itself():
    event, teams = event_with_teams(4)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    match = first.matches.filter(team_b__isnull=False).select_related("team_a").first()
    url = f"/t/{match.team_a.access_key}/"
    assert "You reported" not in _text(Client().get(url))
    services.match_report_result(match=match, team=match.team_a, **games(1, 0))
    assert "You reported" in _text(Client().get(url))


def test_the_cached_team_pages_minutes_left_are_never_older_than_a_fresh_page():
    """The clock's "About 41 min left" changes by itself: the cached team page is kept until
    the minutes go down, no longer (tournament.team_views, pagecache.Timed)."""
    event, _teams = event_with_teams(4)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    # 40 minutes and a few seconds left: "About 41 min" now, "About 40 min" once they pass (a
    # few seconds, not one, so that a loaded machine's first render still comes before).
    window = 4.0
    counted_from = time.monotonic()
    started = timezone.now() - timedelta(minutes=20) + timedelta(seconds=window)
    clock_svc.clock_start(round_=first, now=started)
    match = first.matches.filter(team_b__isnull=False).select_related("team_a").first()
    url = f"/t/{match.team_a.access_key}/"
    assert "About 41 min left in the round." in _text(Client().get(url))
    assert "About 41 min left in the round." in _text(Client().get(url))  # from the cache
    time.sleep(max(0.0, window - (time.monotonic() - counted_from)) + 0.3)
    assert "About 40 min left in the round." in _text(Client().get(url))


def test_an_event_made_private_stops_serving_its_cached_public_pages():
    event, teams = event_with_teams(4)
    services.round_publish(round_=services.round_pair_next(event=event))
    urls = [f"/events/{event.pk}/standings/", f"/events/{event.pk}/rounds/1/"]
    for url in urls:
        assert Client().get(url).status_code == 200
        assert Client().get(url).status_code == 200  # from the cache
    from tournament.services import events as event_svc

    event_svc.event_update(event=event, public=False)
    for url in urls:
        assert Client().get(url).status_code == 404, url
    # The team still sees its event, and a page it is shown is never served to the public.
    team_client = Client(HTTP_X_TEAM_KEY=teams[0].access_key)
    team_client.get(urls[0])
    assert Client().get(urls[0]).status_code == 404


def test_a_new_event_name_renews_the_cached_public_pages():
    event, _teams = event_with_teams(4)
    services.round_publish(round_=services.round_pair_next(event=event))
    url = f"/events/{event.pk}/rounds/1/"
    assert event.name in _text(Client().get(url))
    from tournament.services import events as event_svc

    event_svc.event_update(event=event, name="Renamed Open")
    assert "Renamed Open" in _text(Client().get(url))


def test_the_cached_team_page_follows_the_rounds_clock_started_and_paused():
    """A cached team page shows the round's clock as a fresh page does: the clock's start and
    pause move the event's page generation (tournament.snapshots.event_page_scope), which the
    team pages read as the event's public page does."""
    event, _teams = event_with_teams(4)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    match = first.matches.filter(team_b__isnull=False).select_related("team_a").first()
    url = f"/t/{match.team_a.access_key}/"
    assert "clock has not started yet." in _text(Client().get(url))
    assert "clock has not started yet." in _text(Client().get(url))  # cached
    clock_svc.clock_start(round_=first)
    page = _text(Client().get(url))
    assert "clock has not started yet." not in page
    assert "min left in the round." in page
    clock_svc.clock_pause(round_=first)
    assert "The clock is paused with" in _text(Client().get(url))


def test_a_tables_extension_renews_its_teams_cached_pages_and_no_others():
    """An extension (MTR 2.6) shows on its table's team pages at once; the event's page and the
    other tables' team pages stay as they are cached (core.pagecache generations)."""
    from core import pagecache

    event, _teams = event_with_teams(4)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    clock_svc.clock_start(round_=first)
    mine, other = first.matches.filter(team_b__isnull=False).select_related("team_a")[:2]
    url = f"/t/{mine.team_a.access_key}/"
    assert "extension" not in _text(Client().get(url))
    kept = pagecache.generations(f"event:{event.pk}", f"team:{other.team_a_id}")
    clock_svc.extension_give(match=mine, minutes=5, reason="ruling")
    assert "(+5 min extension)." in _text(Client().get(url))
    assert pagecache.generations(f"event:{event.pk}", f"team:{other.team_a_id}") == kept
