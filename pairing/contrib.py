"""What the rounds add to other apps' pages: the dashboard's next step, the team's private page,
the demo, and the cached pages renewed after a team changes (registered in PairingConfig.ready)."""

from __future__ import annotations

from django.urls import reverse

from core import events
from pairing import selectors
from pairing.models import Match, MatchTeam, ResultReport, Round
from pairing.views import describe_for
from tournament.hooks import NextStep, TeamBlock
from tournament.models import Event, Team


def next_step(event: Event) -> NextStep | None:
    """The organizer's next step once teams are registered: pair, publish, chase results."""
    rounds_url = reverse("rounds", args=[event.pk])
    last = selectors.latest_round(event)
    if event.status == Event.Status.FINISHED:
        return NextStep(
            "Event finished",
            "Every round is final. The standings and the bracket are the final results.",
            reverse("standings", args=[event.pk]),
            "Final standings",
        )
    if last is None:
        return NextStep(
            "Pair round 1",
            "Registration closes when round 1 is paired. Pair it, check it, then publish it.",
            rounds_url,
            "Pair round 1",
        )
    round_url = reverse("round", args=[event.pk, last.number])
    if not last.published:
        return NextStep(
            f"Publish round {last.number}",
            "The pairings are ready; the teams see them once they are published.",
            round_url,
            f"Round {last.number} pairings",
        )
    open_matches = selectors.unfinished_count(last)
    if open_matches:
        disputed = last.matches.filter(status=Match.Status.DISPUTED).count()
        detail = f"{open_matches} match(es) without a final result"
        detail += f", {disputed} disputed: a judge decides." if disputed else "."
        return NextStep(
            f"Results of round {last.number}",
            detail,
            reverse("round-missing" if disputed else "round-results", args=[event.pk, last.number]),
            "Missing results" if disputed else "Enter results",
        )
    title = f"Pair round {last.number + 1}"
    plan = selectors.structure(event)
    swiss_done = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
    if swiss_done >= plan.swiss_rounds and plan.top_cut and not last.is_top_cut:
        title = f"Pair the top {plan.top_cut}"
    return NextStep(title, f"Every result of round {last.number} is in.", rounds_url, title)


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
    mine, theirs = reports.get(team.pk), reports.get(opponent_id) if opponent_id else None
    context: dict[str, object] = {
        "my_round": entry.round,
        "my_match": match,
        "my_side": entry.side,
        "my_opponent": match.team_b if entry.side == "a" else match.team_a,
        "my_report": mine,
        "their_report": theirs,
        "can_report": not match.is_bye and match.status != Match.Status.FINAL,
    }
    for key, report in (("my", mine), ("their", theirs)):
        if report is not None:
            context[f"{key}_summary"] = _summary(match, report, team)
    if not match.is_bye and match.status != Match.Status.FINAL:
        # The round clock's state of this table (pairing.hooks.MATCH_TIMES): at the end of the
        # additional turns with no winner, a Swiss match is a draw, proposed to both teams
        # (MTR 2.4; docs/rules.md "End of round (MTR 2.4) and extensions").
        time = selectors.match_times(entry.round, [match]).get(match.pk)
        context["my_time"] = time
        context["time_draw"] = (
            bool(time and time.get("phase") == "over" and time.get("ending") == "draw")
            and not entry.round.is_top_cut
        )
    return TeamBlock("pairing/_team_block.html", context)


def _summary(match: Match, report: ResultReport, team: Team) -> str:
    """A report in words from the team's side: 'You won: Red Giants beat Blue Twins, 1-0-1 ...'."""
    shown = Match(
        team_a=match.team_a, team_b=match.team_b, games_a=report.games_a,
        games_b=report.games_b, games_drawn=report.games_drawn,
        result="a" if report.games_a else "b" if report.games_b else "draw",
    )  # fmt: skip
    return describe_for(shown, team)


def demo_rounds(event: Event, rng, stdout) -> None:
    """Round 1 final; round 2 paired, published, with some results in (one disputed)."""
    from pairing import services

    organizer = event.organizer
    first = services.round_pair_next(event=event, by=organizer, seed=rng.getrandbits(32))
    services.round_publish(round_=first, by=organizer)
    _play(first, rng, organizer, share=1.0)
    second = services.round_pair_next(event=event, by=organizer, seed=rng.getrandbits(32))
    services.round_publish(round_=second, by=organizer)
    _play(second, rng, organizer, share=0.5)
    stdout.write(f"  rounds: 1 final, 2 in progress ({selectors.unfinished_count(second)} open)")


def _play(round_: Round, rng, organizer, *, share: float) -> None:
    from pairing import services

    matches = list(round_.matches.filter(team_b__isnull=False).select_related("team_a", "team_b"))
    for i, match in enumerate(matches[: round(len(matches) * share)]):
        games = (1, 0, 0) if rng.random() < 0.5 else (0, 1, rng.choice((0, 0, 1)))
        if share < 1 and i == 0:  # one team has reported, the other has not yet
            services.match_report_result(match=match, team=match.team_a, **_kw(games))
        elif share < 1 and i == 1:  # the two teams disagree: a judge must decide
            assert match.team_b is not None  # byes are left out above
            services.match_report_result(match=match, team=match.team_a, **_kw((1, 0, 0)))
            services.match_report_result(match=match, team=match.team_b, **_kw((0, 1, 0)))
        else:
            services.match_enter_result(match=match, by=organizer, **_kw(games))


def _kw(games: tuple[int, int, int]) -> dict[str, int]:
    return {"games_a": games[0], "games_b": games[1], "games_drawn": games[2]}


def team_changed(change: events.TeamChanged) -> None:
    """A team's name, players or drop changed: the cached pairing pages of its event are stale.

    Runs after the change committed (core.events.team_changed); the version bump is what makes
    new cache keys, so the next visit renders the new names."""
    from django.db.models import F

    Round.objects.filter(event_id=change.event_id).update(version=F("version") + 1)


def warm_published(published: events.RoundPublished) -> None:
    """Render a just-published round's pairings into the cache (a worker's job, in-process when
    tasks run eagerly): round start is when every player opens them."""
    from core.tasks import run_task
    from pairing.tasks import warm_pairings

    run_task(warm_pairings, published.round_id)
