"""Query cost of MTR 7.3 (changes between matches): the board asks no team's match, and a team's
decklist answer asks its match in a bounded number of queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decklists.services import decklists as svc
from pairing import services
from support import factories
from support.api_clients import client_for
from support.catalogue import catalogue  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def _sealed(n: int, *, required: bool):
    event = factories.event(structure="sealed", format="", swiss_rounds=3)
    teams = [factories.team(event) for _ in range(max(n, 2))]
    svc.decklists_required_set(event=event, required=required)
    services.round_pair_next(event=event, seed=1)
    return event, teams


def _count(client, url: str) -> int:
    assert client.get(url).status_code == 200  # warms the caches
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_mtr_7_3_board_costs_the_same_for_one_team_and_for_three():
    counts = []
    for n in (2, 4):
        event, _ = _sealed(n, required=False)
        counts.append(_count(client_for(event.organizer), f"/api/v1/events/{event.pk}/decklists/"))
    assert counts[0] == counts[1]


def test_mtr_7_3_a_teams_lock_answer_costs_a_bounded_number_of_queries():
    event, teams = _sealed(2, required=True)
    locked = _count(client_for(teams[0]), f"/api/v1/teams/{teams[0].pk}/decklists/")
    event, teams = _sealed(2, required=False)
    between = _count(client_for(teams[0]), f"/api/v1/teams/{teams[0].pk}/decklists/")
    # the deck rules, the team's entry and match, its reports, the table's game, and the round
    # clock's facts (pairing.hooks.MATCH_TIMES: settings, clock, pauses, corrections, extensions,
    # table clocks, penalties, game events): once per read, whatever the team's size
    assert between - locked <= 12
