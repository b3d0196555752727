"""Two "pair round" calls at the same moment create one round (docs/api.md; the quality bar "a second
pairing of the same round at the same moment"). Needs PostgreSQL: SQLite has no row locks."""

import pytest

from core.errors import Conflict
from pairing import services
from pairing.models import Match, Round
from support.races import race
from support.rounds import event_with_teams


def _race(n: int, call) -> list[object]:
    return race([call] * n)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_pair_calls_create_one_round():
    event, _teams = event_with_teams(16)
    outcomes = _race(2, lambda: services.round_pair_next(event=event))
    rounds = [o for o in outcomes if isinstance(o, Round)]
    conflicts = [o for o in outcomes if isinstance(o, Conflict)]
    assert len(rounds) == 1, outcomes
    assert len(conflicts) == 1, outcomes
    assert conflicts[0].code == "round_unfinished"
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 8


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_staff_entries_leave_one_final_result():
    event, _teams = event_with_teams(4)
    match = services.round_pair_next(event=event).matches.order_by("table").first()
    scores = [(1, 0, 0), (0, 1, 0), (1, 0, 1), (0, 1, 1)]
    outcomes = _race(
        4,
        lambda: services.match_enter_result(
            match=match,
            **dict(zip(("games_a", "games_b", "games_drawn"), scores.pop(), strict=True)),
        ),
    )
    assert all(isinstance(o, Match) for o in outcomes), outcomes
    match.refresh_from_db()
    assert match.status == "final"
    assert match.score in {"1-0-0", "0-1-0", "1-0-1", "0-1-1"}
