"""What the organizer's printouts show, built in a few queries per round or event.

Printouts (the pages are in pairing.printouts):
- the *wall list*: every player of every team by name, with table and opposing team, to post
  on the wall at round start (a player looks for their own name, not their team's);
- the *pairings by table*, for the floor and the scorekeeper;
- the *match slips*: one per table, both teams with their players in the match's seat order
  (primary first, MTR 9.4), boxes for games won and drawn (a 2HG match ends at its first won
  game, MTR 9.1) and a signature line for each player;
- the *standings*.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from dataclasses import dataclass

from pairing.domain.seats import effective_seats
from pairing.models import Match, MatchTeam, Round
from tournament.models import Event, Player, Team


@dataclass(frozen=True)
class Side:
    team: Team
    players: list[Player]  # seat order for this match: the primary player first (MTR 9.4)


@dataclass(frozen=True)
class Sheet:
    """One match of the round, as the printouts show it."""

    table: int | None  # None: a bye
    a: Side
    b: Side | None  # None: a bye
    # The team that chooses to play or draw (Match.chooses_play_draw, MTR 9.3); None where the
    # match records none, and the slip shows a box for each team to tick.
    chooser: Team | None = None


@dataclass(frozen=True)
class WallLine:
    player: str
    team: str
    table: int | None  # None: a bye
    opponent: str | None  # the opposing team; None: a bye
    letter: str  # the index letter the line is filed under


def sheets(round_: Round) -> list[Sheet]:
    """The round's matches by table (byes last), each team's players in the match's seats."""
    matches = list(
        round_.matches.select_related("team_a", "team_b").prefetch_related(
            "team_a__players", "team_b__players"
        )
    )
    seats = {
        (match_id, team_id): order
        for match_id, team_id, order in MatchTeam.objects.filter(round=round_).values_list(
            "match_id", "team_id", "seats"
        )
    }
    matches.sort(key=lambda m: (m.table is None, m.table or 0, m.team_a.name))
    return [
        Sheet(
            table=m.table,
            a=_side(m, m.team_a, seats),
            b=_side(m, m.team_b, seats) if m.team_b is not None else None,
            chooser={"a": m.team_a, "b": m.team_b}.get(m.chooses_play_draw or ""),
        )
        for m in matches
    ]


def _side(match: Match, team: Team, seats: dict[tuple[int, int], list[int]]) -> Side:
    """The team's players in the seats of this match (MTR 9.4, pairing.domain.seats)."""
    players = {p.pk: p for p in team.players.all()}
    order = effective_seats(seats.get((match.pk, team.pk)) or [], list(players))
    return Side(team, [players[pk] for pk in order])


def filing_key(name: str) -> str:
    """How a name is filed: without case or accents, so Émile sits among the E's."""
    parts = unicodedata.normalize("NFKD", name.strip())
    return "".join(c for c in parts if not unicodedata.combining(c)).casefold()


def _letter(name: str) -> str:
    first = filing_key(name)[:1].upper()
    return first if first.isalpha() else "#"


def wall(sheets_: list[Sheet]) -> list[WallLine]:
    """Every player of every team once, alphabetically (filed without case or accents)."""
    lines = []
    for sheet in sheets_:
        for side, other in ((sheet.a, sheet.b), (sheet.b, sheet.a)):
            if side is None:
                continue
            opponent = other.team.name if other else None
            for player in side.players:
                lines.append(
                    WallLine(
                        player.name, side.team.name, sheet.table, opponent, _letter(player.name)
                    )
                )
    lines.sort(key=lambda line: (filing_key(line.player), filing_key(line.team), line.player))
    return lines


def player_names(event: Event) -> dict[int, list[str]]:
    """The names of each team's players in seat order, by team id (one query)."""
    names: dict[int, list[str]] = defaultdict(list)
    for team_id, name in (
        Player.objects.filter(event=event)
        .order_by("team_id", "seat")
        .values_list("team_id", "name")
    ):
        names[team_id].append(name)
    return names


def after_round(event: Event, raw: str) -> int | None:
    """The Swiss round the standings are asked after (?after_round=), capped at the last one
    paired; None (the last complete round) when absent or not a number."""
    if not raw.isdecimal():  # not isdigit(): int() refuses "²"
        return None
    paired = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
    return min(int(raw), paired)
