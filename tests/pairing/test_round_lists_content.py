"""What the round, standings, missing-results and decklist lists show, row by row: each team,
round or table once, its counts read once per row, whatever staff the event has (the joins the
visibility filter needs never multiply a row or a count)."""

import pytest
from django.test import Client

from pairing import services
from pairing.models import Match
from support import factories
from support.rounds import event_with_teams, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """Six teams and three judges; round 1 played, round 2 paired and published, two tables of
    round 2 still without a result."""
    event, teams = event_with_teams(6, public=True)
    for _ in range(3):
        factories.staff(event, "judge")
    first = services.round_pair_next(event=event, seed=3)
    services.round_publish(round_=first)
    play(first)
    second = services.round_pair_next(event=event, seed=3)
    services.round_publish(round_=second)
    reported = second.matches.filter(team_b__isnull=False).order_by("table").first()
    services.match_enter_result(match=reported, games_a=1, games_b=0, games_drawn=0)
    return event, teams, second


def _page(event, path: str) -> str:
    client = Client()
    client.force_login(event.organizer)
    response = client.get(f"/events/{event.pk}/{path}")
    assert response.status_code == 200
    return response.content.decode()


def test_rounds_page_lists_each_round_once_with_its_own_counts(played):
    event, _teams, _second = played
    page = _page(event, "rounds/")
    for number in (1, 2):
        assert page.count(f">Round {number}</a>") == 1
    assert "3 of 3 final" in page  # round 1
    assert "1 of 3 final" in page  # round 2: one result of three tables


def test_standings_list_each_team_once(played):
    event, teams, _second = played
    page = _page(event, "standings/?after_round=1")
    for team in teams:
        assert page.count(f">{team.name}</a>") == 1


def test_missing_results_list_each_open_table_once(played):
    event, _teams, second = played
    page = _page(event, "rounds/2/missing/")
    open_tables = Match.objects.filter(round=second, team_b__isnull=False).exclude(
        status=Match.Status.FINAL
    )
    assert open_tables.count() == 2
    for m in open_tables:
        assert page.count(f">{m.table}</td>") == 1
        assert page.count(m.team_a.name) == 1


def test_decklist_board_lists_each_team_once(played):
    event, teams, _second = played
    page = _page(event, "decklists/")
    for team in teams:
        assert page.count(f">{team.name}<") == 1
