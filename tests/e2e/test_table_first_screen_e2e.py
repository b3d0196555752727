"""The table's main actions fit the first screen: "Pass the turn", Undo and every head's life
buttons are in view without scrolling, on a 390x844 phone and a 1366x768 laptop, in English and
Spanish, with the clock line of the end of the round shown (screenshots kept)."""

import pytest
from playwright.sync_api import expect

from judging.services import clock as clock_services
from pairing import services
from pairing.models import Match
from support import factories
from tracker import services as tracker_services

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}


@pytest.fixture
def table(transactional_db):
    event = factories.event(factories.user("olivia"), name="Friday 2HG", swiss_rounds=3)
    red = factories.team(event, "The Red Dragons of Valencia", ["Rita Fernández", "Rob"])
    blue = factories.team(event, "Team Blue", ["Bea", "Benjamín Ñúñez"])
    services.round_publish(round_=services.round_pair_next(event=event, seed=1))
    match = Match.objects.select_related("round__event").get(round__event=event)
    clock_services.clock_act(round_=match.round, action="start")
    clock_services.clock_act(round_=match.round, action="set_remaining", seconds=0)
    for n, data in enumerate(
        ({"type": "choose_play", "team": red.pk}, {"type": "pass_turn"}, {"type": "pass_turn"})
    ):
        tracker_services.game_add_event(match=match, data=data, client_id=f"setup-{n}")
    return red, blue, match


def _in_view(page, locator, height: int) -> None:
    box = locator.bounding_box()
    assert box is not None
    assert box["y"] >= 0, (locator, box)
    assert box["y"] + box["height"] <= height, (locator, box, height)


@pytest.mark.parametrize(
    ("size", "locale"), [("phone", "en-US"), ("phone", "es-ES"), ("laptop", "en-US")]
)
def test_pass_undo_and_every_heads_life_fit_the_first_screen(
    live_server, browser, table, shot, size, locale
):
    red, _blue, _match = table
    context = browser.new_context(**SIZES[size], locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{red.access_key}/table/")
        height = SIZES[size]["viewport"]["height"]
        expect(page.locator("[data-clock-line]")).to_contain_text("2")  # additional turn 2
        shot(page, f"table-first-screen-{size}-{locale[:2]}")
        _in_view(page, page.locator("#pass-turn"), height)
        _in_view(page, page.locator("#undo"), height)
        buttons = page.locator("form.player .pad button")
        assert buttons.count() == 4 * 5  # four heads, five buttons each
        for n in range(buttons.count()):
            _in_view(page, buttons.nth(n), height)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
