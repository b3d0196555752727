"""Matrix rows: the organizer's printouts (pairing.printouts). The pairings by name and by table
and the standings print for whoever may see the event (once the round is published); the match
slips and the QR poster are staff's; the team slips and the team links' CSV carry every team's
private link: the staff who manage teams (the scorekeeper and up)."""

from support.matrix import Row, expect
from support.matrix.pairing import _published

ROWS = [
    Row(
        "page-print-wall",
        "get",
        lambda w: f"/events/{w.event.pk}/rounds/1/print/names/",
        expect("view"),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-print-tables",
        "get",
        lambda w: f"/events/{w.event.pk}/rounds/1/print/tables/",
        expect("view"),
        setup=_published,
        fmt="page",
    ),
    Row(
        "page-print-standings",
        "get",
        lambda w: f"/events/{w.event.pk}/print/standings/",
        expect("view"),
        fmt="page",
    ),
    Row(
        "page-print-poster",
        "get",
        lambda w: f"/events/{w.event.pk}/print/poster/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-print-team-slips",
        "get",
        lambda w: f"/events/{w.event.pk}/teams/slips/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-team-links-csv",
        "get",
        lambda w: f"/events/{w.event.pk}/teams/links.csv",
        expect("scorekeeper"),
        fmt="page",
    ),
]
