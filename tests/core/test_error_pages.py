"""Error pages for people: styled, each with the next step; a form that failed its CSRF check or
was sent after the session ended is kept and offered again (only when it came from this site);
a request too large logs one line, not a traceback."""

import logging
import re

import pytest
from django.test import Client

from support import factories

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_replaced_team_link_says_ask_the_organizer(world):
    response = Client().get("/t/not-a-real-key-000/")
    assert response.status_code == 404
    page = _text(response)
    assert "This team link does not work" in page
    assert "Ask the organizer" in page
    assert 'name="viewport"' in page
    assert "tandem.css" in page


def test_missing_event_page_offers_login_and_home(world):
    page = _text(Client().get("/events/999999/"))
    assert "the event is private" in page
    assert "/login/?next=/events/999999/" in page


def test_unknown_address_404_links_home():
    response = Client().get("/no/such/page/")
    assert response.status_code == 404
    assert "There is no page at this address" in _text(response)


def test_403_page_names_the_next_step(world):
    client = Client()
    client.force_login(world.sam)  # scorekeeper: may not edit the event
    response = client.get(f"/events/{world.event.pk}/edit/")
    assert response.status_code == 403
    assert "Ask the organizer to give you the staff role" in _text(response)


def _csrf_client(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_csrf_failure_keeps_a_same_site_form_and_offers_to_send_it_again(world):
    client = _csrf_client(world.alice)
    url = f"/events/{world.event.pk}/teams/"
    response = client.post(
        url,
        {"name": "Team <Green>", "player1": "Gil", "player2": "Gia", "csrfmiddlewaretoken": "x"},
        HTTP_REFERER=f"http://testserver{url}",
    )
    assert response.status_code == 403
    page = response.content.decode()
    assert "The form was not sent" in page
    assert 'id="resend"' in page
    assert 'value="Team &lt;Green&gt;"' in page  # escaped
    # the fresh token: the form sent again, logout and the language switcher
    assert page.count('name="csrfmiddlewaretoken"') == 3
    token = re.search(r'id="resend-form"[^>]*>\s*<input[^>]*value="([^"]+)"', page)[1]
    assert token != "x"
    resend = {"name": "Team Green", "player1": "Gil", "player2": "Gia"}
    again = client.post(url, {**resend, "csrfmiddlewaretoken": token})
    assert again.status_code == 302
    assert world.event.teams.filter(name="Team Green").exists()


def test_csrf_failure_of_a_cross_site_form_is_not_offered_again(world):
    client = _csrf_client(world.alice)
    response = client.post(
        f"/events/{world.event.pk}/teams/",
        {"name": "Evil", "player1": "A", "player2": "B"},
        HTTP_ORIGIN="https://evil.example",
    )
    assert response.status_code == 403
    assert 'id="resend"' not in response.content.decode()
    assert "Evil" not in response.content.decode()


def test_form_sent_after_the_session_ended_is_kept():
    alice = factories.user()
    event = factories.event(alice)
    url = f"/events/{event.pk}/teams/"
    response = Client().post(
        url,
        {"name": "Late", "player1": "A", "player2": "B"},
        HTTP_REFERER=f"http://testserver{url}",
    )
    assert response.status_code == 401
    page = response.content.decode()
    assert "You were logged out" in page
    assert 'value="Late"' in page
    assert not event.teams.filter(name="Late").exists()


def test_event_create_anonymous_get_still_goes_to_login():
    response = Client().get("/events/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


def test_three_megabyte_post_answers_400_and_logs_one_line(world, caplog):
    client = Client()
    client.force_login(world.alice)
    with caplog.at_level(logging.WARNING):
        response = client.post(
            f"/events/{world.event.pk}/teams/", {"name": "x" * (3 * 1024 * 1024)}
        )
    assert response.status_code == 400
    assert "The request was not understood" in _text(response)
    from core.logs import OneLineFormatter

    records = [r for r in caplog.records if r.name == "django.security.RequestDataTooBig"]
    assert len(records) == 1
    line = OneLineFormatter().format(records[0])
    assert "\n" not in line
    assert "Traceback" not in line
    assert line.endswith("[RequestDataTooBig]")
    configured = logging.getLogger("django.security.RequestDataTooBig")
    assert not configured.propagate  # the root handler would print the traceback
    assert OneLineFormatter in [type(h.formatter) for h in configured.handlers]


def test_500_page_is_styled(rf):
    from django.views.defaults import server_error

    page = server_error(rf.get("/")).content.decode()
    assert "Something went wrong" in page
    assert "tandem.css" in page


def test_private_event_form_sent_after_the_session_ended_is_kept(world):
    url = f"/events/{world.event.pk}/teams/"
    response = Client().post(
        url, {"name": "Late Too", "player1": "A", "player2": "B"},
        HTTP_REFERER=f"http://testserver{url}",
    )  # fmt: skip
    assert response.status_code == 401
    assert 'value="Late Too"' in response.content.decode()


def test_cross_site_post_to_a_private_event_stays_a_404(world):
    response = Client().post(
        f"/events/{world.event.pk}/teams/", {"name": "X"}, HTTP_ORIGIN="https://evil.example"
    )
    assert response.status_code == 404


def test_warnings_have_their_own_style(world):
    from pairing import services

    client = Client()
    client.force_login(world.alice)
    for _ in range(2):
        factories.team(world.event)
    round_ = services.round_pair_next(event=world.event)
    services.round_publish(round_=round_)
    m = round_.matches.filter(team_b__isnull=False).first()
    services.match_report_result(match=m, team=m.team_a, games_a=1, games_b=0, games_drawn=0)
    url = f"/t/{m.team_b.access_key}/matches/{m.pk}/report/"
    page = client.post(url, {"outcome": "won", "confirm": "1"}, follow=True).content.decode()
    assert re.search(r'<div role="status"><ul class="messages">.*<li class="warning">', page)
    css = Client().get("/static/css/tandem.css")
    body = b"".join(css.streaming_content) if css.streaming else css.content
    assert b".messages li.warning" in body
