"""Rearranging a paired round: swap two teams, move a match to another table, name the team that
chooses to play or draw. Each call locks the event and the round as pairing does
(pairing.services.rounds), bumps the round's version and logs the change with who made it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from core import events
from core.actors import By
from core.errors import Conflict, ServiceError
from pairing import adapters, presenters, selectors
from pairing.domain.notes import PairingNote
from pairing.models import Match, MatchTeam, PairingChange, Round
from pairing.services.rounds import locked_round, log_change, seat_orders
from tournament.models import Event, Team


@dataclass(frozen=True)
class SwapOutcome:
    round: Round
    warnings: list[str]


def _entry(round_: Round, team: object) -> MatchTeam:
    try:
        team_id = int(team)  # type: ignore[call-overload]  # any value from the request: int() refusing it is caught below
    except (TypeError, ValueError, OverflowError) as exc:  # OverflowError: JSON's 1e400
        raise ServiceError(gettext("Give a team id."), field="teams", code="invalid") from exc
    entry = (
        MatchTeam.objects.select_related("match", "team")
        # team__pk, not team_id: an id past the database's integer range finds nothing
        # instead of overflowing (SQLite).
        .filter(round=round_, team__pk=team_id)
        .first()
    )
    if entry is None:
        raise ServiceError(
            gettext("Team %(team_id)s does not play in round %(number)s.")
            % {"team_id": team_id, "number": round_.number},
            field="teams",
            code="not_in_round",
        )
    return entry


def _check_unplayed(match: Match) -> None:
    if match.is_bye:
        return
    if match.status != Match.Status.PENDING or match.reports.exists():
        raise Conflict(
            gettext("Table %(table)s already has a result; it cannot be changed.")
            % {"table": match.table},
            code="match_has_result",
        )


@transaction.atomic
def round_swap_teams(
    *, round_: Round, team_1: object, team_2: object, by: By = None
) -> SwapOutcome:
    """Swap two teams between their matches (or with the bye), warning for every rematch and
    every pair on different match points the change creates. Logged with who did it."""
    event, round_ = locked_round(round_)
    if round_.is_top_cut:
        raise Conflict(
            gettext("The top cut follows the bracket; it cannot be rearranged."), code="top_cut"
        )
    one, two = _entry(round_, team_1), _entry(round_, team_2)
    if one.match_id == two.match_id:
        raise ServiceError(gettext("Those two teams already play each other."), code="same_match")
    for entry in (one, two):
        _check_unplayed(entry.match)
    m1, m2 = one.match, two.match
    setattr(m1, f"team_{one.side}_id", two.team_id)
    setattr(m2, f"team_{two.side}_id", one.team_id)
    notes, names = _pair_warnings(event, round_, [m1, m2])
    for m in (m1, m2):
        m.note = ""  # words of a row paired before notes were data
        m.notes = adapters.notes_json(n for n in notes if m.table and n.table == m.table)
        m.save(update_fields=["team_a", "team_b", "note", "notes", "updated_at"])
    warnings = [presenters.note_text(n, names) for n in notes]
    MatchTeam.objects.filter(pk__in=[one.pk, two.pk]).delete()
    seats = seat_orders([one.team_id, two.team_id])
    MatchTeam.objects.bulk_create(
        [
            MatchTeam(
                round=round_,
                match=m2,
                team_id=one.team_id,
                side=two.side,
                seats=seats.get(one.team_id, []),
            ),
            MatchTeam(
                round=round_,
                match=m1,
                team_id=two.team_id,
                side=one.side,
                seats=seats.get(two.team_id, []),
            ),
        ]
    )
    _bump(round_)
    where = {m.pk: (f"table {m.table}" if m.table else "the bye") for m in (m1, m2)}
    text = (
        f"Round {round_.number}: swapped {one.team.name} ({where[m1.pk]}) "
        f"and {two.team.name} ({where[m2.pk]})."
    )
    log_change(event, round_.number, PairingChange.Kind.SWAP, text, by, warnings)
    return SwapOutcome(round_, warnings)


def _bump(round_: Round) -> None:
    """The round's pairings changed: a new version (new cache keys), announced after commit."""
    Round.objects.filter(pk=round_.pk).update(version=F("version") + 1)
    round_.refresh_from_db(fields=["version"])
    events.round_changed.fire(events.RoundChanged(round_.event_id, round_.pk, round_.number))


def _pair_warnings(
    event: Event, round_: Round, matches: list[Match]
) -> tuple[list[PairingNote], dict[int, str]]:
    """For each match: a rematch, different match points, a second bye; and the names."""
    ids = {t for m in matches for t in (m.team_a_id, m.team_b_id) if t}
    facts = selectors.team_facts(event, ids, before_round=round_.number)
    names = dict(Team.objects.filter(pk__in=ids).values_list("pk", "name"))
    out: list[PairingNote] = []
    for m in matches:
        a = facts[m.team_a_id]
        if m.team_b_id is None:
            if a.byes:
                out.append(PairingNote("swap_bye_again", (m.team_a_id,), counts=(a.byes + 1,)))
            continue
        b = facts[m.team_b_id]
        pair = (m.team_a_id, m.team_b_id)
        if m.team_b_id in a.opponents:
            out.append(PairingNote("swap_rematch", pair, table=m.table))
        if a.points != b.points:
            out.append(PairingNote("swap_points", pair, (a.points, b.points), table=m.table))
    return out, names


@transaction.atomic
def match_set_table(*, match: Match, table: object, by: By = None) -> Match:
    """Move a match to another table; a match already there takes this match's table."""
    event, round_ = locked_round(match.round)
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.is_bye:
        raise ServiceError(gettext("A bye has no table."), field="table", code="bye")
    if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= 10_000:
        raise ServiceError(gettext("Table must be a number from 1 to 10000."), field="table")
    if table == match.table:
        return match
    old = match.table
    other = round_.matches.filter(table=table).first()
    if other is not None:
        Match.objects.filter(pk=other.pk).update(table=0)  # unique (round, table) at each step
    Match.objects.filter(pk=match.pk).update(table=table)
    if other is not None:
        Match.objects.filter(pk=other.pk).update(table=old)
    _bump(round_)
    text = f"Round {round_.number}: moved table {old} to table {table}"
    text += f" (table {table} moved to {old})." if other else "."
    log_change(event, round_.number, PairingChange.Kind.TABLE, text, by)
    match.refresh_from_db()
    return match


@transaction.atomic
def match_set_play_draw(*, match: Match, team: object, by: By = None) -> Match:
    """The head judge names the team that chooses to play or draw (MTR 2.2: in a playoff the
    higher seed chooses unless the head judge sets otherwise). Logged with who did it."""
    event, round_ = locked_round(match.round)
    # of=("self",): PostgreSQL locks no row of the outer join to the (nullable) team B.
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("team_a", "team_b")
        .get(pk=match.pk)
    )
    if match.is_bye:
        raise ServiceError(gettext("A bye has no game to play or draw."), field="team", code="bye")
    try:
        team_id = int(team)  # type: ignore[call-overload]  # any value from the request: int() refusing it is caught below
    except (TypeError, ValueError, OverflowError) as exc:
        raise ServiceError(gettext("Give a team id."), field="team", code="invalid") from exc
    sides = {match.team_a_id: "a", match.team_b_id: "b"}
    if team_id not in sides:
        raise ServiceError(
            gettext("That team does not play in this match."), field="team", code="not_in_match"
        )
    if match.status != Match.Status.PENDING:
        raise Conflict(gettext("This match already has a result."), code="match_has_result")
    if match.chooses_play_draw == sides[team_id]:
        return match
    match.chooses_play_draw = sides[team_id]
    match.save(update_fields=["chooses_play_draw", "updated_at"])
    _bump(round_)
    name = match.team_a.name if sides[team_id] == "a" else match.team_b.name  # type: ignore[union-attr]  # a bye was refused above: team_b is set
    text = f"Round {round_.number}, table {match.table}: {name} chooses to play or draw."
    log_change(event, round_.number, PairingChange.Kind.PLAY_DRAW, text, by)
    return match
