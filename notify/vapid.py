"""The server's VAPID key (RFC 8292): it signs every push, and browsers subscribe with its public
half (the application server key, ``GET /api/v1/push/key/``).

``VAPID_PRIVATE_KEY`` (base64url of the 32-byte P-256 private number, as web-push libraries write
it, or a PEM). Unset: on a server whose ``SECRET_KEY`` comes from the environment (a deployment,
maybe of several hosts, docker-compose), a key derived from it (HKDF-SHA256), the same on every
host and worker; otherwise (one machine, the secret key itself kept in var/) a key generated once
and kept in ``var/vapid_private_key``. Every process that signs must hold the key the phones
subscribed with: a push signed with another is refused by its push service.
"""

from __future__ import annotations

import base64
import os
import threading
import time
from functools import lru_cache
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings
from py_vapid import Vapid02  # type: ignore[import-untyped]  # ships no types

#: Seconds a VAPID token is good for (RFC 8292 2: at most 24 hours); renewed an hour before.
TOKEN_SECONDS = 12 * 3600


_B64URL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _raw_private(key: ec.EllipticCurvePrivateKey) -> str:
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def _read(text: str) -> ec.EllipticCurvePrivateKey:
    text = text.strip()
    if text.startswith("-----BEGIN"):
        key = serialization.load_pem_private_key(text.encode(), password=None)
    else:
        bare = text.rstrip("=")
        raw = (
            b"" if set(bare) - _B64URL else base64.urlsafe_b64decode(bare + "=" * (-len(bare) % 4))
        )
        if len(raw) != 32:
            raise ValueError("VAPID_PRIVATE_KEY is not base64url of 32 bytes, nor a PEM")
        key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        raise ValueError("VAPID_PRIVATE_KEY is not a P-256 private key")
    return key


def _kept(path: Path) -> str:
    """The key in ``path``, written there first when missing (by the first process that asks;
    the others read what it wrote)."""
    if not path.exists():
        text = _raw_private(ec.generate_private_key(ec.SECP256R1()))
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as out:
                out.write(text)
    for _ in range(50):  # another process may be writing it this instant
        text = path.read_text().strip()
        if text:
            return text
        time.sleep(0.01)
    raise ValueError(f"{path} is empty")


def _derived(secret: str) -> str:
    """A P-256 private number from the secret key: HKDF-SHA256 with this use as its info,
    reduced into the curve's order (1..n-1)."""
    raw = HKDF(algorithm=hashes.SHA256(), length=40, salt=None, info=b"tandem vapid").derive(
        secret.encode()
    )
    number = int.from_bytes(raw, "big") % (_ORDER - 1) + 1
    return b64url(number.to_bytes(32, "big"))


_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551  # P-256's n


@lru_cache(maxsize=4)
def _key(configured: str, secret: str, path: str) -> ec.EllipticCurvePrivateKey:
    if configured:
        return _read(configured)
    return _read(_derived(secret) if secret else _kept(Path(path)))


def private_key() -> ec.EllipticCurvePrivateKey:
    return _key(
        settings.VAPID_PRIVATE_KEY,
        settings.SECRET_KEY if settings.SECRET_KEY_FROM_ENV else "",
        str(settings.VAR_DIR / "vapid_private_key"),
    )


def public_key() -> str:
    """The application server key: base64url of the uncompressed P-256 point (65 bytes)."""
    point = (
        private_key()
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64url(point)


_tokens: dict[tuple[str, str], tuple[float, str]] = {}
_lock = threading.Lock()


def authorization(audience: str, now: float | None = None) -> str:
    """The ``Authorization: vapid t=<JWT>,k=<public key>`` header for a push service's origin,
    signed once per origin and reused until an hour before it expires."""
    now = time.time() if now is None else now
    key = private_key()
    cache_key = (audience, str(id(key)))
    with _lock:
        held = _tokens.get(cache_key)
        if held is not None and held[0] - 3600 > now:
            return held[1]
    expires = int(now) + TOKEN_SECONDS
    signer = Vapid02(private_key=key)
    claims = {"aud": audience, "exp": expires, "sub": settings.VAPID_SUBJECT}
    header = str(signer.sign(claims)["Authorization"])
    with _lock:
        _tokens[cache_key] = (float(expires), header)
    return header
