"""The organizer's printouts, each a page made to print from the browser on A4 or Letter
(static/css/print.css): the wall list, the pairings by table, the match slips, the standings and
the QR poster of the event's page. On screen each is a plain page with a Print button.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from access import Perm, access_event, access_round_by_number, can, sees_unpublished
from core import lan, qr
from pairing import explain, printing, selectors
from tournament.models import Event

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
SLIPS_PER_PAGE = 6  # 2 x 3 slips of 95 x 84 mm (static/css/print.css)
SLIPS_PER_PAGE_BIG_TEAMS = 4  # 2 x 2 slips of 95 x 126 mm


def _context(request, event: Event, **extra) -> dict:
    return {"event": event, "staff": sees_unpublished(request.caller, event), **extra}


def wall(request, pk: int, number: int):
    """Pairings by name: every player alphabetically, with table and opposing team."""
    round_ = access_round_by_number(request.caller, pk, number)
    lines = printing.wall(printing.sheets(round_))
    context = _context(request, round_.event, round=round_, lines=lines)
    return render(request, "pairing/print/wall.html", context)


def tables(request, pk: int, number: int):
    """Pairings by table: both teams and their players."""
    round_ = access_round_by_number(request.caller, pk, number)
    context = _context(request, round_.event, round=round_, sheets=printing.sheets(round_))
    return render(request, "pairing/print/tables.html", context)


def slips(request, pk: int, number: int):
    """Match slips, to cut apart: one per table, six to a page (four for teams of three or
    four players, whose slips need more signature lines)."""
    round_ = access_round_by_number(request.caller, pk, number, Perm.MANAGE_ROUNDS)
    sheets = [s for s in printing.sheets(round_) if s.b is not None]
    per_page = SLIPS_PER_PAGE if round_.event.team_size == 2 else SLIPS_PER_PAGE_BIG_TEAMS
    context = _context(request, round_.event, round=round_, sheets=sheets, per_page=per_page)
    return render(request, "pairing/print/slips.html", context)


def standings(request, pk: int):
    event = access_event(request.caller, pk)
    after = printing.after_round(event, request.GET.get("after_round", ""))
    table = selectors.standings(event, after_round=after)
    names = printing.player_names(event)
    rows = [
        {"row": row, "team": table.teams[row.team], "players": names.get(row.team, []),
         "omw": explain.pct(row.omw), "oomw": explain.pct(row.oomw),
         "gw": explain.pct(row.gw), "ogw": explain.pct(row.ogw)}
        for row in table.rows
    ]  # fmt: skip
    context = _context(
        request,
        event,
        table=table,
        rows=rows,
        team_order=selectors.settings.of(event).tiebreak_order == "team",
    )
    return render(request, "pairing/print/standings.html", context)


def public_url(request, event: Event) -> str:
    """The address of the event's page that players open: on the local network in LAN mode,
    else as this request reached the server."""
    path = reverse("event", args=[event.pk])
    base = lan.base_url()
    return base + path if base else request.build_absolute_uri(path)


def poster(request, pk: int):
    """A page with the QR code of the event's page, to post at the entrance and on tables."""
    event = access_event(request.caller, pk, Perm.VIEW_PRIVATE)
    url = public_url(request, event)
    context = _context(
        request,
        event,
        url=url,
        qr=qr.svg(url, label=_("QR code of %(url)s") % {"url": url}),
        this_machine_only=urlsplit(url).hostname in LOOPBACK,
        organizer=can(request.caller, Perm.EDIT_EVENT, event),
    )
    return render(request, "pairing/print/poster.html", context)
