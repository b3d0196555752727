"""Pairing rounds: Swiss and top cut, unpair, publish (swaps and tables: round_edits).

Rules: MTR App. E and docs/rules.md "Swiss rounds and playoffs" (how many rounds, the top cut), MTR
10.4 (playoff seeding), MTR App. C (a bye is a win). The pairing itself is
pairing.domain.swiss; this module locks, loads, asks the domain and saves.

Locks: every call that creates, removes or rearranges a round takes the Event row with
select_for_update first, so two "pair round" calls at the same moment run one after the other
and the second sees the first's round (409: it has unfinished matches).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from core import events, timing
from core.actors import By, recorded
from core.db import insert_rows
from core.errors import Conflict
from core.i18n import exception_text
from pairing import adapters, hooks, presenters, selectors
from pairing.domain import topcut
from pairing.domain.notes import PairingNote
from pairing.domain.play_draw import choosers
from pairing.domain.pods import draft_cut, pair_within_pods
from pairing.domain.swiss import PairingError, pair_round
from pairing.domain.tables import assign_tables
from pairing.models import Match, MatchTeam, PairingChange, Round
from tournament.models import Event, Player, Team
from tournament.services import checkin as checkin_svc
from tournament.services import events as event_svc

# --- pairing a round -----------------------------------------------------------------------


def _locked_event(event: Event) -> Event:
    """The event's row locked, read with its pairing settings (the plan, the pods) in the same
    statement."""
    locked = Event.objects.select_for_update(of=("self",)).select_related("pairing_settings")
    return locked.get(pk=event.pk)


def _new_seed() -> int:
    return secrets.randbits(62)  # fits a signed 64-bit column


def log_change(
    event: Event, number: int, kind: str, text: str, by: By, warnings: Iterable[object] = ()
) -> PairingChange:
    return PairingChange.objects.create(
        event=event,
        round_number=number,
        kind=kind,
        description=text[:500],
        warnings=list(warnings),
        by=recorded(by),
    )


def _check_can_pair(event: Event, last: Round | None) -> None:
    if event.status == Event.Status.FINISHED:
        raise Conflict(gettext("The event is finished."), code="event_finished")
    if last is not None:
        open_matches = selectors.unfinished_count(last)
        if open_matches:
            raise Conflict(
                ngettext(
                    "Round %(number)s still has %(count)s match without a final result.",
                    "Round %(number)s still has %(count)s matches without a final result.",
                    open_matches,
                )
                % {"number": last.number, "count": open_matches},
                code="round_unfinished",
            )


def _check_decklists(event: Event) -> None:
    gaps = selectors.decklist_gaps(event)
    if gaps:
        raise Conflict(
            ngettext(
                "%(count)s team(s) have no legal lists yet: %(teams)s. Pairing round 1 locks the "
                "lists; confirm to pair anyway.",
                "%(count)s team(s) have no legal lists yet: %(teams)s. Pairing round 1 locks the "
                "lists; confirm to pair anyway.",
                len(gaps),
            )
            % {"count": len(gaps), "teams": selectors.describe_gaps(gaps)},
            code="decklists_not_ready",
            data={"teams": [{"id": g.team_id, "name": g.name, "status": g.status} for g in gaps]},
        )


@transaction.atomic
@timing.timed_commit
def round_pair_next(
    *,
    event: Event,
    by: By = None,
    seed: int | None = None,
    check_decklists: bool = False,
    request_id: str = "",
    check_arrivals: bool = False,
) -> Round:
    """Pair the next round: Swiss until the Swiss rounds are played, then the top cut.

    ``request_id`` (the client's, up to 64 characters) is kept on the round: a request with the
    id of a round already paired gets that round back (``round_.replayed``), not a 409, so the
    retry of a pairing whose answer was lost (a 502 after the commit) finds what it made.

    With ``check_decklists``, round 1 is refused (409 ``decklists_not_ready``, naming the teams)
    while a team's lists are missing or illegal: pairing it locks them (MTR 2.7). The pages and
    the API ask for the check unless the organizer confirmed.

    While check-in is on, round 1 with ``check_arrivals`` is refused (409
    ``teams_not_checked_in``, naming the teams); without it those teams are dropped as not
    arrived, recorded (tournament.services.checkin.before_round_one)."""
    with timing.phase("lock and checks"):
        event = _locked_event(event)
    request_id = (request_id or "")[:64]
    if request_id:
        done = Round.objects.filter(event=event, request_id=request_id).first()
        if done is not None:
            done.replayed = True  # type: ignore[attr-defined]  # a note for the interface: the round was already paired
            return done
    with timing.phase("lock and checks"):
        last = selectors.latest_round(event)
        _check_can_pair(event, last)
        if last is None:
            checkin_svc.before_round_one(event=event, confirm=not check_arrivals, by=by)
        if check_decklists and last is None:
            _check_decklists(event)
        plan = selectors.structure(event)
    if last is None and plan.teams < 2:
        raise Conflict(
            gettext(
                "Pairing needs at least 2 teams; %(teams)s registered (and at least 4 to sanction the event, MTR 10.1)."
            )
            % {"teams": plan.teams},
            code="too_few_teams",
        )
    number = last.number + 1 if last else 1
    seed = _new_seed() if seed is None else seed
    swiss_played = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
    try:
        if swiss_played < plan.swiss_rounds and (last is None or not last.is_top_cut):
            round_ = _pair_swiss(event, number, seed, by)
        elif plan.top_cut:
            round_ = _pair_top_cut(event, number, seed, by, plan)
        else:
            raise Conflict(
                gettext("All %(swiss_rounds)s Swiss rounds are played and there is no top cut.")
                % {"swiss_rounds": plan.swiss_rounds},
                code="event_over",
            )
    except IntegrityError as exc:  # the unique (event, number) constraint, if a lock was missed
        raise Conflict(
            gettext("That round was paired at the same moment."), code="already_paired"
        ) from exc
    if request_id:
        Round.objects.filter(pk=round_.pk).update(request_id=request_id)
        round_.request_id = request_id
    round_.replayed = False  # type: ignore[attr-defined]  # a note for the interface: the round was already paired
    if event.status == Event.Status.REGISTRATION:
        event_svc.event_set_status(event=event, status=Event.Status.RUNNING)
    with timing.phase("hooks and log"):
        hooks.ROUND_PAIRED(round_)  # e.g. a Game Loss issued between matches lands on the new match
        events.round_changed.fire(events.RoundChanged(event.pk, round_.pk, number))
        warnings = presenters.round_notes(round_).warnings
        log_change(event, number, PairingChange.Kind.PAIR, _pair_text(round_), by, warnings)
    return round_


def _pair_text(round_: Round) -> str:
    s = round_.summary
    stage = "top cut" if round_.is_top_cut else "Swiss"
    played = s.get("matches", 0)
    byes = round_.matches.filter(team_b__isnull=True).count()
    text = f"Paired round {round_.number} ({stage}): {_count(played, 'match', 'matches')}"
    if byes:
        text += f", {_count(byes, 'bye', 'byes')}"
    return text + f", seed {round_.seed}."


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _pair_swiss(event: Event, number: int, seed: int, by: By) -> Round:
    with timing.phase("standings load"):
        standings = selectors.standings_kept(event, number - 1)
    dropped = {t.id: t.dropped for t in standings.teams.values()}
    dropped.update(dict.fromkeys(selectors.disqualified(event), True))
    # Byes awarded before the event (MTR App. E): a bye in rounds 1..n, not paired then.
    awarded = [
        pk
        for pk in Team.objects.filter(
            event=event, dropped=False, awarded_byes__gte=number
        ).values_list("pk", flat=True)
        if not dropped.get(pk)
    ]
    dropped.update(dict.fromkeys(awarded, True))
    with timing.phase("standings load"):
        records = adapters.team_records(standings.rows, standings.matches, dropped)
    pods = _pods(event)
    try:
        with timing.phase("engine"):
            if pods:  # MTR 7.6: only teams of the same pod meet
                results = pair_within_pods(records, pods, random.Random(seed))
            else:
                results = [pair_round(records, random.Random(seed))]
    except PairingError as exc:
        raise Conflict(exception_text(exc), code="cannot_pair") from exc
    rows = [_Row(p.a, p.b, p.notes) for result in results for p in result.pairs]
    byes = [result.bye for result in results if result.bye]
    rows += [_Row(bye, None, (PairingNote("bye_match"),)) for bye in [*awarded, *byes]]
    summary: dict[str, object] = {
        "rematches": sum(r.rematches for r in results),
        "unequal_pairs": sum(r.unequal_pairs for r in results),
        "max_gap": max((r.max_gap for r in results), default=0),
        "bye_team": byes[0] if byes else None,
    }
    if len(byes) > 1:
        summary["bye_teams"] = byes
    bye_notes = [r.bye_note for r in results if r.bye_note]
    warnings = [p.notes for result in results for p in result.pairs if p.notes]
    notes = _RoundNotes(bye_notes, warnings)
    with timing.phase("save"):
        return _save_round(event, number, Round.Stage.SWISS, seed, by, rows, summary, notes)


def _pods(event: Event) -> dict[int, int]:
    """Team id -> pod when the Swiss rounds stay within pods: a booster-draft event whose teams
    were seated in pods, at every REL unless the organizer lifted the pods at Regular REL
    (MTR 7.6, ``PairingSettings.pods_lifted``); else empty."""
    lifted = event.rel == Event.Rel.REGULAR and selectors.settings.of(event).pods_lifted
    if event.structure != Event.Structure.DRAFT or lifted:
        return {}
    teams = Team.objects.filter(event=event, pod__isnull=False).values_list("pk", "pod")
    return {pk: pod for pk, pod in teams if pod is not None}


@dataclass(frozen=True)
class _Row:
    """A match to save: ``b`` None is a bye; ``slot`` and ``seeds`` in the top cut only."""

    a: int
    b: int | None
    notes: tuple[PairingNote, ...] = ()
    slot: int | None = None
    seeds: tuple[int | None, int | None] = (None, None)


@dataclass(frozen=True)
class _RoundNotes:
    bye: list[PairingNote]
    warnings: list[tuple[PairingNote, ...]]  # each shown as one line


def _save_round(
    event: Event,
    number: int,
    stage: str,
    seed: int,
    by: By,
    rows: Sequence[_Row],
    summary: Mapping[str, object],
    notes: _RoundNotes,
) -> Round:
    """Save the round, its matches (tables numbered top first, byes after them without a
    table) and each team's entry: one statement per table (core.db.insert_rows)."""
    played = [r for r in rows if r.b is not None]
    byes = [r for r in rows if r.b is None]
    team_ids = [t for r in played for t in (r.a, r.b) if t is not None] + [r.a for r in byes]
    playing = set(team_ids)
    fixed = {
        team: table
        for team, table in Team.objects.filter(event=event, fixed_table__isnull=False).values_list(
            "pk", "fixed_table"
        )
        if team in playing and table is not None
    }
    tables = assign_tables([(r.a, r.b) for r in played if r.b is not None], fixed)
    sides = choosers(len(played), playoff=stage == Round.Stage.TOP_CUT, seed=seed)
    warnings = [*notes.warnings, *((n,) for n in tables.notes)]
    summary = {
        **summary,
        "matches": len(played),
        "bye_notes": adapters.notes_json(notes.bye),
        "warning_notes": [adapters.notes_json(group) for group in warnings],
    }
    round_ = Round.objects.create(
        event=event,
        number=number,
        stage=stage,
        seed=seed,
        summary=summary,
        created_by=recorded(by),
    )
    saved = [*played, *byes]
    bye = [r.b is None for r in saved]
    # A bye: no opponent, no table, a final win (MTR App. C), recorded 1-0-0.
    match_ids = insert_rows(
        Match,
        {
            "round_id": [round_.pk] * len(saved),
            "table": [*tables.tables, *([None] * len(byes))],
            "team_a_id": [r.a for r in saved],
            "team_b_id": [r.b for r in saved],
            "games_a": [1 if is_bye else 0 for is_bye in bye],
            "result": [Match.Result.A.value if is_bye else None for is_bye in bye],
            "status": [
                (Match.Status.FINAL if is_bye else Match.Status.PENDING).value for is_bye in bye
            ],
            "notes": [adapters.notes_json(r.notes) for r in saved],
            "bracket_slot": [r.slot for r in saved],
            "chooses_play_draw": [*sides, *([None] * len(byes))],
        },
    )
    seats = seat_orders(team_ids, event=event)
    seeds = {team: s for r in rows for team, s in zip((r.a, r.b), r.seeds, strict=True)}
    entries = [
        (match_id, team, side)
        for match_id, r in zip(match_ids, saved, strict=True)
        for team, side in ((r.a, "a"), (r.b, "b"))
        if team is not None
    ]
    insert_rows(
        MatchTeam,
        {
            "round_id": [round_.pk] * len(entries),
            "match_id": [m for m, _team, _side in entries],
            "team_id": [team for _m, team, _side in entries],
            "side": [side for _m, _team, side in entries],
            "seats": [seats.get(team, []) for _m, team, _side in entries],
            "seed": [seeds.get(team) for _m, team, _side in entries],
        },
    )
    return round_


def seat_orders(team_ids: list[int], *, event: Event | None = None) -> dict[int, list[int]]:
    """Each team's players in seat order; with ``event``, read for the whole event (a round of
    thousands of teams: one plain query instead of thousands of ids in it)."""
    seats: dict[int, list[int]] = {}
    players = (
        Player.objects.filter(event=event)
        if event is not None
        else Player.objects.filter(team_id__in=team_ids)
    )
    wanted = set(team_ids)
    for team, player in players.order_by("team_id", "seat").values_list("team_id", "pk"):
        if team not in wanted:
            continue
        seats.setdefault(team, []).append(player)
    return seats


# --- the top cut (MTR 10.4) ----------------------------------------------------------------


def _pair_top_cut(event: Event, number: int, seed: int, by: By, plan: selectors.Structure) -> Round:
    last = Round.objects.filter(event=event, stage=Round.Stage.TOP_CUT).order_by("-number").first()
    if last is None:
        return _pair_first_cut(event, number, seed, by, plan)
    rows = [
        (slot, a, b, result)
        for slot, a, b, result in last.matches.filter(bracket_slot__isnull=False)
        .order_by("bracket_slot")
        .values_list("bracket_slot", "team_a_id", "team_b_id", "result")
        if slot is not None
    ]
    seeds = dict(MatchTeam.objects.filter(round=last).values_list("team_id", "seed"))
    bracket = adapters.bracket_matches([(s, a, b) for s, a, b, _r in rows], seeds)
    gone = set(Team.objects.filter(event=event, dropped=True).values_list("pk", flat=True))
    try:
        cut = topcut.advance(
            bracket, adapters.cut_winners(rows), gone | selectors.disqualified(event)
        )
    except topcut.PlayoffError as exc:
        raise Conflict(exception_text(exc), code="cannot_pair") from exc
    if cut is None:
        raise Conflict(gettext("The final has been played: the event is over."), code="event_over")
    round_ = _save_cut_round(event, number, seed, by, cut)
    if len(cut.matches) == 1 and cut.matches[0].low is None:  # the last team left (MTR 2.10)
        event_svc.event_set_status(event=event, status=Event.Status.FINISHED)
    return round_


def _pair_first_cut(
    event: Event, number: int, seed: int, by: By, plan: selectors.Structure
) -> Round:
    """Seed the playoff from the final Swiss standings (MTR 10.4). A team that dropped or was
    disqualified after the last Swiss round keeps its place in them and is left out of the
    bracket; nobody is advanced in its place (MTR 2.10, pairing.domain.topcut). Teams that
    dropped earlier are not in the cut."""
    after = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
    facts = selectors.load_facts(event, after_round=after)

    def after_the_swiss(team: int) -> bool:
        """Dropped (a disqualification drops the team too) in or after the last Swiss round."""
        info = facts.teams[team]
        return after > 0 and info.dropped and (info.dropped_after_round or 0) >= after

    facts.disqualified = {t for t in facts.disqualified if not after_the_swiss(t)}
    standings = selectors.compute(facts)
    eligible = [
        row.team
        for row in standings.rows
        if not standings.teams[row.team].dropped or after_the_swiss(row.team)
    ]
    gone = {team for team in eligible if after_the_swiss(team)}
    if after == 0:  # no Swiss round (MTR App. E, 4-8 teams): the seeds are drawn at random
        random.Random(seed).shuffle(eligible)
    if len(eligible) - len(gone) < 2:
        raise Conflict(
            gettext("A top cut needs at least 2 teams still in the event."), code="too_few_teams"
        )
    if gone & set(eligible[: plan.top_cut]):
        return _save_cut_round(
            event, number, seed, by, topcut.seed_cut(eligible, plan.top_cut, gone)
        )
    eligible = [team for team in eligible if team not in gone]
    if event.structure == Event.Structure.DRAFT and plan.top_cut == 8 and len(eligible) >= 8:
        # MTR 10.4: the top 8 draft again at random seats and play seat 1 v 5, 2 v 6, ...
        return _save_cut_round(
            event, number, seed, by, draft_cut(eligible[:8], random.Random(seed))
        )
    return _save_cut_round(event, number, seed, by, topcut.seed_cut(eligible, plan.top_cut))


def _save_cut_round(event: Event, number: int, seed: int, by: By, cut: topcut.CutRound) -> Round:
    rows = [
        _Row(
            m.high.team,
            None if m.low is None else m.low.team,
            (m.note(),),
            slot=m.slot,
            seeds=(m.high.seed, None if m.low is None else m.low.seed),
        )
        for m in cut.matches
    ]
    byes = cut.byes
    bye_note = cut.bye_note()
    notes = _RoundNotes([bye_note] if bye_note else [], [(n,) for n in cut.notes])
    summary = {"bye_team": byes[0] if byes else None}
    return _save_round(event, number, Round.Stage.TOP_CUT, seed, by, rows, summary, notes)


# --- unpair, publish, rearrange ------------------------------------------------------------


def locked_round(round_: Round) -> tuple[Event, Round]:
    event = _locked_event(round_.event)
    try:
        return event, Round.objects.select_for_update().get(pk=round_.pk)
    except Round.DoesNotExist as exc:
        raise Conflict(gettext("That round no longer exists."), code="round_gone") from exc


@transaction.atomic
def round_unpair(*, round_: Round, by: By = None) -> int:
    """Delete the newest round while no result is in (byes aside); give back its number."""
    event, round_ = locked_round(round_)
    newest = selectors.latest_round(event)
    if newest is None or newest.pk != round_.pk:
        raise Conflict(gettext("Only the newest round can be unpaired."), code="not_newest_round")
    hooks.ROUND_UNPAIRING(round_)  # results set by penalties on this round are taken back first
    if selectors.has_results(round_):
        raise Conflict(
            gettext("Round %(number)s has results; it can no longer be unpaired.")
            % {"number": round_.number},
            code="round_has_results",
        )
    number, round_id = round_.number, round_.pk
    # Read before the delete: once it commits, the entries that say who played are gone.
    teams = tuple(MatchTeam.objects.filter(round=round_).values_list("team_id", flat=True))
    round_.delete()
    if number == 1:
        event_svc.event_set_status(event=event, status=Event.Status.REGISTRATION)
    events.round_changed.fire(events.RoundChanged(event.pk, round_id, number, teams))
    log_change(event, number, PairingChange.Kind.UNPAIR, f"Unpaired round {number}.", by)
    return number


@transaction.atomic
@timing.timed_commit
def round_publish(*, round_: Round, by: By = None) -> Round:
    with timing.phase("publish"):
        event, round_ = locked_round(round_)
    if round_.published:
        return round_
    round_.published = True
    round_.published_at = timezone.now()
    round_.version = F("version") + 1
    round_.save(update_fields=["published", "published_at", "version"])
    round_.refresh_from_db()
    log_change(
        event, round_.number, PairingChange.Kind.PUBLISH, f"Published round {round_.number}.", by
    )
    # After commit: the pairings are rendered into the cache (pairing.receivers.warm_published).
    events.round_published.fire(events.RoundPublished(event.pk, round_.pk))
    return round_
