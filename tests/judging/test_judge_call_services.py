"""Judge calls, the services (docs/rules.md "Judge calls"): a table calls, a second call joins,
judges claim, escalate and resolve; the call's time comes back to the table as its extension
(MTR 2.6) through the clock's own rules; penalties issued from the ruling are linked."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import Conflict, ServiceError
from judging import services
from judging.errors import HeadJudgeOnly
from judging.models import Extension, JudgeCall, JudgeCallJoin
from judging.services import calls
from support import actors

pytestmark = pytest.mark.django_db


def _started(table, minutes_ago: float = 20):
    start = timezone.now() - timedelta(minutes=minutes_ago)
    services.clock_start(round_=table.round, now=start)
    return start


def test_a_call_then_a_second_joins_it(table):
    first = calls.judge_call(
        match=table.match, team=table.red, player=table.player(table.red), reason="dispute"
    )
    assert first.created
    assert first.call.status == "open"
    second = calls.judge_call(match=table.match, team=table.blue, reason="rules_question")
    assert not second.created
    assert second.call.pk == first.call.pk
    join = JudgeCallJoin.objects.get()
    assert (join.call_id, join.team_id, join.reason) == (
        first.call.pk,
        table.blue.pk,
        "rules_question",
    )
    assert JudgeCall.objects.count() == 1


def test_bad_input_is_refused(table, world):
    with pytest.raises(ServiceError) as refused:
        calls.judge_call(match=table.match, team=table.red, reason="bored")
    assert refused.value.field == "reason"
    with pytest.raises(ServiceError):
        calls.judge_call(match=table.match, team=world.green)
    with pytest.raises(ServiceError):  # a player of the other team
        calls.judge_call(match=table.match, team=table.red, player=table.player(table.blue))
    with pytest.raises(ServiceError):
        calls.judge_call(match=table.match, team=table.red, note="x" * 201)
    assert not JudgeCall.objects.exists()


def test_the_whole_life_gives_the_time_back(table, world):
    """Called at 10 minutes into the round, ruled 3 min 10 s later: 4 minutes (MTR 2.6)."""
    start = _started(table, 30)
    called = start + timedelta(minutes=10)
    call = calls.judge_call(match=table.match, team=table.red, now=called).call
    calls.judge_call_claim(
        call=call, actor=actors.judge(call.event, world.judy), now=called + timedelta(seconds=40)
    )
    with pytest.raises(Conflict) as taken:
        calls.judge_call_claim(call=call, actor=actors.head_judge(call.event, world.hank))
    assert taken.value.code == "already_claimed"
    assert taken.value.data == {"claimed_by": "judy"}
    calls.judge_call_claim(
        call=call, actor=actors.judge(call.event, world.judy)
    )  # the same judge again: nothing changes
    done = calls.judge_call_resolve(
        call=call,
        actor=actors.judge(call.event, world.judy),
        ruling="The trigger resolves now.",
        rule="MTR 2.6",
        now=called + timedelta(minutes=3, seconds=10),
    )
    row = done.call
    assert row.status == "resolved"
    assert done.proposal.minutes == 4
    assert (row.extension.minutes, row.extension.reason) == (4, "ruling")
    assert row.proposed_extension_minutes == 4
    assert row.rule == "MTR 2.6"
    assert row.claimed_by == world.judy
    assert row.resolved_by == world.judy
    with pytest.raises(Conflict) as again:
        calls.judge_call_resolve(
            call=call, actor=actors.judge(call.event, world.judy), ruling="again"
        )
    assert again.value.code == "resolved"
    # the table may call again now
    assert calls.judge_call(match=table.match, team=table.blue).created


def test_zero_gives_none_and_a_number_changes_the_proposal(table, world):
    start = _started(table, 30)
    call = calls.judge_call(
        match=table.match, team=table.red, now=start + timedelta(minutes=5)
    ).call
    done = calls.judge_call_resolve(
        call=call,
        actor=actors.judge(call.event, world.judy),
        ruling="Play on.",
        extension_minutes=0,
        now=start + timedelta(minutes=9),
    )
    assert done.proposal.minutes == 4
    assert done.call.extension is None
    call = calls.judge_call(
        match=table.match, team=table.red, now=start + timedelta(minutes=10)
    ).call
    done = calls.judge_call_resolve(
        call=call,
        actor=actors.judge(call.event, world.judy),
        ruling="Play on.",
        extension_minutes=2,
        now=start + timedelta(minutes=12, seconds=30),
    )
    assert done.call.extension.minutes == 2
    assert done.call.proposed_extension_minutes == 3
    assert Extension.objects.count() == 1


def test_a_forced_extension_in_turn_0_follows_the_clock(table, world):
    """Called after time (turn 0): nothing proposed, and minutes asked anyway are refused by the
    clock's rule (409 time_called) with nothing stored (MTR 2.4, 2.6)."""
    start = _started(table, 70)  # a 60-minute round: time was called 10 minutes ago
    call = calls.judge_call(
        match=table.match, team=table.red, now=start + timedelta(minutes=62)
    ).call
    now = start + timedelta(minutes=66)
    with pytest.raises(Conflict) as refused:
        calls.judge_call_resolve(
            call=call,
            actor=actors.judge(call.event, world.judy),
            ruling="x",
            extension_minutes=4,
            now=now,
        )
    assert refused.value.code == "time_called"
    assert JudgeCall.objects.get().status == "open"
    assert not Extension.objects.exists()
    done = calls.judge_call_resolve(
        call=call, actor=actors.judge(call.event, world.judy), ruling="Play on.", now=now
    )
    assert done.proposal.minutes == 0
    assert done.call.extension is None


def test_escalated_calls_are_the_head_judges(table, world):
    call = calls.judge_call(match=table.match, team=table.red).call
    calls.judge_call_escalate(call=call, by=world.judy)
    row = JudgeCall.objects.get()
    assert row.status == "escalated"
    assert row.claimed_by == world.judy
    with pytest.raises(Conflict):
        calls.judge_call_escalate(call=call, by=world.judy)
    with pytest.raises(HeadJudgeOnly):
        calls.judge_call_resolve(call=call, actor=actors.judge(call.event, world.judy), ruling="x")
    with pytest.raises(HeadJudgeOnly):
        calls.judge_call_claim(call=call, actor=actors.judge(call.event, world.judy))
    calls.judge_call_claim(call=call, actor=actors.head_judge(call.event, world.hank))
    done = calls.judge_call_resolve(
        call=call, actor=actors.head_judge(call.event, world.hank), ruling="Upheld."
    )
    assert done.call.head_claimed_by == world.hank
    assert done.call.resolved_by == world.hank


def test_only_the_calling_team_withdraws(table):
    call = calls.judge_call(match=table.match, team=table.red).call
    with pytest.raises(ServiceError) as refused:
        calls.judge_call_withdraw(call=call, team=table.blue)
    assert refused.value.code == "not_your_call"
    calls.judge_call_withdraw(call=call, team=table.red)
    assert JudgeCall.objects.get().status == "withdrawn"
    with pytest.raises(Conflict):
        calls.judge_call_withdraw(call=call, team=table.red)


def test_a_penalty_from_the_ruling_is_issued_by_the_penalty_service_and_linked(table, world):
    """IPG 2.5: a Game Rule Violation at Competitive REL is a Warning; FtMGS goes to the other
    team (the penalty service's rules), and every penalty issued is linked to the call."""
    call = calls.judge_call(match=table.match, team=table.red).call
    issued = calls.judge_call_penalty(
        call=call,
        actor=actors.judge(call.event, world.judy),
        player=table.player(table.blue),
        infraction_code="GPE-GRV",
    )
    assert (issued.penalty.infraction, issued.penalty.penalty) == ("GPE-GRV", "warning")
    linked = set(JudgeCall.objects.get().penalty_links.values_list("penalty_id", flat=True))
    assert linked == {issued.penalty.pk, *(p.pk for p in issued.related)}
    assert issued.related
    stranger = world.green.players.first()
    with pytest.raises(ServiceError) as refused:
        calls.judge_call_penalty(
            call=call,
            actor=actors.judge(call.event, world.judy),
            player=stranger,
            infraction_code="GPE-GRV",
        )
    assert refused.value.field == "player"
