"""Fixtures of the judging tests: Alice's event at Competitive REL with Red against Blue at
table 1 of round 1 (and, for the tests that need more tables, Gold against Jade)."""

from dataclasses import dataclass

import pytest

from pairing import services as pairing_services
from pairing.models import Match, Round
from support import factories
from tournament.models import Event, Player, Team


@dataclass
class Table:
    event: Event
    round: Round
    match: Match
    red: Team
    blue: Team

    def player(self, team: Team, seat: int = 1) -> Player:
        return team.players.get(seat=seat)

    def others(self, team: Team, seat: int = 1) -> set[int]:
        me = self.player(team, seat)
        return set(
            Player.objects.filter(team__in=[self.red, self.blue])
            .exclude(pk=me.pk)
            .values_list("pk", flat=True)
        )


def make_table(world, *, rel: str = "competitive", policy: str = "match_point") -> Table:
    event = world.event
    event.rel = rel
    event.save(update_fields=["rel"])
    factories.settings(event, swiss_rounds=3)
    factories.settings(event, penalty_policy=policy)
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    match = round_.matches.get()
    return Table(event, round_, match, world.red, world.blue)


@pytest.fixture(name="make_table")
def _make_table():
    """make_table(world, rel=..., policy=...) for tests that need another REL or policy."""
    return make_table


@pytest.fixture
def table(world) -> Table:
    return make_table(world)


@pytest.fixture
def ipg_table(world) -> Table:
    return make_table(world, policy="ipg")


@pytest.fixture
def four_teams(world):
    """Two more teams, so a round has two tables."""
    return (
        factories.team(world.event, "Team Gold", ["Gil", "Gia"]),
        factories.team(world.event, "Team Jade", ["Jo", "Jan"]),
    )
