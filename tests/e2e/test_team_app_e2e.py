"""The team's page on a phone (390x844) as an app: its manifest linked, its service worker
registered for the team's link only, and with the network gone the page still shows the last
round, table, opponents and seats it knew under "As of 14:32, offline", and its table page the
match the team page last named; "Forget us on this phone" and a new key take the copy away; the
worker shows a push's title and body. Installs nothing (a headless browser has no home screen). Screenshots kept: team-offline.png, team-offline-es.png,
table-offline.png."""

import json
import re
import threading
import time
from types import SimpleNamespace

import pytest
from django.core.signals import request_started
from playwright.sync_api import expect

from pairing import services
from support import factories
from tournament.services import teams as team_services

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SETTLE = 12_000  # ms for a live change to reach the page (the test server's streams reopen)


@pytest.fixture
def hall(transactional_db):
    event = factories.event(factories.user("olivia"), name="Friday 2HG", swiss_rounds=3)
    red = factories.team(event, "Team Red", ["Rita", "Rob"])
    blue = factories.team(event, "Team Blue", ["Bea", "Ben"])
    services.round_publish(round_=services.round_pair_next(event=event, seed=1))
    return event, red, blue


@pytest.fixture
def phone_context(browser):
    contexts = []

    def make(**options):
        context = browser.new_context(**PHONE, **options)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        # Leave the pages first, so the server has answered their last requests (a live stream,
        # a queued tap) before the test database is emptied.
        for page in context.pages:
            page.goto("about:blank")
    time.sleep(1.5)
    for context in contexts:
        context.close()


def _controlled(page) -> None:
    """Wait until the team's worker is active and answers this page's requests."""
    page.evaluate(
        """() => navigator.serviceWorker.controller ? true : new Promise(resolve =>
            navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true)))"""
    )


def _kept(page) -> list[str]:
    return page.evaluate(
        """async () => {
            const names = await caches.keys();
            const out = [];
            for (const name of names) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) out.push(name + " " + request.url);
            }
            return out;
        }"""
    )


def test_the_team_page_links_its_manifest_and_registers_its_worker(
    hall, live_server, phone_context
):
    _event, red, blue = hall
    page = phone_context().new_page()
    page.goto(f"{live_server.url}/t/{red.access_key}/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href == f"/t/{red.access_key}/manifest.webmanifest"
    manifest = page.request.get(live_server.url + href)
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert manifest.json()["start_url"] == f"/t/{red.access_key}/"
    _controlled(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{live_server.url}/t/{red.access_key}/"
    kept = _kept(page)
    assert any(k.endswith(f"/t/{red.access_key}/") for k in kept)
    assert any("/static/css/tandem.css" in k for k in kept)
    assert not any(blue.access_key in k for k in kept)
    assert not any("/live/" in k for k in kept)  # live updates are never kept


@pytest.mark.parametrize("language", ["en", "es"])
def test_offline_the_team_page_shows_the_last_table_it_knew(
    hall, live_server, phone_context, shot, language
):
    event, red, _blue = hall
    context = phone_context(locale=language)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{red.access_key}/")
    _controlled(page)
    expect(page.locator("#offline-banner")).to_be_hidden()
    # Round 2 is published while the page is open: the live part brings it, and the worker
    # puts it into its copy.
    for match in event.rounds.get(number=1).matches.all():
        services.match_enter_result(match=match, games_a=1, games_b=0, games_drawn=0)
    services.round_publish(round_=services.round_pair_next(event=event, seed=2))
    heading = "Round 2" if language == "en" else "Ronda 2"
    expect(page.locator(".my-match h2")).to_contain_text(heading, timeout=SETTLE)
    shown = page.locator(".my-match .table-no").inner_text()
    context.set_offline(True)
    page.reload()
    banner = page.locator("#offline-banner")
    expect(banner).to_be_visible()
    words = "As of" if language == "en" else "datos de las"
    expect(banner).to_contain_text(words)
    expect(banner).to_contain_text(re.compile(r"\d{1,2}:\d{2}"))
    expect(banner).to_contain_text("offline" if language == "en" else "Sin conexión")
    expect(page.locator(".my-match h2")).to_contain_text(heading)
    expect(page.locator(".my-match .table-no")).to_have_text(shown)
    expect(page.locator(".my-match")).to_contain_text("Team Blue")
    expect(page.locator(".my-match")).to_contain_text("Bea")
    expect(page.locator("#notify")).to_be_hidden()  # nothing to turn on without a network
    expect(page.locator(".report-form button")).to_be_disabled()
    shot(page, "team-offline" if language == "en" else "team-offline-es")
    # Its table page, kept when the phone last opened it, opens offline too.
    context.set_offline(False)  # the network back, the copy makes way for the live page
    expect(page.locator("#offline-banner")).to_be_hidden(timeout=10_000)
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/t/{red.access_key}/table/")
    expect(page.locator(".table-head")).to_be_visible()
    expect(page.locator("#offline-banner")).to_be_hidden()
    context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(page.locator(".table-head")).to_contain_text("1")
    if language == "en":
        shot(page, "table-offline")
    # Its buttons still work offline: the tracker queues a tap for the network (tracker.js).
    page.locator("button", has_text="+1").first.click()
    expect(page.locator("[data-queue]")).to_be_visible()
    context.set_offline(False)  # and sends it once the network is back
    expect(page.locator("[data-queue]")).to_be_hidden(timeout=15_000)
    page.wait_for_load_state()
    expect(page.locator(".tracker")).to_contain_text("31", timeout=15_000)


def _registrations(page) -> int:
    return page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)")


def test_a_new_key_takes_the_old_keys_copy_and_worker_away(hall, live_server, phone_context):
    _event, red, _blue = hall
    page = phone_context().new_page()
    old = red.access_key
    page.goto(f"{live_server.url}/t/{old}/")
    _controlled(page)
    assert any(k.endswith(f"/t/{old}/") for k in _kept(page))
    team_services.team_new_key(team=red)
    page.reload()  # the old link now answers 404: the worker deletes its copy and itself
    expect(page.locator("h1")).not_to_have_text("Team Red")
    page.wait_for_timeout(500)
    assert _kept(page) == []
    assert _registrations(page) == 0


def test_forget_us_on_this_phone_takes_the_copy_away_until_remembered_again(
    hall, live_server, phone_context
):
    _event, red, _blue = hall
    page = phone_context().new_page()
    page.goto(f"{live_server.url}/t/{red.access_key}/")
    _controlled(page)
    page.get_by_role("button", name="Remember us on this phone").click()
    expect(page.get_by_role("button", name="Forget us on this phone")).to_be_visible()
    _controlled(page)
    assert _kept(page)
    page.get_by_role("button", name="Forget us on this phone").click()
    expect(page.get_by_role("button", name="Remember us on this phone")).to_be_visible()
    page.wait_for_timeout(500)
    assert _kept(page) == []
    assert _registrations(page) == 0  # not registered again on the page that follows
    page.get_by_role("button", name="Remember us on this phone").click()
    _controlled(page)
    assert any(k.endswith(f"/t/{red.access_key}/") for k in _kept(page))


def test_a_push_shows_its_title_and_body_and_opens_its_page(hall, live_server, phone_context):
    """The worker's push handler, fed a payload as the server sends it (docs/api.md) through
    Chromium's DevTools protocol (ServiceWorker.deliverPushMessage): no push service needed."""
    _event, red, _blue = hall
    context = phone_context()
    context.grant_permissions(["notifications"])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    page.goto(f"{live_server.url}/t/{red.access_key}/")
    _controlled(page)
    scope = f"{live_server.url}/t/{red.access_key}/"
    page.wait_for_timeout(300)
    registration = next(r for r in registrations if r["scopeURL"] == scope)
    payload = {
        "type": "pairings",
        "event": red.event_id,
        "round": 1,
        "table": 1,
        "title": "Round 1: table 1",
        "body": "Against Team Blue. Rita is your primary player.",
        "url": f"/t/{red.access_key}/",
    }
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": live_server.url,
            "registrationId": registration["registrationId"],
            "data": json.dumps(payload),
        },
    )
    shown = page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.ready;
            for (let i = 0; i < 50; i++) {
                const found = await reg.getNotifications();
                if (found.length) return found.map(n => ({title: n.title, body: n.body, data: n.data}));
                await new Promise(r => setTimeout(r, 100));
            }
            return [];
        }"""
    )
    assert shown == [
        {
            "title": "Round 1: table 1",
            "body": "Against Team Blue. Rita is your primary player.",
            "data": {"url": f"/t/{red.access_key}/"},
        }
    ]


@pytest.fixture
def four_teams(transactional_db):
    """Four teams, round 1 published: Team Red meets another team in round 1 and a third in
    round 2, at another match (its own id), so the two rounds' table pages differ."""
    event = factories.event(factories.user("olivia"), name="Friday 2HG", swiss_rounds=3)
    teams = [
        factories.team(event, name, players)
        for name, players in (
            ("Team Red", ["Rita", "Rob"]),
            ("Team Blue", ["Bea", "Ben"]),
            ("Team Gold", ["Gus", "Gia"]),
            ("Team Jade", ["Jo", "Jay"]),
        )
    ]
    services.round_publish(round_=services.round_pair_next(event=event, seed=1))
    return event, teams[0]


def _publish_round_two(event, team):
    """Round 1's results, then round 2 published; Team Red's new match."""
    for match in event.rounds.get(number=1).matches.all():
        services.match_enter_result(match=match, games_a=1, games_b=0, games_drawn=0)
    round_two = services.round_pair_next(event=event, seed=2)
    services.round_publish(round_=round_two)
    return round_two.matches.get(entries__team=team)


@pytest.fixture
def table_fetches():
    """How many times the server was asked for a team's table page other than by a navigation
    (that is, by its worker): a server-side counter, read as table_fetches(key)."""
    asked: list[tuple[str, str]] = []

    def started(sender, environ, **kwargs):
        if environ.get("HTTP_SEC_FETCH_MODE") != "navigate" and not environ.get("QUERY_STRING"):
            asked.append((environ.get("REQUEST_METHOD", ""), environ.get("PATH_INFO", "")))

    request_started.connect(started, weak=False)
    yield lambda key: asked.count(("GET", f"/t/{key}/table/"))
    request_started.disconnect(started)


# The match a kept page is of: the team page's data-match on its match block, the table page's on
# its tracker (the match's own id: never the same for two rounds).
_MATCH_OF = {
    "": r'class="card my-match"[^>]*data-match="(\d+)"',
    "table/": r'data-tracker[^>]*data-match="(\d+)"',
}


def _kept_match(page, key: str, page_path: str = "table/") -> str | None:
    """The match the worker's copy of the team's page ("") or its table page ("table/") is of,
    None without a copy."""
    return page.evaluate(
        """async ([cache, path, pattern]) => {
            const hit = await (await caches.open(cache)).match(path);
            if (!hit) return null;
            const found = new RegExp(pattern).exec(await hit.text());
            return found && found[1];
        }""",
        [f"tandem-team:/t/{key}/", f"/t/{key}/{page_path}", _MATCH_OF[page_path]],
    )


def _until_kept_match(page, key: str, match_pk: int, page_path: str = "table/") -> None:
    """Wait until the worker's copy of the page is that match's. Polled here, not with
    page.wait_for_function: that takes an async predicate's promise as a truthy answer and
    returns at once."""
    deadline = time.monotonic() + SETTLE / 1000
    while (kept := _kept_match(page, key, page_path)) != str(match_pk):
        assert time.monotonic() < deadline, f"the kept /{page_path} is still match {kept}'s"
        page.wait_for_timeout(50)


def _installed_on_round_one(phone_context, live_server, event, team):
    """A phone that opened the team's page, its worker in control and the table page of the
    team's round 1 match kept: (context, page, the round 1 match)."""
    context = phone_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{team.access_key}/")
    _controlled(page)
    first = event.rounds.get(number=1).matches.get(entries__team=team)
    _until_kept_match(page, team.access_key, first.pk)
    return context, page, first


def _offline_table_page_shows(context, page, url: str, team, match) -> None:
    context.set_offline(True)
    page.goto(url)
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(page.locator("[data-tracker]")).to_have_attribute("data-match", str(match.pk))
    opponent = match.team_b if match.team_a_id == team.pk else match.team_a
    expect(page.locator("main")).to_contain_text(opponent.name)
    expect(page.locator(".table-head")).to_contain_text(f"Table {match.table}")


def test_offline_the_table_page_shows_the_match_the_live_part_named(
    four_teams, live_server, phone_context, table_fetches
):
    """A round published while the team page is open: when its live part names the new match,
    the worker fetches the table page again and keeps it, so offline the table page shows the
    new table and opponents, not the last round's it kept when installed."""
    event, red = four_teams
    key = red.access_key
    context, page, _first = _installed_on_round_one(phone_context, live_server, event, red)
    asked_before = table_fetches(key)  # the install's fetch
    match = _publish_round_two(event, red)
    expect(page.locator(f'.my-match[data-match="{match.pk}"]')).to_be_attached(timeout=SETTLE)
    _until_kept_match(page, key, match.pk)
    assert table_fetches(key) > asked_before
    _offline_table_page_shows(context, page, f"{live_server.url}/t/{key}/table/", red, match)


def test_offline_the_table_page_shows_the_match_the_team_page_named_when_opened(
    four_teams, live_server, phone_context, table_fetches
):
    """A round published while no team page is open (the phone in a pocket), then the team
    page opened: its answer names the new match, so the worker renews the table page's copy
    too, not only when the live part of an open page names it."""
    event, red = four_teams
    key = red.access_key
    context, page, _first = _installed_on_round_one(phone_context, live_server, event, red)
    page.goto("about:blank")  # nothing open to hear of the new round
    match = _publish_round_two(event, red)
    asked_before = table_fetches(key)
    page.goto(f"{live_server.url}/t/{key}/")
    expect(page.locator(f'.my-match[data-match="{match.pk}"]')).to_be_attached()
    _until_kept_match(page, key, match.pk)
    assert table_fetches(key) > asked_before
    _offline_table_page_shows(context, page, f"{live_server.url}/t/{key}/table/", red, match)


@pytest.fixture
def late_answer(live_server):
    """The live server answers a request sent with "X-Late: 1" with an answer it made earlier
    (late.body, set by the test), sent once released (late.release): an answer made before a
    newer one and arriving after it."""
    httpd = live_server.thread.httpd
    app = httpd.get_app()
    late = SimpleNamespace(body=b"", asked=threading.Event(), release=threading.Event())

    def answering(environ, start_response):
        if environ.get("HTTP_X_LATE") != "1":
            return app(environ, start_response)
        late.asked.set()
        late.release.wait(3 * SETTLE / 1000)
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
        return [late.body]

    httpd.set_app(answering)
    yield late
    late.release.set()
    httpd.set_app(app)


def test_an_older_answer_of_the_live_part_arriving_last_is_not_kept_over_a_newer_one(
    four_teams, live_server, phone_context, late_answer
):
    """Two answers of the live part on their way at once (live changes close together, a slow
    network): round 1's, asked first, arrives after round 2's. The worker keeps the one asked
    last, so offline the team page shows round 2, as the open page did."""
    event, red = four_teams
    key = red.access_key
    context, page, first = _installed_on_round_one(phone_context, live_server, event, red)
    late_answer.body = page.request.get(f"{live_server.url}/t/{key}/?part=blocks").body()
    assert f'data-match="{first.pk}"'.encode() in late_answer.body  # round 1's live part
    # Past the browser's HTTP cache: it would hold the newer request until this one's answer.
    page.evaluate(
        """(url) => {
            const asked = {cache: "no-store", headers: {"X-Late": "1"}};
            window.lateAnswer = fetch(url, asked).then(r => r.text());
        }""",
        f"/t/{key}/?part=blocks",
    )
    assert late_answer.asked.wait(SETTLE / 1000)
    match = _publish_round_two(event, red)
    expect(page.locator(f'.my-match[data-match="{match.pk}"]')).to_be_attached(timeout=SETTLE)
    _until_kept_match(page, key, match.pk, "")
    late_answer.release.set()
    assert f'data-match="{first.pk}"' in page.evaluate("window.lateAnswer")  # arrived, last
    context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(page.locator(".my-match")).to_have_attribute("data-match", str(match.pk))
    expect(page.locator(".my-match h2")).to_contain_text("Round 2")
