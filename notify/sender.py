"""Sending pushes (RFC 8030 with RFC 8291 encryption and RFC 8292 VAPID) to the push services.

``deliver`` sends a batch of messages (notify.selectors) on a pool of threads, each with its own
HTTP session (connections to a push service are kept and reused), and says what became of each:
sent, gone (404 or 410: the subscription is to be deleted), to retry (429, a 5xx, a timeout or a
refused connection) or dropped (anything else: a 400 is the same next time). Each message's
address is checked against ``PUSH_ALLOWED_HOSTS`` again right before it is sent, redirects are
never followed, and every request has short timeouts (``PUSH_TIMEOUT_SECONDS``): a push service
that hangs costs a sender thread that long, never a web request (pushes leave from a task).
"""

from __future__ import annotations

import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import orjson
import requests
from django.conf import settings
from pywebpush import WebPusher, WebPushException  # type: ignore[import-untyped]  # ships no types
from requests.adapters import HTTPAdapter

from notify import domain, vapid

log = logging.getLogger(__name__)

SENT, GONE, RETRY, DROPPED = "sent", "gone", "retry", "dropped"


@dataclass
class Outcome:
    sent: int = 0
    dropped: int = 0
    gone: list[int] = field(default_factory=list)
    retry: list[dict[str, Any]] = field(default_factory=list)


class _Session(requests.Session):
    """A session that never follows a redirect: a push service's answer is the answer, and a
    redirect could point anywhere (SSRF)."""

    def post(self, url, data=None, json=None, **kwargs):
        kwargs["allow_redirects"] = False
        return super().post(url, data=data, json=json, **kwargs)


_local = threading.local()


def _session() -> requests.Session:
    session = getattr(_local, "session", None)
    if session is None:
        session = _Session()
        adapter = HTTPAdapter(pool_connections=8, pool_maxsize=8, max_retries=0)
        session.mount("https://", adapter)
        session.mount("http://", adapter)
        _local.session = session
    return session


def classify(status: int) -> str:
    """What a push service's status means for the message (RFC 8030 5, 8.4)."""
    if 200 <= status < 300:
        return SENT
    if status in (404, 410):
        return GONE
    if status == 429 or status >= 500:
        return RETRY
    return DROPPED


def send_one(message: dict[str, Any]) -> str:
    """Encrypt and post one message; what became of it (never raises for the push service)."""
    try:
        endpoint = domain.check_endpoint(
            message["endpoint"],
            list(settings.PUSH_ALLOWED_HOSTS),
            allow_http=settings.PUSH_ALLOW_HTTP,
        )
    except domain.EndpointRefused:
        log.warning("push %s: its host is not allowed any more; dropped", message["id"])
        return GONE  # never sendable: the subscription goes
    info = {"endpoint": endpoint, "keys": {"p256dh": message["p256dh"], "auth": message["auth"]}}
    headers = {
        "Authorization": vapid.authorization(domain.origin(endpoint)),
        "Urgency": "high",
    }
    timeout = float(settings.PUSH_TIMEOUT_SECONDS)
    try:
        answer = WebPusher(info, requests_session=_session()).send(
            orjson.dumps(message["payload"]),
            headers,
            ttl=int(message["ttl"]),
            timeout=(min(timeout, 3.0), timeout),
        )
    except requests.RequestException as exc:
        log.info("push %s: %s; to retry", message["id"], exc)
        return RETRY
    except (WebPushException, ValueError) as exc:  # keys the encryption cannot use
        log.warning("push %s: %s; dropped", message["id"], exc)
        return GONE
    assert isinstance(answer, requests.Response)
    result = classify(answer.status_code)
    if result == DROPPED:
        log.warning("push %s: the push service answered %s", message["id"], answer.status_code)
    answer.close()
    return result


_pool: ThreadPoolExecutor | None = None
_pool_pid = 0
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool, _pool_pid
    with _pool_lock:
        if _pool is None or _pool_pid != os.getpid():  # a forked worker makes its own threads
            _pool = ThreadPoolExecutor(
                max_workers=max(1, int(settings.PUSH_THREADS)), thread_name_prefix="tandem-push"
            )
            _pool_pid = os.getpid()
        return _pool


def deliver(messages: list[dict[str, Any]]) -> Outcome:
    """Send every message (in parallel, ``PUSH_THREADS`` at once); what became of them."""
    outcome = Outcome()
    if not messages:
        return outcome
    results = list(_executor().map(_safe_send, messages))
    for message, result in zip(messages, results, strict=True):
        if result == SENT:
            outcome.sent += 1
        elif result == GONE:
            outcome.gone.append(int(message["id"]))
        elif result == RETRY:
            outcome.retry.append(message)
        else:
            outcome.dropped += 1
    return outcome


def _safe_send(message: dict[str, Any]) -> str:
    try:
        return send_one(message)
    except Exception:  # a bug: logged, the batch goes on
        log.exception("push %s failed", message.get("id"))
        return DROPPED
