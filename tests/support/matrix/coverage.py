"""Matrix rows: coverage (issue 28, item 5). The coverage page is staff's (judges mark feature
matches; a scorekeeper reads); a table's broadcast page is staff's while the event has not
opened coverage (the event is private here, so everyone else gets 404)."""

from pairing import services
from support import factories
from support.matrix import PERSONAS, Row, expect

NOBODY = {"anon": 404, "charlie": 404, "green": 404, "red": 404}


def _paired(world) -> None:
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_pair_next(event=world.event, seed=1)
    services.round_publish(round_=round_)


def _match(world) -> int:
    return world.event.rounds.get(number=1).matches.get(table__isnull=False).pk


def _statuses(**given: int) -> dict[str, int]:
    out = NOBODY | given
    assert set(out) == set(PERSONAS)
    return out


ROWS = [
    Row(
        "page-coverage",
        "get",
        lambda w: f"/events/{w.event.pk}/coverage/",
        expect("scorekeeper"),
        setup=_paired,
        fmt="page",
    ),
    Row(
        "page-coverage-feature",
        "post",
        lambda w: f"/events/{w.event.pk}/coverage/",
        _statuses(sam=403, judy=302, hank=302, alice=302),
        body=lambda w: {"op": "feature", "match": _match(w), "feature": "1"},
        setup=_paired,
        fmt="page",
    ),
    Row(
        "page-broadcast",
        "get",
        lambda w: f"/events/{w.event.pk}/matches/{_match(w)}/broadcast/",
        _statuses(sam=200, judy=200, hank=200, alice=200),
        setup=_paired,
        fmt="page",
    ),
]
