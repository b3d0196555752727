"""The public's pairings table written in Python (pairing.public_table) is the template's table
byte for byte, and publishing a round puts its whole public page in the cache, so that the
first visitor is answered from it (issue 27: pages ready when the round is)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from core import pagecache
from pairing import public_table, rendering, services
from pairing.models import Match, MatchTeam
from support.rounds import event_with_teams
from tournament.models import Event, Player, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def locmem(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    pagecache.local.clear()
    yield
    cache.clear()
    pagecache.local.clear()


def _published(teams: int, **values):
    event, made = event_with_teams(teams, **values)
    round_ = services.round_pair_next(event=event, seed=5)
    return event, made, round_


def _awkward(round_) -> None:
    """What the table must write with care: names to escape, both sides choosing play/draw,
    seats chosen against the registration order, a player added after the pairing."""
    matches = list(round_.matches.filter(team_b__isnull=False).order_by("table"))
    Team.objects.filter(pk=matches[0].team_a_id).update(name='<b>"Tom" & Jerry\'s</b>')
    Player.objects.filter(team_id=matches[0].team_b_id, seat=1).update(name="Zoë <i>&amp;</i>")
    Match.objects.filter(pk=matches[0].pk).update(chooses_play_draw="b")
    Match.objects.filter(pk=matches[1].pk).update(chooses_play_draw="a")
    entry = MatchTeam.objects.get(match=matches[1], team_id=matches[1].team_b_id)
    entry.seats = list(reversed(entry.seats or []))
    entry.save(update_fields=["seats"])
    team = Team.objects.get(pk=matches[2].team_a_id)
    Player.objects.create(
        event=team.event, team=team, name="Late Larry", name_key="late larry", seat=3
    )


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("view", rendering.VIEWS)
def test_the_public_table_is_the_templates_byte_for_byte(view, language):
    _event, _teams, round_ = _published(25)  # 12 tables in two rows of the hall, and a bye
    _awkward(round_)
    with translation.override(language):
        written = rendering.render_public(round_, view)
        assert written == rendering.render(round_, view, staff=False)
    assert "&lt;b&gt;&quot;Tom&quot; &amp; Jerry&#x27;s&lt;/b&gt;" in written
    assert "Zoë &lt;i&gt;&amp;amp;&lt;/i&gt;" in written
    if view == "table":
        assert written.count('<h3 class="hall-row">') == 3  # tables 1-10, 11-12, the bye


def test_the_public_table_reads_the_round_in_four_queries(django_assert_num_queries):
    _event, _teams, round_ = _published(12)
    with django_assert_num_queries(4):
        found = public_table.tables(round_)
    assert [t.table for t in found] == list(range(1, 7))


def _token_free(response) -> str:
    """The page with the caller's CSRF token (its own on each response) taken out."""
    html = response.content.decode()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)
    return html.replace(token, "TOKEN")


@pytest.mark.parametrize(("query", "language"), [("", "en"), ("?by=name", "en"), ("", "es")])
def test_the_first_visitor_after_publication_is_answered_from_the_cache(
    locmem, django_capture_on_commit_callbacks, django_assert_num_queries, query, language
):
    event, _teams, round_ = _published(9)
    with django_capture_on_commit_callbacks(execute=True):  # the warm task runs, in-process
        services.round_publish(round_=round_)
    url = f"/events/{event.pk}/rounds/1/{query}"
    with django_assert_num_queries(0):  # nothing rendered in the visitor's request
        first = Client().get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert first.status_code == 200
    assert first["Content-Language"] == language
    cache.clear()  # the page a visitor's own request renders is the same page
    pagecache.local.clear()
    with CaptureQueriesContext(connection) as rendering_it:
        rendered = Client().get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert rendered.status_code == 200
    assert len(rendering_it) > 0  # rendered indeed
    assert _token_free(first) == _token_free(rendered)


def test_every_address_of_a_published_view_is_answered_from_the_cache(
    locmem, django_capture_on_commit_callbacks, django_assert_num_queries
):
    event, _teams, round_ = _published(9)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_publish(round_=round_)
    for query in ("?by=table", "?by=name"):
        with django_assert_num_queries(0):
            page = Client().get(f"/events/{event.pk}/rounds/1/{query}", HTTP_ACCEPT_LANGUAGE="es")
        assert page.status_code == 200
        assert page["Content-Language"] == "es"


def test_a_private_events_round_warms_its_tables_but_no_public_page(
    locmem, django_capture_on_commit_callbacks
):
    event, teams, round_ = _published(6)
    Event.objects.filter(pk=event.pk).update(public=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_publish(round_=round_)
    round_.refresh_from_db()
    event.refresh_from_db()
    assert cache.get(rendering.cache_key(round_, "table", staff=False)) is not None
    page = f"{rendering.public_pairings_key(event, 1, 'table')}:en"
    assert cache.get(page) is None
