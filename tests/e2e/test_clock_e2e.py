"""Issue 8: the projector clock on a 1920x1080 screen (big digits counting down in the browser,
still counting with the network gone, taking a correction made elsewhere through core.live,
"Time" and the end-of-round reminder when time is called) and the judges' floor view on a phone
(390x844): tables in floor order, a table's page, an extension given there. Screenshots:
clock-*.png.
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from judging import services
from pairing import services as pairing_services
from support import factories
from support.browser import login
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db(transaction=True)
HD = {"width": 1920, "height": 1080}


def _round(n_teams: int, **values):
    event, _teams = event_with_teams(n_teams, name="Clocked 2HG", rel="competitive", **values)
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    return event, round_


def _digits(page) -> str:
    return page.locator("[data-clock-digits]").inner_text()


def test_projector_counts_down_offline_and_calls_time(live_server, browser, shot):
    event, round_ = _round(4, public=True)
    services.clock_start(round_=round_, now=timezone.now() - timedelta(minutes=12, seconds=30))
    context = browser.new_context(viewport=HD)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/clock/")
        expect(page.locator("[data-clock-digits]")).to_have_text(re.compile(r"^47:[23]\d$"))
        first = _digits(page)
        expect(page.locator("[data-clock-digits]")).not_to_have_text(first)  # counts down
        box = page.locator("[data-clock-digits]").bounding_box()
        assert box is not None
        assert box["height"] > 300  # readable across a hall
        assert box["width"] <= HD["width"]
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(page, "clock-01-projector-1920")

        context.set_offline(True)
        before = _digits(page)
        expect(page.locator("[data-clock-digits]")).not_to_have_text(before)  # still counting
        context.set_offline(False)

        # the scorekeeper corrects the clock elsewhere: 3 seconds left, then time is called
        services.clock_set_remaining(round_=round_, seconds=3)
        expect(page.locator("[data-clock-digits]")).to_have_text("Time")
        expect(page.locator("[data-clock-reminder]")).to_be_visible()
        expect(page.locator("[data-clock-reminder]")).to_contain_text("turn 0")
        assert page.locator(".projector").get_attribute("class") == "projector status-time_called"
        shot(page, "clock-02-projector-time-1920")
    finally:
        context.close()


def test_scorekeeper_starts_the_round_on_the_projector(live_server, browser, shot):
    event, round_ = _round(4)
    sam = factories.staff(event, "scorekeeper", "sam")
    sam.set_password("sam-keeps-score")
    sam.save()
    context = browser.new_context(viewport=HD)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        login(page, live_server.url, "sam", "sam-keeps-score")
        page.goto(f"{live_server.url}/events/{event.pk}/clock/")
        expect(page.locator("[data-clock-digits]")).to_have_text("60:00")
        page.click("button:has-text('Start round 1')")
        expect(page.locator("[data-clock-digits]")).to_have_text(re.compile(r"^59:5\d$"))
        page.click("button:has-text('Pause')")
        expect(page.locator(".projector")).to_have_class(re.compile("status-paused"))
        shot(page, "clock-03-projector-paused-1920")
    finally:
        context.close()


def test_judge_works_the_floor_on_a_phone(live_server, phone, shot):
    event, round_ = _round(6)
    judy = factories.staff(event, "judge", "judy")
    judy.set_password("judy-judges-well")
    judy.save()
    start = timezone.now() - timedelta(minutes=51)
    services.clock_start(round_=round_, now=start)
    first, second, third = round_.matches.filter(table__isnull=False).order_by("table")
    services.extension_give(match=third, minutes=5, reason="deck_check", now=start)
    services.clock_set_remaining(round_=round_, seconds=0)  # time called for tables 1 and 2
    services.turn_passed(match=first, next_active=first.team_b_id)

    login(phone, live_server.url, "judy", "judy-judges-well")
    phone.goto(f"{live_server.url}/events/{event.pk}/clock/floor/")
    lines = phone.locator(".floor-line")
    expect(lines).to_have_count(3)
    expect(lines.nth(0)).to_contain_text(
        f"table {first.table}: additional turn 1 of 3, {first.team_b.name} active"
    )
    expect(lines.nth(1)).to_contain_text(f"table {second.table}: finishing the turn")
    expect(lines.nth(2)).to_contain_text(f"table {third.table}: +5 min extension")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(phone, "clock-04-floor-phone")

    # another judge presses "turn passed" at the first table: the floor view follows the
    # round's live topic and shows it without a reload
    services.turn_passed(match=first, next_active=first.team_a_id)
    expect(lines.nth(0)).to_contain_text(
        f"table {first.table}: additional turn 2 of 3, {first.team_a.name} active"
    )

    lines.nth(1).locator("a").first.click()  # the line itself; "Penalty" is beside it
    expect(phone.locator("h1")).to_contain_text(f"Table {second.table}")
    phone.fill("input[name=minutes]", "4")
    phone.select_option("select[name=reason]", "ruling")
    # Time is called at this table: an extension gives back only time lost before the call,
    # from a pause that began before it (MTR 2.4, 2.6); without it the page says so.
    phone.click("button:has-text('Give the extension')")
    expect(phone.locator(".messages")).to_contain_text("Say when the pause began")
    phone.fill("input[name=minutes]", "4")
    phone.select_option("select[name=reason]", "ruling")
    phone.fill("input[name=began_minutes_ago]", "5")
    phone.click("button:has-text('Give the extension')")
    expect(phone.locator(".messages")).to_contain_text("+4 min extension")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(phone, "clock-05-table-phone")


def test_projector_measures_the_clock_offset_again_every_minute(live_server, browser, shot):
    """A projector whose own clock jumps during the round (set by hand, or drifting) shows the
    right time again at its next measurement of the offset from the server's time."""
    event, round_ = _round(4, public=True)
    services.clock_start(round_=round_, now=timezone.now() - timedelta(minutes=12, seconds=30))
    context = browser.new_context(viewport=HD)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.clock.install(time=timezone.now())
        page.goto(f"{live_server.url}/events/{event.pk}/clock/")
        digits = page.locator("[data-clock-digits]")
        expect(digits).to_have_text(re.compile(r"^47:[23]\d$"))
        page.clock.set_system_time(timezone.now() + timedelta(minutes=5))  # the browser's jumps
        page.clock.run_for(1000)
        expect(digits).to_have_text(re.compile(r"^42:[23]\d$"))  # counting from a wrong clock
        page.clock.run_for(61_000)  # the minute's measurement
        expect(digits).to_have_text(re.compile(r"^47:[0-3]\d$"))
        shot(page, "clock-05-projector-resynced-1920")
    finally:
        context.close()
