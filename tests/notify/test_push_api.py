"""The Web Push API (docs/api.md "Push notifications"): the server's application key, a team's
phone subscribing with its key (X-Team-Key), refused for a push service outside
PUSH_ALLOWED_HOSTS, unsubscribing; a renewed key takes the subscriptions with it."""

import pytest

from notify.models import PushSubscription
from support.push import Browser, unb64url

pytestmark = pytest.mark.django_db

URL = "/api/v1/push/subscriptions/"


def test_the_public_key_is_an_uncompressed_p256_point(api):
    answer = api(None).get("/api/v1/push/key/")
    assert answer.status_code == 200
    point = unb64url(answer.json()["public_key"])
    assert len(point) == 65
    assert point[0] == 4
    assert api(None).get("/api/v1/push/key/").json() == answer.json()  # kept, not made anew


def test_a_team_subscribes_a_phone_and_again_updates_it(world, api, receiver):
    browser = Browser()
    rita = world.red.players.get(seat=1)
    body = browser.subscription(receiver.url("/p/1"), player=rita.pk, language="es")
    answer = api(world.red).post(URL, body, format="json")
    assert answer.status_code == 201, answer.json()
    row = PushSubscription.objects.get(pk=answer.json()["id"])
    assert (row.team_id, row.player_id, row.language, row.endpoint) == (
        world.red.pk,
        rita.pk,
        "es",
        receiver.url("/p/1"),
    )
    again = api(world.red).post(URL, {**body, "language": "en"}, format="json")
    assert again.json()["id"] == row.pk
    row.refresh_from_db()
    assert row.language == "en"
    assert PushSubscription.objects.count() == 1


def test_the_language_defaults_to_the_request_s(world, api, receiver):
    body = Browser().subscription(receiver.url("/p/1"))
    answer = api(world.red).post(URL, body, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert PushSubscription.objects.get(pk=answer.json()["id"]).language == "es"


def test_a_push_service_outside_the_allowed_hosts_is_refused(world, api, settings):
    body = Browser().subscription("https://evil.example/push/1")
    answer = api(world.red).post(URL, body, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "push_host_not_allowed"
    assert "evil.example" in answer.json()["detail"]
    settings.PUSH_ALLOWED_HOSTS = ["fcm.googleapis.com"]
    body = Browser().subscription("https://fcm.googleapis.com/fcm/send/x")
    assert api(world.red).post(URL, body, format="json").status_code == 201
    local = Browser().subscription("http://127.0.0.1:8000/api/v1/teams/")
    assert api(world.red).post(URL, local, format="json").json()["code"] == "push_endpoint_invalid"
    assert PushSubscription.objects.count() == 1


def test_bad_keys_a_foreign_player_and_no_key_are_refused(world, api, receiver):
    good = Browser().subscription(receiver.url("/p/1"))
    bad = {**good, "keys": {"p256dh": good["keys"]["p256dh"][:20], "auth": good["keys"]["auth"]}}
    assert api(world.red).post(URL, bad, format="json").status_code == 400
    bea = world.blue.players.get(seat=1)
    answer = api(world.red).post(URL, {**good, "player": bea.pk}, format="json")
    assert answer.status_code == 400
    assert "player" in answer.json()
    assert api(None).post(URL, good, format="json").status_code == 401
    assert api(world.alice).post(URL, good, format="json").status_code == 403
    assert not PushSubscription.objects.exists()


def test_only_the_team_deletes_its_subscription(world, api, receiver):
    body = Browser().subscription(receiver.url("/p/1"))
    pk = api(world.red).post(URL, body, format="json").json()["id"]
    assert api(world.blue).delete(f"{URL}{pk}/").status_code == 404
    assert api(None).delete(f"{URL}{pk}/").status_code == 401
    assert api(world.red).delete(f"{URL}{pk}/").status_code == 204
    assert api(world.red).delete(f"{URL}{pk}/").status_code == 404
    assert not PushSubscription.objects.exists()


def test_a_renewed_key_removes_the_team_s_subscriptions(world, api, receiver):
    for n in (1, 2):
        body = Browser().subscription(receiver.url(f"/p/{n}"))
        assert api(world.red).post(URL, body, format="json").status_code == 201
    blue = api(world.blue).post(URL, Browser().subscription(receiver.url("/p/3")), format="json")
    answer = api(world.alice).post(f"/api/v1/teams/{world.red.pk}/key/")
    assert answer.status_code == 200
    assert list(PushSubscription.objects.values_list("pk", flat=True)) == [blue.json()["id"]]


def test_a_subscription_of_an_old_key_is_never_used(world, receiver):
    """Even when the renewal's after-commit receiver did not run: the key's digest differs."""
    from notify import selectors, services
    from pairing import services as pairing

    browser = Browser()
    keys = browser.subscription(receiver.url("/p/1"))["keys"]
    services.subscription_save(
        team=world.red, endpoint=receiver.url("/p/1"), p256dh=keys["p256dh"], auth=keys["auth"]
    )
    world.red.access_key = "renewed-without-its-event"
    world.red.save(update_fields=["access_key"])
    round_ = pairing.round_pair_next(event=world.event)
    pairing.round_publish(round_=round_)
    assert selectors.round_published(round_.pk) == []
    assert receiver.count == 0


def test_a_team_keeps_at_most_its_limit(world, api, receiver, monkeypatch):
    from notify import services

    monkeypatch.setattr(services, "TEAM_MAX", 2)
    ids = [
        api(world.red)
        .post(URL, Browser().subscription(receiver.url(f"/p/{n}")), format="json")
        .json()["id"]
        for n in range(3)
    ]
    assert set(PushSubscription.objects.values_list("pk", flat=True)) == set(ids[1:])
