"""Matrix rows: decklists, pools, the 2HG bans of an event, the card catalogue (issue 3).

Reading a team's lists: the team itself or staff. Writing: the team or a scorekeeper before
round 1 is paired; after that only judges (the rows with `_lock`).
"""

from support.matrix import Row, expect
from tournament.models import Event

LIST = "4 Lightning Bolt\n56 Mountain\n"


def _rita(w):
    return w.red.players.get(seat=1)


def _bea(w):
    return w.blue.players.get(seat=1)


def _lock(w):
    Event.objects.filter(pk=w.event.pk).update(status="running")


def _sealed(w):
    Event.objects.filter(pk=w.event.pk).update(structure="sealed", format="")


def _after_lock(least, ok=200):
    """After the lock the team and the scorekeeper get 403 (decklists_locked)."""
    return expect(least, ok)


ROWS = [
    Row(
        "decklist-read-own",
        "get",
        lambda w: f"/api/v1/players/{_rita(w).pk}/decklist/",
        expect("scorekeeper", team=True),
    ),
    Row(
        "decklist-write-own",
        "put",
        lambda w: f"/api/v1/players/{_rita(w).pk}/decklist/",
        expect("scorekeeper", team=True),
        body=lambda w: {"main": LIST, "sideboard": ""},
    ),
    Row(
        "decklist-write-other-team",
        "put",
        lambda w: f"/api/v1/players/{_bea(w).pk}/decklist/",
        expect("scorekeeper"),
        body=lambda w: {"main": LIST},
    ),
    Row(
        "decklist-write-after-lock",
        "put",
        lambda w: f"/api/v1/players/{_rita(w).pk}/decklist/",
        _after_lock("judge"),
        body=lambda w: {"main": LIST, "reason": "deck check"},
        setup=_lock,
    ),
    Row(
        "team-decklists-own",
        "get",
        lambda w: f"/api/v1/teams/{w.red.pk}/decklists/",
        expect("scorekeeper", team=True),
    ),
    Row(
        "team-decklists-other",
        "get",
        lambda w: f"/api/v1/teams/{w.blue.pk}/decklists/",
        expect("scorekeeper"),
    ),
    Row(
        "team-pool-read",
        "get",
        lambda w: f"/api/v1/teams/{w.red.pk}/pool/",
        expect("scorekeeper", team=True),
        setup=_sealed,
    ),
    Row(
        "team-pool-write",
        "put",
        lambda w: f"/api/v1/teams/{w.red.pk}/pool/",
        expect("scorekeeper", team=True),
        body=lambda w: {"pool": "2 Grizzly Bears\n"},
        setup=_sealed,
    ),
    Row(
        "team-pool-write-after-lock",
        "put",
        lambda w: f"/api/v1/teams/{w.red.pk}/pool/",
        _after_lock("judge"),
        body=lambda w: {"pool": "2 Grizzly Bears\n", "reason": "pool registration error"},
        setup=lambda w: (_sealed(w), _lock(w)),
    ),
    Row(
        "decklist-board",
        "get",
        lambda w: f"/api/v1/events/{w.event.pk}/decklists/",
        expect("scorekeeper"),
    ),
    Row(
        "deck-rules-read",
        "get",
        lambda w: f"/api/v1/events/{w.event.pk}/deck-rules/",
        expect("view"),
    ),
    Row(
        "deck-rules-edit",
        "put",
        lambda w: f"/api/v1/events/{w.event.pk}/deck-rules/",
        expect("organizer"),
        body=lambda w: {"two_headed_giant_bans": None},
    ),
    Row(
        "decklist-changes",
        "get",
        lambda w: f"/api/v1/events/{w.event.pk}/decklist-changes/",
        expect("scorekeeper"),
    ),
    Row("catalogue", "get", lambda w: "/api/v1/catalogue/", expect("anyone")),
    Row("card-lookup", "get", lambda w: "/api/v1/cards/?q=Island", expect("anyone")),
    # Pages. The private link is the team's credential: whoever holds it acts as the team.
    Row(
        "page-team-decklists",
        "get",
        lambda w: f"/t/{w.red.access_key}/decklists/",
        expect("anyone"),
        fmt="page",
    ),
    Row(
        "page-team-decklist-save",
        "post",
        lambda w: f"/t/{w.red.access_key}/decklists/{_rita(w).pk}/save/",
        expect("anyone", 302),
        body=lambda w: {"main": LIST},
        fmt="page",
    ),
    Row(
        "page-decklist-board",
        "get",
        lambda w: f"/events/{w.event.pk}/decklists/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-staff-team-decklists",
        "get",
        lambda w: f"/events/{w.event.pk}/decklists/{w.red.pk}/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-staff-decklist-save",
        "post",
        lambda w: f"/events/{w.event.pk}/decklists/{w.red.pk}/?target={_rita(w).pk}",
        expect("scorekeeper", 302),
        body=lambda w: {"main": LIST},
        fmt="page",
    ),
    Row(
        "page-deck-check-print",
        "get",
        lambda w: f"/events/{w.event.pk}/decklists/{w.red.pk}/print/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-deck-check-print-all",
        "get",
        lambda w: f"/events/{w.event.pk}/decklists/print/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-deck-rules",
        "post",
        lambda w: f"/events/{w.event.pk}/decklists/rules/",
        expect("organizer", 302),
        body=lambda w: {"action": "reset"},
        fmt="page",
    ),
    Row("page-catalogue", "get", lambda w: "/catalogue/", expect("anyone"), fmt="page"),
    # "Update now" (an update from Scryfall): organizers of an event and administrators only.
    Row(
        "page-catalogue-update",
        "post",
        lambda w: "/catalogue/update/",
        {
            **dict.fromkeys(("anon", "charlie", "green", "red", "sam", "judy", "hank"), 403),
            "alice": 302,
        },
        body=lambda w: {"next": "/catalogue/"},
        fmt="page",
    ),  # fmt: skip
    # Live updates of a team's lists (core.live, kind "decklists"): staff of the event, or
    # anyone holding the team's key (EventSource sends no header, so the key is a parameter).
    # A refusal is a 404 for everyone: a topic's existence is private.
    Row(
        "live-decklists-stream",
        "get",
        lambda w: f"/live/decklists/{w.red.pk}/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "live-decklists-version",
        "get",
        lambda w: f"/live/decklists/{w.red.pk}/version",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "live-decklists-version-by-key",
        "get",
        lambda w: f"/live/decklists/{w.red.pk}/version?key={w.red.access_key}",
        expect("anyone"),
        fmt="page",
    ),
    Row(
        "live-decklists-version-other-key",
        "get",
        lambda w: f"/live/decklists/{w.red.pk}/version?key={w.green.access_key}",
        expect("scorekeeper"),
        fmt="page",
    ),
]
