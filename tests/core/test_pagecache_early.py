"""Cached public pages answered before the session and the rest of the middleware
(core.middleware.CachedPagesMiddleware, core.pagecache.answers_early): no query for a cached hit
of the standings, the pairings or a team's private page; the same page, headers and access rules
as the views give; staff, languages, new results and new keys handled as before."""

import re

import pytest
from django.conf import settings
from django.core.cache import cache
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client, RequestFactory

from core import pagecache
from pairing import services
from support.answers import assert_same_headers
from support.rounds import event_with_teams, games, play
from tournament.services import events as event_svc
from tournament.services import lifecycle
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return re.sub(r"\s+", " ", response.content.decode())


def _published_round():
    """Four teams, round 1 paired and published, nothing reported."""
    event, teams = event_with_teams(4, public=True)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    match = round_.matches.filter(team_b__isnull=False).select_related("team_a", "team_b").first()
    return event, round_, match


def _urls(event, match) -> dict[str, str]:
    return {
        "standings": f"/events/{event.pk}/standings/",
        "pairings": f"/events/{event.pk}/rounds/1/",
        "team page": f"/t/{match.team_a.access_key}/",
    }


@pytest.mark.parametrize("page", ["standings", "pairings", "team page"])
def test_a_cached_hit_needs_no_query(page, django_assert_num_queries):
    event, _round, match = _published_round()
    url = _urls(event, match)[page]
    first = Client().get(url)  # rendered and kept
    assert first.status_code == 200
    with django_assert_num_queries(0):
        again = Client().get(url)
    assert again.status_code == 200
    # The same page (each with its own CSRF token) and the same headers as the view gave.
    token = re.compile(rb"\b[A-Za-z0-9]{64}\b")  # in the forms and in htmx's headers
    assert token.sub(b"", again.content) == token.sub(b"", first.content)
    assert_same_headers(again, first)
    assert int(again["Content-Length"]) == len(again.content)
    assert again.cookies[settings.CSRF_COOKIE_NAME].value


@pytest.mark.parametrize("page", ["standings", "pairings", "team page"])
def test_a_cached_hit_loads_no_session(page, monkeypatch):
    from django.contrib.sessions.middleware import SessionMiddleware

    event, _round, match = _published_round()
    url = _urls(event, match)[page]
    cache.clear()  # what the publication warmed (the pairings): the first visit renders here
    pagecache.local.clear()
    loads = []
    original = SessionMiddleware.process_request
    monkeypatch.setattr(
        SessionMiddleware, "process_request", lambda self, r: loads.append(1) or original(self, r)
    )
    assert Client().get(url).status_code == 200  # rendered by the view, through the chain
    assert loads == [1]
    assert Client().get(url).status_code == 200
    assert loads == [1]


def test_the_token_of_a_cached_page_is_the_callers_and_works():
    event, _round, match = _published_round()
    url = f"/t/{match.team_a.access_key}/"
    Client().get(url)
    phone = Client()
    page = phone.get(url).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert _unmask_cipher_token(token) == phone.cookies[settings.CSRF_COOKIE_NAME].value
    other = Client().get(url).content.decode()
    assert token not in other
    posted = Client(enforce_csrf_checks=True)
    posted.cookies = phone.cookies
    response = posted.post(
        f"/t/{match.team_a.access_key}/matches/{match.pk}/report/",
        {"outcome": "won", "drawn": "0", "confirm": "1", "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302


def test_csrf_token_keeps_the_cookies_secret_and_masks_it_anew():
    request = RequestFactory().get("/")
    first = pagecache.csrf_token(request)
    secret = request.META["CSRF_COOKIE"]
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True
    second = pagecache.csrf_token(request)
    assert first != second
    assert len(first) == 64
    assert first.isalnum()
    assert _unmask_cipher_token(first) == _unmask_cipher_token(second) == secret


def test_staff_get_their_own_page_and_the_public_never_sees_it():
    event, teams = event_with_teams(4, public=True)
    first = services.round_pair_next(event=event)
    services.round_publish(round_=first)
    play(first)
    services.round_pair_next(event=event)  # round 2: paired, not published
    url = f"/events/{event.pk}/rounds/2/"
    staff = Client()
    staff.force_login(event.organizer)
    assert "Publish" in _text(staff.get(url))
    assert Client().get(url).status_code == 404  # nothing kept from the staff's visit
    standings = f"/events/{event.pk}/standings/"
    public = _text(Client().get(standings))
    assert "standings after round 1" in public
    assert event.organizer.username not in public
    # A staff member coming after the public gets the staff's page, not the cached one.
    assert event.organizer.username in _text(staff.get(standings))


def test_a_logged_in_callers_page_is_not_served_to_the_holders_of_the_link():
    event, _round, match = _published_round()
    url = f"/t/{match.team_a.access_key}/"
    staff = Client()
    staff.force_login(event.organizer)
    assert event.organizer.username in _text(staff.get(url))
    assert event.organizer.username not in _text(Client().get(url))
    assert event.organizer.username not in _text(Client().get(url))


def test_each_language_has_its_own_cached_page():
    event, _round, match = _published_round()
    for url in _urls(event, match).values():
        english = Client().get(url)
        spanish = Client(HTTP_ACCEPT_LANGUAGE="es").get(url)
        assert english["Content-Language"] == "en"
        assert spanish["Content-Language"] == "es"
        assert 'value="es" lang="es" selected' in _text(spanish)
        again = Client(HTTP_ACCEPT_LANGUAGE="es").get(url)  # from the cache
        assert again["Content-Language"] == "es"
        assert 'value="es" lang="es" selected' in _text(again)
        chosen = Client(HTTP_ACCEPT_LANGUAGE="es")  # the switcher's cookie wins
        chosen.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
        assert 'value="en" lang="en" selected' in _text(chosen.get(url))


def test_results_and_new_rounds_renew_the_cached_pages():
    event, round_, match = _published_round()
    urls = _urls(event, match)
    for url in urls.values():
        Client().get(url)
        Client().get(url)
    services.match_enter_result(match=match, **games(1, 0))
    assert f"{match.team_a.name}" in _text(Client().get(urls["standings"]))
    team_page = _text(Client().get(urls["team page"]))
    assert "Report your result" not in team_page
    for other in round_.matches.exclude(pk=match.pk).filter(team_b__isnull=False):
        services.match_enter_result(match=other, **games(0, 1))
    assert "standings after round 1" in _text(Client().get(urls["standings"]))
    second = services.round_pair_next(event=event)
    assert Client().get(f"/events/{event.pk}/rounds/2/").status_code == 404
    services.round_publish(round_=second)
    assert "Round 2" in _text(Client().get(f"/events/{event.pk}/rounds/2/"))
    assert "Round 2" in _text(Client().get(urls["team page"]))


def test_a_new_key_refuses_the_old_link_at_once():
    event, _round, match = _published_round()
    old = f"/t/{match.team_a.access_key}/"
    assert Client().get(old).status_code == 200
    assert Client().get(old).status_code == 200  # from the cache
    team = tournament_teams.team_new_key(team=match.team_a)
    assert Client().get(old).status_code == 404
    assert Client().get(f"/t/{team.access_key}/").status_code == 200


def test_a_deleted_event_refuses_its_teams_links_at_once():
    event, teams = event_with_teams(2, public=True)
    url = f"/t/{teams[0].access_key}/"
    assert Client().get(url).status_code == 200
    assert Client().get(url).status_code == 200  # from the cache
    lifecycle.event_delete(event=event)
    assert Client().get(url).status_code == 404


def test_an_event_made_private_keeps_its_teams_link_and_hides_its_pages():
    event, _round, match = _published_round()
    urls = _urls(event, match)
    for url in urls.values():
        Client().get(url)
        Client().get(url)
    event_svc.event_update(event=event, public=False)
    assert Client().get(urls["standings"]).status_code == 404
    assert Client().get(urls["pairings"]).status_code == 404
    assert Client().get(urls["team page"]).status_code == 200


def test_an_address_refused_for_guessing_keys_gets_no_cached_team_page(settings):
    cache.clear()
    settings.TEAM_KEY_MISS_LIMIT = 3
    event, _round, match = _published_round()
    url = f"/t/{match.team_a.access_key}/"
    guesser = Client(REMOTE_ADDR="10.0.0.99")
    assert guesser.get(url).status_code == 200
    assert guesser.get(url).status_code == 200  # from the cache
    for n in range(3):
        assert guesser.get(f"/t/guess{n}/").status_code == 404
    assert guesser.get(url).status_code == 429
    assert Client(REMOTE_ADDR="10.0.0.98").get(url).status_code == 200
    cache.clear()


def test_callers_with_a_session_or_messages_go_through_the_views(django_assert_max_num_queries):
    event, _round, match = _published_round()
    url = f"/t/{match.team_a.access_key}/"
    Client().get(url)
    phone = Client()
    response = phone.post(
        f"/t/{match.team_a.access_key}/matches/{match.pk}/report/",
        {"outcome": "won", "drawn": "0", "confirm": "1"},
    )
    assert response.status_code == 302
    shown = _text(phone.get(url))  # the message after the report, then the page as it is now
    assert "You reported" in shown
    assert "You reported" in _text(Client().get(url))


def test_a_host_not_allowed_is_refused_before_a_cached_page():
    event, _round, match = _published_round()
    for url in _urls(event, match).values():
        assert Client().get(url).status_code == 200
        assert Client(HTTP_HOST="elsewhere.example").get(url).status_code == 400
