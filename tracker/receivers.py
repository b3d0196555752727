"""What the tracker adds to the rest of Tandem (registered in TrackerConfig.ready): the live topic
``table:<match_id>`` (who may follow it, and the state published after each stored event) and
the "our table" block of the team's private page (tournament.hooks.TEAM_PAGE)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest

from access import Caller, Perm, access_match, may_follow, visible_rounds
from core import live, pagecache
from core.events import GameChanged
from pairing.models import Match, MatchTeam
from tournament import snapshots
from tournament.hooks import TeamBlock
from tournament.models import Team
from tracker import selectors

LIVE_LOG_ROWS = selectors.LOG_TAIL  # the log rows a live message carries after an undo


def topic(match_id: int) -> str:
    return f"table:{match_id}"


def may_follow_table(request: HttpRequest, match_id: str) -> bool:
    """A subscriber reads the game: a team playing the match (by its key, passed as ``?key=``
    because EventSource sends no headers) or staff of the event."""
    return may_follow(request, access_match, match_id, Perm.READ_GAME)


def live_message(state: dict[str, Any], since: int | None = None) -> dict[str, Any]:
    """The state as a live message (docs/api.md "Tracker", "Follow a game live"): every key of the
    state as it is, ``log_total``, and in ``log`` only the rows the change touched: its own row
    (the rows from event ``since`` on, when the state is already past it), or the latest
    ``LIVE_LOG_ROWS`` rows when one of them is an ``undo``, which changes ``applied``,
    ``undone`` and ``undone_by`` of an earlier row. The state may already be a summary
    (tracker.selectors.state_summary) with its ``log_total``."""
    log = state.get("log") or []
    assert isinstance(log, list)
    total = state.get("log_total", len(log))
    tail = log[-LIVE_LOG_ROWS:]
    rows = [row for row in tail if since is not None and row["seq"] >= since] or log[-1:]
    if any(row.get("type") == "undo" for row in rows):
        rows = tail
    return {**state, "log": rows, "log_total": total}


def table_changed(change: GameChanged) -> None:
    """core.events.game_changed (after commit): the phones of the table get the new state, and
    the cached private pages of its two teams are stale (core.pagecache generations
    ``team:<id>``); both in one Redis round trip where the cache and the live versions share
    a Redis (core.live.Counters)."""
    teams = change.teams or _match_teams(change.match_id)
    scopes = [snapshots.team_page_scope(team) for team in teams]
    state = selectors.written_state(change.match_id, change.seq)
    if state is None:
        state = selectors.cached_state(change.match_id)
    counters = pagecache.generation_counters(*scopes) if state is not None else None
    if counters is None:
        pagecache.bump_together(*scopes)
    if state is not None:
        message = live_message(state, since=change.seq)
        live.publish(topic(change.match_id), message, counters=counters)


def _match_teams(match_id: int) -> tuple[int, ...]:
    teams = Match.objects.filter(pk=match_id).values_list("team_a_id", "team_b_id").first()
    return tuple(t for t in teams or () if t is not None)


def current_match(team: Team) -> Match | None:
    """The team's match of its latest round it can see (None: not paired yet, or a bye)."""
    rounds = visible_rounds(Caller(AnonymousUser(), team), team.event)
    entry = (
        MatchTeam.objects.filter(team=team, round__in=rounds)
        .select_related("match__round", "match__team_a", "match__team_b")
        .order_by("-round__number")
        .first()
    )
    if entry is None or entry.match.is_bye:
        return None
    return entry.match


def team_page(request: HttpRequest, team: Team) -> TeamBlock | None:
    """The team page's link to its table, with the result its game proposes once it is over."""
    match = current_match(team)
    if match is None:
        return None
    state = selectors.game_summary(match)
    return TeamBlock("tracker/_team_block.html", {"table_match": match, "table_state": state})


def match_started(match: Match) -> bool:
    """pairing.hooks.MATCH_STARTED: the table's game exists once its first event is stored (the
    tracker then keeps the seats it began with)."""
    from tracker.models import Game

    return Game.objects.filter(match_id=match.pk).exists()
