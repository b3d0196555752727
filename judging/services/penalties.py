"""Issuing and rescinding penalties, with their effects in the same transaction.

Implements docs/rules.md "Penalties" and docs/api.md "Penalties" over judging.domain.penalties
(the decision) and judging.selectors.propose (the player's history this day, where it lands).

Effects, each through the app that owns the fact:

- Match Point penalty: ``match_points_deducted`` on the row; the standings read it through
  pairing.hooks.PENALTY_POINTS from the round it counts in.
- Game Loss (it ends the match in the event's match format: a 2HG match is one game, MTR 9.1;
  pairing.domain.match_format) or Match Loss: the team's match is lost
  through pairing.services.match_enter_result. Issued between matches, it waits
  (``pending_next``) and lands on the team's next match when that round is paired
  (pairing.hooks.ROUND_PAIRED); a bye does not take it, it waits for a match.
- Game Losses to both teams at the same moment (``simultaneous_with``): recorded, no change
  (IPG 1.1; judging.domain.penalties.resolve_game_losses).
- Disqualification: the current match is lost, the team leaves the standings
  (pairing.hooks.DISQUALIFIED) and is dropped (tournament.services.teams.team_drop). After a
  cut nobody advances in its place (docs/rules.md "Penalties"): between two playoff
  rounds the team is dropped from the bracket, whose next round gives the byes to the
  highest-ranked teams left (pairing.domain.topcut).
- Tardiness past ten minutes: Match Loss and the team dropped (IPG 3.1; MTR 8.2).
- Slow Play: ``extra_turns_added`` stored for the round clock.

Rescinding undoes them: the points come back (the hook skips rescinded rows), a result the
penalty set is taken back when nobody changed it since (else it stands and the answer says so),
a waiting loss never lands, a drop the penalty made is undone. Both rows stay in the history.

Locks: the Event row first (the order of the pairing services), then the penalty rows.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from access.actors import Actor, require_actor
from access.rights import Perm
from core import events
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from core.i18n import exception_text, localize
from core.text import Text, gettext_noop
from judging import selectors
from judging.domain.infractions import Infraction, UnknownInfractionError, infraction
from judging.domain.infractions import Penalty as Code
from judging.domain.penalties import (
    GameLossOutcome,
    PenaltyDecision,
    PenaltyInputError,
    decide_penalty,
    resolve_game_losses,
)
from judging.errors import HeadJudgeOnly
from judging.models import DeckCheck, Penalty
from judging.selectors import clock as clock_selectors
from judging.selectors import settings as judging_settings
from pairing import selectors as pairing_selectors
from pairing import services as pairing_services
from pairing.models import Match, Round
from tournament.models import Event, Player, Team
from tournament.services import teams as team_svc

MAX_NOTES = 2000
MAX_REASON = 1000
LOSSES = (Code.GAME_LOSS, Code.MATCH_LOSS, Code.DISQUALIFICATION)


@dataclass(frozen=True)
class Issued:
    penalty: Penalty
    related: tuple[Penalty, ...] = ()


@dataclass(frozen=True)
class Rescinded:
    penalty: Penalty
    related: tuple[Penalty, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)  # what was undone, or kept and why


# --- input ---------------------------------------------------------------------------------


def _clean_text(raw: object, name: str, limit: int, *, required: bool = False) -> str:
    """Free text: trimmed, NFC; control characters other than line breaks and tabs removed."""
    if raw is None:
        raw = ""
    if not isinstance(raw, str):
        raise ServiceError(field=name, message=gettext("Must be text."))
    text = "".join(
        ch
        for ch in unicodedata.normalize("NFC", raw)
        if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    ).strip()
    if len(text) > limit:
        raise ServiceError(
            field=name, message=gettext("At most %(limit)s characters.") % {"limit": limit}
        )
    if required and not text:
        raise ServiceError(field=name, message=gettext("Say why."))
    return text


def _code(raw: object) -> Code:
    try:
        return Code(str(raw))
    except ValueError:
        codes = ", ".join(c.value for c in Code)
        raise ServiceError(
            field="penalty", message=gettext("One of %(codes)s.") % {"codes": codes}
        ) from None


# --- issuing -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Chosen:
    penalty: Code
    overridden: bool
    upgraded: bool
    match_points: int
    extra_turns: int
    drops: bool


def _choose(decision: PenaltyDecision, wanted: Code | None) -> _Chosen:
    """The issued penalty and its numbers: the proposal, or a head judge's override (an
    override keeps only what the issued penalty itself does)."""
    if wanted is None or wanted is decision.penalty:
        return _Chosen(
            decision.penalty,
            False,
            decision.upgraded,
            decision.match_points_deducted,
            decision.extra_turns_added,
            decision.drops_team,
        )
    return _Chosen(wanted, True, False, 1 if wanted is Code.MATCH_POINT else 0, 0, False)


@dataclass(frozen=True)
class PenaltyInput:
    """What the judge asks for (docs/api.md "Penalties"): the player, the infraction with its
    variants and notes, and optionally a different penalty (an override, with its reason), the
    players given Failure to Maintain Game State, the minutes late, whether the game cannot go
    on, the other team's simultaneous Game Loss and the deck check it was found at."""

    player: Player
    infraction: object
    round_: Round | None = None
    variants: Sequence[str] = ()
    notes: object = ""
    penalty: object = None
    override_reason: object = ""
    ftmgs_to: Sequence[int] | None = None
    tardiness_minutes: float | None = None
    game_cannot_continue: bool = False
    simultaneous_with: Penalty | None = None
    deck_check: DeckCheck | None = None


def _check_rights(
    entry: Infraction, decision: PenaltyDecision, chosen: _Chosen, actor: Actor, event: Event
) -> None:
    """Overrides are the head judge's; so is a Game Loss or more (IPG 1.2) unless the event's
    settings let every judge issue them (``JudgingSettings.head_judge_only`` off)."""
    if actor.holds(Perm.SEVERE_PENALTIES):
        return
    if chosen.overridden:
        raise HeadJudgeOnly(
            gettext("Only the head judge changes the proposed penalty (%(label)s).")
            % {"label": localize(decision.penalty.label)},
            code="override_head_judge_only",
        )
    if decision.needs_head_judge and judging_settings.of(event).head_judge_only:
        raise HeadJudgeOnly(
            gettext(
                "A %(label)s for %(entry)s is the head judge's to issue (IPG 1.2); call the head judge."
            )
            % {"label": localize(chosen.penalty.label), "entry": localize(entry.name)},
            code="head_judge_only",
        )


def _check_input(event: Event, wanted: PenaltyInput) -> None:
    if wanted.player.event_id != event.pk:
        raise ServiceError(field="player", message=gettext("Not a player of this event."))
    if wanted.round_ is not None and wanted.round_.event_id != event.pk:
        raise ServiceError(field="round", message=gettext("Not a round of this event."))
    check = wanted.deck_check
    if check is not None and (check.event_id != event.pk or check.team_id != wanted.player.team_id):
        raise ServiceError(
            field="deck_check", message=gettext("Not a deck check of this player's team.")
        )


def _proposal(
    event: Event, wanted: PenaltyInput, variants: Sequence[str], now: datetime.datetime | None
) -> tuple[Infraction, selectors.Proposal]:
    try:
        entry = infraction(str(wanted.infraction))
        proposal = selectors.propose(
            event=event,
            player=wanted.player,
            infraction=entry.code,
            round_=wanted.round_,
            variants=list(variants),
            tardiness_minutes=wanted.tardiness_minutes,
            game_cannot_continue=wanted.game_cannot_continue,
            now=now,
        )
    except UnknownInfractionError:
        raise ServiceError(field="infraction", message=gettext("Not an infraction code.")) from None
    except PenaltyInputError as exc:
        raise ServiceError(exception_text(exc), code="invalid") from None
    return entry, proposal


@transaction.atomic
def penalty_issue(
    *, event: Event, actor: Actor, wanted: PenaltyInput, now: datetime.datetime | None = None
) -> Issued:
    """Issue a penalty to a player (docs/api.md "Penalties"): decided from the infraction, the
    event's REL and policy and the player's penalties this day; a head judge may override it.
    The actor needs Perm.PENALTIES; a Game Loss or more and an override are the head judge's
    (Perm.SEVERE_PENALTIES), as the event's settings say."""
    require_actor(actor, Perm.PENALTIES, event)
    event = Event.objects.select_for_update().get(pk=event.pk)
    _check_input(event, wanted)
    variants = list(wanted.variants)
    if wanted.deck_check is not None and str(wanted.infraction).strip().upper() == "TE-DLP":
        # A Decklist Problem issued from a deck check was found at one (JG09, IPG 3.4).
        variants = sorted({*variants, "deck_check"})
    notes_text = _clean_text(wanted.notes, "notes", MAX_NOTES)
    reason = _clean_text(wanted.override_reason, "override_reason", MAX_REASON)
    code = None if wanted.penalty in (None, "") else _code(wanted.penalty)
    entry, proposal = _proposal(event, wanted, variants, now)
    decision = proposal.decision
    chosen = _choose(decision, code)
    _check_rights(entry, decision, chosen, actor, event)
    if chosen.overridden and not reason:
        raise ServiceError(
            field="override_reason",
            message=gettext("Say why the proposed %(label)s is changed.")
            % {"label": localize(decision.penalty.label)},
        )
    recipients = _ftmgs_recipients(proposal, wanted.ftmgs_to)
    issued_at = now or timezone.now()
    by = actor.user
    row = Penalty.objects.create(
        event=event,
        round=proposal.round,
        round_number=proposal.round.number if proposal.round else 0,
        match=proposal.match,
        table=proposal.match.table if proposal.match else None,
        player=wanted.player,
        team_id=wanted.player.team_id,
        infraction=entry.code,
        variants=sorted(set(variants)),
        tardiness_minutes=wanted.tardiness_minutes,
        penalty=chosen.penalty,
        proposed=decision.penalty,
        upgraded=chosen.upgraded,
        upgraded_from=(decision.upgraded_from or "") if chosen.upgraded else "",
        converted_from=(decision.converted_from or "") if not chosen.overridden else "",
        match_points_deducted=chosen.match_points,
        extra_turns_added=chosen.extra_turns,
        reasons=list(decision.reasons),
        notes=notes_text,
        override_reason=reason if chosen.overridden else "",
        overridden_by=by if chosen.overridden else None,
        issued_by=by,
        issued_at=issued_at,
        day=proposal.day,
        deck_check=wanted.deck_check,
    )
    _slow_play_turns(row, proposal)
    _apply(row, proposal, chosen, by, wanted.simultaneous_with)
    related = tuple(_issue_ftmgs(row, recipients, event, by, issued_at, proposal.day))
    events.standings_changed.fire(events.StandingsChanged(event.pk))
    return Issued(row, related)


def _slow_play_turns(row: Penalty, proposal: selectors.Proposal) -> None:
    """A Slow Play the table's clock gives no turns (issued once the match is in its additional
    turns, IPG 3.3; or in turn 0 when the event counts it as additional) records 0 turns added,
    as the clock counts it (docs/rules.md "Slow Play")."""
    match = proposal.match
    if not row.extra_turns_added or match is None or proposal.between_matches:
        return
    if match.table is None or match.team_b_id is None:
        return
    tables = clock_selectors.round_tables(match.round, [match])
    state = clock_selectors.states_of(tables, row.issued_at).get(match.pk)
    if state is None or not any(p.given_at == row.issued_at for p in state.slow_play_without_turns):
        return
    row.extra_turns_added = 0
    row.reasons = [
        *row.reasons,
        Text(
            gettext_noop(
                "Issued during the additional turns: no turns are added, the clock is already"
                " right (IPG 3.3)."
            )
        ),
    ]
    row.save(update_fields=["extra_turns_added", "reasons"])


def _ftmgs_recipients(proposal: selectors.Proposal, ftmgs_to: Sequence[int] | None) -> list[int]:
    """The ticked players, or ``ftmgs_to`` narrowing the offer ([] issues none)."""
    offered = [pid for pid, _ticked in proposal.ftmgs]
    if ftmgs_to is None:
        return [pid for pid, ticked in proposal.ftmgs if ticked]
    wanted = list(dict.fromkeys(int(p) for p in ftmgs_to))
    stray = [p for p in wanted if p not in offered]
    if stray:
        message = (
            gettext(
                "Failure to Maintain Game State is only offered to the other players at the table."
            )
            if offered
            else gettext("This infraction gives no Failure to Maintain Game State to the others.")
        )
        raise ServiceError(field="ftmgs_to", message=message)
    return [p for p in offered if p in wanted]


def _issue_ftmgs(
    parent: Penalty,
    recipients: Sequence[int],
    event: Event,
    by: By,
    issued_at: datetime.datetime,
    day: datetime.date,
) -> list[Penalty]:
    """Failure to Maintain Game State to each recipient (IPG 2.6; JG09), each decided on its own
    player's history (never upgraded)."""
    players = Player.objects.in_bulk(recipients)
    out = []
    for pid in recipients:
        other = players[pid]
        decision = decide_penalty(
            "GPE-FMGS",
            event.rel,
            judging_settings.of(event).penalty_policy,
            selectors.earlier_today(other, day),
        )
        out.append(
            Penalty.objects.create(
                event=event,
                round=parent.round,
                round_number=parent.round_number,
                match=parent.match,
                table=parent.table,
                player=other,
                team_id=other.team_id,
                infraction="GPE-FMGS",
                penalty=decision.penalty,
                proposed=decision.penalty,
                reasons=list(decision.reasons),
                notes=f"With penalty {parent.pk} ({parent.infraction}).",
                parent=parent,
                issued_by=recorded(by),
                issued_at=issued_at,
                day=day,
            )
        )
    return out


def _apply(
    row: Penalty,
    proposal: selectors.Proposal,
    chosen: _Chosen,
    by: By,
    simultaneous_with: Penalty | None,
) -> None:
    fields: list[str] = []
    if chosen.penalty in LOSSES:
        if simultaneous_with is not None:
            _simultaneous(row, simultaneous_with)
            fields.append("no_effect")
        elif (
            proposal.between_matches
            and proposal.round is not None
            and chosen.penalty is not Code.DISQUALIFICATION
        ):
            row.pending_next = True
            fields.append("pending_next")
        elif proposal.match is not None and not proposal.between_matches:
            _lose(row, proposal.match, by, row.event)
            fields += ["result_match", "result_score"]
    elif simultaneous_with is not None:
        raise ServiceError(
            field="simultaneous_with",
            message=gettext("Only Game Losses are issued at the same moment."),
        )
    if chosen.drops or chosen.penalty is Code.DISQUALIFICATION:
        team = Team.objects.select_for_update().get(pk=row.team_id)
        if not team.dropped:
            team_svc.team_drop(team=team)
            row.dropped_team = True
            fields.append("dropped_team")
    if fields:
        row.save(update_fields=fields)


def _lose(row: Penalty, match: Match, by: By, event: Event) -> None:
    """The penalised team loses the match: a Match Loss, or a Game Loss where the event's match
    format makes it end the match (a 2HG match is one game, MTR 9.1): the other team has the
    games it needs."""
    match_format = pairing_selectors.match_format(event)
    if row.penalty_code is Code.GAME_LOSS and not match_format.game_loss_ends_match:
        raise NotImplementedError("a Game Loss that leaves the match going: no such format yet")
    games = match_format.lost_by("a" if match.team_a_id == row.team_id else "b")
    pairing_services.match_enter_result(
        match=match, games_a=games.a, games_b=games.b, games_drawn=games.drawn, by=by
    )
    row.result_match = match
    row.result_score = f"{games.a}-{games.b}-{games.drawn}"


def _simultaneous(row: Penalty, other: Penalty) -> None:
    """Game Losses to both teams at the same moment: both recorded, neither changes the match
    (IPG 1.1)."""
    other = Penalty.objects.select_for_update().get(pk=other.pk)
    valid = (
        other.event_id == row.event_id
        and other.rescinded_at is None
        and other.match_id is not None
        and other.match_id == row.match_id
        and other.team_id != row.team_id
        and Code.GAME_LOSS in (row.penalty_code,)
        and other.penalty_code is Code.GAME_LOSS
    )
    if not valid:
        raise ServiceError(
            field="simultaneous_with",
            message=gettext("Name a Game Loss given to the other team of the same match."),
        )
    outcome = resolve_game_losses(True, True)
    assert outcome is GameLossOutcome.BOTH_RECORDED_NO_CHANGE
    _take_back(other, by=None, why=f"Game Losses to both teams, penalties {other.pk} and {row.pk}")
    other.no_effect, other.pending_next = True, False
    other.save(update_fields=["no_effect", "pending_next", "result_match", "result_score"])
    row.no_effect = True


def _take_back(row: Penalty, *, by: By, why: str) -> str:
    """Clear the result this penalty set, if nobody changed it since; says what happened."""
    if row.result_match_id is None:
        return ""
    match = Match.objects.select_related("round__event").get(pk=row.result_match_id)
    row.result_match = None
    if match.status != Match.Status.FINAL or match.score != row.result_score:
        return gettext("The result of table %(table)s was changed since; it stands.") % {
            "table": match.table
        }
    try:
        pairing_services.match_clear_result(match=match, by=by, why=why)
    except Conflict as exc:
        return gettext("The result of table %(table)s stands: %(reason)s") % {
            "table": match.table,
            "reason": exc.message,
        }
    return gettext("The result of table %(table)s was taken back; the match is open again.") % {
        "table": match.table
    }


# --- rounds paired and unpaired (pairing.hooks) ------------------------------------------


def penalties_land_on_round(round_: Round) -> None:
    """Game Losses and Match Losses issued between matches land on the team's match of the new
    round (IPG 1.1); a bye does not take them. Both teams of a match waiting: recorded, no
    change (IPG 1.1)."""
    waiting = list(
        Penalty.objects.standing()
        .select_for_update()
        .filter(event_id=round_.event_id, pending_next=True, round_number__lt=round_.number)
        .order_by("issued_at", "pk")
    )
    if not waiting:
        return
    by_team: dict[int, list[Penalty]] = {}
    for row in waiting:
        by_team.setdefault(row.team_id, []).append(row)
    matches = Match.objects.filter(round=round_, team_b__isnull=False).filter(
        entries__team_id__in=list(by_team)
    )
    for match in matches.select_related("round__event").distinct():
        b_rows = by_team.get(match.team_b_id, []) if match.team_b_id is not None else []
        _land(match, by_team.get(match.team_a_id, []), b_rows)


def _land(match: Match, a_rows: list[Penalty], b_rows: list[Penalty]) -> None:
    outcome = resolve_game_losses(bool(a_rows), bool(b_rows))
    for row in a_rows + b_rows:
        row.pending_next = False
        row.no_effect = outcome is GameLossOutcome.BOTH_RECORDED_NO_CHANGE
    if outcome is GameLossOutcome.FIRST_TEAM_LOSES:
        _lose(a_rows[0], match, None, match.round.event)
    elif outcome is GameLossOutcome.SECOND_TEAM_LOSES:
        _lose(b_rows[0], match, None, match.round.event)
    for row in a_rows + b_rows:
        if row.result_match_id is None and not row.no_effect:
            row.result_match, row.result_score = match, ""  # landed with an earlier one
        row.save(update_fields=["pending_next", "no_effect", "result_match", "result_score"])


def penalties_leave_round(round_: Round) -> None:
    """Before a round is unpaired: results its penalties set are taken back; a loss that had
    waited for this round waits again for the next pairing."""
    rows = Penalty.objects.standing().select_for_update().filter(result_match__round=round_)
    for row in rows:
        if row.result_score:
            _take_back(row, by=None, why=f"round {round_.number} unpaired")
        row.result_match, row.result_score = None, ""
        row.pending_next = row.round_number < round_.number
        row.save(update_fields=["result_match", "result_score", "pending_next"])


# --- rescinding ----------------------------------------------------------------------------


@transaction.atomic
def penalty_rescind(*, penalty: Penalty, by: By = None, reason: object = "") -> Rescinded:
    """The head judge takes a penalty back (docs/api.md "Penalties"): its effects are undone and
    the penalty stays in the history, marked rescinded; the Failure to Maintain Game State issued
    with it goes with it."""
    Event.objects.select_for_update().get(pk=penalty.event_id)
    why = _clean_text(reason, "reason", MAX_REASON, required=True)
    row = Penalty.objects.select_for_update().get(pk=penalty.pk)
    if row.rescinded_at is not None:
        raise Conflict(gettext("This penalty was already rescinded."), code="already_rescinded")
    children = list(row.children.select_for_update().filter(rescinded_at__isnull=True))
    now = timezone.now()
    notes = []
    for item in [row, *children]:
        notes += _undo(item, by)
        item.rescinded_at, item.rescinded_by, item.rescind_reason = now, recorded(by), why
        item.save()
    events.standings_changed.fire(events.StandingsChanged(penalty.event_id))
    return Rescinded(row, tuple(children), tuple(n for n in notes if n))


def _undo(row: Penalty, by: By) -> list[str]:
    notes = []
    if row.match_points_deducted:
        notes.append(
            gettext("%(count)s match point(s) given back.") % {"count": row.match_points_deducted}
        )
    if row.pending_next:
        row.pending_next = False
        notes.append(gettext("The loss waiting for the team's next match will not land."))
    if row.result_score:
        notes.append(_take_back(row, by=by, why=f"penalty {row.pk} rescinded"))
    if row.dropped_team:
        notes.append(_undrop(row))
    return notes


def _undrop(row: Penalty) -> str:
    team = Team.objects.select_for_update().get(pk=row.team_id)
    other_reason = (
        Penalty.objects.standing().filter(team=team, dropped_team=True).exclude(pk=row.pk).exists()
    )
    if not team.dropped or other_reason:
        return ""
    team_svc.team_undrop(team=team)
    return gettext("%(team)s is back in the event.") % {"team": team.name}
