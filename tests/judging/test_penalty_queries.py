"""Query budget of the penalty list (tests/queries/test_query_budgets.py's rule): the same number
of queries for 1 penalty as for 3, so the list never costs a query per row."""

import pytest

from support import actors
from support.api_clients import client_for

pytestmark = pytest.mark.django_db

BUDGET = 5  # token, event, caller's role, penalties (players, teams, users joined), FtMGS children


def _penalties(table, n: int) -> None:
    for _ in range(n):
        actors.issue_penalty(
            event=table.event,
            actor=actors.head_judge(table.event),
            player=table.player(table.red),
            infraction_code="GPE-GRV",
        )


@pytest.mark.parametrize("n", [1, 3])
def test_penalty_list_costs_the_same_for_one_and_three(table, world, n, django_assert_num_queries):
    _penalties(table, n)
    client = client_for(world.hank)
    url = f"/api/v1/events/{table.event.pk}/penalties/"
    assert client.get(url).status_code == 200
    with django_assert_num_queries(BUDGET):
        response = client.get(url)
    assert len(response.json()) == 4 * n
