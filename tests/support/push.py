"""A push service on 127.0.0.1 and a browser's keys, for the Web Push tests and benchmark.

``Receiver`` is a small threaded HTTP server: it keeps every POST (path, headers, body) and
answers the status its ``status`` map gives the path (201 by default). ``Browser`` holds what a
browser holds for a subscription (RFC 8291: a P-256 key pair and a 16-byte auth secret), makes
the subscription JSON and decrypts what the receiver got (aes128gcm, RFC 8188). ``check_vapid``
verifies the Authorization header as a push service does (RFC 8292).
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float


@dataclass
class Receiver:
    status: dict[str, int] = field(default_factory=dict)  # path -> status answered
    received: list[Received] = field(default_factory=list)
    keep_bodies: bool = True

    def __post_init__(self) -> None:
        owner = self
        self._lock = threading.Lock()
        self._count = 0

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as push services do

            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with owner._lock:
                    owner._count += 1
                    if owner.keep_bodies:
                        owner.received.append(
                            Received(self.path, dict(self.headers.items()), body, time.time())
                        )
                    owner.last_at = time.time()
                code = owner.status.get(self.path, 201)
                self.send_response(code)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.last_at = 0.0
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return f"http://{self.host}{path}"

    @property
    def count(self) -> int:
        with self._lock:
            return self._count

    def wait_for(self, n: int, timeout: float = 10.0) -> None:
        end = time.time() + timeout
        while self.count < n and time.time() < end:
            time.sleep(0.01)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Browser:
    """One browser's subscription keys."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    @property
    def p256dh(self) -> str:
        return b64url(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    def subscription(self, endpoint: str, **more) -> dict:
        return {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
            **more,
        }

    def decrypt(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


def check_vapid(header: str, *, audience: str, public_key: str) -> dict:
    """The claims of a valid ``vapid t=<JWT>,k=<key>`` header (RFC 8292 3): signed with ES256
    by ``public_key`` for ``audience``, expiring within 24 hours; AssertionError otherwise."""
    scheme, _, params = header.partition(" ")
    assert scheme == "vapid", header
    parts = dict(item.split("=", 1) for item in params.split(","))
    assert parts["k"] == public_key
    token = parts["t"]
    head_b64, claims_b64, signature_b64 = token.split(".")
    assert json.loads(unb64url(head_b64)) == {"typ": "JWT", "alg": "ES256"}
    signature = unb64url(signature_b64)
    assert len(signature) == 64
    der = encode_dss_signature(
        int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    )
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    key.verify(der, f"{head_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    claims = json.loads(unb64url(claims_b64))
    assert claims["aud"] == audience
    now = time.time()
    assert now < claims["exp"] <= now + 24 * 3600
    assert claims["sub"].startswith(("mailto:", "https:"))
    return claims
