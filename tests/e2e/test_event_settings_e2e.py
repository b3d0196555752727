"""The event's settings page on a 390x844 phone and a 1366x768 laptop: the four topics and the
judging settings in one page, nothing wider than the screen, no serious axe-core violation.
Screenshots: settings-*.png."""

import pytest
from playwright.sync_api import expect

from support import factories
from support.axe import assert_accessible
from support.browser import login

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_settings_page_by_topic_fits_the_screen(live_server, browser, shot, size):
    olga = factories.user("olga", password="olga-pass-2hg")
    event = factories.event(olga, name="Friday 2HG")
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.set_default_timeout(15_000)
    login(page, live_server.url, "olga", "olga-pass-2hg")
    page.goto(f"{live_server.url}/events/{event.pk}/edit/")
    for legend in ("Registration", "Pairing", "Judging", "Deck rules"):
        expect(page.locator("legend", has_text=legend)).to_be_visible()
    expect(page.locator("#judging-settings")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(page)
    shot(page, f"settings-{size}")
    context.close()
