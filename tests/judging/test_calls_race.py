"""Two judges take the same call at the same moment (issue 28, item 7): one wins, the other is
told who took it; two phones of a table call at once: one call, the other joins it. Needs
PostgreSQL: the calls run from threads, each with its own connection."""

import pytest
from django.contrib.auth import get_user_model

from core.errors import Conflict
from judging.models import JudgeCall, JudgeCallJoin
from judging.services import calls
from pairing import services as pairing
from pairing.models import Match
from support import actors, factories
from support.races import race
from support.rounds import event_with_teams


def _table() -> Match:
    event, _teams = event_with_teams(2, rel="competitive")
    round_ = pairing.round_pair_next(event=event, seed=1)
    pairing.round_publish(round_=round_)
    return Match.objects.select_related("round__event", "team_a", "team_b").get(round=round_)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_judges_claim_at_once_one_wins_the_other_is_told_who():
    match = _table()
    event = match.round.event
    ann = factories.staff(event, "judge", "ann")
    bob = factories.staff(event, "judge", "bob")
    call = calls.judge_call(match=match, team=match.team_a).call
    users = get_user_model().objects
    outcomes = race(
        [
            lambda: calls.judge_call_claim(
                call=call, actor=actors.judge(call.event, users.get(pk=ann.pk))
            ),
            lambda: calls.judge_call_claim(
                call=call, actor=actors.judge(call.event, users.get(pk=bob.pk))
            ),
        ]
    )
    won = [o for o in outcomes if isinstance(o, JudgeCall)]
    lost = [o for o in outcomes if isinstance(o, Conflict)]
    assert len(won) == 1, outcomes
    assert len(lost) == 1, outcomes
    winner = JudgeCall.objects.select_related("claimed_by").get().claimed_by
    assert lost[0].code == "already_claimed"
    assert lost[0].data == {"claimed_by": winner.get_username()}
    assert winner.pk == won[0].claimed_by_id


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_both_teams_call_at_once_one_call_and_one_join():
    match = _table()
    outcomes = race(
        [
            lambda: calls.judge_call(match=match, team=match.team_a),
            lambda: calls.judge_call(match=match, team=match.team_b),
        ]
    )
    assert all(isinstance(o, calls.Called) for o in outcomes), outcomes
    assert sorted(o.created for o in outcomes) == [False, True]
    assert JudgeCall.objects.count() == 1
    assert JudgeCallJoin.objects.count() == 1
