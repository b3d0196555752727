"""The event's page /events/<id>/: the staff's dashboard, and for everyone else the public page
the QR poster points to (the current round, "find my table", the event's facts).

The public's page is the page a whole room opens at once: it is rendered once per version and
language and served from the cache (core.pagecache), like the standings. Its version is the
event's pages version (moved by teams, rounds, results, penalties and the event's own settings)
and the page's generation (tournament.snapshots.event_page_scope: moved by the clock and by every
live change of the event, so the page's live version is the latest). A running clock's "About 12
min left" is true for a minute at most: such a page is kept only until its minutes go down
(core.pagecache.Timed), so a cached page reads as a fresh one, with JavaScript or without.

What is a visitor's own is never in the cached page: the link to the team or the sign-up this
phone remembers (its cookies) is rendered for each response and put in its place
(core.pagecache.VISITOR_PLACEHOLDER), so a phone with such a cookie still gets the cached page,
with its own link in it and nobody else's. A search (``?q=``, any query string) is rendered afresh:
it is the caller's own, and the page's language switcher sends the caller back to the same
address.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from access import Perm, access_event, can, sees_unpublished
from core import lan, pagecache, qr
from tournament import snapshots
from tournament.models import Event
from tournament.selectors import (
    event_facts_blocks,
    event_page_blocks,
    event_plan,
    event_settings_read,
    event_settings_shown,
    next_step,
    playing_teams,
    remember_cookie,
    remembered_signup,
    remembered_team,
    signup_cookie,
)
from tournament.services import signups as signup_svc

PAGE_SECONDS = 3600  # a safety net: a new pages version or generation is what renews the page


def _shared(request) -> bool:
    """The caller may get the page everyone like them gets: anonymous, no team key, no message,
    and no query string (a search, or anything the language switcher would send back)."""
    return not request.META.get("QUERY_STRING") and pagecache.shared_by_audience(request)


def _has_own(request, pk: int) -> bool:
    """The phone remembers a team or a sign-up of this event (its own part of the page)."""
    cookies = request.COOKIES
    return remember_cookie(pk) in cookies or signup_cookie(pk) in cookies


def _public(request, pk: int) -> Event | None:
    """The event's cached snapshot when the caller sees the public's page of it."""
    event = snapshots.public_event(pk)
    if event is None or not can(request.caller, Perm.VIEW_EVENT, event):
        return None
    if sees_unpublished(request.caller, event):
        return None
    return event


def _key(event: Event) -> str | None:
    gens = pagecache.generations(snapshots.event_page_scope(event.pk))
    return None if gens is None else snapshots.event_page_key(event, gens[0])


def _cached(request, pk: int) -> HttpResponse | None:
    """The public's page from the cache, without a query, for a caller with nothing of their
    own on it (core.pagecache.answers_early); None when it is not kept or not for this caller."""
    if not _shared(request) or _has_own(request, pk):
        return None
    event = _public(request, pk)
    key = None if event is None else _key(event)
    return None if key is None else pagecache.peek(request, key, visitor="")


@pagecache.answers_early(_cached)
def event_detail(request, pk: int):
    cached = _cached(request, pk)
    if cached is not None:
        return cached
    caller = request.caller
    if _shared(request):
        snapshot = _public(request, pk)
        key = None if snapshot is None else _key(snapshot)
        if snapshot is not None and key is not None:
            # A phone with its own link (or a cache miss): the kept page, with that link in it.
            kept = pagecache.peek(request, key, visitor=_visitor_html(request, snapshot))
            if kept is not None:
                return kept
    event = access_event(caller, pk)
    if not _shared(request) or sees_unpublished(caller, event):
        return HttpResponse(_page(request, event, visitor=_visitor_html(request, event)))
    snapshots.remember_event(event)
    key = _key(event)
    if key is None:  # the cache is down: rendered for this caller alone
        return HttpResponse(_page(request, event, visitor=_visitor_html(request, event)))
    return pagecache.response(
        request,
        key,
        lambda: _page(request, event, visitor=None, csrf_token=pagecache.CSRF_PLACEHOLDER),
        PAGE_SECONDS,
        visitor=_visitor_html(request, event),
    )


def _visitor_html(request, event: Event) -> str:
    """The visitor's own part: the team and the sign-up this phone remembers for the event (a
    query each, only when the phone has the cookie)."""
    if not _has_own(request, event.pk):
        return ""
    context = {
        "event": event,
        "remembered": remembered_team(request.COOKIES, event),
        "my_signup": remembered_signup(request.COOKIES, event),
    }
    return render_to_string("tournament/_event_visitor.html", context, request)


def _page(
    request, event: Event, *, visitor: str | None, csrf_token: str | None = None
) -> str | pagecache.Timed:
    """The page; ``visitor`` None: rendered for the cache, with the visitor's part left to each
    response (VISITOR_PLACEHOLDER) and kept no longer than its clock reads true."""
    caller = request.caller
    staff = can(caller, Perm.VIEW_PRIVATE, event)
    context = {
        "event": event,
        "staff": staff,
        "organizer": can(caller, Perm.EDIT_EVENT, event),
        "step": next_step(event) if staff else None,
        "team_count": playing_teams(event).count(),
        "lan": _lan(event) if staff else None,
        "visitor": mark_safe(pagecache.VISITOR_PLACEHOLDER if visitor is None else visitor),  # noqa: S308 - our template's output
        "signups_open": signup_svc.is_open(event),
        "server_zone": settings.TIME_ZONE,
        "event_settings": event_settings_read(event),
        "settings_shown": event_settings_shown(event),
    }
    context["plan"], context["sanctioning"] = event_plan(event)
    # The players' blocks (the current round, "find my table"), by the apps above.
    players_part = event_page_blocks(request, event)
    context["event_blocks"] = players_part.pop("blocks")
    lasts = players_part.pop("lasts")
    context.update(players_part)
    # Below the facts: the rules the apps above announce (the judging settings).
    facts_part = event_facts_blocks(request, event)
    context["facts_blocks"] = facts_part.pop("blocks")
    facts_part.pop("lasts")
    context.update(facts_part)
    if csrf_token is not None:  # rendered for the cache: each response gets its own token
        context["csrf_token"] = csrf_token
    html = render_to_string("tournament/event_detail.html", context, request)
    if visitor is None and lasts is not None:
        return pagecache.Timed(html, lasts)
    return html


def _lan(event) -> dict | None:
    """LAN mode: the event's address on the local network and its QR code, for the organizer
    to show or read out (None when the server serves this machine only)."""
    base = lan.base_url()
    if not base:
        return None
    url = base + reverse("event", args=[event.pk])
    return {"url": url, "qr": qr.svg(url, label=_("QR code of %(url)s") % {"url": url})}
