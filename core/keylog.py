"""Team keys are credentials: they stay out of logs, and an address that tries many unknown keys
is refused for a while.

- KeyRedactingFilter rewrites a log record's message and arguments so that a private link
  /t/<key>/ reads /t/<hidden>/ and a ?key=<key> parameter reads key=<hidden>. It is put on the
  access loggers of uvicorn, gunicorn and granian and on Django's request loggers (install()).
- Misses: the access layer calls note_key_miss() when a key matches no team;
  TeamKeyThrottleMiddleware counts them per client address in the cache and answers 429 to any
  request carrying a key from an address past TEAM_KEY_MISS_LIMIT misses within
  TEAM_KEY_MISS_WINDOW seconds. A cache that fails counts nothing (the site keeps working).
  Each process reads an address's count again after TEAM_KEY_MISS_RECHECK seconds (misses it
  counts itself it knows at once).
"""

import contextvars
import logging
import re
import time
from collections.abc import Callable, Mapping
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext

from core.clients import client_address

T = TypeVar("T")

HIDDEN = "<hidden>"
_PRIVATE_LINK = re.compile(r"(/t/)[^/?#\s\"']+")
_KEY_PARAM = re.compile(r"((?:^|[?&;])key=)[^&#\s\"']*")

LOGGERS = (
    "uvicorn.access",
    "uvicorn.error",
    "gunicorn.access",
    "gunicorn.error",
    "granian.access",
    "django.request",
    "django.server",
    "django.security",
)

log = logging.getLogger("tandem.security")


def redact(text: str) -> str:
    """The text with every team key in a private link or a key= parameter hidden."""
    if "/t/" not in text and "key=" not in text:
        return text
    return _KEY_PARAM.sub(rf"\g<1>{HIDDEN}", _PRIVATE_LINK.sub(rf"\g<1>{HIDDEN}", text))


def _redact_value(value: object) -> object:
    return redact(value) if isinstance(value, str) else value


class KeyRedactingFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, Mapping):
            record.args = {k: _redact_value(v) for k, v in record.args.items()}
        elif isinstance(record.args, tuple):
            record.args = tuple(_redact_value(v) for v in record.args)
        return True


_FILTER = KeyRedactingFilter()


def install() -> None:
    """Put the filter on the loggers that write request lines (idempotent). Called by the
    WSGI and ASGI entry points once the server and Django have set up logging."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)


# --- misses ----------------------------------------------------------------------------------

_misses: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar(
    "team_key_misses", default=None
)


def note_key_miss() -> None:
    """A key given by this request matched no team (called by the access layer)."""
    misses = _misses.get()
    if misses is not None:
        misses.append("miss")


def _address(request) -> str:
    """The client's address (core/clients.py: X-Forwarded-For only from a trusted proxy)."""
    return client_address(request) or "unknown"


def _cache_key(address: str) -> str:
    return f"tandem:keymiss:{address}"


def _carries_key(request) -> bool:
    return (
        request.path_info.startswith("/t/")
        or "HTTP_X_TEAM_KEY" in request.META
        or "key" in request.GET
    )


# The counts this process last read or wrote, by address: (when, count). Every request with a
# key asks for its address's count; reading it from the shared cache each time was one more
# round trip on a phone's write (a quarter of its time under load, tests/bench/bench_tracker.py).
# A count is read again after TEAM_KEY_MISS_RECHECK seconds, and a miss this process counts
# replaces its entry with the shared count at once: an address past its limit is refused at
# once by the process that counted the miss, and within the recheck by the others (so each
# other process lets through at most the misses it sees itself in that time).
_known: dict[str, tuple[float, int]] = {}
_KNOWN_MAX = 10_000  # addresses kept; past that the table starts again empty


def _remember(address: str, misses: int) -> None:
    if len(_known) >= _KNOWN_MAX:
        _known.clear()
    _known[address] = (time.monotonic(), misses)


def forget_counts() -> None:
    """Drop this process's copies of the counts (tests; a count read next comes from the cache)."""
    _known.clear()


def misses_of(address: str) -> int:
    known = _known.get(address)
    if known is not None and time.monotonic() - known[0] < settings.TEAM_KEY_MISS_RECHECK:
        return known[1]
    try:
        misses = int(cache.get(_cache_key(address)) or 0)
    except Exception:  # a cache outage throttles nothing
        log.warning("Cache unavailable: team key misses not counted", exc_info=True)
        return 0
    _remember(address, misses)
    return misses


def misses_key(request) -> str:
    """Where the misses of the request's address are counted (for a caller that reads the
    count in a round trip of its own, then asks ``refused``)."""
    return _cache_key(_address(request))


def refused(misses: object) -> bool:
    """Whether an address with this count of misses (as read from the cache) is refused."""
    return int(misses or 0) >= settings.TEAM_KEY_MISS_LIMIT  # type: ignore[call-overload]  # a cache value: an int or a numeric str, never another type


def refused_address(request) -> bool:
    """Whether the request's address is past its misses (the throttle answers it 429)."""
    return refused(misses_of(_address(request)))


def _count_miss(address: str) -> None:
    key = _cache_key(address)
    try:
        misses = 1
        if not cache.add(key, 1, settings.TEAM_KEY_MISS_WINDOW):
            misses = cache.incr(key)
        _remember(address, misses)
        if misses == settings.TEAM_KEY_MISS_LIMIT:
            log.warning("Too many unknown team keys from %s: refused for a while", address)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, settings.TEAM_KEY_MISS_WINDOW)
        _remember(address, 1)
    except Exception:
        log.warning("Cache unavailable: team key miss not counted", exc_info=True)


class TeamKeyThrottleMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not _carries_key(request):
            return self.get_response(request)
        if refused_address(request):
            return _too_many(request)
        return counted(request, lambda: self.get_response(request))


def counted(request, answer: Callable[[], T]) -> T:
    """``answer()``, the unknown keys it met (note_key_miss) counted for the request's address."""
    address = _address(request)
    misses: list[str] = []
    token = _misses.set(misses)
    try:
        response = answer()
    finally:
        _misses.reset(token)
    if misses:
        _count_miss(address)
    return response


def _too_many(request) -> HttpResponse:
    retry = str(settings.TEAM_KEY_MISS_WINDOW)
    message = gettext("Too many unknown team keys from this address: try again later.")
    if request.path_info.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": message, "code": "throttled"}, status=429)
    else:
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = retry
    return response
