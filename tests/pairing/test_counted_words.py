"""Counts in words: "1 match", "3 matches", never "match(es)"."""

import pytest

from core.errors import Conflict
from pairing import services
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("teams", "words"), [(2, "1 match without"), (6, "3 matches without")])
def test_an_unfinished_round_counts_its_matches_in_words(teams, words):
    event, _ = event_with_teams(teams, swiss_rounds=3)
    services.round_pair_next(event=event, seed=1)
    with pytest.raises(Conflict) as exc:
        services.round_pair_next(event=event, seed=2)
    assert f"Round 1 still has {words} a final result." == exc.value.message
