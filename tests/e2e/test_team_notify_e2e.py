"""'Notify this phone' on the team's page (390x844): the browser's subscription sent to the push API
as docs/api.md describes it (the team's key in X-Team-Key, the player chosen, the page's language),
its id kept to turn it off again (DELETE); and on plain HTTP the page says why there are none.

The headless browser has no push service: the push API is answered by the test (context.route)
and PushManager.subscribe is stubbed (add_init_script) with a subscription such as a browser
gives. Screenshot kept: team-notify.png."""

import json

import pytest
from playwright.sync_api import expect

from pairing import services
from support import factories

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SERVER_KEY = (
    "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U"
)
SUBSCRIBE_STUB = """
(() => {
  // A subscription as a browser keeps it: across reloads of the page (sessionStorage here).
  const flag = "__push_subscribed";
  function made() {
    return {
      endpoint: "https://fcm.googleapis.com/fcm/send/test-endpoint",
      toJSON() { return { endpoint: this.endpoint, expirationTime: null,
                          keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" } }; },
      unsubscribe() { sessionStorage.removeItem(flag); sessionStorage.setItem("__push_unsubscribed", "1"); return Promise.resolve(true); }
    };
  }
  PushManager.prototype.subscribe = function (options) {
    sessionStorage.setItem("__push_key_length", String(new Uint8Array(options.applicationServerKey).length));
    sessionStorage.setItem(flag, "1");
    return Promise.resolve(made());
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(sessionStorage.getItem(flag) ? made() : null);
  };
})();
"""


@pytest.fixture
def team(transactional_db):
    event = factories.event(factories.user("olivia"), name="Friday 2HG", swiss_rounds=3)
    red = factories.team(event, "Team Red", ["Rita", "Rob"])
    factories.team(event, "Team Blue", ["Bea", "Ben"])
    services.round_publish(round_=services.round_pair_next(event=event, seed=1))
    return red


def _push_api(context, calls):
    def key(route):
        calls.append(("GET key", None, None))
        route.fulfill(status=200, json={"public_key": SERVER_KEY})

    def subscriptions(route):
        request = route.request
        calls.append((request.method, request.post_data_json, request.headers))
        route.fulfill(status=201, json={"id": 7})

    def one(route):
        request = route.request
        calls.append((request.method + " 7", None, request.headers))
        route.fulfill(status=204, body="")

    context.route("**/api/v1/push/key/", key)
    context.route("**/api/v1/push/subscriptions/", subscriptions)
    context.route("**/api/v1/push/subscriptions/7/", one)


def test_notify_this_phone_sends_the_subscription_and_turns_it_off_again(
    team, live_server, browser, shot
):
    context = browser.new_context(**PHONE)
    try:
        context.grant_permissions(["notifications"])
        context.add_init_script(SUBSCRIBE_STUB)
        calls = []
        _push_api(context, calls)
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{team.access_key}/")
        notify = page.locator("#notify")
        expect(notify).to_be_visible()
        expect(notify.get_by_role("button", name="Notify this phone")).to_be_visible()
        shot(page, "team-notify")
        rob = team.players.get(name="Rob")
        notify.get_by_label("Whose phone is this?").select_option(str(rob.pk))
        notify.get_by_role("button", name="Notify this phone").click()
        expect(notify.locator("[data-notify-state]")).to_contain_text(
            "This phone gets the notifications for Rob", timeout=15_000
        )
        posted = [c for c in calls if c[0] == "POST"]
        assert len(posted) == 1
        _method, body, headers = posted[0]
        assert body["endpoint"] == "https://fcm.googleapis.com/fcm/send/test-endpoint"
        assert set(body["keys"]) == {"p256dh", "auth"}
        assert body["player"] == rob.pk
        assert body["language"] == "en"
        assert headers["x-team-key"] == team.access_key
        assert (
            page.evaluate("sessionStorage.getItem('__push_key_length')") == "65"
        )  # the key's bytes, decoded
        kept = page.evaluate(f"localStorage.getItem('tandem-push:/t/{team.access_key}/')")
        assert json.loads(kept)["id"] == 7
        shot(page, "team-notify-on")
        page.reload()  # still on after a reload
        expect(notify.locator("[data-notify-state]")).to_contain_text(
            "This phone gets the notifications for Rob", timeout=15_000
        )
        notify.get_by_role("button", name="Stop notifications on this phone").click()
        expect(notify.get_by_role("button", name="Notify this phone")).to_be_visible(timeout=15_000)
        deleted = [c for c in calls if c[0] == "DELETE 7"]
        assert len(deleted) == 1
        assert deleted[0][2]["x-team-key"] == team.access_key
        assert page.evaluate("sessionStorage.getItem('__push_unsubscribed')") == "1"
        assert page.evaluate(f"localStorage.getItem('tandem-push:/t/{team.access_key}/')") is None
    finally:
        context.close()


def test_on_plain_http_the_page_says_why_there_are_no_notifications(team, live_server, browser):
    # 127.0.0.1 is a secure context to the browser; the LAN address is not: seen as a phone on the
    # store's network sees the laptop, by telling the browser it is not secure.
    context = browser.new_context(**PHONE)
    try:
        context.add_init_script(
            "Object.defineProperty(window, 'isSecureContext', { get: () => false });"
        )
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{team.access_key}/")
        notify = page.locator("#notify")
        expect(notify.locator('[data-why="http"]')).to_be_visible()
        expect(notify.locator('[data-why="http"]')).to_contain_text("plain HTTP")
        expect(notify.locator("[data-fallback]")).to_contain_text("keep this page open")
        expect(notify.locator('[data-why="install"]')).to_be_hidden()
        expect(notify.get_by_role("button", name="Notify this phone")).to_be_hidden()
    finally:
        context.close()


def test_notify_this_phone_against_the_server_keeps_the_subscription_then_forgets_it(
    team, live_server, browser
):
    """The same taps with the server's own push API (notify.api): the subscription is stored for
    the player chosen, in the page's language, and "Stop" deletes it."""
    from notify.models import PushSubscription

    context = browser.new_context(**PHONE)
    try:
        context.grant_permissions(["notifications"])
        context.add_init_script(SUBSCRIBE_STUB)
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{team.access_key}/")
        notify = page.locator("#notify")
        rob = team.players.get(name="Rob")
        notify.get_by_label("Whose phone is this?").select_option(str(rob.pk))
        notify.get_by_role("button", name="Notify this phone").click()
        expect(notify.locator("[data-notify-state]")).to_contain_text(
            "This phone gets the notifications for Rob", timeout=15_000
        )
        kept = PushSubscription.objects.get()
        assert kept.endpoint == "https://fcm.googleapis.com/fcm/send/test-endpoint"
        assert (kept.team_id, kept.player_id, kept.language) == (team.pk, rob.pk, "en")
        assert page.evaluate("sessionStorage.getItem('__push_key_length')") == "65"
        stored = page.evaluate(f"localStorage.getItem('tandem-push:/t/{team.access_key}/')")
        assert json.loads(stored)["id"] == kept.pk
        notify.get_by_role("button", name="Stop notifications on this phone").click()
        expect(notify.get_by_role("button", name="Notify this phone")).to_be_visible(timeout=15_000)
        assert not PushSubscription.objects.exists()
    finally:
        context.close()
