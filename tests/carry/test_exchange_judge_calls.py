"""The event file carries judge calls (issue 32, item 4; issue 28, item 4): who called, who joined,
who took it, the moments, the ruling, the extension and the penalties linked, read the same on
the server that imports it (ids remapped)."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from carry.services import exchange
from judging import services as judging
from judging.models import JudgeCall
from judging.services import calls
from pairing import services as pairing
from support import actors, factories
from support.rounds import event_with_teams
from tournament.models import StaffRole


def _ms(at):
    """The file keeps times to the millisecond (JSON, as every time it carries)."""
    return None if at is None else at.replace(microsecond=at.microsecond // 1000 * 1000)


def _log(event) -> list[list]:
    rows = JudgeCall.objects.filter(event=event).select_related(
        "match__round", "called_by_team", "claimed_by", "resolved_by", "extension"
    )
    out = []
    for row in rows.order_by("called_at", "id"):
        penalties = sorted(
            (link.penalty.player.name, link.penalty.infraction) for link in row.penalty_links.all()
        )
        out.append(
            [
                row.match.round.number, row.match.table, row.status, row.reason, row.note,
                row.called_by_team.name, _ms(row.called_at), _ms(row.claimed_at), _ms(row.resolved_at),
                row.claimed_by.username if row.claimed_by else None,
                row.resolved_by.username if row.resolved_by else None,
                row.ruling, row.rule, row.proposed_extension_minutes,
                row.extension.minutes if row.extension else None,
                [j.team.name for j in row.joins.all()], penalties,
            ]
        )  # fmt: skip
    return out


@pytest.mark.django_db
def test_judge_calls_go_there_and_back():
    event, _teams = event_with_teams(4, swiss_rounds=3)
    judge = factories.staff(event, StaffRole.Role.JUDGE, "judy-calls")
    round_ = pairing.round_pair_next(event=event, seed=1)
    pairing.round_publish(round_=round_)
    start = timezone.now() - timedelta(minutes=30)
    judging.clock_start(round_=round_, now=start)
    first, second = round_.matches.filter(team_b__isnull=False).order_by("table")
    called = calls.judge_call(
        match=first,
        team=first.team_a,
        reason="dispute",
        note="Blocks",
        now=start + timedelta(minutes=5),
    ).call
    calls.judge_call(match=first, team=first.team_b, now=start + timedelta(minutes=6))
    calls.judge_call_claim(
        call=called, actor=actors.judge(called.event, judge), now=start + timedelta(minutes=7)
    )
    calls.judge_call_penalty(
        call=called,
        actor=actors.judge(called.event, judge),
        player=first.team_b.players.first(),
        infraction_code="GPE-GRV",
    )
    calls.judge_call_resolve(call=called, actor=actors.judge(called.event, judge), ruling="Blocks stand.", rule="CR 509.1", now=start + timedelta(minutes=8, seconds=30))  # fmt: skip
    calls.judge_call(match=second, team=second.team_b, reason="medical")
    before = _log(event)
    assert before[0][14] == 4  # 3 min 30 s of the table's time: 4 minutes (MTR 2.6)

    data = json.loads(exchange.event_export_json(event=event))
    assert len(data["models"]["judging.JudgeCall"]) == 2
    assert len(data["models"]["judging.JudgeCallJoin"]) == 1
    assert len(data["models"]["judging.JudgeCallPenalty"]) >= 1
    imported = exchange.event_import(data=data)

    assert _log(imported) == before
    new = JudgeCall.objects.filter(event=imported)
    assert not set(new.values_list("pk", flat=True)) & set(
        JudgeCall.objects.filter(event=event).values_list("pk", flat=True)
    )
    moved = new.get(resolved_at__isnull=False)
    assert moved.extension.match_id == moved.match_id  # the extension links to the new table
    assert moved.match.round.event_id == imported.pk
