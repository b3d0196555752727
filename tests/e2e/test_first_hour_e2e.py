"""Phone layout (390x844) of the pages a new organizer meets first: nothing scrolls sideways, the
private link wraps, teams can be ticked for a swap, standings show W-L-D and OMW%, the working's
opponents table keeps its headers, the missing-results list shows table numbers large; the error
pages are styled. Screenshots kept under tests/e2e/screenshots/."""

import random

import pytest
from playwright.sync_api import expect

from pairing import services
from support import factories
from support.browser import login
from support.rounds import event_with_teams, play

pytestmark = pytest.mark.django_db(transaction=True)


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide"


def test_organizer_pages_fit_a_phone(live_server, phone, shot):
    alice = factories.user("alice", password="alice-pass-2hg")
    event, teams = event_with_teams(6, organizer=alice, name="Phone Open")
    base = live_server.url
    login(phone, base, "alice", "alice-pass-2hg")

    phone.goto(f"{base}/events/{event.pk}/teams/{teams[0].pk}/")
    expect(phone.locator("#private-link")).to_be_visible()
    _no_sideways_scroll(phone)
    phone.click("summary:has-text('Issue a new link')")
    expect(phone.locator("#new-key")).to_be_visible()
    shot(phone, "first-hour-01-team-manage-phone")

    round_ = services.round_pair_next(event=event, seed=1)
    phone.goto(f"{base}/events/{event.pk}/rounds/1/")
    boxes = phone.locator("input[name=team]")
    expect(boxes.first).to_be_visible()
    boxes.nth(0).check()
    boxes.nth(2).check()
    shot(phone, "first-hour-02-round-swap-phone")
    phone.click("#swap-button")
    expect(phone.locator(".messages")).to_contain_text("Teams swapped")
    _no_sideways_scroll(phone)

    services.round_publish(round_=round_)
    phone.goto(f"{base}/events/{event.pk}/rounds/1/missing/")
    number = phone.locator(".table.missing td.num").first
    expect(number).to_be_visible()
    size = float(number.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 20
    shot(phone, "first-hour-03-missing-phone")

    play(round_, random.Random(1))
    phone.goto(f"{base}/events/{event.pk}/standings/")
    first_row = phone.locator(".standings tbody tr").first
    expect(first_row.locator("td").nth(3)).to_be_visible()
    expect(first_row.locator("td").nth(4)).to_be_visible()
    _no_sideways_scroll(phone)
    shot(phone, "first-hour-04-standings-phone")

    phone.goto(f"{base}/events/{event.pk}/standings/{teams[0].pk}/")
    expect(phone.locator(".keep-head thead th").first).to_be_visible()
    _no_sideways_scroll(phone)
    shot(phone, "first-hour-05-working-phone")


def test_error_pages_are_styled_on_a_phone(live_server, phone, shot):
    base = live_server.url
    phone.goto(f"{base}/t/replaced-link-0000/")
    expect(phone.locator("h1")).to_have_text("This team link does not work")
    expect(phone.locator("main")).to_contain_text("Ask the organizer")
    size = float(phone.locator("h1").evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 20
    _no_sideways_scroll(phone)
    shot(phone, "first-hour-06-404-team-link-phone")
