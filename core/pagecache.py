"""Rendered pages kept in the cache, renewed by the after-commit events (core.events).

A page is rendered once per *version* and served from the cache until the version moves. A
version is made of what the page's reader already loaded (``Event.pages_version``, a team's key)
and of *generations*: small counters in the cache, one per scope named as the live topic of the
page it versions (``"team:12"``, core.live), that the receivers of the after-commit events bump
when something a page of that scope shows changed. docs/architecture.md ("Versions") says why the
live versions and ``Event.pages_version`` are counters of their own.

Pages are cached per audience: the callers who see the same page share an entry, and only
callers who see nothing private to themselves are served from one (anonymous callers; a team
page is shared by whoever holds the team's link). The CSRF token of a form is the one part of
such a page that differs per caller: the page is rendered with ``CSRF_PLACEHOLDER`` in its
place and each response gets the caller's own token (``response``, ``peek``).

A view marked with ``answers_early`` gives its cached page to a caller who brings nothing of
their own before the session, the user and most of the middleware are loaded
(core.middleware.CachedPagesMiddleware): such a hit reads what it needs from the cache only.

A cache that fails (Redis down) is a miss: the page is rendered as if nothing were cached
(core.cache.ResilientRedisCache turns its errors into misses).
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
from django.utils import translation

from core import timing

log = logging.getLogger(__name__)

T = TypeVar("T")
CSRF_PLACEHOLDER = "csrf-placeholder-0f5e2b7c"
# Where a page shared by its audience shows what is the caller's own (the event page's link to
# the team or sign-up this phone remembers): filled per response, never kept in the cache.
VISITOR_PLACEHOLDER = "visitor-placeholder-5c1d93ae"
_VISITOR = VISITOR_PLACEHOLDER.encode()
GENERATION_TIMEOUT = 24 * 3600


def _generation_key(scope: str) -> str:
    return f"pagegen:{scope}"


def _fresh() -> int:
    """A generation no earlier one of the scope had: microseconds since the epoch, so a cache
    that lost its counters (restarted, evicted) never hands out an old generation again."""
    return time.time_ns() // 1000


def generations(*scopes: str) -> tuple[int, ...] | None:
    """The generations of several scopes in one cache round trip (a scope without one gets a
    fresh one). None when the cache fails: the page is then rendered, not read from a cache."""
    return generations_and(scopes, [])[0]


def generations_and(
    scopes: tuple[str, ...], keys: list[str]
) -> tuple[tuple[int, ...] | None, dict]:
    """``generations(*scopes)`` and the values kept under ``keys`` (those found), read in the
    same round trip."""
    gen_keys = [_generation_key(scope) for scope in scopes]
    try:
        found = cache.get_many([*gen_keys, *keys])
        missing = [key for key in gen_keys if key not in found]
        if missing:
            for key in missing:
                cache.add(key, _fresh(), GENERATION_TIMEOUT)
            found.update(cache.get_many(missing))
    except Exception:  # noqa: BLE001 - a failing cache is a miss
        return None, {}
    if any(key not in found for key in gen_keys):  # not kept: the cache is down (or refuses)
        return None, {}
    return tuple(int(found[key]) for key in gen_keys), found


def bump(*scopes: str) -> None:
    """A new generation for each scope: its cached pages are stale from now on."""
    for scope in scopes:
        key = _generation_key(scope)
        try:
            try:
                cache.incr(key)
            except ValueError:  # not there (never read, or lost): a fresh one
                cache.set(key, _fresh(), GENERATION_TIMEOUT)
        except Exception:  # noqa: BLE001 - the cache is down: nothing is served from it either
            log.warning("could not bump the page generation of %s", scope)


def bump_together(*scopes: str) -> None:
    """As ``bump``, in one round trip to the cache for all the scopes where the cache can
    (core.cache.ResilientRedisCache.incr_or_start: a tracker event bumps its two teams' pages
    500 times a second); elsewhere one scope after the other."""
    together = getattr(cache, "incr_or_start", None)
    if together is None:
        bump(*scopes)
        return
    keys = [_generation_key(scope) for scope in scopes]
    if keys and not together(keys, _fresh(), GENERATION_TIMEOUT):
        log.warning("could not bump the page generations of %s", ", ".join(scopes))


def generation_counters(*scopes: str):
    """The scopes' generations as core.live.Counters, for a writer that bumps them with its
    live publish in one Redis round trip (tracker.receivers.table_changed); None when the cache
    is not one Redis or is down (then ``bump_together``)."""
    from core import live

    servers = getattr(cache, "_servers", None)  # Django's Redis cache
    breaker = getattr(cache, "breaker", None)
    if not servers or len(servers) != 1 or breaker is None or not breaker.closed:
        return None
    keys = tuple(cache.make_and_validate_key(_generation_key(scope)) for scope in scopes)
    return live.Counters(
        servers[0], keys, _fresh(), GENERATION_TIMEOUT, lambda: bump_together(*scopes)
    )


Parts = tuple[bytes, ...]  # a page encoded, split where the CSRF token goes


def _compile(html: str) -> Parts:
    return tuple(part.encode() for part in html.split(CSRF_PLACEHOLDER))


class _Local:
    """A small in-process front of the shared cache (a standings page of a 2,048-team event is
    half a megabyte: read from Redis and encoded on every request, it costs more than the
    request). Pages are kept encoded, split at the CSRF token. Safe because every key names a
    version: an entry is never stale, only unused; the least recently used go first, and entries
    live ``timeout`` seconds at most."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.items: OrderedDict[str, tuple[float, Parts]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> Parts | None:
        with self.lock:
            item = self.items.get(key)
            if item is None:
                return None
            if item[0] < time.monotonic():
                self._drop(key)
                return None
            self.items.move_to_end(key)
            return item[1]

    def set(self, key: str, parts: Parts, timeout: float) -> None:
        size = sum(map(len, parts))
        if size > self.max_bytes // 4:
            return
        with self.lock:
            if key in self.items:
                self._drop(key)
            self.items[key] = (time.monotonic() + timeout, parts)
            self.size += size
            while self.size > self.max_bytes and self.items:
                self._drop(next(iter(self.items)))

    def _drop(self, key: str) -> None:
        _expires, parts = self.items.pop(key)
        self.size -= sum(map(len, parts))

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.size = 0


local = _Local(max_bytes=64 * 1024 * 1024)


# --- the caller's CSRF token -------------------------------------------------------------------
#
# django.middleware.csrf.get_token draws each character of a new secret and of the mask with its
# own call to the system's random source (64 of them for a caller without the cookie): a fifth of
# a cached page's time. csrf_token() gives the same token (Django's format and masking, checked by
# the same CsrfViewMiddleware) from one draw of random bytes. Measured again in 2026-11 (issue 26):
# get_token 80 us of CPU per new caller against 7.5 here; a cached standings hit 0.26-0.34 ms of
# CPU in process with this function, 0.38-0.46 with get_token (tests/bench/profile_pages.py, the
# runs alternated), so the cached pages keep it. tests/core/test_pagecache_early.py checks that
# Django unmasks it to the cookie's secret and accepts it on a form.

_CHARS = CSRF_ALLOWED_CHARS.encode()
_UNBIASED = 256 - 256 % len(_CHARS)  # bytes at or above are dropped: every character as likely
_TO_CHAR = bytes(_CHARS[b % len(_CHARS)] for b in range(_UNBIASED)) + bytes(256 - _UNBIASED)
_DROPPED = bytes(range(_UNBIASED, 256))
_INDEX = {c: i for i, c in enumerate(CSRF_ALLOWED_CHARS)}


def _random_chars(n: int) -> str:
    """n characters of CSRF_ALLOWED_CHARS, each drawn uniformly from secrets.token_bytes."""
    out = b""
    while len(out) < n:
        out += secrets.token_bytes(n + 8).translate(_TO_CHAR, _DROPPED)
    return out[:n].decode()


def csrf_token(request: HttpRequest) -> str:
    """What django.middleware.csrf.get_token returns and does: the secret of the caller's CSRF
    cookie (a new one when there is none, then sent by CsrfViewMiddleware) under a new mask."""
    secret = request.META.get("CSRF_COOKIE")
    if secret is None:
        secret = request.META["CSRF_COOKIE"] = _random_chars(CSRF_SECRET_LENGTH)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True
    mask = _random_chars(CSRF_SECRET_LENGTH)
    size = len(CSRF_ALLOWED_CHARS)
    cipher = "".join(
        CSRF_ALLOWED_CHARS[(_INDEX[s] + _INDEX[m]) % size]
        for s, m in zip(secret, mask, strict=True)
    )
    return mask + cipher


def _respond(request: HttpRequest, parts: Parts, visitor: str | None = None) -> HttpResponse:
    """The page with the caller's own CSRF token where the placeholder was (and ``visitor``, the
    caller's own part, where VISITOR_PLACEHOLDER was, when the page has one)."""
    body = parts[0] if len(parts) == 1 else csrf_token(request).encode().join(parts)
    if visitor is not None:
        body = body.replace(_VISITOR, visitor.encode(), 1)
    response = HttpResponse(body)
    response.headers["Content-Length"] = str(len(body))  # as CommonMiddleware, without a copy
    return response


def _in_language(key: str) -> str:
    """Pages are kept per language as well (django.middleware.locale picks it per request)."""
    return f"{key}:{translation.get_language() or ''}"


@dataclass(frozen=True)
class Timed:
    """A rendering true for ``seconds`` only, whatever changes (a clock's "About 12 min left"
    reads otherwise a minute later): kept no longer, here and in the shared cache."""

    html: str
    seconds: float


def _shared(key: str) -> tuple[str, float | None] | None:
    """The page kept under ``key`` in the shared cache, with how long it stays true (None: until
    its version moves); None when it is not kept, no longer true, or the cache fails."""
    kept = _cached(key)
    if isinstance(kept, str):
        return kept, None
    if isinstance(kept, tuple) and len(kept) == 2:  # (html, when it stops being true)
        left = kept[1] - time.time()
        return (kept[0], left) if left > 0 else None
    return None


# --- one render per version (single flight) ---------------------------------------------------
#
# At round start a thousand phones ask for the same new page at once. The first caller to miss
# takes the page's *flight* (an ``add`` in the shared cache, so across processes) and renders it;
# the others wait for the page to appear (up to FLIGHT_WAIT seconds, the time of a big render),
# then are answered from the cache. A caller renders the page itself only when the flight's
# holder is gone without a page (it failed) or took too long, or when the cache is down.

FLIGHT_SECONDS = 15  # a flight is forgotten after this (its holder died mid-render)
FLIGHT_WAIT = 5.0  # the longest a caller waits for another's render

R = TypeVar("R")


def _cache_up() -> bool:
    breaker = getattr(cache, "breaker", None)
    return breaker is None or breaker.closed


def _cached(key: str):
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - a failing cache is a miss
        return None


def _keep(key: str, value: object, timeout: int) -> None:
    try:
        cache.set(key, value, timeout)
    except Exception:  # noqa: BLE001
        log.warning("could not keep %s in the cache", key.split(":", 1)[0])


def _flight(key: str, read: Callable[[], R | None], make: Callable[[], R]) -> tuple[R, bool]:
    """What ``read()`` finds kept under ``key``, else ``make()``'s (which keeps it): made by one
    caller at a time across processes, the others wait for it; and whether this caller made it."""
    found = read()
    if found is not None:
        return found, False
    flight, token = f"flight:{key}", secrets.token_hex(8)
    held = _cache_up() and _take(flight, token)
    if not held and _cache_up():
        found = _wait_for(read, flight)
        if found is not None:
            return found, False
    try:
        return make(), True
    finally:
        if held and _cached(flight) == token:
            _forget(flight)


def once(key: str, render: Callable[[], T], timeout: int) -> T:
    """The value kept under ``key`` (a key naming its version), else ``render()``'s, kept
    ``timeout`` s: rendered by one caller at a time across processes, the others wait for it."""

    def make() -> T:
        value = render()
        _keep(key, value, timeout)
        return value

    return _flight(key, lambda: _cached(key), make)[0]


def warm(key: str, render: Callable[[], str], timeout: int) -> bool:
    """Render the page under ``key`` (as ``response`` keeps it: per language, CSRF_PLACEHOLDER
    for the token) into the shared cache before anyone asks for it, unless it is kept or being
    rendered (then this waits for it, as a visitor would); True when this call rendered it."""
    key = _in_language(key)

    def make() -> tuple[str, float | None]:
        html = render()
        _keep(key, html, timeout)
        return html, None

    return _flight(key, lambda: _shared(key), make)[1]


def _take(flight: str, token: str) -> bool:
    try:
        return bool(cache.add(flight, token, FLIGHT_SECONDS))
    except Exception:  # noqa: BLE001 - a failing cache: render without a flight
        return False


def _forget(flight: str) -> None:
    try:
        cache.delete(flight)
    except Exception:  # noqa: BLE001 - it expires by itself
        log.debug("could not end the flight %s", flight)


def _wait_for(read: Callable[[], R | None], flight: str) -> R | None:
    """What another caller is making, once it is kept; None when its flight ends without it or
    FLIGHT_WAIT passes."""
    deadline = time.monotonic() + FLIGHT_WAIT
    delay = 0.005
    while time.monotonic() < deadline:
        time.sleep(delay)
        delay = min(delay * 2, 0.05)
        found = read()
        if found is not None:
            return found
        if _cached(flight) is None:  # its holder is done: the page or nothing
            return read()
    return None


def response(
    request: HttpRequest,
    key: str,
    render: Callable[[], str | Timed],
    timeout: int,
    *,
    visitor: str | None = None,
):
    """The page under ``key`` (a key naming its version) for this caller: rendered by
    ``render()`` (with CSRF_PLACEHOLDER for the token) on a miss and kept ``timeout`` s (less
    when it says so: Timed), in this process and in the shared cache for the other processes,
    per language; one caller renders a version, the others wait for it (``_flight``).
    ``visitor``: the caller's own part, put where VISITOR_PLACEHOLDER is."""
    key = _in_language(key)
    parts = local.get(key)
    if parts is None:

        def make() -> tuple[str, float | None]:
            rendered = render()
            if isinstance(rendered, Timed):
                lasts = max(rendered.seconds, 0.0)
                shared = max(1, min(timeout, math.ceil(lasts)))
                _keep(key, (rendered.html, time.time() + lasts), shared)
                return rendered.html, lasts
            _keep(key, rendered, timeout)
            return rendered, None

        (html, lasts), made = _flight(key, lambda: _shared(key), make)
        timing.note("page", "rendered" if made else "cached")
        parts = _compile(html)
        local.set(key, parts, timeout if lasts is None else min(timeout, lasts))
    else:
        timing.note("page", "cached")
    return _respond(request, parts, visitor)


def peek(request: HttpRequest, key: str, *, visitor: str | None = None) -> HttpResponse | None:
    """The page under ``key`` for this caller if it is kept (here or in the shared cache)."""
    key = _in_language(key)
    parts = local.get(key)
    if parts is None:
        kept = _shared(key)
        if kept is None:
            return None
        html, lasts = kept
        parts = _compile(html)
        local.set(key, parts, 60 if lasts is None else min(60, lasts))
    timing.note("page", "cached")
    return _respond(request, parts, visitor)


def shared_by_audience(request: HttpRequest, *, team_page: bool = False) -> bool:
    """Whether the caller may get a page rendered for everyone like them: not logged in and
    holding no team's key (so nothing on the page is theirs), no messages waiting to be shown.
    ``team_page``: the page of the team whose key the caller holds, shared by its holders."""
    if getattr(request, "user", None) is not None and request.user.is_authenticated:
        return False
    caller = getattr(request, "caller", None)
    if not team_page and caller is not None and getattr(caller, "team", None) is not None:
        return False  # a team's key: the page may show what only that team sees
    return not len(messages.get_messages(request))


# --- answered before the session and the user are loaded ----------------------------------------

Lookup = Callable[..., HttpResponse | None]


def answers_early(lookup: Lookup) -> Callable:
    """Mark a view whose cached page for the anonymous public ``lookup(request, *args,
    **kwargs)`` gives (None when it is not kept, or not for this caller):
    core.middleware.CachedPagesMiddleware asks it first, for a caller who brings nothing of their
    own (no session, no messages, no team key header), before the rest of the middleware runs.
    The lookup must answer only what the view itself would answer that caller."""

    def mark(view: Callable) -> Callable:
        view.cached_page = lookup  # type: ignore[attr-defined]  # an attribute on the view function, read by the middleware
        return view

    return mark
