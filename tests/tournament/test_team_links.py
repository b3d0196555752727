"""Every team gets its private link at once: printed team slips (the team, its players, the link
with its QR code and the code that finds it again), the links as CSV, and a team that lost its
link finds it again from the event's page with its name and its code, never by name alone."""

import csv
import io

import pytest
from django.core.cache import cache
from django.test import Client

from core import keylog
from support import factories
from tournament import selectors
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(db):
    alice = factories.user("alice")
    event = factories.event(alice, name="Friday 2HG", public=True)
    teams = [factories.team(event, f"Team {n}", [f"Ann {n}", f"Bo {n}"]) for n in range(1, 8)]
    teams.append(factories.team(event, "Los Pumas", ["José Ñúñez", "Zoë Müller"]))
    client = Client()
    client.force_login(alice)
    return event, teams, client


def test_the_team_slips_carry_each_teams_link_qr_code_and_code_six_to_a_page(hall):
    event, teams, client = hall
    page = client.get(f"/events/{event.pk}/teams/slips/").content.decode()
    for team in teams:
        assert f"http://testserver/t/{team.access_key}/" in page
        assert selectors.team_code(team) in page
        assert f"QR code of {team.name}&#x27;s private link" in page
    assert page.count('class="slip team-slip"') == 8
    assert page.count('class="slip-page"') == 2  # 6 + 2
    assert "José Ñúñez" in page


def test_the_links_download_as_csv_with_the_players_and_codes(hall):
    event, teams, client = hall
    response = client.get(f"/events/{event.pk}/teams/links.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["team", "player 1", "player 2", "private link", "code"]
    pumas = next(r for r in rows if r[0] == "Los Pumas")
    team = teams[-1]
    assert pumas == [
        "Los Pumas", "José Ñúñez", "Zoë Müller",
        f"http://testserver/t/{team.access_key}/", selectors.team_code(team),
    ]  # fmt: skip
    assert len(rows) == 1 + len(teams)


def test_a_team_finds_its_link_again_with_its_name_and_code(hall):
    event, teams, _client = hall
    team = teams[-1]
    code = selectors.team_code(team)
    typed = f"{code[:4].lower()} {code[4:].lower()}"  # as read aloud, in small letters
    response = Client().get("/t/find/", {"event": event.pk, "name": "los pumas", "key": typed})
    assert response.status_code == 302
    assert response["Location"] == f"/t/{team.access_key}/"


def test_a_name_alone_or_a_wrong_code_never_opens_the_team(hall):
    event, teams, _client = hall
    team = teams[-1]
    other = selectors.team_code(teams[0])
    for params in ({"name": "Los Pumas"}, {"name": "Los Pumas", "key": other}, {"key": other}):
        response = Client().get("/t/find/", {"event": event.pk, **params}, follow=True)
        page = response.content.decode()
        assert team.access_key not in page
        assert "No team of this event has that name and code" in page


def test_a_new_link_makes_a_new_code_and_the_old_code_stops(hall):
    event, teams, _client = hall
    team = teams[-1]
    old = selectors.team_code(team)
    team = tournament_teams.team_new_key(team=team)
    assert selectors.team_code(team) != old
    response = Client().get("/t/find/", {"event": event.pk, "name": "Los Pumas", "key": old})
    assert response["Location"].startswith(f"/events/{event.pk}/")


def test_guessing_codes_is_refused_like_guessing_keys(hall, settings):
    event, _teams, _client = hall
    cache.clear()  # the misses of the tests before, from the same address
    keylog.forget_counts()
    settings.TEAM_KEY_MISS_LIMIT = 3
    client = Client()
    statuses = [
        client.get(
            "/t/find/", {"event": event.pk, "name": "Los Pumas", "key": f"AAAAAAA{n}"}
        ).status_code
        for n in range(2, 7)
    ]
    assert statuses[:3] == [302, 302, 302]
    assert statuses[3:] == [429, 429]
    cache.clear()


def test_the_event_page_offers_the_lost_link_form_to_players_only(hall):
    event, _teams, client = hall
    assert 'id="team-link"' in Client().get(f"/events/{event.pk}/").content.decode()
    assert 'id="team-link"' not in client.get(f"/events/{event.pk}/").content.decode()
