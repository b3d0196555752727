"""The event's public page (the QR poster's page) served from the cache like the standings
(tournament.event_views, core.pagecache): no query for a hit, every change it shows there at
once, a visitor's own link never in anybody else's page, each language its own page, and a
running clock's minutes as true as a fresh page's."""

import re
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from core import pagecache
from judging.services import clock as clock_svc
from pairing import services, table_search
from support import factories
from support.answers import assert_same_headers
from support.rounds import event_with_teams, games
from tournament.selectors import remember_cookie, signup_cookie
from tournament.services import events as event_svc
from tournament.services import signups as signup_svc
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db

TOKEN = re.compile(rb"\b[A-Za-z0-9]{64}\b")  # the CSRF token, each response its own


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return re.sub(r"\s+", " ", response.content.decode())


def _url(event) -> str:
    return f"/events/{event.pk}/"


def _published(n: int = 4):
    event, teams = event_with_teams(n, public=True)
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    return event, round_, teams


def test_a_cached_hit_needs_no_query_and_is_the_page_the_view_gave(django_assert_num_queries):
    event, _round, _teams = _published()
    first = Client().get(_url(event))  # rendered and kept
    with django_assert_num_queries(0):
        again = Client().get(_url(event))
    assert again.status_code == 200
    assert TOKEN.sub(b"", again.content) == TOKEN.sub(b"", first.content)
    assert_same_headers(again, first)
    assert int(again["Content-Length"]) == len(again.content)
    assert pagecache.VISITOR_PLACEHOLDER.encode() not in again.content
    assert pagecache.CSRF_PLACEHOLDER.encode() not in again.content


def test_the_page_from_the_cache_is_the_page_rendered_afresh():
    """The cached page is the page the view renders for a caller it does not cache for (a query
    string), but for the search form's value and the language switcher's address."""
    event, _round, _teams = _published()
    Client().get(_url(event))
    cached = _text(Client().get(_url(event)))
    fresh = _text(Client().get(_url(event) + "?x=1"))
    strip = re.compile(r'value="[A-Za-z0-9]{64}"|"X-CSRFToken": "[A-Za-z0-9]{64}"|\?x=1')
    assert strip.sub("", cached) == strip.sub("", fresh)


def test_every_change_the_page_shows_is_there_at_once():
    event, teams = event_with_teams(4, public=True)
    url = _url(event)

    def page() -> str:
        Client().get(url)
        return _text(Client().get(url))  # the second from the cache

    assert "4 of 2 players each" in page()
    factories.team(event, "Newcomers")  # a team registered
    assert "5 of 2 players each" in page()
    tournament_teams.team_drop(team=teams[0])  # a team dropped
    assert "4 of 2 players each" in page()
    signup_svc.signups_set_open(event=event, open=True)
    assert "Sign up your team" in page()
    signup_svc.signups_set_open(event=event, open=False)
    assert "Sign up your team" not in page()
    event_svc.event_update(event=event, name="Renamed Open")  # an event edit
    assert "Renamed Open" in page()
    round_ = services.round_pair_next(event=event, seed=1)  # paired: not shown before published
    assert "appear here when round 1 is published" in page()
    services.round_publish(round_=round_)
    assert "Round 1" in page()
    assert "clock has not started yet." in page()
    clock_svc.clock_start(round_=round_)
    assert "About 60 min left in the round." in page()
    clock_svc.clock_pause(round_=round_)
    assert "The clock is paused with 60 min left." in page()
    clock_svc.clock_resume(round_=round_)
    assert "About 60 min left in the round." in page()
    for match in round_.matches.filter(team_b__isnull=False):
        services.match_enter_result(match=match, **games(1, 0))
    services.round_publish(round_=services.round_pair_next(event=event, seed=2))
    assert "Round 2" in page()
    event_svc.event_update(event=event, public=False)
    assert Client().get(url).status_code == 404


def test_time_called_is_there_at_once():
    event, round_, _teams = _published()
    clock_svc.clock_start(round_=round_, now=timezone.now() - timedelta(minutes=59, seconds=59))
    url = _url(event)
    Client().get(url)
    assert "About 1 min left in the round." in _text(Client().get(url))
    time.sleep(1.2)
    assert "Time has been called" in _text(Client().get(url))


def test_a_running_clocks_minutes_are_never_older_than_a_fresh_page():
    """The minutes left change by themselves: the page is kept until they do, no longer."""
    event, round_, _teams = _published()
    # 40 minutes and a second and a bit left: "About 41 min" now, "About 40 min" in 1.3 s.
    started = timezone.now() - timedelta(minutes=20) + timedelta(seconds=1.3)
    clock_svc.clock_start(round_=round_, now=started)
    url = _url(event)
    assert "About 41 min left in the round." in _text(Client().get(url))
    assert "About 41 min left in the round." in _text(Client().get(url))
    time.sleep(1.6)
    assert "About 40 min left in the round." in _text(Client().get(url))


def test_clock_text_lasts_until_the_minutes_change():
    running = {"round_status": "running", "remaining_seconds": 125, "phase": "playing"}
    assert table_search.clock_text(running) == "About 3 min left in the round."
    assert table_search.clock_text_lasts(running) == 4.0  # at 120 s left it reads "About 2 min"
    assert (
        table_search.clock_text_lasts({**running, "remaining_seconds": 121}) == 1.0
    )  # at least 1 s
    assert table_search.clock_text_lasts({**running, "remaining_seconds": 60}) == 59.0
    for still in (
        None,
        {"round_status": "not_started", "remaining_seconds": 3600},
        {"round_status": "paused", "remaining_seconds": 100},
        {"round_status": "time_called", "remaining_seconds": 0},
        {**running, "time_called_at": timezone.now()},
        {"round_status": "running", "remaining_seconds": None},
    ):
        assert table_search.clock_text_lasts(still) is None


def test_two_visitors_never_see_each_others_link(django_assert_max_num_queries):
    event, _round, teams = _published()
    url = _url(event)
    Client().get(url)  # the page everyone gets is kept
    mine, theirs = Client(), Client()
    mine.cookies[remember_cookie(event.pk)] = teams[0].access_key
    theirs.cookies[remember_cookie(event.pk)] = teams[1].access_key
    with django_assert_max_num_queries(1):  # the remembered team only: the page is kept
        my_page = _text(mine.get(url))
    their_page = _text(theirs.get(url))
    nobody = _text(Client().get(url))
    assert f"Open {teams[0].name}'s page" in my_page
    assert teams[0].access_key in my_page
    assert teams[1].access_key not in my_page
    assert f"Open {teams[1].name}'s page" in their_page
    assert teams[0].access_key not in their_page
    for key in (teams[0].access_key, teams[1].access_key):
        assert key not in nobody
    assert "Open " not in nobody.split("Lost your team")[0].split("</h1>")[1]
    # The link a phone sees is its own even when its page is the one rendered for the cache.
    pagecache.local.clear()
    from django.core.cache import cache

    cache.clear()
    assert teams[1].access_key in _text(theirs.get(url))
    assert teams[1].access_key not in _text(Client().get(url))
    assert teams[1].access_key not in _text(mine.get(url))


def test_a_signup_link_is_the_visitors_own():
    event, _teams = event_with_teams(2, public=True)
    signup_svc.signups_set_open(event=event, open=True)
    signup = signup_svc.signup_start(event=event, name="Late Comers", player="Ana")
    url = _url(event)
    Client().get(url)
    phone = Client()
    phone.cookies[signup_cookie(event.pk)] = signup.key
    assert f"/signup/{signup.key}/" in _text(phone.get(url))
    assert signup.key not in _text(Client().get(url))
    stranger = Client()
    stranger.cookies[signup_cookie(event.pk)] = "not-a-key"
    assert signup.key not in _text(stranger.get(url))


def test_spanish_and_english_are_kept_apart():
    event, _round, _teams = _published()
    url = _url(event)
    for _ in range(2):
        english = Client().get(url)
        spanish = Client(HTTP_ACCEPT_LANGUAGE="es").get(url)
        assert english["Content-Language"] == "en"
        assert spanish["Content-Language"] == "es"
        assert "Lost your team's link?" in _text(english)
        assert "Lost your team's link?" not in _text(spanish)
        assert 'value="es" lang="es" selected' in _text(spanish)
    chosen = Client(HTTP_ACCEPT_LANGUAGE="es")  # the switcher's cookie wins
    chosen.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert 'value="en" lang="en" selected' in _text(chosen.get(url))


def test_a_search_is_the_callers_own_and_not_kept():
    event, _round, teams = _published()
    url = _url(event)
    found = _text(Client().get(url, {"q": teams[0].name}))
    assert 'class="table-no">' in found
    assert 'class="table-no">' not in _text(Client().get(url))
    assert 'class="table-no">' not in _text(Client().get(url))


def test_staff_get_their_dashboard_and_the_public_never_sees_it():
    event, _round, _teams = _published()
    url = _url(event)
    staff = Client()
    staff.force_login(event.organizer)
    assert "Edit event" in _text(staff.get(url))
    public = _text(Client().get(url))
    assert "Edit event" not in public
    assert event.organizer.username not in public
    assert "Edit event" in _text(staff.get(url))  # after the public: the staff's page still
