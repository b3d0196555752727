"""Matrix rows: Web Push (docs/api.md "Push notifications"). The server's key is public; a
subscription belongs to the team whose key (X-Team-Key) made it: any team may subscribe its own
phones (green is a team too, of its own event), nobody else may, and only that team deletes it."""

from notify import services
from notify.models import PushSubscription
from support.matrix import Row

# A browser's subscription to a push service in PUSH_ALLOWED_HOSTS (a valid P-256 point).
SUBSCRIPTION = {
    "endpoint": "https://fcm.googleapis.com/fcm/send/matrix-phone",
    "keys": {
        "p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        "auth": "tBHItJI5svbpez7KI4CCXg",
    },
}
USERS = {"charlie": 403, "sam": 403, "judy": 403, "hank": 403, "alice": 403}


def _subscribed(world) -> None:
    services.subscription_save(
        team=world.red,
        endpoint=SUBSCRIPTION["endpoint"],
        p256dh=SUBSCRIPTION["keys"]["p256dh"],
        auth=SUBSCRIPTION["keys"]["auth"],
    )


def _red_subscription(world) -> str:
    return f"/api/v1/push/subscriptions/{PushSubscription.objects.get(team=world.red).pk}/"


ROWS = [
    Row(
        "api-push-key",
        "get",
        lambda w: "/api/v1/push/key/",
        {"anon": 200, "green": 200, "red": 200} | dict.fromkeys(USERS, 200),
    ),
    Row(
        "api-push-subscribe",
        "post",
        lambda w: "/api/v1/push/subscriptions/",
        {"anon": 401, "green": 201, "red": 201} | USERS,
        body=lambda w: SUBSCRIPTION,
    ),
    Row(
        "api-push-unsubscribe",
        "delete",
        _red_subscription,
        {"anon": 401, "green": 404, "red": 204} | USERS,
        setup=_subscribed,
    ),
]
