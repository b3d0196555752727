"""Reads of the seat check (IPG 3.1 Tardiness): each table's empty seats, the late teams with
their timers and the Tardiness penalty proposed at this minute."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from judging.domain.infractions import Penalty as Code
from judging.domain.penalties import PenaltyDecision, decide_penalty
from judging.domain.tardiness import EmptySeat, TeamLate, teams_late
from judging.models import EmptySeatRow, RoundClock, SeatCheck
from judging.selectors import settings as judging_settings
from pairing.models import Match, Round
from tournament.models import Player


def late_teams(match: Match, now: datetime) -> tuple[TeamLate, ...]:
    """The table's late teams, from its empty seats and the round clock's start (none before the
    clock starts)."""
    clock = RoundClock.objects.filter(round_id=match.round_id).first()
    if clock is None or clock.started_at is None:
        return ()
    rows = EmptySeatRow.objects.filter(seat_check__match=match).select_related("player")
    seats = [EmptySeat(r.player_id, r.player.team_id, r.arrived_at) for r in rows]
    return teams_late(clock.started_at, now, seats)


def again(proposed: PenaltyDecision, issued: str) -> bool:
    """A late team gets a second Tardiness penalty only when it is still missing at ten minutes
    after an earlier one (IPG 3.1: the Match Loss and the drop)."""
    return proposed.drops_team and issued != Code.MATCH_LOSS.value


@dataclass(frozen=True)
class LateTeam:
    late: TeamLate
    player: Player  # who the penalty goes to
    proposed: PenaltyDecision  # at this minute, before the player's earlier penalties
    issued: str  # the penalty already issued for it ("" none)

    @property
    def to_issue(self) -> bool:
        return not self.issued or again(self.proposed, self.issued)

    @property
    def issued_label(self) -> str:
        """The name of the penalty already issued ("Game Loss"), to show; "" for none."""
        return Code(self.issued).label if self.issued else ""


@dataclass(frozen=True)
class TableSeats:
    match: Match
    checked: bool
    players: list[Player]
    empty: list[EmptySeatRow]
    late: list[LateTeam]


@dataclass(frozen=True)
class SeatBoard:
    started_at: datetime | None
    unchecked: list[TableSeats]
    waiting: list[TableSeats]  # a seat found empty (late teams, their timers and proposals)
    all_seated: int


def seat_board(round_: Round, now: datetime) -> SeatBoard:
    """Every table of the round by its seat check, in a fixed number of queries."""
    clock = RoundClock.objects.filter(round=round_).first()
    started = clock.started_at if clock is not None else None
    matches = list(
        round_.matches.filter(table__isnull=False, team_b__isnull=False)
        .select_related("team_a", "team_b")
        .order_by("table")
    )
    teams = {t for m in matches for t in (m.team_a_id, m.team_b_id)}
    players: dict[int, list[Player]] = {}
    for p in Player.objects.filter(team_id__in=teams).select_related("team").order_by("seat"):
        players.setdefault(p.team_id, []).append(p)
    checked = set(SeatCheck.objects.filter(match__in=matches).values_list("match_id", flat=True))
    empty: dict[int, list[EmptySeatRow]] = {}
    for row in EmptySeatRow.objects.filter(seat_check__match__in=matches).select_related(
        "player__team", "penalty"
    ):
        empty.setdefault(row.seat_check_id, []).append(row)
    event = round_.event
    board = SeatBoard(started, [], [], 0)
    seated = 0
    policy: str | None = None  # read once, when a team is late
    for m in matches:
        rows = empty.get(m.pk, [])
        table_players = players.get(m.team_a_id, []) + players.get(m.team_b_id or 0, [])
        late = []
        if started is not None and rows:
            by_id = {r.player_id: r for r in rows}
            seats = [EmptySeat(r.player_id, r.player.team_id, r.arrived_at) for r in rows]
            for t in teams_late(started, now, seats):
                first = by_id[t.player]
                if policy is None:
                    policy = judging_settings.of(event).penalty_policy
                decision = decide_penalty("TE-T", event.rel, policy, tardiness_minutes=t.minutes)
                issued = ""
                if first.penalty is not None and first.penalty.rescinded_at is None:
                    issued = first.penalty.penalty
                late.append(LateTeam(t, first.player, decision, issued))
        table = TableSeats(m, m.pk in checked, table_players, rows, late)
        if m.pk not in checked:
            board.unchecked.append(table)
        elif rows:
            board.waiting.append(table)
        else:
            seated += 1
    return SeatBoard(started, board.unchecked, board.waiting, seated)
