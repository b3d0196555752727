"""Reads of judge calls: an event's calls (the judges' queue, the ruling log), each call's answer
(docs/api.md "Judge calls") and the log's figures. Loading a call with its rights check is
access.judging's."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils import timezone

from judging.domain.calls import (
    STATUSES,
    CallFacts,
    Figures,
    figures,
    minutes_open,
    proposed_extension,
    seconds_waiting,
    unclaimed_too_long,
)
from judging.models import JudgeCall, JudgeCallPenalty
from judging.models.calls import STATUS_LABELS
from judging.selectors import clock as clock_selectors
from pairing.models import Match, Round
from tournament.models import Event

_CALLS = JudgeCall.objects.prefetch_related("joins__team").select_related(
    "match__round__event",
    "match__team_a",
    "match__team_b",
    "called_by_team",
    "called_by_player",
    "called_by_user",
    "claimed_by",
    "escalated_by",
    "head_claimed_by",
    "resolved_by",
    "extension",
)


def calls() -> QuerySet[JudgeCall]:
    return _CALLS.all()


def display_name(user: User | None) -> str | None:
    """A staff member as people see them: first and last name, else the username."""
    if user is None:
        return None
    full = f"{user.first_name} {user.last_name}".strip()
    return full or user.get_username()


def event_calls(
    event: Event, status: str | None = None, round_: Round | None = None
) -> list[JudgeCall]:
    """The event's calls, oldest first; ``status`` one of STATUSES (computed, so filtered on
    the facts)."""
    rows = calls().filter(event=event)
    if round_ is not None:
        rows = rows.filter(round=round_)
    if status is not None:
        rows = rows.filter(_status_filter(status))
    return list(rows.order_by("called_at", "id"))


def _status_filter(status: str) -> Q:
    if status not in STATUSES:
        raise ValueError(status)
    ended = Q(resolved_at__isnull=True, withdrawn_at__isnull=True)
    return {
        "withdrawn": Q(withdrawn_at__isnull=False),
        "resolved": Q(resolved_at__isnull=False),
        "escalated": ended & Q(escalated_at__isnull=False),
        "claimed": ended & Q(escalated_at__isnull=True, claimed_at__isnull=False),
        "open": ended & Q(escalated_at__isnull=True, claimed_at__isnull=True),
    }[status]


def pending_call(match: Match) -> JudgeCall | None:
    return calls().filter(match=match, resolved_at__isnull=True, withdrawn_at__isnull=True).first()


def latest_call(match: Match) -> JudgeCall | None:
    """The table's pending call, else its latest (its ruling stays shown until the next)."""
    return calls().filter(match=match).order_by("-called_at", "-id").first()


def penalty_ids(rows: Sequence[JudgeCall]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {row.pk: [] for row in rows}
    for call_id, penalty_id in JudgeCallPenalty.objects.filter(call__in=list(rows)).values_list(
        "call_id", "penalty_id"
    ):
        out[call_id].append(penalty_id)
    return out


def proposals(rows: Sequence[JudgeCall], now: datetime) -> dict[int, int | None]:
    """The extension each call would give if resolved ``now`` (pending calls), or the one
    proposed at its ruling; None for a withdrawn call. One clock read per round."""
    out: dict[int, int | None] = {}
    pending = [row for row in rows if row.facts.pending]
    for row in rows:
        if row.resolved_at is not None:
            out[row.pk] = row.proposed_extension_minutes
        elif row.withdrawn_at is not None:
            out[row.pk] = None
    by_round: dict[int, list[JudgeCall]] = {}
    for row in pending:
        by_round.setdefault(row.round_id, []).append(row)
    for group in by_round.values():
        round_ = group[0].match.round
        tables = clock_selectors.round_tables(round_, [row.match for row in group])
        for row in group:
            facts = tables.facts.get(row.match_id)
            out[row.pk] = proposed_extension(row.facts, facts, now).minutes
    return out


def call_json(
    row: JudgeCall,
    now: datetime,
    proposed: int | None,
    penalties: list[int] | None = None,
) -> dict[str, Any]:
    """One call as the API answers it (docs/api.md "Judge calls")."""
    facts = row.facts
    extension = row.extension.minutes if row.extension is not None else None
    if extension is None and row.resolved_at is not None:
        extension = 0
    return {
        "id": row.pk,
        "event": row.event_id,
        "round": row.round_id,
        "match": row.match_id,
        "table": row.match.table,
        "status": facts.status,
        "reason": row.reason,
        "note": row.note,
        "called_at": row.called_at,
        "called_by_team": row.called_by_team_id,
        "called_by_player": row.called_by_player_id,
        "called_by_staff": display_name(row.called_by_user),
        "claimed_at": row.claimed_at,
        "claimed_by": display_name(row.claimed_by),
        "escalated_at": row.escalated_at,
        "escalated_by": display_name(row.escalated_by),
        "head_judge": display_name(row.head_claimed_by),
        "resolved_at": row.resolved_at,
        "resolved_by": display_name(row.resolved_by),
        "ruling": row.ruling,
        "rule": row.rule,
        "withdrawn_at": row.withdrawn_at,
        "seconds_waiting": seconds_waiting(facts, now),
        "unclaimed_too_long": unclaimed_too_long(facts, now),
        "minutes_open": minutes_open(facts, now),
        "proposed_extension_minutes": proposed,
        "extension_minutes": extension,
        "joins": [
            {"at": j.at, "team": j.team_id, "player": j.player_id, "reason": j.reason}
            for j in row.joins.all()
        ],
        "penalties": penalties if penalties is not None else [],
    }


def calls_json(
    rows: Sequence[JudgeCall], now: datetime | None = None, *, with_proposals: bool = True
) -> list[dict[str, Any]]:
    """The calls as the API answers them; without ``with_proposals`` (a table's own block, which
    does not show it) the pending calls' proposals are not worked out (no clock read)."""
    now = now or timezone.now()
    proposed = proposals(rows, now) if with_proposals else {}
    penalties = penalty_ids(rows)
    return [call_json(row, now, proposed.get(row.pk), penalties.get(row.pk)) for row in rows]


# --- the ruling log ----------------------------------------------------------------------------


@dataclass(frozen=True)
class LogFigures:
    round: int | None  # the round's number; None for the whole event
    figures: Figures


def log_figures(rows: Iterable[JudgeCall]) -> list[LogFigures]:
    """Per round (by number) and for the event: calls, times to a judge and to the ruling, the
    appeals (escalated calls)."""
    rows = list(rows)
    numbers = sorted({row.match.round.number for row in rows})
    out = [
        LogFigures(n, figures(row.facts for row in rows if row.match.round.number == n))
        for n in numbers
    ]
    out.append(LogFigures(None, figures(row.facts for row in rows)))
    return out


def facts_of(rows: Iterable[JudgeCall]) -> list[CallFacts]:
    return [row.facts for row in rows]


# --- the judges' queue and the log's rows ----------------------------------------------------------


def pending_calls(event: Event) -> list[JudgeCall]:
    rows = calls().filter(event=event, resolved_at__isnull=True, withdrawn_at__isnull=True)
    return list(rows.order_by("called_at", "id"))


def _table_summaries(rows: Sequence[JudgeCall]) -> dict[int, Any]:
    """Each call's table at now in the floor view's words (end-of-round state), by match id."""
    from judging.domain.clock import floor_order

    out: dict[int, Any] = {}
    by_round: dict[int, list[JudgeCall]] = {}
    for row in rows:
        by_round.setdefault(row.round_id, []).append(row)
    now = timezone.now()
    for group in by_round.values():
        round_ = group[0].match.round
        tables = clock_selectors.round_tables(round_, [row.match for row in group])
        states = clock_selectors.states_of(tables, now)
        names: dict[int, str] = {}
        for row in group:
            names[row.match.team_a_id] = row.match.team_a.name
            if row.match.team_b is not None and row.match.team_b_id is not None:
                names[row.match.team_b_id] = row.match.team_b.name
        by_table = {line.table: line for line in floor_order(states.values(), names)}
        for pk, state in states.items():
            line = by_table.get(state.table)
            out[pk] = (line.summary if line is not None else None, state)
    return out


def queue_lines(rows: Sequence[JudgeCall], *, head_first: bool = False) -> list[dict[str, Any]]:
    """The judges' queue: each pending call with its table's state; oldest first, escalated
    calls first for a head judge."""
    now = timezone.now()
    views = calls_json(rows, now)
    summaries = _table_summaries(rows)
    lines = []
    for row, view in zip(rows, views, strict=True):
        summary, state = summaries.get(row.match_id, (None, None))
        caller = row.called_by_team.name if row.called_by_team is not None else None
        lines.append(
            {
                "call": view,
                "row": row,
                "match": row.match,
                "caller": caller or view["called_by_staff"],
                "summary": summary,
                "phase": state.phase if state is not None else "",
                "reason": row.get_reason_display() if row.reason else "",
            }
        )
    if head_first:
        lines.sort(key=lambda line: line["call"]["status"] != "escalated")
    return lines


def call_penalties(call: JudgeCall) -> list[Any]:
    from judging.models import Penalty

    ids = JudgeCallPenalty.objects.filter(call=call).values_list("penalty_id", flat=True)
    return list(Penalty.objects.filter(pk__in=list(ids)).select_related("player"))


def log_rows(rows: Sequence[JudgeCall]) -> list[dict[str, Any]]:
    """The ruling log: one dict per call, the CSV's columns."""
    now = timezone.now()
    views = calls_json(rows, now)
    out = []
    for row, view in zip(rows, views, strict=True):
        joined = [j.team.name for j in row.joins.all() if j.team is not None]
        out.append(
            {
                **view,
                "round": row.match.round.number,
                "status_label": STATUS_LABELS[view["status"]],
                "called_by": (
                    row.called_by_team.name
                    if row.called_by_team is not None
                    else view["called_by_staff"]
                ),
                "seconds_to_judge": (
                    int((row.claimed_at - row.called_at).total_seconds())
                    if row.claimed_at is not None
                    else ""
                ),
                "seconds_to_ruling": (
                    int((row.resolved_at - row.called_at).total_seconds())
                    if row.resolved_at is not None
                    else ""
                ),
                "penalties": " ".join(str(p) for p in view["penalties"]),
                "joined_by": "; ".join(joined),
                "called_at": row.called_at.isoformat(),
                "claimed_at": row.claimed_at.isoformat() if row.claimed_at else "",
                "escalated_at": row.escalated_at.isoformat() if row.escalated_at else "",
                "resolved_at": row.resolved_at.isoformat() if row.resolved_at else "",
                "head_judge": view["head_judge"] or "",
                "claimed_by": view["claimed_by"] or "",
                "resolved_by": view["resolved_by"] or "",
                "extension_minutes": (
                    "" if view["extension_minutes"] is None else view["extension_minutes"]
                ),
                "proposed_extension_minutes": (
                    ""
                    if view["proposed_extension_minutes"] is None
                    else view["proposed_extension_minutes"]
                ),
            }
        )
    return out
