"""Judge calls from the table: a table calls a judge, a judge takes the call, may ask for the head
judge, and resolves it with a ruling; the time the call took comes back to the table as an
extension (MTR 2.6; docs/rules.md "Judge calls").

Pure: the caller passes the stored facts (datetimes) and ``now``; every state is computed from
them, never stored.

Notes on terminology
--------------------
call
    One table's request for a judge. Its facts are moments: ``called_at``, ``claimed_at`` (a
    judge said "I take it"), ``escalated_at`` (the judge asked for the head judge: an appeal,
    the head judge being the event's final rules authority), ``resolved_at`` (the
    ruling given) and ``withdrawn_at`` (the calling team no longer needs a judge).
status
    Computed from the facts, the latest step first: ``withdrawn``, ``resolved``, ``escalated``,
    ``claimed``, else ``open``. A call is *pending* while it is neither resolved nor withdrawn;
    a table has at most one pending call, and a second call from the table joins it.
time to a judge, time to resolution
    From ``called_at`` to ``claimed_at``, and to ``resolved_at``.
unclaimed too long
    Nobody has taken the call for ``UNCLAIMED_ALERT`` (2 minutes): the judges' queue marks it.
proposed extension
    MTR 2.6: "If a judge pauses a match for more than one minute while it is in progress, they
    should extend the time for that match appropriately". Tandem proposes the time the round's
    clock ran from the call to the ruling, in whole minutes rounded up, when that is over a
    minute and the table's time was running when the judge was called (round clock running,
    time not yet called at the table). A call made once time was called at the table (turn 0,
    the additional turns) gets none: the turns are not timed and the table lost no time before
    the call (MTR 2.4; docs/rules.md "Extensions once time is called"). A call made before time
    was called and resolved during turn 0 gets its minutes, dated from the call (the clock's
    rule); resolved in the additional turns, none. The judge may change or refuse the proposal.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from statistics import median
from typing import Literal

from core.text import Text, gettext_noop, ngettext_noop
from judging.domain.clock_round import running_clock
from judging.domain.clock_table import TableFacts, standard_extension, table_state

Status = Literal["open", "claimed", "escalated", "resolved", "withdrawn"]
STATUSES: tuple[Status, ...] = ("open", "claimed", "escalated", "resolved", "withdrawn")
Reason = Literal["rules_question", "dispute", "deck", "medical", "other"]
REASONS: tuple[Reason, ...] = ("rules_question", "dispute", "deck", "medical", "other")
Action = Literal["claim", "escalate", "resolve", "withdraw"]

UNCLAIMED_ALERT = timedelta(minutes=2)
RULING_MAX = 200  # characters: a ruling in a line
RULE_MAX = 40  # characters: "CR 810.9b", "MTR 2.4", "IPG 3.3"


class CallError(ValueError):
    """The step is not possible from the call's state; ``code`` is the API's."""

    def __init__(self, message: Text, code: str) -> None:
        super().__init__(message)
        self.text = message
        self.code = code


@dataclass(frozen=True, slots=True)
class CallFacts:
    called_at: datetime
    claimed_at: datetime | None = None
    escalated_at: datetime | None = None
    resolved_at: datetime | None = None
    withdrawn_at: datetime | None = None

    @property
    def status(self) -> Status:
        if self.withdrawn_at is not None:
            return "withdrawn"
        if self.resolved_at is not None:
            return "resolved"
        if self.escalated_at is not None:
            return "escalated"
        if self.claimed_at is not None:
            return "claimed"
        return "open"

    @property
    def pending(self) -> bool:
        return self.status not in ("resolved", "withdrawn")

    @property
    def ended_at(self) -> datetime | None:
        return self.resolved_at or self.withdrawn_at


def check_step(facts: CallFacts, action: Action) -> None:
    """Raise CallError unless ``action`` may follow the call's state:

    - claim: an open call, or an escalated one (the head judge takes it);
    - escalate: an open or claimed call;
    - resolve, withdraw: a pending call."""
    status = facts.status
    if status == "resolved":
        raise CallError(Text(gettext_noop("This call has already been resolved.")), "resolved")
    if status == "withdrawn":
        raise CallError(Text(gettext_noop("The table withdrew this call.")), "withdrawn")
    if action == "escalate" and status == "escalated":
        raise CallError(
            Text(gettext_noop("The head judge has already been asked for.")), "escalated"
        )


def seconds_waiting(facts: CallFacts, now: datetime) -> int:
    """Seconds from the call to the first judge (to ``now`` while nobody has taken it, to the
    end of a call nobody took)."""
    end = facts.claimed_at or facts.ended_at or now
    return max(0, int((end - facts.called_at).total_seconds()))


def seconds_open(facts: CallFacts, now: datetime) -> int:
    """Seconds from the call to its resolution or withdrawal (to ``now`` while pending)."""
    end = facts.ended_at or now
    return max(0, int((end - facts.called_at).total_seconds()))


def minutes_open(facts: CallFacts, now: datetime) -> int:
    """``seconds_open`` in whole minutes, rounded up."""
    return math.ceil(seconds_open(facts, now) / 60)


def unclaimed_too_long(facts: CallFacts, now: datetime) -> bool:
    """Open and nobody has taken it for two minutes: the queue marks it."""
    return facts.status == "open" and now - facts.called_at >= UNCLAIMED_ALERT


@dataclass(frozen=True, slots=True)
class Proposal:
    minutes: int  # 0: none proposed
    why: Text  # the reason in words (shown with the proposal)
    began_at: datetime  # when the pause began: the extension counts from the call


def proposed_extension(facts: CallFacts, table: TableFacts | None, at: datetime) -> Proposal:
    """The extension proposed when the call is resolved at ``at`` (MTR 2.6; module notes)."""
    began = facts.called_at
    if table is None:
        return Proposal(0, Text(gettext_noop("A bye has no clock.")), began)
    before = table_state(table, began)
    if before.round_status == "not_started":
        return Proposal(0, Text(gettext_noop("The round's clock had not started.")), began)
    if before.phase != "playing" or before.time_called_at is not None:
        return Proposal(
            0,
            Text(
                gettext_noop(
                    "Time had been called at the table when the judge was called: the turns"
                    " after time are not timed, nothing to give back (MTR 2.4)."
                )
            ),
            began,
        )
    if before.paused:
        return Proposal(0, Text(gettext_noop("The round's clock was paused.")), began)
    after = table_state(table, at)
    if after.phase in ("extra_turns", "over", "between_games"):
        return Proposal(
            0,
            Text(
                gettext_noop(
                    "The table is in its additional turns or has finished: they are not"
                    " timed, so an extension changes nothing (MTR 2.4)."
                )
            ),
            began,
        )
    clock = running_clock(table.round, at)
    ran = timedelta(0) if clock is None else clock.elapsed(at) - clock.elapsed(began)
    minutes = standard_extension("ruling", max(ran, timedelta(0)))
    if minutes == 0:
        return Proposal(
            0,
            Text(gettext_noop("The call took a minute or less: no extension (MTR 2.6).")),
            began,
        )
    return Proposal(
        minutes,
        Text.counted(
            ngettext_noop(
                "The call took %(count)s minute of the table's time (MTR 2.6).",
                "The call took %(count)s minutes of the table's time (MTR 2.6).",
            ),
            minutes,
            count=minutes,
        ),
        began,
    )


# --- the ruling log's figures ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figures:
    """Per round or per event: how many calls, how fast a judge came and the ruling was given
    (seconds; None without such calls), and how many went to the head judge (the appeals)."""

    calls: int
    withdrawn: int
    escalated: int
    median_to_judge: float | None
    p90_to_judge: float | None
    median_to_ruling: float | None
    p90_to_ruling: float | None


def p90(values: Sequence[float]) -> float | None:
    """The 90th percentile, nearest rank (the smallest value with at least 90% at or below it)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = math.ceil(0.9 * len(ordered))
    return float(ordered[rank - 1])


def figures(calls: Iterable[CallFacts]) -> Figures:
    rows = list(calls)
    to_judge = [
        (c.claimed_at - c.called_at).total_seconds() for c in rows if c.claimed_at is not None
    ]
    to_ruling = [
        (c.resolved_at - c.called_at).total_seconds() for c in rows if c.resolved_at is not None
    ]
    return Figures(
        calls=len(rows),
        withdrawn=sum(1 for c in rows if c.status == "withdrawn"),
        escalated=sum(1 for c in rows if c.escalated_at is not None),
        median_to_judge=float(median(to_judge)) if to_judge else None,
        p90_to_judge=p90(to_judge),
        median_to_ruling=float(median(to_ruling)) if to_ruling else None,
        p90_to_ruling=p90(to_ruling),
    )


def clock_text(seconds: int) -> str:
    """``m:ss`` ("0:42")."""
    minutes, secs = divmod(max(0, seconds), 60)
    return f"{minutes}:{secs:02d}"
