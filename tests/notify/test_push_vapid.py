"""The server's VAPID key (notify.vapid, README "Configuration"): VAPID_PRIVATE_KEY as web-push
tools print it or as a PEM; unset, derived from a SECRET_KEY set in the environment (the same on
every host), else made once and kept in var/. The Authorization header verifies (RFC 8292)."""

import time

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from notify import vapid
from support.push import check_vapid, unb64url


@pytest.fixture(autouse=True)
def _fresh():
    vapid._key.cache_clear()
    vapid._tokens.clear()
    yield
    vapid._key.cache_clear()
    vapid._tokens.clear()


def _public(settings) -> str:
    vapid._key.cache_clear()
    return vapid.public_key()


def test_a_configured_key_raw_or_pem(settings):
    key = ec.generate_private_key(ec.SECP256R1())
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    settings.VAPID_PRIVATE_KEY = vapid._raw_private(key)
    assert unb64url(_public(settings)) == point
    settings.VAPID_PRIVATE_KEY = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    assert unb64url(_public(settings)) == point
    settings.VAPID_PRIVATE_KEY = "not a key"
    with pytest.raises(ValueError, match="VAPID_PRIVATE_KEY"):
        _public(settings)


def test_derived_from_a_deployment_s_secret_key(settings):
    settings.VAPID_PRIVATE_KEY = ""
    settings.SECRET_KEY_FROM_ENV = True
    settings.SECRET_KEY = "one-secret-" * 5
    first = _public(settings)
    assert _public(settings) == first  # every host with that secret: the same key
    settings.SECRET_KEY = "another-secret-" * 5
    assert _public(settings) != first
    assert len(unb64url(first)) == 65


def test_else_made_once_and_kept_in_var(settings, tmp_path):
    settings.VAPID_PRIVATE_KEY = ""
    settings.SECRET_KEY_FROM_ENV = False
    settings.VAR_DIR = tmp_path
    first = _public(settings)
    kept = tmp_path / "vapid_private_key"
    assert kept.exists()
    assert oct(kept.stat().st_mode & 0o777) == "0o600"
    assert _public(settings) == first
    kept.unlink()
    assert _public(settings) != first


def test_the_header_is_signed_once_per_push_service_and_verifies(settings):
    settings.VAPID_SUBJECT = "mailto:alice@example.org"
    header = vapid.authorization("https://fcm.googleapis.com")
    claims = check_vapid(
        header, audience="https://fcm.googleapis.com", public_key=vapid.public_key()
    )
    assert claims["sub"] == "mailto:alice@example.org"
    assert claims["exp"] <= time.time() + 12 * 3600 + 5
    assert vapid.authorization("https://fcm.googleapis.com") == header
    assert vapid.authorization("https://web.push.apple.com") != header
    later = vapid.authorization("https://fcm.googleapis.com", now=time.time() + 11.5 * 3600)
    assert later != header  # renewed before it expires
