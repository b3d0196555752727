"""Pushes sent by a real Celery worker over Redis (docs/api.md "Notifications"): a round
published in another process queues the push after its commit; the worker reads the
subscriptions, queues the sending batch on itself and sends each phone its encrypted, signed
message. The other push tests run the tasks in-process; this one shows the tasks and their
arguments cross a broker (JSON) as they are."""

from __future__ import annotations

import pytest

from notify import services
from pairing import services as pairing
from support.celery_worker import celery_worker, require_redis, run_client, worker_env
from support.push import Browser, check_vapid
from support.rounds import event_with_teams, match_of

# The same key for the worker and this test, which checks the worker's signature with it.
VAPID = "Xp3H9nBQxqO9M8pWzcFqPpG0w3pYj3L1Yx8oRkqJ6sU"

_CLIENT = """
import django
django.setup()
from config.celery import app
app.conf.task_default_queue = "{queue}"
from django.core.cache import cache
from notify.models import subscribed_flag
from pairing import services
from pairing.models import Round
cache.delete(subscribed_flag({event_id}))  # no answer kept from an earlier test's event
services.round_publish(round_=Round.objects.get(pk={round_id}))
"""


@pytest.mark.postgres
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_sends_the_pairings_push(receiver, settings):
    require_redis()
    settings.VAPID_PRIVATE_KEY = VAPID
    from notify import vapid

    event, (red, blue) = event_with_teams(2, name="Worker 2HG")
    round_ = pairing.round_pair_next(event=event)
    phones = {}
    for team in (red, blue):
        browser = Browser()
        keys = browser.subscription("x")["keys"]
        services.subscription_save(
            team=team,
            endpoint=receiver.url(f"/{team.pk}"),
            p256dh=keys["p256dh"],
            auth=keys["auth"],
            player=None,
            language="es" if team == blue else "en",
        )
        phones[f"/{team.pk}"] = browser
    env = worker_env() | {"VAPID_PRIVATE_KEY": VAPID, "PUSH_ALLOWED_HOSTS": receiver.host}
    with celery_worker(env, "support.push_worker_settings") as queue:
        run_client(_CLIENT.format(queue=queue, round_id=round_.pk, event_id=event.pk), env)
        receiver.wait_for(2, timeout=60)
    got = {r.path: r for r in receiver.received}
    assert set(got) == set(phones)
    table = match_of(round_, red).table
    red_push = phones[f"/{red.pk}"].decrypt(got[f"/{red.pk}"].body)
    blue_push = phones[f"/{blue.pk}"].decrypt(got[f"/{blue.pk}"].body)
    assert (red_push["type"], red_push["table"], red_push["url"]) == (
        "pairings",
        table,
        f"/t/{red.access_key}/",
    )
    assert red_push["body"].startswith(f"Round 1: table {table}")
    assert blue_push["body"].startswith(f"Ronda 1: mesa {table}")
    for request in got.values():
        headers = {k.lower(): v for k, v in request.headers.items()}
        assert headers["content-encoding"] == "aes128gcm"
        check_vapid(
            headers["authorization"],
            audience=f"http://{receiver.host}",
            public_key=vapid.public_key(),
        )
