"""Matrix rows: the Limited day (issue 31): the timers (read by whoever sees the event, run by the
scorekeeper and up), pools and product (staff; the organizer's setup; a team registers its own
opened pool), the pod tables (printed by staff, on the projector for whoever sees the event)."""

from decklists.services import pool_swap
from support.matrix import Row, expect
from tournament.services import events as event_services


def _sealed(world) -> None:
    world.event.structure, world.event.format, world.event.rel = "sealed", "", "competitive"
    world.event.save(update_fields=["structure", "format", "rel"])


def _swapping(world) -> None:
    _sealed(world)
    pool_swap.limited_setup_update(event=world.event, data={"pool_procedure": "register_and_swap"})


def _registered(world) -> None:
    _swapping(world)
    for team in (world.red, world.blue):
        pool_swap.opened_pool_submit(team=team, text="112 Island")


def _draft(world) -> None:
    world.event.structure, world.event.format = "draft", ""
    world.event.save(update_fields=["structure", "format"])
    event_services.event_seat_pods(event=world.event, size=2, seed=1)


def _page(id_, path, least, setup, *, method="get", ok=200, body=None) -> Row:
    return Row(id_, method, path, expect(least, ok), body=body, setup=setup, fmt="page")


ROWS = [
    Row(
        "limited-timers-read",
        "get",
        lambda w: f"/api/v1/events/{w.event.pk}/timers/",
        expect("view"),
        setup=_sealed,
    ),
    Row(
        "limited-timers-start",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/timers/",
        expect("scorekeeper"),
        body=lambda w: {"kind": "construction", "action": "start"},
        setup=_sealed,
    ),
    _page("page-limited-timers", lambda w: f"/events/{w.event.pk}/timers/", "scorekeeper", _sealed),
    _page(
        "page-limited-timer-control",
        lambda w: f"/events/{w.event.pk}/timers/control/",
        "scorekeeper",
        _sealed,
        method="post",
        ok=302,
        body=lambda w: {"kind": "registration", "action": "start"},
    ),
    _page(
        "page-limited-timer-projector",
        lambda w: f"/events/{w.event.pk}/timers/registration/",
        "view",
        _sealed,
    ),
    Row(
        "pools-read",
        "get",
        lambda w: f"/api/v1/events/{w.event.pk}/pools/",
        expect("scorekeeper"),
        setup=_sealed,
    ),
    Row(
        "pools-setup",
        "patch",
        lambda w: f"/api/v1/events/{w.event.pk}/pools/",
        expect("organizer"),
        body=lambda w: {"kits_per_team": 2},
        setup=_sealed,
    ),
    Row(
        "pools-swap",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/pools/swap/",
        expect("scorekeeper"),
        body=lambda w: {"seed": 3},
        setup=_registered,
    ),
    Row(
        "team-opened-pool",
        "put",
        lambda w: f"/api/v1/teams/{w.red.pk}/opened-pool/",
        expect("scorekeeper", team=True),
        body=lambda w: {"text": "112 Island"},
        setup=_swapping,
    ),
    _page("page-pools", lambda w: f"/events/{w.event.pk}/pools/", "scorekeeper", _sealed),
    _page(
        "page-opened-pool-staff",
        lambda w: f"/events/{w.event.pk}/pools/{w.red.pk}/opened/",
        "scorekeeper",
        _swapping,
    ),
    _page(
        "page-pool-sheets",
        lambda w: f"/events/{w.event.pk}/pools/sheets/",
        "scorekeeper",
        _registered,
    ),
    _page("page-product-list", lambda w: f"/events/{w.event.pk}/product/", "scorekeeper", _sealed),
    _page("page-pod-print", lambda w: f"/events/{w.event.pk}/pods/print/", "scorekeeper", _draft),
    _page("page-pod-projector", lambda w: f"/events/{w.event.pk}/pods/projector/", "view", _draft),
]
