"""Judge calls (docs/api.md "Judge calls", docs/rules.md "Judge calls"): a table calls, a judge
claims, escalates to the head judge, resolves with a ruling and gives the table the call's time
as an extension (through ``extension_give``, the clock's rules); a penalty may be issued from
the ruling (through ``penalty_issue``). One transaction per call; the Event row is locked first
(the order of the other judging services), then the call's row.

After the commit the table's phones (topic ``calls:<match>``), its two teams' pages (topic
``team:<id>``, their cached pages renewed) and the judges' queue (topic ``judges:<event>``) are
told.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from access.actors import Actor, require_actor
from access.rights import Perm
from core import live, pagecache
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from core.events import Signal
from judging.domain.calls import (
    REASONS,
    RULE_MAX,
    RULING_MAX,
    Action,
    CallError,
    Proposal,
    check_step,
    proposed_extension,
)
from judging.errors import HeadJudgeOnly
from judging.models import JudgeCall, JudgeCallJoin, JudgeCallPenalty
from judging.models.calls import NOTE_MAX
from judging.selectors import clock as clock_selectors
from judging.services.clock import MAX_EXTENSION, extension_give
from judging.services.penalties import Issued, PenaltyInput, _clean_text, penalty_issue
from pairing.models import Match
from tournament import snapshots
from tournament.models import Event, Player, Team


class NotYourCall(ServiceError):
    """The other team of the table asked to withdraw a call it did not make."""

    status = 403


def _name(user: User | None) -> str:
    if user is None:
        return ""
    full = f"{user.first_name} {user.last_name}".strip()
    return full or user.get_username()


def topic(match_id: int) -> str:
    return f"calls:{match_id}"


def judges_topic(event_id: int) -> str:
    return f"judges:{event_id}"


def announce(call: JudgeCall) -> None:
    """After the commit: the table's phones, its teams' pages and the judges' queue."""
    teams = [t for t in (call.match.team_a_id, call.match.team_b_id) if t is not None]
    data = {"call": call.pk, "status": call.status}
    live.publish(topic(call.match_id), data)
    live.publish(judges_topic(call.event_id), {**data, "match": call.match_id})
    for team in teams:
        live.publish(f"team:{team}")
    scopes = [snapshots.team_page_scope(team) for team in teams]
    transaction.on_commit(lambda: pagecache.bump_together(*scopes), robust=True)


@dataclass(frozen=True)
class CallClaimed:
    """A judge took a table's call (or a head judge the escalated one): one is on the way."""

    event_id: int
    call_id: int
    match_id: int


#: After commit: a judge is on the way to the call's table (notify: a push to its teams).
call_claimed: Signal[CallClaimed] = Signal("call_claimed")


def _claimed(row: JudgeCall) -> None:
    call_claimed.fire(CallClaimed(row.event_id, row.pk, row.match_id))


def _reason(raw: object) -> str:
    if raw is None or raw == "":
        return ""
    if raw not in REASONS:
        raise ServiceError(
            field="reason",
            message=gettext("One of %(values)s.") % {"values": ", ".join(REASONS)},
        )
    return str(raw)


def _step(call: JudgeCall, action: Action) -> None:
    try:
        check_step(call.facts, action)
    except CallError as error:
        raise Conflict(error.text, code=error.code) from None


def _locked(call: JudgeCall) -> JudgeCall:
    Event.objects.select_for_update().get(pk=call.event_id)
    return (
        JudgeCall.objects.select_for_update(of=("self",))
        .select_related("match__round", "claimed_by", "head_claimed_by")
        .get(pk=call.pk)
    )


@dataclass(frozen=True)
class Called:
    call: JudgeCall
    created: bool  # False: the table's pending call, which this call joined


@transaction.atomic
def judge_call(
    *,
    match: Match,
    team: Team | None = None,
    player: Player | None = None,
    by: By = None,
    reason: object = "",
    note: object = "",
    now: datetime | None = None,
) -> Called:
    """A table calls a judge: one of its teams (``team``, and ``player`` when the phone says
    who) or staff (``by``). While the table has a pending call, this call joins it."""
    if match.table is None or match.team_b_id is None:
        raise ServiceError(gettext("A bye has no table to call a judge to."), code="bye")
    if team is not None and team.pk not in (match.team_a_id, match.team_b_id):
        raise ServiceError(field="team", message=gettext("Not a team of this table."))
    if player is not None and (team is None or player.team_id != team.pk):
        raise ServiceError(field="player", message=gettext("Not a player of this team."))
    code = _reason(reason)
    text = _clean_text(note, "note", NOTE_MAX)
    now = now or timezone.now()
    Event.objects.select_for_update().get(pk=match.round.event_id)
    pending = (
        JudgeCall.objects.select_for_update()
        .filter(match=match, resolved_at__isnull=True, withdrawn_at__isnull=True)
        .first()
    )
    if pending is not None:
        JudgeCallJoin.objects.create(
            call=pending,
            at=now,
            team=team,
            player=player,
            user=recorded(by),
            reason=code,
            note=text,
        )
        pending.match = match
        announce(pending)
        return Called(pending, False)
    call = JudgeCall.objects.create(
        event_id=match.round.event_id,
        round_id=match.round_id,
        match=match,
        reason=code,
        note=text,
        called_at=now,
        called_by_team=team,
        called_by_player=player,
        called_by_user=recorded(by) if team is None else None,
    )
    call.match = match
    announce(call)
    return Called(call, True)


@transaction.atomic
def judge_call_claim(*, call: JudgeCall, actor: Actor, now: datetime | None = None) -> JudgeCall:
    """ "I take it": a judge takes an open call; an escalated call is taken by a head judge. Two
    judges at once: the first wins, the second is told who took it (409 ``already_claimed``);
    the same judge again changes nothing."""
    require_actor(actor, Perm.EXTENSIONS, call.event)
    row = _locked(call)
    _step(row, "claim")
    user = actor.user
    now = now or timezone.now()
    if row.status == "escalated":
        if not actor.holds(Perm.SEVERE_PENALTIES):
            raise HeadJudgeOnly(
                gettext("The head judge was asked for: a head judge takes this call."),
                code="head_judge_only",
            )
        taker = row.head_claimed_by
        if taker is not None and taker != user:
            raise _taken(taker)
        if taker is None:
            row.head_claimed_at, row.head_claimed_by = now, user
            row.save(update_fields=["head_claimed_at", "head_claimed_by"])
            announce(row)
            _claimed(row)
        return row
    if row.claimed_at is not None:
        if row.claimed_by is not None and row.claimed_by != user:
            raise _taken(row.claimed_by)
        return row
    row.claimed_at, row.claimed_by = now, user
    row.save(update_fields=["claimed_at", "claimed_by"])
    announce(row)
    _claimed(row)
    return row


def _taken(user: User | None) -> Conflict:
    name = _name(user)
    return Conflict(
        gettext("%(name)s has already taken this call.") % {"name": name},
        code="already_claimed",
        data={"claimed_by": name},
    )


@transaction.atomic
def judge_call_escalate(*, call: JudgeCall, by: By, now: datetime | None = None) -> JudgeCall:
    """ "Head judge needed": the head judges' phones show the call first. A call nobody had
    taken is taken by the judge who escalates it (they are at the table)."""
    row = _locked(call)
    _step(row, "escalate")
    now = now or timezone.now()
    user = recorded(by)
    row.escalated_at, row.escalated_by = now, user
    if row.claimed_at is None:
        row.claimed_at, row.claimed_by = now, user
    row.save(update_fields=["escalated_at", "escalated_by", "claimed_at", "claimed_by"])
    announce(row)
    return row


@dataclass(frozen=True)
class Resolved:
    call: JudgeCall
    proposal: Proposal


def proposal_for(call: JudgeCall, now: datetime | None = None) -> Proposal:
    """The extension Tandem proposes if the call is resolved at ``now`` (MTR 2.6)."""
    match = call.match
    tables = clock_selectors.round_tables(match.round, [match])
    return proposed_extension(call.facts, tables.facts.get(match.pk), now or timezone.now())


@transaction.atomic
def judge_call_resolve(
    *,
    call: JudgeCall,
    actor: Actor,
    ruling: object,
    rule: object = "",
    extension_minutes: object = None,
    now: datetime | None = None,
) -> Resolved:
    """ "Resolved": the ruling in a line (and the rule cited). ``extension_minutes`` None takes
    the proposal, 0 gives none, a number gives that many minutes: the table's extension
    (reason ``ruling``) dated from the call, under the clock's rules (``extension_give``: 409
    and nothing stored where they refuse it). An escalated call is the head judge's."""
    require_actor(actor, Perm.EXTENSIONS, call.event)
    row = _locked(call)
    _step(row, "resolve")
    if row.status == "escalated" and not actor.holds(Perm.SEVERE_PENALTIES):
        raise HeadJudgeOnly(
            gettext("The head judge was asked for: the head judge gives this ruling."),
            code="head_judge_only",
        )
    text = _clean_text(ruling, "ruling", RULING_MAX, required=True)
    cited = _clean_text(rule, "rule", RULE_MAX)
    now = now or timezone.now()
    if now < row.called_at:
        raise ServiceError(field="resolved_at", message=gettext("A call ends after it starts."))
    proposal = proposal_for(row, now)
    if extension_minutes is None:
        minutes = proposal.minutes
    elif isinstance(extension_minutes, bool) or not isinstance(extension_minutes, int):
        raise ServiceError(
            field="extension_minutes", message=gettext("minutes must be a whole number")
        )
    else:
        minutes = extension_minutes
    if not 0 <= minutes <= MAX_EXTENSION:
        raise ServiceError(
            field="extension_minutes",
            message=gettext("an extension is 0 to %(max)s minutes") % {"max": MAX_EXTENSION},
        )
    user = actor.user
    if minutes:
        row.extension = extension_give(
            match=row.match,
            minutes=minutes,
            reason="ruling",
            began_at=row.called_at,
            by=user,
            now=now,
        )
    if row.claimed_at is None:
        row.claimed_at, row.claimed_by = now, user
    row.resolved_at, row.resolved_by = now, user
    row.ruling, row.rule = text, cited
    row.proposed_extension_minutes = proposal.minutes
    row.save()
    announce(row)
    return Resolved(row, proposal)


@transaction.atomic
def judge_call_withdraw(*, call: JudgeCall, team: Team, now: datetime | None = None) -> JudgeCall:
    """The calling team no longer needs a judge."""
    row = _locked(call)
    if row.called_by_team_id != team.pk:
        raise NotYourCall(
            gettext("Only the team that called may withdraw the call."), code="not_your_call"
        )
    _step(row, "withdraw")
    row.withdrawn_at, row.withdrawn_by_team = now or timezone.now(), team
    row.save(update_fields=["withdrawn_at", "withdrawn_by_team"])
    announce(row)
    return row


@transaction.atomic
def judge_call_penalty(
    *,
    call: JudgeCall,
    player: Player,
    infraction_code: object,
    actor: Actor,
    notes: object = "",
    penalty: object = None,
    override_reason: object = "",
    variants: Sequence[str] = (),
) -> Issued:
    """A penalty issued from the call's ruling to a player of the table, by the penalty service
    (its rules, rights and effects); the penalty and those issued with it are linked to the
    call."""
    if player.team_id not in (call.match.team_a_id, call.match.team_b_id):
        raise ServiceError(field="player", message=gettext("Not a player of this table."))
    issued = penalty_issue(
        event=call.event,
        actor=actor,
        wanted=PenaltyInput(
            player=player,
            infraction=infraction_code,
            round_=call.round,
            variants=variants,
            notes=notes,
            penalty=penalty,
            override_reason=override_reason,
        ),
    )
    JudgeCallPenalty.objects.bulk_create(
        [JudgeCallPenalty(call=call, penalty=p) for p in (issued.penalty, *issued.related)]
    )
    return issued
