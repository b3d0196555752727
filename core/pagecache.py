"""Rendered pages kept in the cache, renewed by the after-commit events (core.events).

A page is rendered once per *version* and served from the cache until the version moves. A
version is made of what the page's reader already loaded (``Event.pages_version``, a team's key)
and of *generations*: small counters in the cache, one per scope (``"team:12"``), that the
receivers of the after-commit events bump when something a page of that scope shows changed.

Pages are cached per audience: the callers who see the same page share an entry, and only
callers who see nothing private to themselves are served from one (anonymous callers; a team
page is shared by whoever holds the team's link). The CSRF token of a form is the one part of
such a page that differs per caller: the page is rendered with ``CSRF_PLACEHOLDER`` in its
place and each response gets the caller's own token (``with_csrf``).

A cache that fails (Redis down) is a miss: the page is rendered as if nothing were cached
(core.cache.ResilientRedisCache turns its errors into misses).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest
from django.middleware.csrf import get_token

log = logging.getLogger(__name__)

CSRF_PLACEHOLDER = "csrf-placeholder-0f5e2b7c"
GENERATION_TIMEOUT = 24 * 3600


def _generation_key(scope: str) -> str:
    return f"pagegen:{scope}"


def generation(scope: str) -> int:
    """The scope's generation (0 until the first bump, or when the cache lost it)."""
    try:
        return int(cache.get(_generation_key(scope)) or 0)
    except Exception:  # noqa: BLE001 - a failing cache is a miss
        return 0


def bump(*scopes: str) -> None:
    """A new generation for each scope: its cached pages are stale from now on."""
    for scope in scopes:
        key = _generation_key(scope)
        try:
            try:
                cache.incr(key)
            except ValueError:  # not there yet (or evicted): any value unlike the old one
                cache.set(key, 1, GENERATION_TIMEOUT)
        except Exception:  # noqa: BLE001 - the cache is down: nothing is served from it either
            log.warning("could not bump the page generation of %s", scope)


def cached(key: str, render: Callable[[], str], timeout: int) -> str:
    """The page under ``key``, rendered by ``render()`` on a miss and kept for ``timeout`` s."""
    page = cache.get(key)
    if page is None:
        page = render()
        cache.set(key, page, timeout)
    return page


def with_csrf(request: HttpRequest, html: str) -> str:
    """The cached page with the caller's own CSRF token where the placeholder was."""
    if CSRF_PLACEHOLDER not in html:
        return html
    return html.replace(CSRF_PLACEHOLDER, get_token(request))
