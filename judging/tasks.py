"""The round clock's task: side effects only (docs/architecture.md). State is computed on read
from the facts, so a task that runs late or never breaks nothing shown; it announces time called
(core.events.time_called: live pages, cached pages renewed) at the deadline."""

from __future__ import annotations

from celery import shared_task

from core import live
from core.events import TimeCalled
from core.tasks import run_task
from judging import services
from judging.domain.clock import round_state
from judging.selectors import clock as clock_selectors
from pairing.models import Round

# The rounds the sweep looks at: clocks started this long ago at most (a day of play).
SWEEP_HOURS = 18
HEARTBEAT_KEY = "tandem:worker:heartbeat"  # when a worker last ran the sweep (config/health.py)


@shared_task(name="judging.clock_sweep")
def clock_sweep() -> int:
    """Celery beat, every CLOCK_SWEEP_SECONDS: mark time called for whatever is due, derived
    again from the facts, for every clock started within SWEEP_HOURS. The task queued for a
    deadline (clock_due) is lost when the worker is killed before it runs; this finds it late by
    at most the sweep's period. Also the worker's heartbeat: /healthz says "stalled" when no
    worker has run it for a while. Returns the rounds and tables it marked."""
    from datetime import timedelta

    from django.core.cache import cache
    from django.utils import timezone

    from judging.models import RoundClock

    now = timezone.now()
    started = RoundClock.objects.filter(
        started_at__isnull=False, started_at__gte=now - timedelta(hours=SWEEP_HOURS)
    ).values_list("round_id", flat=True)
    marked = 0
    for round_ in Round.objects.select_related("event").filter(pk__in=list(started)):
        done = services.clock_mark_due(round_=round_, now=now)
        marked += int(done.round_called) + len(done.tables_called)
    cache.set(HEARTBEAT_KEY, now.timestamp(), None)
    return marked


@shared_task(name="judging.clock_due")
def clock_due(round_id: int) -> bool:
    """At a deadline: mark time called for what is due (idempotent), fire time_called."""
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None:
        return False
    services.clock_mark_due(round_=round_)
    return True


def schedule(change: services.ClockChanged) -> None:
    """clock_changed (after commit): mark what the change made due already (the embedded
    default; a worker's sweep does it otherwise), queue the task for the round's next deadline
    (in-process without a broker: core.tasks.in_process), and publish the round's clock to its
    live pages. Reads never mark: this and the deadline's task do."""
    from django.utils import timezone

    round_ = Round.objects.select_related("event").filter(pk=change.round_id).first()
    if round_ is None:
        return
    now = timezone.now()
    tables = clock_selectors.round_tables(round_)
    states = clock_selectors.states_of(tables, now)
    state = round_state(tables.round, now)
    services.clock_mark_if_due(round_, state, states.items(), tables.marked)
    deadline = clock_selectors.next_deadline_of(tables, now)
    if deadline is not None:
        run_task(clock_due, round_.pk, eta=deadline)
    publish(round_)


def on_time_called(called: TimeCalled) -> None:
    """core.events.time_called: refresh the round's live pages (projector, floor view) when the
    round's time is called. A table's own time call needs nothing here: the marking that fires
    it also fires clock_changed once for all its tables, which publishes the round's clock."""
    if called.match_id is not None:
        return
    round_ = Round.objects.select_related("event").filter(pk=called.round_id).first()
    if round_ is not None:
        publish(round_)


def publish(round_: Round) -> None:
    state = clock_selectors.clock_of(round_)
    live.publish(
        f"clock:{round_.pk}",
        {
            "status": state.status,
            "ends_at": state.ends_at.isoformat() if state.ends_at else None,
            "remaining_seconds": state.remaining_seconds,
        },
    )
