"""Matrix rows: rounds, matches, results, standings (issue 4).

The world's event is private. Rows that need a round pair one in `setup` (rolled back after each
persona): red and blue meet at table 1; the round is published unless the row says otherwise.
"""

from pairing import services
from pairing.models import Match, Round
from support import factories
from support.matrix import Row, expect


def _round(world, *, publish: bool = True) -> Round:
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_pair_next(event=world.event, seed=1)
    if publish:
        services.round_publish(round_=round_)
    return round_


def _published(world) -> None:
    _round(world)


def _unpublished(world) -> None:
    _round(world, publish=False)


def _rid(world) -> int:
    return Round.objects.get(event=world.event, number=1).pk


def _mid(world) -> int:
    return Match.objects.get(round__event=world.event, round__number=1).pk


def _result(world) -> dict:
    return {"games_a": 1, "games_b": 0, "games_drawn": 0}


def _swiss(world) -> None:
    factories.settings(world.event, swiss_rounds=3)


# Staff, or the red team itself (it plays the match): 200; a team of another event cannot see
# the private event: 404; a logged-in stranger: 404.
RESULT = expect("scorekeeper", team=True)
# An unpublished round exists only for staff.
HIDDEN = expect("scorekeeper") | {"red": 404}

ROWS = [
    Row("rounds-list", "get", lambda w: f"/api/v1/events/{w.event.pk}/rounds/", expect("view")),
    Row(
        "rounds-pair",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/rounds/",
        expect("scorekeeper", 201),
        setup=_swiss,
    ),
    Row(
        "round-read",
        "get",
        lambda w: f"/api/v1/rounds/{_rid(w)}/",
        expect("view"),
        setup=_published,
    ),
    Row(
        "round-read-unpublished",
        "get",
        lambda w: f"/api/v1/rounds/{_rid(w)}/",
        HIDDEN,
        setup=_unpublished,
    ),
    Row(
        "round-unpair",
        "delete",
        lambda w: f"/api/v1/rounds/{_rid(w)}/",
        expect("scorekeeper", 204),
        setup=_published,
    ),
    Row(
        "round-publish",
        "post",
        lambda w: f"/api/v1/rounds/{_rid(w)}/publish/",
        HIDDEN,
        setup=_unpublished,
    ),
    Row(
        "round-swap",
        "post",
        lambda w: f"/api/v1/rounds/{_rid(w)}/swap/",
        expect("scorekeeper", 400),  # red and blue already play each other: a clear 400
        body=lambda w: {"team_1": w.red.pk, "team_2": w.blue.pk},
        setup=_published,
    ),
    Row(
        "round-missing",
        "get",
        lambda w: f"/api/v1/rounds/{_rid(w)}/missing/",
        expect("scorekeeper"),
        setup=_published,
    ),
    Row(
        "match-read",
        "get",
        lambda w: f"/api/v1/matches/{_mid(w)}/",
        expect("view"),
        setup=_published,
    ),
    Row(
        "match-table",
        "patch",
        lambda w: f"/api/v1/matches/{_mid(w)}/",
        expect("scorekeeper"),
        body=lambda w: {"table": 5},
        setup=_published,
    ),
    Row(
        "match-play-draw",
        "patch",
        lambda w: f"/api/v1/matches/{_mid(w)}/",
        expect("head_judge"),
        body=lambda w: {"chooses_play_draw": w.red.pk},
        setup=_published,
    ),
    Row(
        "match-result",
        "post",
        lambda w: f"/api/v1/matches/{_mid(w)}/result/",
        RESULT,
        body=_result,
        setup=_published,
    ),
    Row(
        "match-result-unpublished",
        "post",
        lambda w: f"/api/v1/matches/{_mid(w)}/result/",
        HIDDEN,
        body=_result,
        setup=_unpublished,
    ),
    Row("standings", "get", lambda w: f"/api/v1/events/{w.event.pk}/standings/", expect("view")),
    Row(
        "standings-team",
        "get",
        lambda w: f"/api/v1/events/{w.event.pk}/standings/{w.red.pk}/",
        expect("view"),
    ),
    # Pages
    Row(
        "page-rounds", "get", lambda w: f"/events/{w.event.pk}/rounds/", expect("view"), fmt="page"
    ),
    Row(
        "page-round-pair",
        "post",
        lambda w: f"/events/{w.event.pk}/rounds/pair/",
        expect("scorekeeper", 302),
        setup=_swiss,
        fmt="page",
    ),
    Row(
        "page-round",
        "get",
        lambda w: f"/events/{w.event.pk}/rounds/1/",
        expect("view"),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-round-unpublished",
        "get",
        lambda w: f"/events/{w.event.pk}/rounds/1/",
        expect("scorekeeper"),
        setup=_unpublished,
        fmt="page",
    ),
    Row(
        "page-round-publish",
        "post",
        lambda w: f"/events/{w.event.pk}/rounds/1/publish/",
        expect("scorekeeper", 302),
        setup=_unpublished,
        fmt="page",
    ),
    Row(
        "page-round-unpair",
        "post",
        lambda w: f"/events/{w.event.pk}/rounds/1/unpair/",
        expect("scorekeeper", 302),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-round-swap",
        "post",
        lambda w: f"/events/{w.event.pk}/rounds/1/swap/",
        expect("scorekeeper", 302),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-round-table",
        "post",
        lambda w: f"/events/{w.event.pk}/rounds/1/table/",
        expect("scorekeeper", 302),
        body=lambda w: {"table": 1, "to": 3},
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-round-slips",
        "get",
        lambda w: f"/events/{w.event.pk}/rounds/1/slips/",
        expect("scorekeeper"),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-round-results",
        "get",
        lambda w: f"/events/{w.event.pk}/rounds/1/results/",
        expect("scorekeeper"),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-round-missing",
        "get",
        lambda w: f"/events/{w.event.pk}/rounds/1/missing/",
        expect("scorekeeper"),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-match",
        "get",
        lambda w: f"/events/{w.event.pk}/matches/{_mid(w)}/",
        expect("scorekeeper"),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-standings",
        "get",
        lambda w: f"/events/{w.event.pk}/standings/",
        expect("view"),
        fmt="page",
    ),
    Row(
        "page-standings-team",
        "get",
        lambda w: f"/events/{w.event.pk}/standings/{w.red.pk}/",
        expect("view"),
        fmt="page",
    ),
    Row(
        "page-final-results",
        "get",
        lambda w: f"/events/{w.event.pk}/final/",
        expect("view"),
        fmt="page",
    ),
    Row(
        "page-final-places-csv",
        "get",
        lambda w: f"/events/{w.event.pk}/final/places.csv",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-final-results-csv",
        "get",
        lambda w: f"/events/{w.event.pk}/final/results.csv",
        expect("scorekeeper"),
        setup=_published,
        fmt="page",
    ),
]
