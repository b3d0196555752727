"""Fixtures of the tracker's tests: Team Red and Team Blue of the world's event at table 1."""

import pytest

from pairing import services
from pairing.models import Match
from support import factories


@pytest.fixture
def table(world) -> Match:
    """Round 1 of the world's event, published: Red and Blue meet at table 1."""
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_pair_next(event=world.event, seed=1)
    services.round_publish(round_=round_)
    return Match.objects.select_related("round__event", "team_a", "team_b").get(round=round_)


@pytest.fixture
def seated(table) -> tuple[list[int], list[int]]:
    """The players of team A and of team B of `table`, in seat order."""
    match = table
    return (
        list(match.team_a.players.order_by("seat").values_list("pk", flat=True)),
        list(match.team_b.players.order_by("seat").values_list("pk", flat=True)),
    )
