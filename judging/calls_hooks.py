"""What judge calls add to the rest of Tandem (registered in JudgingConfig.ready): the live
topics ``calls:<match>`` (the table's phones) and ``judges:<event>`` (the judges' queue), the
"Call a judge" block of the team's page (tournament.hooks.TEAM_PAGE) and of the table's page
(tracker.hooks.TABLE_PAGE)."""

from __future__ import annotations

from django.http import HttpRequest

from access import may_follow
from core import live
from judging.selectors import calls as selectors


def _match_loader(caller, pk, right):
    return selectors.access_match_calls(caller, pk)


def _event_loader(caller, pk, right):
    return selectors.access_event_calls(caller, pk)


def may_follow_calls(request: HttpRequest, match_id: str) -> bool:
    """The table's calls: its two teams (``?key=``) and the event's staff."""
    return may_follow(request, _match_loader, match_id, None)  # type: ignore[arg-type]


def may_follow_judges(request: HttpRequest, event_id: str) -> bool:
    """The judges' queue: the event's staff."""
    return may_follow(request, _event_loader, event_id, None)  # type: ignore[arg-type]


def register() -> None:
    live.register_kind("calls", may_follow_calls)
    live.register_kind("judges", may_follow_judges)
