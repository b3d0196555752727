"""Matrix rows: a table's game (docs/api.md "Tracker", issue 10).

Red plays Blue at table 1 of round 1 (published). A team reads and writes only its own table;
staff read any table of their event (scorekeeper up) and may enter events. The POST body is a
valid event, so the row checks the rights and not the game's rules.
"""

from pairing import services
from pairing.models import Match
from support import factories
from support.matrix import Row, expect


def _table(world) -> None:
    factories.settings(world.event, swiss_rounds=3)
    services.round_publish(round_=services.round_pair_next(event=world.event, seed=1))


def _mid(world) -> int:
    return Match.objects.get(round__event=world.event, round__number=1).pk


def _pass_turn(world) -> dict:
    return {"type": "pass_turn", "client_id": "matrix-1"}


TABLE = expect("scorekeeper", team=True)

ROWS = [
    Row("game-read", "get", lambda w: f"/api/v1/matches/{_mid(w)}/game/", TABLE, setup=_table),
    Row(
        "game-event",
        "post",
        lambda w: f"/api/v1/matches/{_mid(w)}/game/events/",
        expect("scorekeeper", 201, team=True),
        body=_pass_turn,
        setup=_table,
    ),
    # Pages. The team's private link is its credential; the judge's view is staff only.
    Row(
        "page-team-table",
        "get",
        lambda w: f"/t/{w.red.access_key}/table/",
        expect("anyone"),
        setup=_table,
        fmt="page",
    ),
    Row(
        "page-team-table-event",
        "post",
        lambda w: f"/t/{w.red.access_key}/table/event/",
        expect("anyone", 302),
        body=lambda w: {"op": "pass_turn", "client_id": "matrix-2"},
        setup=_table,
        fmt="page",
    ),
    Row(
        "page-judge-table",
        "get",
        lambda w: f"/events/{w.event.pk}/matches/{_mid(w)}/game/",
        expect("scorekeeper"),
        setup=_table,
        fmt="page",
    ),
    Row(
        "page-judge-table-event",
        "post",
        lambda w: f"/events/{w.event.pk}/matches/{_mid(w)}/game/event/",
        expect("scorekeeper", 302),
        body=lambda w: {"op": "pass_turn", "client_id": "matrix-3"},
        setup=_table,
        fmt="page",
    ),
]
