"""Four phones writing to one table at the same moment: every event is kept once, with its own
seq (docs/architecture.md "Facts, not counters": concurrent writes from two phones are both
kept). Needs PostgreSQL: SQLite has no row locks."""

import pytest

from pairing import services as pairing
from pairing.models import Match
from support.races import race
from support.rounds import event_with_teams
from tracker import selectors, services
from tracker.models import GameEvent


def _match() -> Match:
    event, _teams = event_with_teams(2)
    round_ = pairing.round_pair_next(event=event, seed=1)
    pairing.round_publish(round_=round_)
    return Match.objects.select_related("round__event").get(round=round_)


def _writer(match: Match, player: int, client_id: str):
    data = {"type": "life", "player": player, "amount": -1}
    return lambda: services.game_add_event(match=match, data=data, client_id=client_id)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_lose_and_duplicate_nothing():
    match = _match()
    a = list(match.team_a.players.values_list("pk", flat=True))
    # Eight phones at once on a table without a Game row yet (the first write creates it),
    # then eight more on the existing row; two of each wave retry the same client_id.
    for wave in ("first", "second"):
        calls = [_writer(match, a[i % 2], f"{wave}-{i}") for i in range(6)]
        calls += [_writer(match, a[0], f"{wave}-0"), _writer(match, a[1], f"{wave}-1")]
        outcomes = race(calls)
        assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    seqs = list(GameEvent.objects.filter(match=match).values_list("seq", flat=True))
    assert seqs == list(range(1, 13))
    assert GameEvent.objects.filter(match=match).values("client_id").distinct().count() == 12
    state = selectors.game_state(match)
    assert state["teams"][0]["life"] == 30 - 12
    assert state == selectors.rebuilt_state(match)
