"""Results: staff entry (final), the teams' reports (reported, final, disputed), bulk entry.

Rules: MTR 9.1 (a 2HG match is one game: it ends at its first won game; drawn games are
replayed while time allows), MTR 2.4-2.5 (draws, intentional draws; no draw in the playoff).
Locks: the Event row, then the Match row (select_for_update): the order of the round services
(pairing.services.rounds), so a result entered while a table moves or a round is rearranged
waits instead of deadlocking.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from core import events
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from pairing import selectors
from pairing.domain import match_format as match_formats
from pairing.domain.match_format import MatchFormat
from pairing.models import Match, PairingChange, ResultReport, Round
from pairing.services.rounds import log_change
from tournament.models import Event, Team
from tournament.services import events as event_svc

MAX_DRAWN_GAMES = match_formats.MAX_DRAWN_GAMES
MAX_RULING_NOTE = 200


# --- results -------------------------------------------------------------------------------


class Games(match_formats.Games):
    """A result's games, with its ``Match.result``."""

    __slots__ = ()

    @property
    def result(self) -> str:
        side = self.winner
        if side == "a":
            return Match.Result.A
        if side == "b":
            return Match.Result.B
        return Match.Result.DRAW


def clean_games(
    games_a: object,
    games_b: object,
    games_drawn: object,
    *,
    top_cut: bool,
    match_format: MatchFormat,
) -> Games:
    """Validate a result against the event's match format (MTR 9.1: a 2HG match ends at its
    first won game) and the stage (MTR 2.4: no playoff draw). The one check of a result's
    numbers: the forms' and serializers' bounds only describe them."""
    errors: dict[str, list[str]] = {}
    values: dict[str, int] = {}
    for name, high in match_format.bounds().items():
        value = {"games_a": games_a, "games_b": games_b, "games_drawn": games_drawn}[name]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            errors[name] = [gettext("Must be a whole number from 0 to %(high)s.") % {"high": high}]
        else:
            values[name] = value
    if errors:
        raise ServiceError(errors=errors, code="invalid")
    games = Games(values["games_a"], values["games_b"], values["games_drawn"])
    if match_format.refusal(games) == "two_wins":
        raise ServiceError(
            gettext(
                "A 2HG match ends at its first won game: both teams cannot have won a game (MTR 9.1)."
            ),
            code="two_wins",
        )
    if top_cut and games.result == Match.Result.DRAW:
        raise ServiceError(
            gettext("A playoff match cannot end in a draw (MTR 2.4): play on until one team wins."),
            code="playoff_draw",
        )
    return games


def _clean_match_games(
    match: Match, games_a: object, games_b: object, games_drawn: object
) -> Games:
    """``clean_games`` for this match: its round's stage and its event's format."""
    return clean_games(
        games_a,
        games_b,
        games_drawn,
        top_cut=match.round.is_top_cut,
        match_format=selectors.match_format(match.round.event),
    )


def _locked_match(match: Match) -> Match:
    Event.objects.select_for_update().get(pk=match.round.event_id)
    try:
        return Match.objects.select_for_update().select_related("round__event").get(pk=match.pk)
    except Match.DoesNotExist as exc:  # its round was unpaired meanwhile
        raise Conflict(
            gettext("That match no longer exists: its round was unpaired."), code="match_gone"
        ) from exc


def _finalize(match: Match, games: Games, by: By = None) -> None:
    match.games_a, match.games_b, match.games_drawn = games.a, games.b, games.drawn
    match.result = games.result
    match.status = Match.Status.FINAL
    match.decided_by = recorded(by)
    match.save(
        update_fields=[
            "games_a",
            "games_b",
            "games_drawn",
            "result",
            "status",
            "decided_by",
            "updated_at",
        ]
    )
    events.result_final.fire(events.ResultFinal(match.round.event_id, match.round_id, match.pk))
    _after_final(match.round)


def _after_final(round_: Round) -> None:
    """When the event's last round is complete, the event is finished."""
    if round_.matches.exclude(status=Match.Status.FINAL).exists():
        return
    event = round_.event
    if round_.is_top_cut:
        last = round_.matches.filter(bracket_slot__isnull=False).count() == 1  # the final
    else:
        plan = selectors.structure(event)
        last = not plan.top_cut and round_.number >= plan.swiss_rounds
    if last:
        event_svc.event_set_status(event=event, status=Event.Status.FINISHED)


def _check_cut_winner(match: Match, games: Games) -> None:
    """A top-cut winner cannot change once the next bracket round is paired."""
    if not match.round.is_top_cut or match.result is None or match.result == games.result:
        return
    if Round.objects.filter(event_id=match.round.event_id, number__gt=match.round.number).exists():
        raise Conflict(
            gettext("The next playoff round is paired with this match's winner; unpair it first."),
            code="bracket_advanced",
        )


@transaction.atomic
def match_enter_result(
    *,
    match: Match,
    games_a: object,
    games_b: object,
    games_drawn: object,
    by: By = None,
    override: bool | int = True,
    note: object = "",
) -> Match:
    """Staff enter a result: final at once, overriding the teams' reports and any dispute.
    Without ``override``, a different final result that another staff member entered is a
    Conflict: two staff entering different results at once do not silently replace each other
    (the match is locked). The one who entered it may still correct it.

    ``note`` is the ruling in a few words; a decision with a note, one that settles a dispute
    and one that changes a final result are kept in the round's log (the match's history)."""
    match = _locked_match(match)
    if match.is_bye:
        raise Conflict(gettext("A bye has no result to enter."), code="bye")
    note = " ".join(str(note or "").split())
    if len(note) > MAX_RULING_NOTE:
        raise ServiceError(
            gettext("Keep the ruling note to %(max)s characters.") % {"max": MAX_RULING_NOTE},
            field="note",
            code="too_long",
        )
    games = _clean_match_games(match, games_a, games_b, games_drawn)
    _check_cut_winner(match, games)
    before = (match.status, match.score if match.result else None)
    by_id = user.pk if (user := recorded(by)) is not None else None
    if (
        not override
        and match.status == Match.Status.FINAL
        and match.decided_by_id is not None
        and match.decided_by_id != by_id
    ):
        final = (match.games_a, match.games_b, match.games_drawn)
        if final != (games.a, games.b, games.drawn):
            raise Conflict(
                gettext(
                    "Another staff member entered a different final result (%(score)s); send override: true to replace it."
                )
                % {"score": match.score},
                code="result_conflict",
            )
    _finalize(match, games, by)
    changed = before[0] in (Match.Status.DISPUTED, Match.Status.FINAL) and before[1] != match.score
    if changed or note:
        what = "result entered"
        if changed:
            what = (
                "settled the dispute"
                if before[0] == Match.Status.DISPUTED
                else "changed the result"
            )
        text = f"Table {match.table}: {what}: {match.score}."
        if note:
            text += f" Ruling: {note}"
        log_change(match.round.event, match.round.number, PairingChange.Kind.RESULT, text, by)
    return match


@transaction.atomic
def match_clear_result(*, match: Match, by: By = None, why: str = "") -> Match:
    """Staff take a final result back (a rescinded penalty's result): the match is pending again,
    as before the result; the teams' reports, if any, are kept for staff to decide again."""
    match = _locked_match(match)
    if match.is_bye:
        raise Conflict(gettext("A bye has no result to clear."), code="bye")
    if match.status != Match.Status.FINAL:
        return match
    if match.round.event.status == Event.Status.FINISHED:
        raise Conflict(gettext("The event is finished; its results stand."), code="event_finished")
    if (
        match.round.is_top_cut
        and Round.objects.filter(
            event_id=match.round.event_id, number__gt=match.round.number
        ).exists()
    ):
        raise Conflict(
            gettext("The next playoff round is paired with this match's winner; unpair it first."),
            code="bracket_advanced",
        )
    match.games_a = match.games_b = match.games_drawn = 0
    match.result = None
    match.status = Match.Status.DISPUTED if match.reports.exists() else Match.Status.PENDING
    match.decided_by = None
    match.save(
        update_fields=[
            "games_a", "games_b", "games_drawn", "result", "status", "decided_by", "updated_at"
        ]
    )  # fmt: skip
    text = f"Table {match.table}: result taken back" + (f" ({why})" if why else "") + "."
    log_change(match.round.event, match.round.number, PairingChange.Kind.RESULT, text, by)
    return match


@dataclass(frozen=True)
class ReportOutcome:
    match: Match
    outcome: str  # reported | confirmed | disputed

    @property
    def disputed(self) -> bool:
        return self.outcome == "disputed"


@transaction.atomic
def match_report_result(
    *, match: Match, team: Team, games_a: object, games_b: object, games_drawn: object
) -> ReportOutcome:
    """A team reports its match: the first report is `reported`; the other team's equal report
    makes it final; a different one makes it `disputed` for staff to decide."""
    match = _locked_match(match)
    # The access layer lets a team report only a match it plays (access.access_match).
    assert team.pk in (match.team_a_id, match.team_b_id), "a team reports only its own match"
    if not match.round.published:
        raise Conflict(gettext("This round is not published yet."), code="not_published")
    if match.is_bye:
        raise Conflict(gettext("A bye has no result to report."), code="bye")
    games = _clean_match_games(match, games_a, games_b, games_drawn)
    if match.status == Match.Status.FINAL:
        if (match.games_a, match.games_b, match.games_drawn) == (games.a, games.b, games.drawn):
            return ReportOutcome(match, "confirmed")
        raise Conflict(
            gettext("The result is final (%(score)s); ask the scorekeeper or a judge to change it.")
            % {"score": match.score},
            code="result_final",
        )
    ResultReport.objects.update_or_create(
        match=match,
        team=team,
        defaults={"games_a": games.a, "games_b": games.b, "games_drawn": games.drawn},
    )
    other = match.reports.exclude(team=team).first()
    if other is None:
        outcome, match.status = "reported", Match.Status.REPORTED
    elif (other.games_a, other.games_b, other.games_drawn) == (games.a, games.b, games.drawn):
        _finalize(match, games)
        return ReportOutcome(match, "confirmed")
    else:
        outcome, match.status = "disputed", Match.Status.DISPUTED
    match.save(update_fields=["status", "updated_at"])
    events.result_reported.fire(events.ResultReported(match.round.event_id, match.pk))
    return ReportOutcome(match, outcome)


@transaction.atomic
def results_enter_bulk(
    *, round_: Round, results: Mapping[int, tuple[int, int, int]], by: By = None
) -> int:
    """Staff enter many results of one round at once (the simulator; a scorekeeper's sheet)."""
    event = Event.objects.select_for_update().get(
        pk=round_.event_id
    )  # the lock order: event, matches
    fmt = selectors.match_format(event)
    matches = {m.pk: m for m in round_.matches.select_for_update()}
    for m in matches.values():
        m.round = round_  # no query per match below
    missing = set(results) - set(matches)
    if missing:
        raise ServiceError(
            ngettext(
                "Match %(matches)s is not in round %(number)s.",
                "Matches %(matches)s are not in round %(number)s.",
                len(missing),
            )
            % {"matches": ", ".join(str(pk) for pk in sorted(missing)), "number": round_.number}
        )
    decider = recorded(by)
    groups: dict[Games, list[int]] = {}
    for pk, (a, b, drawn) in results.items():
        if matches[pk].is_bye:
            raise Conflict(gettext("A bye has no result to enter."), code="bye")
        games = clean_games(a, b, drawn, top_cut=round_.is_top_cut, match_format=fmt)
        _check_cut_winner(matches[pk], games)
        groups.setdefault(games, []).append(pk)
    now = timezone.now()
    for games, pks in groups.items():  # a few distinct results: one UPDATE each
        Match.objects.filter(pk__in=pks).update(
            games_a=games.a, games_b=games.b, games_drawn=games.drawn, result=games.result,
            status=Match.Status.FINAL, decided_by=decider, updated_at=now,
        )  # fmt: skip
    _after_final(round_)
    return len(results)
