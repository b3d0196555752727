"""What judge calls add to the rest of Tandem (registered in JudgingConfig.ready): the live
topics ``calls:<match>`` (the table's phones) and ``judges:<event>`` (the judges' queue), the
"Call a judge" block of the team's page (tournament.hooks.TEAM_PAGE) and of the table's page
(tracker.hooks.TABLE_PAGE)."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from access import Perm, may_follow
from access import judging as judging_access
from core import live
from pairing.models import Match
from tournament.hooks import TeamBlock
from tournament.models import Team


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


def register() -> None:
    from tournament import hooks as tournament_hooks
    from tracker import hooks as tracker_hooks

    live.register_kind("calls", may_follow_calls)
    live.register_kind("judges", may_follow_judges)
    tournament_hooks.TEAM_PAGE.register(team_page)
    tracker_hooks.TABLE_PAGE.register(table_page)


def team_page(request: HttpRequest, team: Team) -> TeamBlock | None:
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


def table_page(request: HttpRequest, team: Team, match: Match, key: str) -> TeamBlock | None:
    """tracker.hooks.TABLE_PAGE: "Call a judge" on the players' table page, following the
    table's calls live."""
    from judging.calls_views import table_block_context

    context = table_block_context(team, match, key, request.get_full_path())
    context["judge_call"]["follow"] = True
    return TeamBlock("judging/calls/_table_call.html", context)
