"""Reads of the players' pages: the event's current round and "find my table".

A player opens the event's public page (from the QR code), types a few letters of their name or
their team's name and sees the table, both teams' heads in their seats for the match
(MatchTeam.seats, MTR 9.4), the result so far and the round's clock. A handful of queries
whatever the event's size: the search runs in the database and returns at most ``LIMIT`` teams.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from pairing import presenters, selectors
from pairing.models import Match, Round
from tournament import selectors as tournament_selectors
from tournament.models import Event, Team

MIN_QUERY = 3  # letters a search needs: fewer would list half the room
LIMIT = 12  # teams a search shows


@dataclass(frozen=True)
class Found:
    """One team found by a search, with its match of the round (None: not in the round)."""

    team: Team
    match: Match | None
    side: str  # "a" or "b"
    time: dict[str, Any] | None

    @property
    def opponent(self) -> Team | None:
        if self.match is None:
            return None
        return self.match.team_b if self.side == "a" else self.match.team_a

    @property
    def heads(self) -> list:
        return getattr(self.match, f"heads_{self.side}", []) if self.match else []

    @property
    def opponent_heads(self) -> list:
        other = "b" if self.side == "a" else "a"
        return getattr(self.match, f"heads_{other}", []) if self.match else []


def current_round(rounds: QuerySet[Round]) -> Round | None:
    """The latest of the rounds the caller may see (access.visible_rounds)."""
    return rounds.order_by("-number").first()


def clean_query(raw: object) -> str:
    """The search as typed, trimmed; '' when too short to search."""
    text = " ".join(str(raw or "").split())[:80]
    return text if len(text) >= MIN_QUERY else ""


def find_teams(event: Event, query: str) -> QuerySet[Team]:
    """Teams whose name or one of whose players' names contains ``query``, case and accents
    ignored (tournament.selectors.find_teams)."""
    return tournament_selectors.find_teams(event, query)


def find_tables(event: Event, round_: Round | None, query: str) -> list[Found]:
    """The teams a search finds, each with its match of ``round_`` and that table's clock."""
    teams = list(find_teams(event, query)[:LIMIT])
    if not teams:
        return []
    matches: list[Match] = []
    if round_ is not None:
        ids = [t.pk for t in teams]
        matches = list(
            round_.matches.filter(Q(team_a_id__in=ids) | Q(team_b_id__in=ids))
            .select_related("team_a", "team_b")
            .prefetch_related("team_a__players", "team_b__players", "entries")
        )
        presenters.seat_heads(matches)
    times = selectors.match_times(round_, matches) if round_ is not None and matches else {}
    by_team: dict[int, tuple[Match, str]] = {}
    for m in matches:
        by_team[m.team_a_id] = (m, "a")
        if m.team_b_id:
            by_team[m.team_b_id] = (m, "b")
    found = []
    for team in teams:
        entry = by_team.get(team.pk)
        if entry is None:
            found.append(Found(team, None, "a", None))
        else:
            found.append(Found(team, entry[0], entry[1], times.get(entry[0].pk)))
    return found


def round_clock(round_: Round | None, found: list[Found]) -> dict[str, Any] | None:
    """The round's clock as the found tables see it (the first found match's ``time`` block;
    the round's status and remaining time are the same at every table without an extension),
    else the clock of the round's first table; None before a round or without a clock."""
    for f in found:
        if f.time:
            return f.time
    if round_ is None:
        return None
    first = round_.matches.filter(table__isnull=False).order_by("table").first()
    if first is None:
        return None
    return selectors.match_times(round_, [first]).get(first.pk)


def clock_text(time: dict[str, Any] | None) -> str:
    """The round's clock in words for the players' page (the live page fetches it again when
    the clock changes; the projector page counts down by the second)."""
    if not time:
        return ""
    status = time.get("round_status")
    left = time.get("remaining_seconds")
    minutes = None if left is None else max(0, -(-int(left) // 60))
    if status == "not_started":
        return _("The round's clock has not started yet.")
    if status == "paused":
        if minutes is None:
            return ""
        return _("The clock is paused with %(minutes)s min left.") % {"minutes": minutes}
    # A table's block (it has a phase) still playing is on its own time, its extension
    # included, even once the round's time is called.
    at_table = time.get("phase") == "playing" and not time.get("time_called_at")
    if time.get("time_called_at") or (status == "time_called" and not at_table):
        return _("Time has been called: finish the turn, then the additional turns (MTR 2.4).")
    if minutes is None:
        return ""
    extension = time.get("extension_minutes") or 0
    if extension:
        return _("About %(minutes)s min left at your table (+%(extension)s min extension).") % {
            "minutes": minutes,
            "extension": extension,
        }
    return _("About %(minutes)s min left in the round.") % {"minutes": minutes}


def clock_text_lasts(time: dict[str, Any] | None) -> float | None:
    """How many seconds ``clock_text(time)`` reads the same with nothing changed: until the
    minutes left go down by one while the clock runs (at least a second); None when the text
    does not move by itself (no clock, not started, paused, time called). A page kept in the
    cache lives no longer (tournament.event_views)."""
    if not time or time.get("round_status") in ("not_started", "paused"):
        return None
    at_table = time.get("phase") == "playing" and not time.get("time_called_at")
    if time.get("time_called_at") or (time.get("round_status") == "time_called" and not at_table):
        return None
    left = time.get("remaining_seconds")
    if left is None:
        return None
    left = int(left)  # rounded up to the second: the time really left is within a second below
    minutes = max(0, -(-left // 60))
    return float(max(1, left - 1 - 60 * (minutes - 1)))
