"""Passing at time entered by a judge while the phones record the same pass (issue 23, item 6;
MTR 2.4; docs/rules.md "End of round (MTR 2.4) and extensions").

MTR 2.4 (2HG: 3 additional team turns): if the active team had announced passing when time
was called, that pass starts turn 0 of the other team. The judge's flag and the phones' "pass
the turn" are two entries of one pass: counted once, in whatever order they arrive. Needs
PostgreSQL: two phones and a judge write at the same moment from threads."""

from datetime import timedelta

import pytest
from django.utils import timezone

from judging import services
from judging.selectors import clock as sel
from pairing import services as pairing
from pairing.models import Match
from support.races import race
from support.rounds import event_with_teams
from tracker import services as tracker_services

MIN = timedelta(minutes=1)


def _table_at_time() -> Match:
    event, _teams = event_with_teams(2, rel="competitive")
    round_ = pairing.round_pair_next(event=event, seed=1)
    pairing.round_publish(round_=round_)
    match = Match.objects.select_related("round__event").get(round=round_)
    services.clock_start(round_=round_, now=timezone.now() - 30 * MIN)
    start = {"type": "choose_play", "team": match.team_a_id}  # team A plays first
    tracker_services.game_add_event(match=match, data=start, client_id="start")
    services.clock_set_remaining(round_=round_, seconds=0)  # time is called in A's turn
    return match


def _state(match: Match):
    return sel.states_of(sel.round_tables(match.round))[match.pk]


def _phone(match: Match, client_id: str, **data):
    return lambda: tracker_services.game_add_event(match=match, data=data, client_id=client_id)


def _judge(match: Match):
    return lambda: services.passing_at_time_set(match=match, passing=True)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("judge_first", [True, False], ids=["judge first", "phones first"])
def test_the_announced_pass_is_counted_once_whatever_the_order(judge_first):
    match = _table_at_time()
    active, other = match.team_a_id, match.team_b_id
    assert (_state(match).phase, _state(match).active_team) == ("finishing_turn", active)
    head = match.team_b.players.get(seat=1).pk
    calls = [
        _phone(match, "phone-1-pass", type="pass_turn"),  # the announced pass, on a phone
        _phone(match, "phone-2-life", type="life", player=head, amount=-1),
        _judge(match),
    ]
    if judge_first:
        calls.reverse()
    outcomes = race(calls)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    state = _state(match)
    assert (state.phase, state.turn, state.active_team) == ("finishing_turn", 0, other)
    assert state.passing_at_time
    # B's turn 0, then A, B, A in additional turns 1, 2 and 3: the fourth pass ends the
    # procedure (with the pass counted twice, the third already did).
    for n in range(3):
        tracker_services.game_add_event(match=match, data={"type": "pass_turn"}, client_id=f"p{n}")
    state = _state(match)
    assert (state.phase, state.extra_turn, state.active_team) == ("extra_turns", 3, active)
    tracker_services.game_add_event(match=match, data={"type": "pass_turn"}, client_id="p3")
    assert (_state(match).phase, _state(match).ending) == ("over", "draw")
