"""Web Push, the pure part (notify.domain): which push services' hosts the server sends to
(SSRF: PUSH_ALLOWED_HOSTS, README "Configuration"), the browser's keys (RFC 8291 3) and the
words of each notification, in English and Spanish."""

import pytest
from django.utils import translation

from core.i18n import localize
from notify import domain
from support.push import Browser, b64url

DEFAULT = [
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "*.push.apple.com",
    "*.notify.windows.com",
]


@pytest.mark.parametrize(
    "url",
    [
        "https://fcm.googleapis.com/fcm/send/abc:APA91b",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
        "https://web.push.apple.com/QGuQyavXu",
        "https://api.push.apple.com/x",
        "https://wns2-by3p.notify.windows.com/w/?token=BQY",
        "https://FCM.googleapis.com./fcm/send/x",  # names are case-blind, a final dot is the same
        "https://fcm.googleapis.com:443/fcm/send/x",
    ],
)
def test_the_major_push_services_are_allowed_by_default(url):
    assert domain.check_endpoint(url, DEFAULT) == url


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("https://evil.example/push", "push_host_not_allowed"),
        ("https://push.apple.com/x", "push_host_not_allowed"),  # "*.x" is not x itself
        ("https://push.apple.com.evil.example/x", "push_host_not_allowed"),
        ("https://evilpush.apple.com/x", "push_host_not_allowed"),
        ("https://fcm.googleapis.com.evil.example/x", "push_host_not_allowed"),
        ("https://fcm.googleapis.com:8443/x", "push_host_not_allowed"),  # not the default port
        ("https://127.0.0.1/x", "push_host_not_allowed"),
        ("https://[::1]/x", "push_host_not_allowed"),
        ("https://169.254.169.254/latest/meta-data", "push_host_not_allowed"),
        ("http://fcm.googleapis.com/fcm/send/x", "push_endpoint_invalid"),  # https only
        ("https://user:pw@fcm.googleapis.com/x", "push_endpoint_invalid"),
        ("https://fcm.googleapis.com@evil.example/x", "push_endpoint_invalid"),
        ("ftp://fcm.googleapis.com/x", "push_endpoint_invalid"),
        ("https://fcm.googleapis.com/a b", "push_endpoint_invalid"),
        ("https://fcm.googleapis.com:99999/x", "push_endpoint_invalid"),
        ("", "push_endpoint_invalid"),
        (None, "push_endpoint_invalid"),
        ("https://fcm.googleapis.com/" + "x" * 3000, "push_endpoint_invalid"),
    ],
)
def test_anything_else_is_refused_with_its_reason(url, code):
    with pytest.raises(domain.EndpointRefused) as refused:
        domain.check_endpoint(url, DEFAULT)
    assert refused.value.code == code


def test_a_port_is_named_with_the_host_and_plain_http_only_when_allowed():
    allowed = ["127.0.0.1:8765"]
    assert domain.check_endpoint("http://127.0.0.1:8765/p", allowed, allow_http=True)
    for url in ("http://127.0.0.1:8766/p", "http://127.0.0.1/p"):
        with pytest.raises(domain.EndpointRefused):
            domain.check_endpoint(url, allowed, allow_http=True)
    with pytest.raises(domain.EndpointRefused):
        domain.check_endpoint("http://127.0.0.1:8765/p", allowed)
    assert domain.check_endpoint("https://a.b.push.example:444/p", ["*.push.example:444"])


def test_the_audience_is_the_origin_of_the_endpoint():
    assert domain.origin("https://fcm.googleapis.com/fcm/send/x") == "https://fcm.googleapis.com"
    assert domain.origin("http://127.0.0.1:81/p?q") == "http://127.0.0.1:81"


def test_the_browser_keys_are_a_p256_point_and_a_16_byte_secret():
    browser = Browser()
    keys = browser.subscription("https://fcm.googleapis.com/x")["keys"]
    assert domain.check_keys(keys["p256dh"], keys["auth"]) == (keys["p256dh"], keys["auth"])
    for p256dh, auth in [
        (keys["p256dh"][:-4], keys["auth"]),  # short
        (b64url(b"\x02" + bytes(64)), keys["auth"]),  # not uncompressed
        (keys["p256dh"], b64url(bytes(8))),
        (keys["p256dh"], "not base64!"),
        (None, keys["auth"]),
    ]:
        with pytest.raises(domain.EndpointRefused):
            domain.check_keys(p256dh, auth)


def test_the_pairings_say_round_table_seat_and_opponents():
    opponents = domain.opponents_words("Team Blue", ["Bea", "Ben"])
    primary = domain.pairings_body(3, 41, domain.Seat(1, "Rita"), opponents)
    assert primary == (
        "Round 3: table 41, you are the primary player. Against Team Blue (Bea, Ben)."
    )
    assert "you are the secondary player" in domain.pairings_body(3, 41, domain.Seat(2, "Rita"), "")
    assert "you are in seat 3" in domain.pairings_body(3, 41, domain.Seat(3, "Rita"), "")
    assert "Rita is the primary player" in domain.pairings_body(
        3, 41, domain.Seat(None, "Rita"), ""
    )
    assert domain.pairings_body(3, None, domain.Seat(1, "R"), "") == "Round 3: your team has a bye."
    assert "not in it" in domain.cut_body(False, 4, None, domain.Seat(None, ""), "")
    assert "made the top cut" in domain.cut_body(True, 4, 2, domain.Seat(1, "R"), "Team Blue")


def test_every_notification_is_translated():
    texts = [
        domain.pairings_body(3, 41, domain.Seat(1, "Rita"), "Team Blue (Bea, Ben)"),
        domain.pairings_body(3, 41, domain.Seat(None, "Rita"), "Team Blue"),
        domain.pairings_body(3, None, domain.Seat(None, "Rita"), ""),
        domain.cut_body(True, 4, 2, domain.Seat(2, "R"), "Team Blue"),
        domain.cut_body(False, 4, None, domain.Seat(None, ""), ""),
        domain.clock_started_body(3, 41, 50),
        domain.clock_started_body(3, 41, None),
        domain.time_called_body(3, 41),
        domain.confirm_result_body(41, "Team Blue"),
        domain.judge_coming_body(41, "Judy"),
        domain.judge_coming_body(41, ""),
    ]
    with translation.override("es"):
        spanish = [localize(text) for text in texts]
    for english, words in zip(texts, spanish, strict=True):
        assert words != str(english), english
    assert spanish[0] == (
        "Ronda 3: mesa 41, eres el jugador principal. Contra Team Blue (Bea, Ben)."
    )
