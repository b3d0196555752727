"""The judging app's answers to other apps' hooks (pairing.hooks, tournament.hooks,
tracker.hooks) and who may follow its live topics, registered in JudgingConfig.ready(). Reads
only: nothing here writes (the clock's time block, pairing.hooks.MATCH_TIMES, is
judging.selectors.clock.match_times; the hooks that write with a round, ROUND_PAIRED and
ROUND_UNPAIRING, are services).

- penalties, the clock and the decklists to fix: the standings' hooks, the event's and team's
  blocks, the live topic ``clock:<round>``;
- judge calls: the live topics ``calls:<match>`` (the table's phones) and ``judges:<event>``
  (the judges' queue), the "Call a judge" block of the team's page (tournament.hooks.TEAM_PAGE)
  and of the table's page (tracker.hooks.TABLE_PAGE);
- the Limited day (issue 31): who may follow the event's timers (``timer:<event>``), and the
  "Limited day" card on the organizer's event page."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext

from access import Perm, access_event, access_round, can, may_follow
from access import judging as judging_access
from decklists import selectors as deck_selectors
from judging import presenters, selectors
from judging.models import Penalty
from judging.selectors import clock as clock_selectors
from judging.selectors import settings as judging_settings
from pairing.models import Match, Round
from pairing.receivers import renew_team_pages_of_match
from tournament import snapshots
from tournament.hooks import TeamBlock
from tournament.models import Event, Team


def penalty_points(event: Event, after_round: int) -> dict[int, int]:
    return selectors.penalty_points(event, after_round)


def disqualified(event: Event) -> list[int]:
    return selectors.disqualified(event)


def no_new_game(match: Match) -> str | None:
    """tracker.hooks.NO_NEW_GAME: once time is called at the table of a Swiss round, no new game
    begins, and the match with no game won is a draw (MTR 2.4, 9.1; docs/rules.md "End of
    round"). A playoff match goes on to a new game under MTR 2.4's added state-based action."""
    round_ = match.round
    if round_.is_top_cut or match.table is None or match.team_b_id is None:
        return None
    tables = clock_selectors.round_tables(round_, [match])
    state = clock_selectors.states_of(tables).get(match.pk)
    if state is None or state.time_called_at is None:
        return None
    return gettext(
        "Time has been called: no new game begins, and a match with no game won is a draw "
        "(MTR 2.4)."
    )


def team_page(request, team: Team) -> TeamBlock | None:
    """tournament.hooks.TEAM_PAGE: the end of a playoff match at time, proposed to the team
    (MTR 2.4; docs/rules.md "End of round"): after the additional turns the team with the
    highest life total wins, proposed as the result to report; with equal totals play goes on
    until a total changes ("sudden death"). Only a playoff match not yet final is read."""
    from django.contrib.auth.models import AnonymousUser

    from access import Caller, visible_rounds
    from pairing.models import MatchTeam

    rounds = visible_rounds(Caller(AnonymousUser(), team), team.event)
    entry = (
        MatchTeam.objects.filter(team=team, round__in=rounds, round__stage=Round.Stage.TOP_CUT)
        .select_related("round__event", "match__team_a", "match__team_b")
        .order_by("-round__number")
        .first()
    )
    if entry is None:
        return None
    match = entry.match
    if match.is_bye or match.status == Match.Status.FINAL:
        return None
    latest = rounds.order_by("-number").values_list("pk", flat=True).first()
    if latest != entry.round_id:
        return None
    tables = clock_selectors.round_tables(entry.round, [match])
    state = clock_selectors.states_of(tables).get(match.pk)
    if state is None or state.phase != "over" or state.ending not in ("life", "sudden_death"):
        return None
    mine = 0 if match.team_a_id == team.pk else 1
    life = tables.facts[match.pk].life
    return TeamBlock(
        "judging/_team_playoff_end.html",
        {
            "playoff_end": {
                "match": match,
                "sudden": state.ending == "sudden_death",
                "won": state.winner == team.pk,
                "my_life": life[mine] if life else None,
                "their_life": life[1 - mine] if life else None,
                "opponent": match.team_b if mine == 0 else match.team_a,
            }
        },
    )


def event_page(request, event: Event) -> TeamBlock | None:
    """tournament.hooks.EVENT_FACTS: the judging settings, for the event's staff (players read
    the event's facts above them); a form for the head judge and the organizer."""
    if not can(request.caller, Perm.VIEW_PRIVATE, event):
        return None
    settings = judging_settings.of(event)
    return TeamBlock(
        "judging/_event_settings.html",
        {
            "judging_settings": {
                "event": event,
                "settings": settings,
                "edit": can(request.caller, Perm.SEVERE_PENALTIES, event),
            }
        },
    )


def may_follow_clock(request: HttpRequest, round_id: str) -> bool:
    """The round's clock is read by whoever sees the round (a public event's projector)."""
    return may_follow(request, access_round, round_id, Perm.VIEW_EVENT)


def clock_block(request, event: Event) -> TeamBlock | None:
    """tournament.hooks.EVENT_PAGE: the latest round's clock on the dashboard (_clock_block)."""
    if not can(request.caller, Perm.MANAGE_CLOCK, event):
        return None
    round_ = Round.objects.filter(event=event).order_by("-number").first()
    return None if round_ is None else _clock_block(request, event, round_)


def round_clock_block(request, round_: Round) -> TeamBlock | None:
    """pairing.hooks.ROUND_PAGE: the round's own clock on its page (_clock_block)."""
    if not can(request.caller, Perm.MANAGE_CLOCK, round_.event):
        return None
    return _clock_block(request, round_.event, round_)


def _clock_block(request, event: Event, round_: Round) -> TeamBlock:
    """The round clock where staff look (the dashboard, the round's page), with start, pause,
    resume and the correction of the remaining time, for whoever may run it (Perm.MANAGE_CLOCK:
    the scorekeeper and up); the form comes back to the page it was sent from."""
    state = clock_selectors.clock_of(round_)
    return TeamBlock(
        "judging/_clock_block.html",
        {
            "clock_block": {
                "event": event,
                "round": round_,
                "state": state,
                "text": presenters.clock_text(state.remaining_seconds),
                "back": request.get_full_path(),
            }
        },
    )


DECK_PENALTIES = ("TE-DLP", "TE-DP")  # IPG 3.4, 3.5: the list or the deck was wrong


def lists_to_fix_block(request, event: Event) -> TeamBlock | None:
    """tournament.hooks.EVENT_PAGE: for staff, the teams given a Decklist Problem or Deck
    Problem penalty whose lists are still illegal, each a tap from its lists, so the event does
    not go on (or finish) with a list still illegal on the board without staff seeing it. Only
    those teams are checked (a few), not the whole board."""
    if not can(request.caller, Perm.VIEW_PRIVATE, event):
        return None
    penalised = (
        Penalty.objects.standing()
        .filter(event=event, infraction__in=DECK_PENALTIES)
        .values_list("team_id", flat=True)
        .distinct()
    )
    teams = Team.objects.filter(pk__in=list(penalised), dropped=False).select_related("event")
    illegal = [t for t in teams if not deck_selectors.team_report(t).valid]
    if not illegal:
        return None
    return TeamBlock(
        "judging/_lists_to_fix.html", {"lists_to_fix": {"event": event, "teams": illegal}}
    )


# --- judge calls ---------------------------------------------------------------------------


def _match_loader(caller, pk, right):
    return judging_access.access_match_calls(caller, pk)


def _event_loader(caller, pk, right):
    return judging_access.access_event_calls(caller, pk)


def may_follow_calls(request: HttpRequest, match_id: str) -> bool:
    """The table's calls: its two teams (``?key=``) and the event's staff."""
    return may_follow(
        request, _match_loader, match_id, Perm.VIEW_EVENT
    )  # the loaders check their own rights


def may_follow_judges(request: HttpRequest, event_id: str) -> bool:
    """The judges' queue: the event's staff."""
    return may_follow(
        request, _event_loader, event_id, Perm.VIEW_EVENT
    )  # the loaders check their own rights


def call_team_page(request: HttpRequest, team: Team) -> TeamBlock | None:
    """tournament.hooks.TEAM_PAGE: "Call a judge" for the team's current table (re-read with
    the team's blocks on the team's live topic)."""
    from judging.calls_views import table_block_context
    from tracker.receivers import current_match

    match = current_match(team)
    key = team.access_key
    if match is None or match.round.event_id != team.event_id:
        return None
    context = table_block_context(team, match, key, reverse("team-private", args=[key]))
    return TeamBlock("judging/calls/_table_call.html", context)


def call_table_page(request: HttpRequest, team: Team, match: Match, key: str) -> TeamBlock | None:
    """tracker.hooks.TABLE_PAGE: "Call a judge" on the players' table page, following the
    table's calls live."""
    from judging.calls_views import table_block_context

    context = table_block_context(team, match, key, request.get_full_path())
    context["judge_call"]["follow"] = True
    return TeamBlock("judging/calls/_table_call.html", context)


# --- the Limited day ------------------------------------------------------------------------


def may_follow_timers(request: HttpRequest, event_id: str) -> bool:
    """The timers are read by whoever sees the event (a public event's projector)."""
    return may_follow(request, access_event, event_id, Perm.VIEW_EVENT)


def limited_day_block(request, event: Event) -> TeamBlock | None:
    """tournament.hooks.EVENT_PAGE: the Limited day's pages (timers, pools and swap, product,
    pod seating) for the staff of a Sealed or Booster Draft event."""
    if event.structure not in ("sealed", "draft") or not can(
        request.caller, Perm.MANAGE_CLOCK, event
    ):
        return None
    return TeamBlock(
        "judging/_limited_day_block.html",
        {"limited_day": {"event": event, "organizer": can(request.caller, Perm.EDIT_EVENT, event)}},
    )


def clock_pages_changed(change) -> None:
    """judging.services.clock_changed (after commit): the round's own clock shows on the event's
    public page and on every team page of the event (tournament.snapshots.event_page_changed); a
    table's own change (an extension, a turn passed) only on its two teams' pages."""
    if change.match_id is None:
        snapshots.event_page_changed(change)
    else:
        renew_team_pages_of_match(change)
