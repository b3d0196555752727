"""The draft pods on paper and on the projector (issue 31; MTR 7.6, 7.7, 9.7): one printed page
per pod table with its seats, teammates side by side, the passing direction of each pack and each
team's deck-building table; and the same pods on one projector screen."""

from __future__ import annotations

from dataclasses import dataclass

from django.shortcuts import render

from access import Perm, access_event, can
from pairing.domain.pod_seats import PodTable, pass_direction, pod_tables
from tournament.models import Event, Team

PACKS = 6  # boosters per team in 2HG Booster Draft (MTR 9.6, App. D)


@dataclass(frozen=True)
class SeatLine:
    seat: int
    player_seats: tuple[int, int]
    team: Team
    players: list[str]
    building_table: int
    left_to: Team  # where packs 1, 3, 5 go
    right_to: Team  # where packs 2, 4, 6 go


@dataclass(frozen=True)
class PodSheet:
    pod: int
    lines: list[SeatLine]


def _sheets(event: Event) -> list[PodSheet]:
    teams = {
        t.pk: t
        for t in Team.objects.filter(event=event, dropped=False, pod__isnull=False)
        .prefetch_related("players")
        .order_by("pk")
    }
    pods = {pk: t.pod for pk, t in teams.items() if t.pod is not None}
    tables: list[PodTable] = pod_tables(pods, event.pk)
    sheets = []
    for table in tables:
        lines = []
        for s in table.teams:
            team = teams[s.team]
            players = [p.name for p in sorted(team.players.all(), key=lambda p: p.seat)]
            left, right = teams[table.passes_to(s.team, 1)], teams[table.passes_to(s.team, 2)]
            lines.append(
                SeatLine(s.seat, s.player_seats, team, players, s.building_table, left, right)
            )
        sheets.append(PodSheet(table.pod, lines))
    return sheets


def _context(request, event: Event) -> dict:
    return {
        "event": event,
        "sheets": _sheets(event),
        "directions": [(pack, pass_direction(pack)) for pack in range(1, PACKS + 1)],
        "left_packs": ", ".join(str(p) for p in range(1, PACKS + 1) if pass_direction(p) == "left"),
        "right_packs": ", ".join(
            str(p) for p in range(1, PACKS + 1) if pass_direction(p) == "right"
        ),
        "staff": can(request.caller, Perm.MANAGE_TEAMS, event),
    }


def pod_print(request, pk: int):
    """One page per pod table, to put on the table before the draft."""
    event = access_event(request.caller, pk, Perm.MANAGE_TEAMS)
    return render(request, "pairing/print/pod_tables.html", _context(request, event))


def pod_projector(request, pk: int):
    """Every pod table on one screen (1920x1080): who sits where and which way packs pass."""
    event = access_event(request.caller, pk)
    return render(request, "pairing/pod_projector.html", _context(request, event))
