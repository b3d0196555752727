"""Matrix rows: the round clock (issue 8; docs/api.md "Clock", "Pass at time", extensions).

Round 1 is paired and published in `setup` (Red against Blue at table 1). A scorekeeper runs the
clock; only judges give extensions and record passing at time; whoever sees the private event
(its team red included) reads the clock. Who cannot see it gets 404.
"""

from pairing import services
from support import factories
from support.matrix import Row, expect


def _paired(world) -> None:
    world.event.rel = "competitive"
    world.event.save(update_fields=["rel"])
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_pair_next(event=world.event, seed=1)
    services.round_publish(round_=round_)


def _round(world) -> int:
    return world.event.rounds.get(number=1).pk


def _match(world) -> int:
    return world.event.rounds.get(number=1).matches.get(table__isnull=False).pk


ROWS = [
    Row(
        "clock-read",
        "get",
        lambda w: f"/api/v1/rounds/{_round(w)}/clock/",
        expect("view"),
        setup=_paired,
    ),
    Row(
        "clock-start",
        "post",
        lambda w: f"/api/v1/rounds/{_round(w)}/clock/",
        expect("scorekeeper"),
        body=lambda w: {"action": "start"},
        setup=_paired,
    ),
    Row(
        "clock-set-remaining",
        "post",
        lambda w: f"/api/v1/rounds/{_round(w)}/clock/",
        expect("scorekeeper"),
        body=lambda w: {"action": "set_remaining", "seconds": 600},
        setup=_paired,
    ),
    Row(
        "match-extension",
        "post",
        lambda w: f"/api/v1/matches/{_match(w)}/extensions/",
        expect("judge", 201),
        body=lambda w: {"minutes": 3, "reason": "ruling"},
        setup=_paired,
    ),
    Row(
        "match-passing-at-time",
        "post",
        lambda w: f"/api/v1/matches/{_match(w)}/time/",
        expect("judge"),
        body=lambda w: {"passing_at_time": True},
        setup=_paired,
    ),
]

# Pages (a team is an anonymous browser there; the event is private). The projector is read by
# whoever sees the event; the floor view and the table's page are staff's (the scorekeeper runs
# the clock), and only judges act at a table.

ROWS += [
    Row(
        "page-clock",
        "get",
        lambda w: f"/events/{w.event.pk}/clock/",
        expect("view"),
        setup=_paired,
        fmt="page",
    ),
    Row(
        "page-clock-control",
        "post",
        lambda w: f"/events/{w.event.pk}/clock/control/",
        expect("scorekeeper", 302),
        body=lambda w: {"round": 1, "action": "start"},
        setup=_paired,
        fmt="page",
    ),
    Row(
        "page-clock-floor",
        "get",
        lambda w: f"/events/{w.event.pk}/clock/floor/",
        expect("scorekeeper"),
        setup=_paired,
        fmt="page",
    ),
    Row(
        "page-table-clock",
        "get",
        lambda w: f"/events/{w.event.pk}/matches/{_match(w)}/clock/",
        expect("scorekeeper"),
        setup=_paired,
        fmt="page",
    ),
    Row(
        "page-table-clock-extension",
        "post",
        lambda w: f"/events/{w.event.pk}/matches/{_match(w)}/clock/",
        expect("judge", 302),
        body=lambda w: {"action": "extension", "minutes": 3, "reason": "ruling"},
        setup=_paired,
        fmt="page",
    ),
]
