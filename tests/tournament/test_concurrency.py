"""Concurrent registrations on PostgreSQL: a player ends in one team only (MTR 1.5, 8.1)."""

import threading

import pytest
from django.db import connection

from core.errors import ServiceError
from support import factories
from tournament.models import Player
from tournament.services import teams as tournament_teams


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_same_player_registered_twice_at_once_ends_in_one_team():
    event = factories.event()
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def register(team_name: str) -> None:
        try:
            barrier.wait()
            tournament_teams.team_register(
                event=event, name=team_name, players=[{"name": "Shared Sam"}, {"name": team_name}]
            )
            outcomes.append("ok")
        except ServiceError:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(n,)) for n in ("Team A", "Team B")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["ok", "refused"]
    assert Player.objects.filter(event=event, name="Shared Sam").count() == 1
