"""The open team page tells its players itself where push cannot (static/js/alerts.js): on plain
HTTP, as a phone sees the laptop in LAN mode, the page says why there are no notifications, and
on each of the events (the round's clock started, a judge on the way, the other team's result to
confirm, new pairings) it changes its title, vibrates and beeps. navigator.vibrate and
AudioContext are stubbed to record their calls (add_init_script). 390x844; screenshot kept:
team-alerts-lan.png."""

import re

import pytest
from playwright.sync_api import expect

from judging import services as judging_services
from judging.services import calls
from pairing import services
from pairing.models import Match
from support import actors, factories

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SETTLE = 15_000  # ms for a live change to reach the page (the test server's streams reopen)
RECORDER = """
(() => {
  Object.defineProperty(window, "isSecureContext", { get: () => false });  // as on the LAN
  window.__vibrations = [];
  window.__tones = 0;
  navigator.vibrate = function (pattern) { window.__vibrations.push(pattern); return true; };
  class FakeParam { setValueAtTime() {} exponentialRampToValueAtTime() {} }
  class FakeNode { constructor() { this.gain = new FakeParam(); this.frequency = { value: 0 }; }
                   connect() {} start() { window.__tones += 1; } stop() {} }
  class FakeAudioContext {
    constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createOscillator() { return new FakeNode(); }
    createGain() { return new FakeNode(); }
  }
  window.AudioContext = FakeAudioContext;
  window.webkitAudioContext = FakeAudioContext;
})();
"""


@pytest.fixture
def hall(transactional_db):
    event = factories.event(factories.user("olivia"), name="Friday 2HG", swiss_rounds=3)
    red = factories.team(event, "Team Red", ["Rita", "Rob"])
    blue = factories.team(event, "Team Blue", ["Bea", "Ben"])
    judge = factories.staff(event, "judge", "judy")
    services.round_publish(round_=services.round_pair_next(event=event, seed=1))
    return event, red, blue, judge


def _recorded(page):
    return page.evaluate("({ vibrations: window.__vibrations.length, tones: window.__tones })")


def _told(page, words, before):
    """The title says ``words`` and the phone vibrated and beeped once more than ``before``."""
    expect(page).to_have_title(_contains(words), timeout=SETTLE)
    after = _recorded(page)
    assert after["vibrations"] == before["vibrations"] + 1
    assert after["tones"] > before["tones"]
    page.locator("h1").click()  # a tap brings the title back
    expect(page).not_to_have_title(_contains(words))
    return after


def _contains(words):
    return re.compile(re.escape(words))


def test_on_the_lan_the_open_page_beeps_vibrates_and_retitles_on_each_event(
    hall, live_server, browser, shot
):
    event, red, blue, judge = hall
    context = browser.new_context(**PHONE)
    try:
        context.add_init_script(RECORDER)
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{red.access_key}/")
        notify = page.locator("#notify")
        expect(notify.locator('[data-why="http"]')).to_be_visible()
        expect(notify.locator("[data-fallback]")).to_be_visible()
        shot(page, "team-alerts-lan")
        assert _recorded(page) == {"vibrations": 0, "tones": 0}  # what it showed when opened
        expect(page).to_have_title("Team Red · Tandem")
        page.wait_for_timeout(1500)  # the live stream is open

        round_1 = event.rounds.get(number=1)
        seen = _recorded(page)
        judging_services.clock_start(round_=round_1)
        seen = _told(page, "Round 1: the clock has started", seen)

        match = Match.objects.get(round=round_1)
        call = calls.judge_call(match=match, team=red).call
        calls.judge_call_claim(call=call, actor=actors.judge(event, judge))
        seen = _told(page, "judy is on the way", seen)

        services.match_report_result(match=match, team=blue, games_a=0, games_b=1, games_drawn=0)
        seen = _told(page, "Team Blue reported a result: confirm it", seen)

        services.match_enter_result(match=match, games_a=1, games_b=0, games_drawn=0)
        services.round_publish(round_=services.round_pair_next(event=event, seed=2))
        _told(page, "Round 2: table 1", seen)
    finally:
        context.close()
