"""The client's address, one rule for everything that counts or logs per address: the login
throttle (django-axes, AXES_CLIENT_IP_CALLABLE), the team-key throttle (core/keylog.py) and the
security log lines.

X-Forwarded-For is written by whoever sends the request; only the proxies in front of the app
append to it truthfully. So the header is read only when the connection comes from a trusted
proxy (TRUSTED_PROXIES, from FORWARDED_ALLOW_IPS: the same list uvicorn and gunicorn read, so
web and live agree), and then only its last PROXY_HOPS entries (each proxy appends the address
it was reached from). Walking from the right, the first entry that is not itself a trusted proxy
is the client. A request straight to the app's port, from anywhere else, is counted by the
connection's own address whatever header it carries.
"""

import ipaddress
from functools import lru_cache

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(spec: tuple[str, ...]) -> tuple[Network, ...] | None:
    """The trusted networks; None when everything is trusted ("*")."""
    networks: list[Network] = []
    for item in spec:
        item = item.strip()
        if item == "*":
            return None
        if item:
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                continue  # a socket path or a typo trusts nothing
    return tuple(networks)


def _trusted_spec() -> tuple[str, ...]:
    value = settings.TRUSTED_PROXIES
    if isinstance(value, str):
        value = value.split(",")
    return tuple(value)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def is_trusted_proxy(address: str) -> bool:
    networks = _networks(_trusted_spec())
    if networks is None:
        return True
    ip = _ip(address)
    return ip is not None and any(ip in network for network in networks)


def client_address(request) -> str | None:
    """The address of whoever sent the request (see the module's docstring); None for a request
    without one (a test's or a command's)."""
    meta = request.META
    peer = _ip(meta.get("REMOTE_ADDR") or "")
    if peer is None:
        return None
    address = str(peer)
    hops = settings.PROXY_HOPS
    if hops <= 0 or not is_trusted_proxy(address):
        return address
    forwarded = [a.strip() for a in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [a for a in forwarded if a]
    for entry in reversed(forwarded[-hops:]):
        ip = _ip(entry)
        if ip is None:  # garbage a proxy did not write: the last sound address stands
            return address
        address = str(ip)
        if not is_trusted_proxy(address):
            return address
    return address
