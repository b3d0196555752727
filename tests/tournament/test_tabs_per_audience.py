"""Each audience sees its own: the tabs shown are the pages the caller may open (every tab
answers 200), a visitor reads no "Dashboard", judging settings, penalty badges or pairing notes,
and a refused page logs one line, not a traceback."""

import logging
import re

import pytest
from django.test import Client

from pairing import services as pairing
from support import actors, factories

pytestmark = pytest.mark.django_db


def _tabs(html: str) -> list[str]:
    nav = html.split('<nav class="tabs"', 1)[1].split("</nav>", 1)[0]
    return re.findall(r'<a href="[^"]+"[^>]*>([^<]+)</a>', nav)


def _links(html: str) -> list[str]:
    nav = html.split('<nav class="tabs"', 1)[1].split("</nav>", 1)[0]
    return re.findall(r'<a href="([^"]+)"', nav)


def _as(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def public(world):
    world.event.public = True
    world.event.save(update_fields=["public"])
    factories.settings(world.event, swiss_rounds=3)
    return world


@pytest.mark.parametrize(
    ("who", "tabs"),
    [
        (None, ["Event", "Teams", "Rounds", "Standings"]),
        ("charlie", ["Event", "Teams", "Rounds", "Standings"]),
        ("sam", ["Dashboard", "Teams", "Decklists", "Rounds", "Standings", "Clock", "Staff"]),
        (
            "judy",
            [
                "Dashboard",
                "Teams",
                "Decklists",
                "Rounds",
                "Standings",
                "Clock",
                "Penalties",
                "Staff",
            ],
        ),
    ],
)
def test_each_role_sees_the_tabs_it_may_open_and_each_opens(public, who, tabs):
    client = _as(getattr(public, who) if who else None)
    page = client.get(f"/events/{public.event.pk}/").content.decode()
    assert _tabs(page) == tabs
    for url in _links(page):
        assert client.get(url).status_code == 200, (who, url)


def test_the_scorekeeper_sees_only_the_judging_tabs_it_may_open(public):
    sam = _as(public.sam)
    page = sam.get(f"/events/{public.event.pk}/clock/floor/").content.decode()
    nav = page.split('class="tabs judging-tabs"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r">([^<]+)</a>", nav) == [
        "Floor",
        "Clock",
        "Judge calls",
        "Coverage",
    ]  # the queue and the coverage page: read only
    judy = _as(public.judy).get(f"/events/{public.event.pk}/clock/floor/").content.decode()
    assert "Penalties" in judy.split('class="tabs judging-tabs"', 1)[1].split("</nav>", 1)[0]


def test_a_visitor_reads_no_judging_settings_penalty_badges_or_pairing_notes(public):
    event = public.event
    round_ = pairing.round_pair_next(event=event, seed=1)
    pairing.round_publish(round_=round_)
    rita = public.red.players.get(name="Rita")
    actors.issue_penalty(event=event, actor=actors.head_judge(event, public.alice), player=rita, infraction_code="USC-MJ", round_=round_, penalty="match_point", override_reason="a match point, as announced")  # fmt: skip
    pairing.results_enter_bulk(
        round_=round_, results={m.pk: (1, 0, 0) for m in round_.matches.all()}
    )
    visitor = Client()
    assert 'id="judging-settings"' not in visitor.get(f"/events/{event.pk}/").content.decode()
    assert 'id="judging-settings"' in _as(public.alice).get(f"/events/{event.pk}/").content.decode()
    standings = visitor.get(f"/events/{event.pk}/standings/").content.decode()
    assert "penalty</span>" not in standings
    staff_standings = _as(public.alice).get(f"/events/{event.pk}/standings/").content.decode()
    assert "-1 penalty" in staff_standings


def test_a_refused_page_logs_one_line_without_a_traceback(world, caplog):
    sam = _as(world.sam)
    with caplog.at_level(logging.WARNING):
        response = sam.get(f"/events/{world.event.pk}/penalties/")
    assert response.status_code == 403
    forbidden = [r for r in caplog.records if "Forbidden" in r.getMessage()]
    assert [r.getMessage() for r in forbidden] == [
        f"Forbidden: /events/{world.event.pk}/penalties/"
    ]
    assert forbidden[0].exc_info is None
