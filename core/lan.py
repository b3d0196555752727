"""LAN mode: a laptop serves the players' phones over the local network (./tandem serve --lan).

The command line finds this machine's address on the local network, binds the server to it and
passes the public address on in TANDEM_LAN_URL (settings.LAN_URL), which ALLOWED_HOSTS accepts
and the organizer's dashboard shows with its QR code.
"""

from __future__ import annotations

import ipaddress
import socket

from django.conf import settings

# An address of the documentation range (RFC 5737): "connecting" a UDP socket to it sends
# nothing and makes the system pick the interface of its default route, that is the address other
# machines of the network reach.
_PROBE = ("192.0.2.1", 9)


class NoNetwork(Exception):
    """No local network address: the machine is on no network (or only on loopback)."""


def usable(address: str) -> bool:
    """An IPv4 address other machines can reach: not loopback, link-local or unspecified."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def local_address() -> str:
    """This machine's IPv4 address on the local network (the interface of its default route,
    else any non-loopback address of its host name)."""
    candidates: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            candidates.append(probe.getsockname()[0])
    except OSError:
        pass  # no default route: offline, or a network without a gateway
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        candidates += [str(info[4][0]) for info in infos]
    except OSError:
        pass
    for address in candidates:
        if usable(address):
            return address
    raise NoNetwork(
        "This computer has no address on a local network. Join the Wi-Fi (or plug in a cable) "
        "and run the command again, or give the address in TANDEM_LAN_ADDRESS."
    )


def url(address: str, port: int) -> str:
    return f"http://{address}:{port}"


def base_url() -> str:
    """The LAN address the server announces (LAN mode), or "" when it serves this machine only."""
    return str(getattr(settings, "LAN_URL", "") or "")
