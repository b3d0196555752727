"""Query budgets of every list endpoint and list page: the same number of queries for 1 item as
for 3, so a list never costs a query per row (N+1).

Each scenario builds its data for n items and returns the client and the URL to read. The page
or endpoint is read once before counting, so per-process caches (card catalogue, rendered
pairings) are warm in both counts alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.test import Client

from pairing import services
from support import factories
from support.api_clients import client_for
from support.rounds import event_with_teams, play

pytestmark = pytest.mark.django_db

Scenario = Callable[[int], tuple[Client, str]]


def _page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- scenarios: n items -> (client, url) --------------------------------------------------------


def _events(n):
    for _ in range(n):
        factories.event(public=True)
    return client_for(None), "/api/v1/events/"


def _own_events(n):
    alice = factories.user()
    for _ in range(n):
        factories.event(alice, public=False)
    return client_for(alice), "/api/v1/events/"


def _team_event(n):
    event = factories.event(swiss_rounds=3)
    for _ in range(n):
        factories.team(event)
    return event


def _staff_event(n):
    event = factories.event()
    for role in (["scorekeeper", "judge", "head_judge"] * n)[:n]:
        factories.staff(event, role)
    return event


def _rounds_event(n):
    """An event of four teams with n rounds paired and played."""
    event, _ = event_with_teams(4, swiss_rounds=5)
    for k in range(n):
        round_ = services.round_pair_next(event=event, by=None, seed=k + 1)
        play(round_, random.Random(k + 1))
    return event


def _round_of(n):
    """Round 1 of an event of 2n teams: n matches."""
    event, _ = event_with_teams(2 * n)
    return event, services.round_pair_next(event=event, by=None, seed=1)


def _played_round_of(n):
    event, round_ = _round_of(n)
    play(round_, random.Random(1))
    return event, round_


def _clocked_round_of(n):
    """Round 1 of n tables, its clock run out 2 minutes ago; every table has an extension, a
    turn passed after time, and one table passed at time."""
    from datetime import timedelta

    from django.utils import timezone

    from judging import services as judging

    event, round_ = _round_of(n)
    start = timezone.now() - timedelta(minutes=62)
    judging.clock_start(round_=round_, now=start)
    for k, match in enumerate(round_.matches.filter(table__isnull=False).order_by("table")):
        judging.extension_give(match=match, minutes=1 + k, reason="ruling", now=start)
        judging.turn_passed(match=match)
    judging.passing_at_time_set(match=match, passing=True)
    return event, round_


def _public_round_of(n):
    """Round 1 of a public event of 2n teams, published, its clock running."""
    from judging.services.clock import clock_start

    event, _ = event_with_teams(2 * n, public=True)
    round_ = services.round_pair_next(event=event, by=None, seed=1)
    services.round_publish(round_=round_)
    clock_start(round_=round_)
    return event, round_


def _remembering(n):
    """A phone that remembers its team, on the event page (its own link in the kept page)."""
    from tournament.selectors import remember_cookie

    event, round_ = _public_round_of(n)
    client = Client()
    client.cookies[remember_cookie(event.pk)] = event.teams.first().access_key
    return client, f"/events/{event.pk}/"


API: dict[str, Scenario] = {
    "events (anonymous)": _events,
    "events (organizer)": _own_events,
    "event teams": lambda n: (
        client_for((e := _team_event(n)).organizer),
        f"/api/v1/events/{e.pk}/teams/",
    ),
    "event staff": lambda n: (
        client_for((e := _staff_event(n)).organizer),
        f"/api/v1/events/{e.pk}/staff/",
    ),
    "event rounds": lambda n: (
        client_for((e := _rounds_event(n)).organizer),
        f"/api/v1/events/{e.pk}/rounds/",
    ),
    "round (matches)": lambda n: (
        client_for((er := _round_of(n))[0].organizer),
        f"/api/v1/rounds/{er[1].pk}/",
    ),
    "round missing results": lambda n: (
        client_for((er := _round_of(n))[0].organizer),
        f"/api/v1/rounds/{er[1].pk}/missing/",
    ),
    "standings": lambda n: (
        client_for((er := _played_round_of(n))[0].organizer),
        f"/api/v1/events/{er[0].pk}/standings/",
    ),
    "event decklists": lambda n: (
        client_for((e := _team_event(n)).organizer),
        f"/api/v1/events/{e.pk}/decklists/",
    ),
}

PAGES: dict[str, Scenario] = {
    "home": lambda n: (_page_client(_own_events_owner(n).organizer), "/"),
    "teams page": lambda n: (
        _page_client((e := _team_event(n)).organizer),
        f"/events/{e.pk}/teams/",
    ),
    "staff page": lambda n: (
        _page_client((e := _staff_event(n)).organizer),
        f"/events/{e.pk}/staff/",
    ),
    "rounds page": lambda n: (
        _page_client((e := _rounds_event(n)).organizer),
        f"/events/{e.pk}/rounds/",
    ),
    "round pairings page": lambda n: (
        _page_client((er := _round_of(n))[0].organizer),
        f"/events/{er[0].pk}/rounds/1/",
    ),
    "match slips (print)": lambda n: (
        _page_client((er := _round_of(n))[0].organizer),
        f"/events/{er[0].pk}/rounds/1/slips/",
    ),
    "wall list (print)": lambda n: (
        _page_client((er := _round_of(n))[0].organizer),
        f"/events/{er[0].pk}/rounds/1/print/names/",
    ),
    "pairings by table (print)": lambda n: (
        _page_client((er := _round_of(n))[0].organizer),
        f"/events/{er[0].pk}/rounds/1/print/tables/",
    ),
    "standings (print)": lambda n: (
        _page_client((er := _played_round_of(n))[0].organizer),
        f"/events/{er[0].pk}/print/standings/",
    ),
    "missing results page": lambda n: (
        _page_client((er := _round_of(n))[0].organizer),
        f"/events/{er[0].pk}/rounds/1/missing/",
    ),
    "standings page": lambda n: (
        _page_client((er := _played_round_of(n))[0].organizer),
        f"/events/{er[0].pk}/standings/",
    ),
    "decklists board": lambda n: (
        _page_client((e := _team_event(n)).organizer),
        f"/events/{e.pk}/decklists/",
    ),
    "decklists print": lambda n: (
        _page_client((e := _team_event(n)).organizer),
        f"/events/{e.pk}/decklists/print/",
    ),
    "clock floor view": lambda n: (
        _page_client((er := _clocked_round_of(n))[0].organizer),
        f"/events/{er[0].pk}/clock/floor/",
    ),
    "event page (public)": lambda n: (Client(), f"/events/{_public_round_of(n)[0].pk}/"),
    "event page (remembered team)": _remembering,
    "event page (search)": lambda n: (Client(), f"/events/{_public_round_of(n)[0].pk}/?q=Team"),
    "event page (dashboard)": lambda n: (
        _page_client((er := _public_round_of(n))[0].organizer),
        f"/events/{er[0].pk}/",
    ),
}


def _own_events_owner(n):
    """The organizer's home page lists their n events; returns the first."""
    alice = factories.user()
    events = [factories.event(alice) for _ in range(n)]
    return events[0]


# Queries per read, the same for 1 item and for 3.
BUDGETS = {
    "events (anonymous)": 1,
    "events (organizer)": 2,
    "event teams": 4,
    "event staff": 3,
    "event rounds": 3,
    "round (matches)": 3,
    "round missing results": 4,
    "standings": 8,  # with the judging app's Match Point penalties and disqualified teams
    "event decklists": 6,
    "home": 4,  # the events, their team counts, the number archived, the session
    "teams page": 5,
    "staff page": 5,  # with the invitations not accepted yet
    "rounds page": 7,
    "round pairings page": 11,  # with the round clock for staff: clock, pauses, corrections
    "match slips (print)": 8,  # with the seats of each match (MTR 9.4)
    "wall list (print)": 8,
    "pairings by table (print)": 8,
    "standings (print)": 10,
    "missing results page": 6,
    "standings page": 3,  # from the cache (pairing.rendering): session, user, event
    "decklists board": 11,
    "decklists print": 9,
    "clock floor view": 15,  # the round's clock facts, matches, extensions, penalties, turns, games
    "event page (public)": 0,  # from the cache, before the session (tournament.event_views)
    "event page (remembered team)": 1,  # the kept page and the phone's own team
    "event page (search)": 20,  # rendered afresh: the search is the caller's own
    "event page (dashboard)": 27,  # the staff's: next step, clock, lists to fix, judging settings
}


def test_every_scenario_has_a_budget():
    assert set(BUDGETS) == set(API) | set(PAGES)


@pytest.mark.parametrize(("name", "scenario"), [*API.items(), *PAGES.items()], ids=[*API, *PAGES])
def test_list_costs_the_same_for_one_item_and_for_three(name, scenario, django_assert_num_queries):
    for n in (1, 3):
        client, url = scenario(n)
        assert client.get(url).status_code == 200  # warms the caches
        with django_assert_num_queries(BUDGETS[name]):
            response = client.get(url)
        assert response.status_code == 200
