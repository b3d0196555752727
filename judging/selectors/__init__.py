"""Reads of penalties: what the standings take off, who is disqualified, the proposal a judge
confirms, and the event's list and histories (docs/rules.md "Penalties", docs/api.md "Penalties").
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import ServiceError
from judging.domain.ftmgs import ftmgs_proposal
from judging.domain.infractions import BY_CODE
from judging.domain.infractions import Penalty as Code
from judging.domain.penalties import (
    EarlierPenalty,
    PenaltyDecision,
    PenaltyInputError,
    decide_penalty,
)
from judging.models import Penalty
from judging.selectors import settings as judging_settings
from pairing.models import Match, MatchTeam, Round
from tournament.models import Event, Player

# --- what other apps read through hooks ------------------------------------------------------


def penalty_points(event: Event, after_round: int) -> dict[int, int]:
    """Match points taken off per team id by the Match Point penalties of rounds 1..after_round
    (pairing.hooks.PENALTY_POINTS); rescinded ones give their point back."""
    rows = (
        Penalty.objects.standing()
        .filter(event=event, round_number__lte=after_round, match_points_deducted__gt=0)
        .values("team_id")
        .annotate(points=Sum("match_points_deducted"))
        .values_list("team_id", "points")
    )
    return {team: int(points) for team, points in rows}


def disqualified(event: Event) -> list[int]:
    """Teams with a Disqualification that stands (pairing.hooks.DISQUALIFIED)."""
    return list(
        Penalty.objects.standing()
        .filter(event=event, penalty=Code.DISQUALIFICATION)
        .values_list("team_id", flat=True)
        .distinct()
    )


# --- the proposal ------------------------------------------------------------------------------


def today(now: datetime.datetime | None = None) -> datetime.date:
    return timezone.localdate(now or timezone.now())


def earlier_today(player: Player, day: datetime.date) -> list[EarlierPenalty]:
    """This player's penalties that stand, issued the same day (IPG 2, 3: counts reset daily)."""
    return [
        EarlierPenalty(infraction, Code(penalty), upgraded)
        for infraction, penalty, upgraded in Penalty.objects.standing()
        .filter(player=player, day=day)
        .order_by("issued_at", "pk")
        .values_list("infraction", "penalty", "upgraded")
    ]


def current_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def seating(match: Match) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The players of the match's two teams in seat order: the seats stored at pairing (MTR 9.4),
    else the teams' players by seat."""
    entries = {e.side: e for e in MatchTeam.objects.filter(match=match)}
    out = []
    assert match.team_b_id is not None, "a bye has no table to seat"
    for side, team_id in (("a", match.team_a_id), ("b", match.team_b_id)):
        entry = entries.get(side)
        seats = [int(p) for p in entry.seats] if entry and entry.seats else []
        if not seats:
            seats = list(
                Player.objects.filter(team_id=team_id).order_by("seat").values_list("pk", flat=True)
            )
        out.append(tuple(seats))
    return out[0], out[1]


@dataclass
class Proposal:
    """What Tandem proposes before the judge confirms: the decision, where it lands, and the
    Failure to Maintain Game State offer (player id, ticked)."""

    decision: PenaltyDecision
    player: Player
    round: Round | None
    match: Match | None
    between_matches: bool
    day: datetime.date
    ftmgs: tuple[tuple[int, bool], ...] = ()
    players: dict[int, Player] = field(default_factory=dict)  # the table's players by id


def team_match(round_: Round | None, team_id: int) -> Match | None:
    if round_ is None:
        return None
    return (
        Match.objects.filter(round=round_, entries__team_id=team_id)
        .select_related("round", "team_a", "team_b")
        .first()
    )


def propose(
    *,
    event: Event,
    player: Player,
    infraction: str,
    round_: Round | None = None,
    variants: Sequence[str] = (),
    tardiness_minutes: float | None = None,
    game_cannot_continue: bool = False,
    now: datetime.datetime | None = None,
) -> Proposal:
    """The penalty docs/rules.md "Penalties" gives this player now. Raises PenaltyInputError for
    an unknown variant or inconsistent input (the caller turns it into a 400)."""
    round_ = round_ or current_round(event)
    match = team_match(round_, player.team_id)
    # Between matches: the team's match of that round is over (or it had a bye); a Game Loss or
    # Match Loss then lands on its next match (IPG 1.1).
    between = match is None or match.is_bye or match.status == Match.Status.FINAL
    day = today(now)
    decision = decide_penalty(
        infraction,
        event.rel,
        judging_settings.of(event).penalty_policy,
        earlier_today(player, day),
        variants,
        tardiness_minutes=tardiness_minutes,
        between_matches=between and round_ is not None,
        game_cannot_continue=game_cannot_continue,
        playoff=round_ is not None and round_.is_top_cut,
    )
    proposal = Proposal(decision, player, round_, match, between, day)
    if match is not None and not match.is_bye:
        seats = seating(match)
        try:
            proposal.ftmgs = ftmgs_proposal(decision, seats, player.pk)
        except PenaltyInputError:  # seats not stored as the domain expects: no offer
            proposal.ftmgs = ()
        ids = [p for team in seats for p in team]
        proposal.players = Player.objects.select_related("team").in_bulk(ids)
    return proposal


# --- lists and histories -------------------------------------------------------------------


@dataclass(frozen=True)
class Filters:
    round_number: int | None = None
    team_id: int | None = None
    player_id: int | None = None
    infraction: str | None = None
    rescinded: bool | None = None


def parse_filters(params: Mapping[str, Any]) -> Filters:
    """The list's filters from query parameters (pages and API alike); a bad value is a
    ServiceError naming the parameter."""
    values: dict[str, object] = {}
    for name, key in (("round", "round_number"), ("team", "team_id"), ("player", "player_id")):
        raw = params.get(name)
        if raw in (None, ""):
            continue
        if not str(raw).isdecimal() or len(str(raw)) > 18:
            raise ServiceError(field=name, message=gettext("Must be a whole number."))
        values[key] = int(str(raw))
    code = params.get("infraction")
    if code:
        if code.strip().upper() not in BY_CODE:
            raise ServiceError(field="infraction", message=gettext("Not an infraction code."))
        values["infraction"] = code
    rescinded = params.get("rescinded")
    if rescinded not in (None, ""):
        if rescinded not in ("true", "false", "1", "0"):
            raise ServiceError(field="rescinded", message=gettext("true or false."))
        values["rescinded"] = rescinded in ("true", "1")
    return Filters(**values)  # type: ignore[arg-type]  # values holds each field's checked type, by name


def penalties_of(event: Event, filters: Filters = Filters()) -> QuerySet[Penalty]:
    """The event's penalties, oldest first, with what a list shows joined (a fixed number of
    queries however many rows)."""
    rows = Penalty.objects.filter(event=event)
    if filters.round_number is not None:
        rows = rows.filter(round_number=filters.round_number)
    if filters.team_id is not None:
        rows = rows.filter(team_id=filters.team_id)
    if filters.player_id is not None:
        rows = rows.filter(player_id=filters.player_id)
    if filters.infraction:
        rows = rows.filter(infraction=filters.infraction.strip().upper())
    if filters.rescinded is not None:
        rows = rows.filter(rescinded_at__isnull=not filters.rescinded)
    return (
        rows.select_related("player", "team", "issued_by", "rescinded_by", "overridden_by")
        .prefetch_related(Prefetch("children", queryset=Penalty.objects.only("pk", "parent_id")))
        .order_by("issued_at", "pk")
    )


def related_ids(penalty: Penalty) -> list[int]:
    """The penalties issued with this one: its FtMGS to the others, or the penalty that caused
    this FtMGS. Uses the prefetched children where the list has them."""
    ids = [child.pk for child in penalty.children.all()]
    if penalty.parent_id is not None:
        ids.insert(0, penalty.parent_id)
    return ids


@dataclass(frozen=True)
class DqReport:
    """What the report of a Disqualification names (docs/rules.md "Penalties"): the player, the
    teammate(s) and both opponents, each with their Wizards Account, and the match."""

    penalty: Penalty
    player: Player
    teammates: list[Player]
    opponents: list[Player]
    match: Match | None


def dq_report(penalty: Penalty) -> DqReport:
    match = penalty.match
    if match is None and penalty.result_match_id is not None:
        match = Match.objects.filter(pk=penalty.result_match_id).first()
    players = Player.objects.select_related("team").order_by("team_id", "seat")
    teammates = list(players.filter(team_id=penalty.team_id).exclude(pk=penalty.player_id))
    opponents: list[Player] = []
    if match is not None and match.team_b_id is not None:
        other = match.team_b_id if match.team_a_id == penalty.team_id else match.team_a_id
        opponents = list(players.filter(team_id=other))
    return DqReport(penalty, penalty.player, teammates, opponents, match)
