"""What a page served from the cache must know of an event, and of a team's private link, kept in
the cache so that such a page costs no query (core.pagecache).

- An event's snapshot: the fields an anonymous page needs (visibility, pages version...). It is
  written again after every change that moves the event's pages version (pairing's receivers of
  the after-commit events call ``refresh_event``) and dropped when the event is deleted.
- A key's holder: the team and event a private link /t/<key>/ opens, kept under a digest of the
  key together with the event's pages version it was read with (one query, so the two agree).
  Every change to a team, a new key included, moves its event's pages version after it commits
  (core.events team_changed), so a holder counts only while the event's snapshot shows that same
  version: the old link of a team given a new key is refused from then on, by every process.
"""

from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass

from django.core.cache import cache
from django.http import HttpRequest

from core import keylog, pagecache
from tournament.models import Event, Team

log = logging.getLogger(__name__)

SNAPSHOT_SECONDS = 30  # a safety net: every change writes a new snapshot
_SNAPSHOT_FIELDS = ("id", "public", "pages_version", "created_at", "organizer_id")
SNAPSHOT_HELD_SECONDS = 1.0  # how long a process reuses a snapshot it read from the cache
_held: dict[int, tuple[float, Event]] = {}
HOLDER_SECONDS = 120  # a safety net, as a team page's (the after-commit events renew both)


def _snapshot_key(event_id: int) -> str:
    return f"eventrow:{event_id}"


def made(event: Event) -> str:
    """The event's creation time as the cache keys write it: with the id, it keeps a key unique
    where ids are reused with the cache kept (a database flushed or restored; tests do it)."""
    return f"{event.created_at.timestamp():.6f}"


def public_event(event_id: int) -> Event | None:
    """What an anonymous page needs of an event (its visibility and pages version) from the
    cache, as an unsaved Event, so a page served from the cache costs no query; None when the
    cache does not have it (the caller then reads the event from the database). The Event is
    shared by the requests of the process that get it in the same second: read it, never change it.

    A process reuses the snapshot it read for SNAPSHOT_HELD_SECONDS: another process's change
    reaches its anonymous pages that much later at most (its own at once)."""
    held = _held.get(event_id)
    now = time.monotonic()
    if held is not None and held[0] > now:
        return held[1]
    try:
        row = cache.get(_snapshot_key(event_id))
    except Exception:  # noqa: BLE001 - a failing cache is a miss
        return None
    if not isinstance(row, dict):
        return None
    if len(_held) > 1000:
        _held.clear()
    event = Event(**row)
    _held[event_id] = (now + SNAPSHOT_HELD_SECONDS, event)
    return event


def remember_event(event: Event) -> None:
    """Keep the snapshot of an event just read from the database, unless a newer one is there
    (``add``: a snapshot written after a change is never replaced by an older read)."""
    row = {field: getattr(event, field) for field in _SNAPSHOT_FIELDS}
    try:
        cache.add(_snapshot_key(event.pk), row, SNAPSHOT_SECONDS)
    except Exception:  # noqa: BLE001 - a failing cache keeps nothing
        log.debug("could not keep the snapshot of event %s", event.pk)


def refresh_event(event_id: int) -> None:
    """After a change committed: the snapshot is the row as it is now (or gone with it)."""
    row = Event.objects.filter(pk=event_id).values(*_SNAPSHOT_FIELDS).first()
    _held.pop(event_id, None)
    try:
        if row is None:
            cache.delete(_snapshot_key(event_id))
        else:
            cache.set(_snapshot_key(event_id), row, SNAPSHOT_SECONDS)
    except Exception:  # noqa: BLE001 - a failing cache keeps nothing
        log.warning("could not renew the snapshot of event %s", event_id)


# --- the event's public page (tournament.event_views) ------------------------------------------


def event_page_scope(event_id: int) -> str:
    """The core.pagecache generation of the event's pages, named as their live topic
    (core.live ``event:<id>``): moved by what the event's public page and its teams' pages show
    that does not move the event's pages version (the round's clock, time called, the live
    version of the event a page carries)."""
    return f"event:{event_id}"


def team_page_scope(team_id: int) -> str:
    """The core.pagecache generation of a team's private page, named as its live topic
    (core.live ``team:<id>``): moved by what only that page shows (its match's game and
    reports, its decklists, its judge calls)."""
    return f"team:{team_id}"


def event_page_changed(change) -> None:
    """A receiver of the after-commit events (any with an ``event_id``): the event's cached
    public page and its teams' pages are stale."""
    pagecache.bump(event_page_scope(change.event_id))


def event_page_key(event: Event, generation: int) -> str:
    """The cache key of the event's public page for the public (core.pagecache adds the
    language): its event, pages version and page generation."""
    return f"page:event:{event.pk}:{made(event)}:{event.pages_version}:{generation}"


# --- a private link's holder --------------------------------------------------------------------


def _holder_key(key: str) -> str:
    return "keyholder:" + hashlib.sha256(key.encode()).hexdigest()[:40]


# Holders this process read, so that a cached team page costs one round trip (its generations,
# its event's snapshot, its caller's misses). A holder kept here is checked like one read from
# the shared cache, against the event's snapshot as the shared cache has it now.
_rows: dict[str, dict] = {}
_ROWS_KEPT = 10_000


def _keep_row(holder_key: str, row: dict) -> None:
    if len(_rows) >= _ROWS_KEPT:
        _rows.clear()
    _rows[holder_key] = row


def remember_holder(key: str, team: Team) -> None:
    """Keep the team (read with its event, in one query) that ``key`` opens, and its event's
    snapshot (``remember_event``)."""
    event = team.event
    row = {"team": team.pk, "event": event.pk, "made": made(event), "version": event.pages_version}
    _keep_row(_holder_key(key), row)
    try:
        cache.set(_holder_key(key), row, HOLDER_SECONDS)
    except Exception:  # noqa: BLE001 - a failing cache keeps nothing
        log.debug("could not keep the holder of a key of event %s", event.pk)
    remember_event(event)


def team_page_key(team_id: int, made: str, version: int, gens, remembered: bool) -> str:
    """The cache key of a team's private page (tournament.team_views.team_private)."""
    return f"teampage:{team_id}:{made}:{version}:{gens[0]}:{gens[1]}:{int(remembered)}"


@dataclass(frozen=True)
class Holder:
    """The team a private link opens, as the cache knows it now."""

    team_id: int
    event_id: int
    made: str
    pages_version: int
    generations: tuple[int, ...]  # core.pagecache: event_page_scope, team_page_scope

    def page_key(self, remembered: bool) -> str:
        return team_page_key(
            self.team_id, self.made, self.pages_version, self.generations, remembered
        )


def holder(key: str, request: HttpRequest) -> Holder | None:
    """The holder of ``key`` from the cache, without a query, when it still counts (see the
    module), with the event's and the team's page generations. None when the cache does not
    know the key (or not for certain), and when the caller's address is refused for the unknown
    keys it tried (core.keylog; its count is read in the same round trip)."""
    holder_key, misses_key = _holder_key(key), keylog.misses_key(request)
    row = _rows.get(holder_key)
    if row is None:  # not read by this process yet: from the shared cache
        try:
            row = cache.get(holder_key)
        except Exception:  # noqa: BLE001 - a failing cache is a miss
            return None
        if not isinstance(row, dict):
            return None
        _keep_row(holder_key, row)
    snapshot_key = _snapshot_key(row["event"])
    gens, now = pagecache.generations_and(
        (event_page_scope(row["event"]), team_page_scope(row["team"])), [snapshot_key, misses_key]
    )
    event = now.get(snapshot_key)
    if (
        gens is None
        or keylog.refused(now.get(misses_key))
        or not isinstance(event, dict)
        or event["pages_version"] != row["version"]
        or f"{event['created_at'].timestamp():.6f}" != row["made"]
    ):
        return None
    return Holder(row["team"], row["event"], row["made"], row["version"], gens)
