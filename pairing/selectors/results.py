"""Reads of a finished event: the final places (MTR 3.1: playoff, then Swiss standings), each
match's result line, the players by team and a match's history (pairing.selectors re-exports
them)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F

from pairing.domain import final
from pairing.domain.tiebreakers import StandingRow
from pairing.models import Match, PairingChange, Round
from pairing.selectors import disqualified, standings
from tournament.models import Event, LateEntry, Player


@dataclass(frozen=True)
class FinalRow:
    place: int
    team: int
    name: str
    stage: str  # "playoff" or "swiss"
    reached: str  # the playoff teams: "champion", "final", ...
    standing: StandingRow | None  # the line in the final Swiss standings


@dataclass(frozen=True)
class ResultLine:
    """One match from one team's side, in the EventLink form (pairing.domain.final)."""

    round: int
    stage: str
    table: int | None
    team: int
    team_name: str
    opponent: int | None
    opponent_name: str
    outcome: str  # "win", "loss", "draw"
    games: tuple[int, int, int]  # won, lost, drawn
    missed: bool = False  # a round a late entry missed: a match loss with no opponent


def final_results(event: Event) -> list[FinalRow]:
    """The finish order (pairing.domain.final): playoff results first, then the Swiss
    standings; disqualified teams and teams that never played are left out."""
    table = standings(event)
    cut_rounds = list(
        Round.objects.filter(event=event, stage=Round.Stage.TOP_CUT)
        .order_by("number")
        .prefetch_related("matches")
    )
    playoff = [
        [
            final.PlayoffMatch(m.team_a_id, m.team_b_id, _winner(m))
            for m in sorted(r.matches.all(), key=lambda m: m.bracket_slot or 0)
        ]
        for r in cut_rounds
    ]
    never_played = {row.team for row in table.rows if row.rounds_played == 0}
    in_cut = {t for r in playoff for m in r for t in (m.high, m.low) if t is not None}
    excluded = disqualified(event) | (never_played - in_cut)
    order = final.finish_order([row.team for row in table.rows], playoff, excluded=excluded)
    return [
        FinalRow(p.place, p.team, table.teams[p.team].name, p.stage, p.reached, table.row(p.team))
        for p in order
    ]


def _winner(m: Match) -> int | None:
    if m.team_b_id is None:
        return m.team_a_id
    if m.result == Match.Result.A:
        return m.team_a_id
    if m.result == Match.Result.B:
        return m.team_b_id
    return None


def result_lines(event: Event) -> list[ResultLine]:
    """Every final match of the event from each team's side, by round then table (byes last),
    and each round a late entry missed: a match loss, 0-2 in games, as its standings count it
    (docs/rules.md "Late entry"), after the round's byes."""
    lines: list[ResultLine] = []
    matches = (
        Match.objects.filter(round__event=event, status=Match.Status.FINAL)
        .select_related("round", "team_a", "team_b")
        .order_by("round__number", F("table").asc(nulls_last=True), "pk")
    )
    for m in matches:
        sides = [(m.team_a, m.team_b, m.games_a, m.games_b, "a")]
        if m.team_b is not None:
            sides.append((m.team_b, m.team_a, m.games_b, m.games_a, "b"))
        for me, other, won, lost, side in sides:
            draw = m.result == Match.Result.DRAW
            outcome = "draw" if draw else "win" if m.result == side else "loss"
            games = final.eventlink_games(
                games_won=won,
                games_lost=lost,
                games_drawn=m.games_drawn,
                bye=other is None,
                draw=draw,
            )
            lines.append(
                ResultLine(
                    m.round.number,
                    m.round.stage,
                    m.table,
                    me.pk,
                    me.name,
                    other.pk if other else None,
                    other.name if other else "",
                    outcome,
                    games,
                )
            )
    missed = [
        ResultLine(
            number,
            Round.Stage.SWISS,
            None,
            late.team_id,
            late.team.name,
            None,
            "",
            "loss",
            (0, 2, 0),
            missed=True,
        )
        for late in LateEntry.objects.filter(team__event=event).select_related("team")
        for number in late.missed_rounds
    ]
    if missed:  # a stable sort keeps the matches' order within a round
        lines = sorted([*lines, *missed], key=lambda line: line.round)
    return lines


def team_players(event: Event) -> dict[int, list[tuple[str, str]]]:
    """Each team's players in seat order: (name, Wizards Account ID or "")."""
    out: dict[int, list[tuple[str, str]]] = {}
    for team, name, wizards_id in (
        Player.objects.filter(event=event)
        .order_by("team_id", "seat")
        .values_list("team_id", "name", "wizards_id")
    ):
        out.setdefault(team, []).append((name, wizards_id or ""))
    return out


def match_history(match: Match) -> list[PairingChange]:
    """Staff decisions on a match, newest first: the round log's result lines of its table."""
    return list(
        PairingChange.objects.filter(
            event_id=match.round.event_id,
            round_number=match.round.number,
            kind=PairingChange.Kind.RESULT,
            description__startswith=f"Table {match.table}:",
        ).select_related("by")[:50]
    )


def final_places_table(event: Event) -> tuple[list[str], list[list[object]]]:
    """The finish order as a table for EventLink (a header and one row per team): place, team,
    each seat's player and Wizards Account ID (blank for a seat the team does not fill), the
    Swiss record and the playoff round reached. The IDs are private: staff only."""
    players = team_players(event)
    size = event.team_size
    header = ["place", "team"]
    for seat in range(1, size + 1):
        header += [f"player {seat}", f"wizards id {seat}"]
    header += ["match points", "wins", "losses", "draws", "playoff"]
    rows: list[list[object]] = []
    for row in final_results(event):
        line: list[object] = [row.place, row.name]
        seated = players.get(row.team, [])
        for seat in range(size):
            line += list(seated[seat]) if seat < len(seated) else ["", ""]
        s = row.standing
        line += [s.match_points, s.wins, s.losses, s.draws] if s else ["", "", "", ""]
        line.append(row.reached)
        rows.append(line)
    return header, rows
