"""What the rounds add to other apps' pages: the dashboard's next step, the team's private page,
and the cached pages renewed after a team changes (registered in PairingConfig.ready). The demo's
rounds are in pairing.demo."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from core import events, timing
from core.i18n import localize
from decklists.domain.rebuild import MatchState
from pairing import hooks as pairing_hooks
from pairing import selectors
from pairing.models import Match, MatchTeam, ResultReport, Round
from pairing.presenters import describe_for, score_for
from pairing.table_search import clock_text, clock_text_lasts
from tournament import snapshots
from tournament.hooks import EventPlan, NextStep, TeamBlock
from tournament.models import Event, Team


def next_step(event: Event) -> NextStep | None:
    """The organizer's next step once teams are registered: pair, publish, chase results."""
    rounds_url = reverse("rounds", args=[event.pk])
    last = selectors.latest_round(event)
    if event.status == Event.Status.FINISHED:
        return NextStep(
            _("Event finished"),
            _("Every round is final. Report the final results (places and matches) to Wizards."),
            reverse("final-results", args=[event.pk]),
            _("Final results"),
        )
    if last is None:
        return NextStep(
            _("Pair round %(number)s") % {"number": 1},
            _("Registration closes when round 1 is paired. Pair it, check it, then publish it."),
            rounds_url,
            _("Pair round %(number)s") % {"number": 1},
        )
    round_url = reverse("round", args=[event.pk, last.number])
    if not last.published:
        return NextStep(
            _("Publish round %(number)s") % {"number": last.number},
            _("The pairings are ready; the teams see them once they are published."),
            round_url,
            _("Round %(number)s pairings") % {"number": last.number},
        )
    open_matches = selectors.unfinished_count(last)
    if open_matches:
        disputed = last.matches.filter(status=Match.Status.DISPUTED).count()
        detail = ngettext(
            "%(count)s match without a final result",
            "%(count)s matches without a final result",
            open_matches,
        ) % {"count": open_matches}
        if disputed:
            detail = _("%(open)s, %(disputed)s disputed: a judge decides.") % {
                "open": detail,
                "disputed": disputed,
            }
        else:
            detail = _("%(open)s.") % {"open": detail}
        return NextStep(
            _("Results of round %(number)s") % {"number": last.number},
            detail,
            reverse("round-missing" if disputed else "round-results", args=[event.pk, last.number]),
            _("Missing results") if disputed else _("Enter results"),
        )
    title = _("Pair round %(number)s") % {"number": last.number + 1}
    plan = selectors.structure(event)
    swiss_done = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
    if swiss_done >= plan.swiss_rounds and plan.top_cut and not last.is_top_cut:
        title = _("Pair the top %(cut)s") % {"cut": plan.top_cut}
    done = _("Every result of round %(number)s is in.") % {"number": last.number}
    return NextStep(title, done, rounds_url, title)


def event_plan(event: Event) -> EventPlan:
    """The structure that will be paired, for the event's dashboard (pairing.selectors)."""
    plan = selectors.structure(event)
    from pairing import presenters

    return EventPlan(
        presenters.structure_text(plan), plan.total_rounds, plan.teams, plan.swiss_rounds
    )


def plan_choices(
    teams: int, swiss_rounds: int | None, draft: bool = False
) -> list[tuple[str, str]]:
    """tournament.hooks.PLAN_CHOICES: what each top-cut choice of the event form plays for this
    many teams (pairing.domain.structure.plan), in the reader's language."""
    from pairing import presenters
    from pairing.domain.structure import plan

    out = []
    for choice in ("0", "auto", "2", "4", "8"):
        automatic = choice == "auto"
        shown = plan(
            teams,
            swiss_rounds=swiss_rounds,
            top_cut=0 if automatic else int(choice),
            cut_automatic=automatic,
            draft=draft,
        )
        out.append((choice, presenters.structure_text(shown)))
    return out


def undrop_refused(team: Team) -> str | None:
    """No team re-enters after a cut (MTR 2.10)."""
    if Round.objects.filter(event_id=team.event_id, stage=Round.Stage.TOP_CUT).exists():
        return gettext("%(team)s cannot re-enter: the top cut has been made (MTR 2.10).") % {
            "team": team.name
        }
    return None


def team_match(team: Team) -> MatchState | None:
    """decklists.hooks.TEAM_MATCH: the team's match in the latest paired round (published or
    not): over once a result is reported or final, or a bye; else started once the table's game
    has begun or the round clock runs (pairing.hooks.MATCH_STARTED, MATCH_TIMES: what
    pairing.selectors.match_progress reads). The cheap facts are read first."""
    entry = (
        MatchTeam.objects.filter(team=team)
        .select_related("round__event", "match")
        .order_by("-round__number")
        .first()
    )
    if entry is None:
        return None
    match = entry.match
    if match.is_bye or match.status == Match.Status.FINAL:
        return MatchState(started=True, over=True)
    if ResultReport.objects.filter(match=match).exists():
        return MatchState(started=True, over=True)
    if any(pairing_hooks.MATCH_STARTED(match)):
        return MatchState(started=True, over=False)
    time = selectors.match_times(entry.round, [match]).get(match.pk) or {}
    return MatchState(started=time.get("round_status", "not_started") != "not_started", over=False)


def team_page(request, team: Team) -> TeamBlock | None:
    """The team's current match on its private page (/t/<key>/): table, opponent, result form."""
    from django.contrib.auth.models import AnonymousUser

    from access import Caller, visible_rounds

    # The page shows what the team sees, even to a staff member who opens the team's link.
    rounds = visible_rounds(Caller(AnonymousUser(), team), team.event)
    entry = (
        MatchTeam.objects.filter(team=team, round__in=rounds)
        .select_related("round", "match__team_a", "match__team_b")
        .order_by("-round__number")
        .first()
    )
    if entry is None:
        return None
    match = entry.match
    reports = {r.team_id: r for r in ResultReport.objects.filter(match=match)}
    opponent_id = match.team_b_id if entry.side == "a" else match.team_a_id
    # After its last Swiss match, whether the top cut was made without the team (the `cut` push
    # says the same): read only once the team's match is over.
    out_of_cut = (
        (match.is_bye or match.status == Match.Status.FINAL)
        and not entry.round.is_top_cut
        and rounds.filter(number__gt=entry.round.number, stage=Round.Stage.TOP_CUT).exists()
    )
    mine, theirs = reports.get(team.pk), reports.get(opponent_id) if opponent_id else None
    context: dict[str, object] = {
        "my_round": entry.round,
        "my_match": match,
        "my_side": entry.side,
        "my_opponent": match.team_b if entry.side == "a" else match.team_a,
        "my_report": mine,
        "their_report": theirs,
        "can_report": not match.is_bye and match.status != Match.Status.FINAL,
        "my_score": score_for(match, team),  # the team's own games first
        "out_of_cut": out_of_cut,
    }
    time = None
    if not match.is_bye and match.status != Match.Status.FINAL:
        time = selectors.match_times(entry.round, [match]).get(match.pk)
    context.update(_seats(entry, match, time))
    for key, report in (("my", mine), ("their", theirs)):
        if report is not None:
            context[f"{key}_summary"] = _summary(match, report, team)
    if not match.is_bye and match.status != Match.Status.FINAL:
        # The round clock's state of this table (pairing.hooks.MATCH_TIMES): at the end of the
        # additional turns with no winner, a Swiss match is a draw, proposed to both teams
        # (MTR 2.4; docs/rules.md "End of round (MTR 2.4) and extensions").
        context["my_time"] = time
        context["my_clock_text"] = clock_text(time)
        lasts = clock_text_lasts(time)
        context["time_draw"] = (
            bool(time and time.get("phase") == "over" and time.get("ending") == "draw")
            and not entry.round.is_top_cut
        )
        return TeamBlock("pairing/_team_block.html", context, lasts=lasts)
    return TeamBlock("pairing/_team_block.html", context)


def _seats(entry: MatchTeam, match: Match, time: dict | None) -> dict[str, object]:
    """Both teams' heads in their seats for this match (MTR 9.4) and whether the team may still
    choose its primary player (pairing.domain.seats)."""
    from pairing import presenters
    from pairing.domain.seats import seats_open

    matches = list(
        Match.objects.filter(pk=match.pk)
        .select_related("team_a", "team_b")
        .prefetch_related("team_a__players", "team_b__players", "entries")
    )
    presenters.seat_heads(matches)
    shown = matches[0]
    mine, theirs = ("heads_a", "heads_b") if entry.side == "a" else ("heads_b", "heads_a")
    is_open, why = seats_open(selectors.match_progress(entry, time or {}))
    why = _(why) if why else why  # the domain's words, marked there, in the reader's language
    return {
        "my_heads": getattr(shown, mine),
        "their_heads": getattr(shown, theirs),
        "seats_open": is_open,
        "seats_closed_why": localize(why),
    }


def _summary(match: Match, report: ResultReport, team: Team) -> str:
    """A report in words from the team's side: 'You won: Red Giants beat Blue Twins, 1-0-1 ...'."""
    shown = Match(
        team_a=match.team_a, team_b=match.team_b, games_a=report.games_a,
        games_b=report.games_b, games_drawn=report.games_drawn,
        result="a" if report.games_a else "b" if report.games_b else "draw",
    )  # fmt: skip
    return describe_for(shown, team)


def team_changed(change: events.TeamChanged) -> None:
    """A team's name, players or drop changed: the cached pairing pages of its event are stale.

    Runs after the change committed (core.events.team_changed); the version bump is what makes
    new cache keys, so the next visit renders the new names."""
    from django.db.models import F

    Round.objects.filter(event_id=change.event_id).update(version=F("version") + 1)


def bump_pages(change) -> None:
    """Something the event's cached pages show changed (a final result, a round paired, changed
    or published, a team, a penalty): a new Event.pages_version makes new cache keys.

    Connected to the core.events signals in PairingConfig.ready; runs after the change committed,
    so whoever reads the new version reads the new data."""
    from django.db.models import F

    from pairing import rendering

    with timing.phase("page bumps"):
        Event.objects.filter(pk=change.event_id).update(pages_version=F("pages_version") + 1)
        rendering.refresh_public_event(change.event_id)


def _match_teams(match_id: int) -> tuple[int, ...]:
    teams = Match.objects.filter(pk=match_id).values_list("team_a_id", "team_b_id").first()
    return tuple(t for t in teams or () if t is not None)


def renew_team_pages_of_match(change) -> None:
    """A match's report or time changed: the cached private pages of its two teams are stale
    (core.pagecache generations ``team:<id>``, tournament.snapshots.team_page_scope). Time
    called for a whole round renews every page of the event instead: the event's generation,
    which the team pages read too, moves by snapshots.event_page_changed (PairingConfig.ready)."""
    from core import pagecache

    match_id = getattr(change, "match_id", None)
    if match_id is None:
        return
    teams = getattr(change, "teams", ()) or _match_teams(match_id)
    pagecache.bump_together(*(snapshots.team_page_scope(t) for t in teams if t is not None))


def renew_team_page(change) -> None:
    """A team's decklists changed: its cached private page is stale."""
    from core import pagecache

    pagecache.bump(snapshots.team_page_scope(change.team_id))


def warm_published(published: events.RoundPublished) -> None:
    """Render a just-published round's pairings into the cache (a worker's job, in-process when
    tasks run eagerly): round start is when every player opens them."""
    from core.tasks import run_task
    from pairing.tasks import warm_pairings

    with timing.phase("page warm"):
        run_task(warm_pairings, published.round_id)


def event_page(request, event: Event) -> TeamBlock | None:
    """The players' part of the event's public page (tournament.hooks.EVENT_PAGE): the current
    round and "find my table" (a GET form, ``?q=``, that works without JavaScript)."""
    from pairing.views import event_now_context

    context = event_now_context(request, event)
    return TeamBlock("pairing/_event_now.html", context, lasts=context.pop("clock_lasts"))


# --- live pages (core.live): the event's public page and the team's private page -------------
#
# ``event:<id>`` changes when a round is published or changed, a result becomes final or time is
# called; ``team:<id>`` when the same happens to the team's match, a result of its match is
# reported, the team's seats change or the round's clock starts or stops (judging).
# The messages carry no data: the pages fetch their changing part again.


def may_follow_event(request, event_id: str) -> bool:
    from access import Perm, access_event, may_follow

    return may_follow(request, access_event, event_id, Perm.VIEW_EVENT)


def may_follow_team(request, team_id: str) -> bool:
    from access import Perm, access_team, may_follow

    return may_follow(request, access_team, team_id, Perm.VIEW_EVENT)


def _publish(event_id: int, team_ids) -> None:
    from core import live

    teams = (f"team:{team_id}" for team_id in team_ids if team_id is not None)
    live.publish_each([f"event:{event_id}", *teams])


def _round_teams(round_id: int | None) -> list[int]:
    if round_id is None:
        return []
    return list(MatchTeam.objects.filter(round_id=round_id).values_list("team_id", flat=True))


def live_round_published(published: events.RoundPublished) -> None:
    _publish(published.event_id, _round_teams(published.round_id))


def live_round_changed(changed: events.RoundChanged) -> None:
    _publish(changed.event_id, changed.teams or _round_teams(changed.round_id))


def live_result_final(final: events.ResultFinal) -> None:
    teams = Match.objects.filter(pk=final.match_id).values_list("team_a_id", "team_b_id").first()
    _publish(final.event_id, teams or ())


def live_result_reported(reported: events.ResultReported) -> None:
    """A team reported its match: the other team's page shows the report to confirm."""
    _publish(reported.event_id, _match_teams(reported.match_id))


def live_time_called(called: events.TimeCalled) -> None:
    if called.match_id is None:
        _publish(called.event_id, _round_teams(called.round_id))
        return
    _publish(called.event_id, called.teams or _match_teams(called.match_id))


def live_team_changed(change: events.TeamChanged) -> None:
    from core import live

    if change.team_id is not None:
        live.publish(f"team:{change.team_id}")
