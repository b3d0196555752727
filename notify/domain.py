"""Web Push, the pure part: which push services the server may send to, the keys a browser
gives, and the words of each notification (docs/api.md "Push notifications").

No Django here: the words are ``core.text.Text`` (English, translated where they are sent, in the
subscription's language) and the allowed hosts come in as a list.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from core.text import Text, gettext_noop

#: The kinds of notification, the ``type`` of a push's payload.
TYPES = ("pairings", "clock_started", "time_called", "confirm_result", "judge_coming", "cut")

DEFAULT_PORTS = {"https": 443, "http": 80}
ENDPOINT_MAX = 2048


class EndpointRefused(ValueError):
    """An endpoint the server will not send to; ``code`` says why (the API's error code)."""

    def __init__(self, text: Text, code: str) -> None:
        super().__init__(text)
        self.code = code


def _allowed_one(entry: str, host: str, port: int, default_port: int = 443) -> bool:
    """One ``PUSH_ALLOWED_HOSTS`` entry: ``name`` (that host), ``*.suffix`` (any name ending
    in ``.suffix``, at any depth, not ``suffix`` itself), either with ``:port``; without a port
    only the scheme's default port."""
    entry = entry.strip().lower().rstrip(".")
    want_port: int | None = None
    name, sep, tail = entry.rpartition(":")
    if sep and tail.isdigit() and "]" not in tail:
        entry, want_port = name, int(tail)
    if (default_port if want_port is None else want_port) != port:
        return False
    if entry.startswith("*."):
        suffix = entry[1:]  # ".push.apple.com"
        return host.endswith(suffix) and len(host) > len(suffix)
    return host == entry


def check_endpoint(url: str, allowed: Iterable[str], *, allow_http: bool = False) -> str:
    """The endpoint when the server may send to it, else :class:`EndpointRefused`.

    HTTPS only (``allow_http``: plain HTTP too, for a local test receiver), no user or password
    in the address, and a host named by ``allowed`` (see :func:`_allowed_one`): the server never
    posts to an address the client chooses otherwise (SSRF)."""
    if not isinstance(url, str) or not url or len(url) > ENDPOINT_MAX:
        raise EndpointRefused(
            Text(gettext_noop("The endpoint is not a push address.")), "push_endpoint_invalid"
        )
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise EndpointRefused(
            Text(gettext_noop("The endpoint is not a push address.")), "push_endpoint_invalid"
        ) from None
    schemes = ("https", "http") if allow_http else ("https",)
    if parts.scheme not in schemes or not parts.hostname:
        raise EndpointRefused(
            Text(gettext_noop("The endpoint must be an https:// address.")),
            "push_endpoint_invalid",
        )
    if (
        parts.username is not None
        or parts.password is not None
        or any(c.isspace() or ord(c) < 0x21 for c in url)
    ):
        raise EndpointRefused(
            Text(gettext_noop("The endpoint is not a push address.")), "push_endpoint_invalid"
        )
    host = parts.hostname.lower().rstrip(".")
    default = DEFAULT_PORTS[parts.scheme]
    port = port if port is not None else default
    if not any(_allowed_one(entry, host, port, default) for entry in allowed if entry.strip()):
        raise EndpointRefused(
            Text(gettext_noop("%(host)s is not a push service this server sends to."), host=host),
            "push_host_not_allowed",
        )
    return url


def origin(url: str) -> str:
    """``scheme://host[:port]`` of an endpoint: the VAPID token's audience (RFC 8292 2)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _b64url(value: object) -> bytes | None:
    if not isinstance(value, str) or not value or len(value) > 200:
        return None
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return None


def check_keys(p256dh: object, auth: object) -> tuple[str, str]:
    """The browser's keys (RFC 8291 3): ``p256dh`` an uncompressed P-256 point (65 bytes,
    base64url), ``auth`` a 16-byte secret; else :class:`EndpointRefused`."""
    point, secret = _b64url(p256dh), _b64url(auth)
    if point is None or len(point) != 65 or point[0] != 4:
        raise EndpointRefused(
            Text(gettext_noop("keys.p256dh is not a P-256 public key.")), "invalid"
        )
    if secret is None or len(secret) != 16:
        raise EndpointRefused(Text(gettext_noop("keys.auth is not a 16-byte secret.")), "invalid")
    return str(p256dh).rstrip("="), str(auth).rstrip("=")


# --- the words ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """Where the reader sits: ``seat`` 1 is the primary player (None: the phone did not say
    who holds it)."""

    seat: int | None
    primary_name: str


def _seat_words(seat: Seat) -> Text:
    if seat.seat == 1:
        return Text(gettext_noop("you are the primary player"))
    if seat.seat == 2:
        return Text(gettext_noop("you are the secondary player"))
    if seat.seat is not None:
        return Text(gettext_noop("you are in seat %(seat)s"), seat=seat.seat)
    return Text(gettext_noop("%(name)s is the primary player"), name=seat.primary_name)


def pairings_body(round_: int, table: int | None, seat: Seat, opponents: str) -> Text:
    """ "Round 3: table 41, you are the primary player. Against Team Ann." (a bye: no table)."""
    if table is None:
        return Text(gettext_noop("Round %(round)s: your team has a bye."), round=round_)
    return Text(
        gettext_noop("Round %(round)s: table %(table)s, %(seat)s. Against %(opponents)s."),
        round=round_,
        table=table,
        seat=_seat_words(seat),
        opponents=opponents,
    )


def cut_body(made: bool, round_: int, table: int | None, seat: Seat, opponents: str) -> Text:
    if not made:
        return Text(gettext_noop("The top cut is made; your team is not in it. Well played!"))
    if table is None:
        return Text(
            gettext_noop("Your team made the top cut: a bye in round %(round)s."), round=round_
        )
    return Text(
        gettext_noop(
            "Your team made the top cut! Round %(round)s: table %(table)s, %(seat)s. "
            "Against %(opponents)s."
        ),
        round=round_,
        table=table,
        seat=_seat_words(seat),
        opponents=opponents,
    )


def clock_started_body(round_: int, table: int | None, minutes: int | None) -> Text:
    if table is None:
        return Text(gettext_noop("Round %(round)s has begun."), round=round_)
    if minutes is None:
        return Text(
            gettext_noop("Round %(round)s has begun: table %(table)s."), round=round_, table=table
        )
    return Text(
        gettext_noop("Round %(round)s has begun: table %(table)s, %(minutes)s minutes."),
        round=round_,
        table=table,
        minutes=minutes,
    )


def time_called_body(round_: int, table: int) -> Text:
    return Text(
        gettext_noop("Time is called at table %(table)s (round %(round)s): finish your turns."),
        round=round_,
        table=table,
    )


def confirm_result_body(table: int, reporter: str) -> Text:
    return Text(
        gettext_noop("%(team)s reported the result of table %(table)s: check and confirm it."),
        team=reporter,
        table=table,
    )


def judge_coming_body(table: int, judge: str) -> Text:
    if judge:
        return Text(
            gettext_noop("A judge is on the way to table %(table)s: %(judge)s."),
            table=table,
            judge=judge,
        )
    return Text(gettext_noop("A judge is on the way to table %(table)s."), table=table)


def promoted_body() -> Text:
    return Text(
        gettext_noop("You are in: a place opened and your team moved up from the waiting list.")
    )


def opponents_words(team: str, players: Sequence[str]) -> str:
    """``Team Ann (Ann, Bo)``: the other team and its players in seat order."""
    return f"{team} ({', '.join(players)})" if players else team
