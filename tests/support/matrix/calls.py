"""Matrix rows: judge calls (issue 28; docs/api.md "Judge calls").

Round 1 is paired and published in `setup` (Red against Blue at table 1). The table's teams
(red) and the event's staff call a judge and read the call; judges claim, escalate and resolve
(a scorekeeper reads only); only the calling team withdraws. Calls are private to the table and
the event's staff: anyone else gets 404, another event's team included.
"""

from judging.models import JudgeCall
from judging.services import calls
from pairing import services
from support import factories
from support.matrix import PERSONAS, Row, expect

NOBODY = {"anon": 404, "charlie": 404, "green": 404}


def _paired(world) -> None:
    world.event.rel = "competitive"
    world.event.save(update_fields=["rel"])
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_pair_next(event=world.event, seed=1)
    services.round_publish(round_=round_)


def _match(world):
    return world.event.rounds.get(number=1).matches.select_related("round").get(table__isnull=False)


def _called(world) -> None:
    """Red calls a judge at its table."""
    _paired(world)
    calls.judge_call(match=_match(world), team=world.red)


def _call(world) -> int:
    return JudgeCall.objects.get(match=_match(world)).pk


def _statuses(**given: int) -> dict[str, int]:
    out = NOBODY | given
    assert set(out) == set(PERSONAS)
    return out


ROWS = [
    Row(
        "judge-call-create",
        "post",
        lambda w: f"/api/v1/matches/{_match(w).pk}/judge-calls/",
        _statuses(red=201, sam=201, judy=201, hank=201, alice=201),
        body=lambda w: {"reason": "rules_question"},
        setup=_paired,
    ),
    Row(
        "judge-call-read",
        "get",
        lambda w: f"/api/v1/judge-calls/{_call(w)}/",
        _statuses(red=200, sam=200, judy=200, hank=200, alice=200),
        setup=_called,
    ),
    Row(
        "event-judge-calls",
        "get",
        lambda w: f"/api/v1/events/{w.event.pk}/judge-calls/",
        _statuses(red=404, sam=200, judy=200, hank=200, alice=200),
        setup=_called,
    ),
    Row(
        "judge-call-claim",
        "post",
        lambda w: f"/api/v1/judge-calls/{_call(w)}/claim/",
        _statuses(red=403, sam=403, judy=200, hank=200, alice=200),
        setup=_called,
    ),
    Row(
        "judge-call-escalate",
        "post",
        lambda w: f"/api/v1/judge-calls/{_call(w)}/escalate/",
        _statuses(red=403, sam=403, judy=200, hank=200, alice=200),
        setup=_called,
    ),
    Row(
        "judge-call-resolve",
        "post",
        lambda w: f"/api/v1/judge-calls/{_call(w)}/resolve/",
        _statuses(red=403, sam=403, judy=200, hank=200, alice=200),
        body=lambda w: {"ruling": "Play on.", "extension_minutes": 0},
        setup=_called,
    ),
    Row(
        "judge-call-withdraw",
        "post",
        lambda w: f"/api/v1/judge-calls/{_call(w)}/withdraw/",
        _statuses(red=200, sam=403, judy=403, hank=403, alice=403),
        setup=_called,
    ),
]

# Pages (a team is an anonymous browser there; the event is private). The queue and a call's
# page are the event's staff's; the ruling log is the judges'; only judges act on a call.
STAFF_PAGE = _statuses(red=404, sam=200, judy=200, hank=200, alice=200)

ROWS += [
    Row(
        "page-judge-calls",
        "get",
        lambda w: f"/events/{w.event.pk}/judge-calls/",
        STAFF_PAGE,
        setup=_called,
        fmt="page",
    ),
    Row(
        "page-judge-call",
        "get",
        lambda w: f"/events/{w.event.pk}/judge-calls/{_call(w)}/",
        STAFF_PAGE,
        setup=_called,
        fmt="page",
    ),
    Row(
        "page-judge-call-claim",
        "post",
        lambda w: f"/events/{w.event.pk}/judge-calls/{_call(w)}/act/",
        _statuses(red=404, sam=403, judy=302, hank=302, alice=302),
        body=lambda w: {"op": "claim"},
        setup=_called,
        fmt="page",
    ),
    Row(
        "page-judge-call-log",
        "get",
        lambda w: f"/events/{w.event.pk}/judge-calls/log/",
        expect("judge"),
        setup=_called,
        fmt="page",
    ),
    Row(
        "page-judge-call-csv",
        "get",
        lambda w: f"/events/{w.event.pk}/judge-calls.csv",
        expect("judge"),
        setup=_called,
        fmt="page",
    ),
]
