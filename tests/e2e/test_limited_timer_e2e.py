"""Issue 31: the draft timer on the projector at 1920x1080 (MTR App. B "Two-Headed Giant Draft
Timing"): big digits counting the pick down in the browser, the pack, pick, cards left and the
passing direction, the next step when a pick ends, and a pause made elsewhere reaching the page.
Screenshot: limited-timer-01-projector-1920.png.
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from judging.services import limited_timers as services
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db(transaction=True)
HD = {"width": 1920, "height": 1080}


def test_projector_counts_the_pick_down_and_follows_a_pause(live_server, browser, shot):
    event, _teams = event_with_teams(
        8, name="Draft 2HG", structure="draft", rel="competitive", public=True
    )
    # 44 s into pick 1 of pack 1 (15 cards, 50 s): 6 s left, then pick 2 (13 cards, 45 s).
    services.timer_start(event=event, kind="draft", now=timezone.now() - timedelta(seconds=44))
    context = browser.new_context(viewport=HD)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/timers/draft/")
        digits = page.locator("[data-digits]")
        step = page.locator("[data-step]")
        expect(step).to_have_text("Pack 1 · pick 1 · 15 cards · pass left")
        expect(digits).to_have_text(re.compile(r"^00:0[0-6]$"))
        shot(page, "limited-timer-01-projector-1920")
        box = digits.bounding_box()
        assert box is not None
        assert box["height"] > 300
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")

        expect(step).to_have_text("Pack 1 · pick 2 · 13 cards · pass left", timeout=15_000)
        expect(digits).to_have_text(re.compile(r"^00:4[0-5]$"))

        services.timer_pause(event=event, kind="draft")
        expect(page.locator("[data-note]")).to_have_text("Paused", timeout=15_000)
        paused = digits.inner_text()
        page.wait_for_timeout(1500)
        assert digits.inner_text() == paused
        shot(page, "limited-timer-02-projector-paused")
    finally:
        context.close()


def test_judges_phone_follows_the_sealed_timers_and_sees_missing_lists(live_server, phone, shot):
    """A judge's phone (390x844): registration and construction timers, the warning in the last
    5 minutes, "Time" with the teams whose lists are missing; the pools page fits too."""
    from support import factories
    from support.browser import login

    event, _teams = event_with_teams(4, name="Sealed 2HG", structure="sealed", rel="competitive")
    factories.staff(event, "judge", "judy")
    services.timer_start(
        event=event, kind="registration", now=timezone.now() - timedelta(minutes=5)
    )
    # 56 minutes into 60: the warning shows
    services.timer_start(
        event=event, kind="construction", now=timezone.now() - timedelta(minutes=56)
    )
    login(phone, live_server.url, "judy", "correct-horse-9")
    phone.goto(f"{live_server.url}/events/{event.pk}/timers/")
    construction = phone.locator("[data-timer=construction]")
    expect(construction.locator("[data-note]")).to_have_text("Five minutes left.")
    expect(construction.locator("[data-digits]")).to_have_text(re.compile(r"^0[34]:\d\d$"))
    registration = phone.locator("[data-timer=registration]")
    expect(registration.locator("[data-digits]")).to_have_text(re.compile(r"^1[45]:\d\d$"))
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(phone, "limited-timer-03-judge-phone")

    services.timer_set_remaining(event=event, kind="construction", seconds=0)
    phone.reload()
    expect(construction.locator("[data-digits]")).to_have_text("Time")
    expect(phone.locator(".timer-missing")).to_contain_text("Team AA")
    shot(phone, "limited-timer-04-judge-phone-time")

    phone.goto(f"{live_server.url}/events/{event.pk}/pools/")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(phone, "pools-01-phone")
