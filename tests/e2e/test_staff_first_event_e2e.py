"""Staff at a store's first event, on a 390x844 phone and a 1366x768 laptop: the scorekeeper
starts, pauses and corrects the round clock from the dashboard and the round's page (no tab that
answers 403); a judge opens "penalty at this table" from the floor view, picks one of the four
players and the infraction, and the proposal with its Issue button is in view after "Propose".
Screenshots: staff-*.png."""

import pytest
from playwright.sync_api import expect

from judging.models import Penalty
from judging.selectors import clock as clock_selectors
from pairing import services as pairing_services
from support import factories
from support.browser import login
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}


def _staff(event, role: str, name: str):
    user = factories.staff(event, role, name)
    user.set_password(f"{name}-pass-2hg")
    user.save()
    return user


def _page(browser, size):
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _in_view(page, locator) -> None:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None
    assert 0 <= box["y"], box
    assert box["y"] + box["height"] <= height, (box, height)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_scorekeeper_runs_the_clock_from_the_dashboard_and_the_round(
    live_server, browser, shot, size
):
    base = live_server.url
    event, _teams = event_with_teams(6, swiss_rounds=3, name="Friday 2HG")
    _staff(event, "scorekeeper", "sam")
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    context, page = _page(browser, size)
    try:
        login(page, base, "sam", "sam-pass-2hg")
        page.goto(f"{base}/events/{event.pk}/")
        tabs = page.locator("nav.tabs a")
        expect(tabs).to_have_text(
            ["Dashboard", "Teams", "Decklists", "Rounds", "Standings", "Clock", "Staff"]
        )
        block = page.locator("#round-clock")
        expect(block).to_contain_text("Round 1 clock")
        expect(block).to_contain_text("Not started")
        shot(page, f"staff-01-dashboard-clock-{size}")
        page.click("#clock-start")
        page.wait_for_url(f"{base}/events/{event.pk}/")
        expect(page.locator("#clock-pause")).to_be_visible()
        assert clock_selectors.clock_of(round_).status == "running"
        assert _fits(page)
        shot(page, f"staff-02-dashboard-running-{size}")

        page.goto(f"{base}/events/{event.pk}/rounds/1/")
        page.click("#round-clock summary")
        page.fill("#round-clock input[name=minutes]", "42")
        page.fill("#round-clock input[name=seconds]", "0")
        page.click("#clock-correct")
        page.wait_for_url(f"{base}/events/{event.pk}/rounds/1/")
        expect(page.locator("#round-clock .clock-digits-small")).to_contain_text("4")
        left = clock_selectors.clock_of(round_).remaining_seconds
        assert 41 * 60 <= left <= 42 * 60
        page.click("#clock-pause")
        expect(page.locator("#clock-resume")).to_be_visible()
        assert _fits(page)
        shot(page, f"staff-03-round-clock-paused-{size}")
        # Every tab the scorekeeper sees opens.
        for href in page.locator("nav.tabs a").evaluate_all("els => els.map(e => e.href)"):
            assert page.goto(href).status == 200, href
    finally:
        context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_judge_issues_a_penalty_at_a_table_from_the_floor_view(live_server, browser, shot, size):
    base = live_server.url
    event, _teams = event_with_teams(16, swiss_rounds=4, name="Big 2HG", rel="competitive")
    _staff(event, "judge", "judy")
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    match = round_.matches.get(table=5)
    offender = match.team_b.players.get(seat=2)
    context, page = _page(browser, size)
    try:
        login(page, base, "judy", "judy-pass-2hg")
        page.goto(f"{base}/events/{event.pk}/clock/floor/")
        page.locator(f"a.penalty-link[href$='?match={match.pk}']").click()
        expect(page.locator("h1")).to_contain_text("table 5")
        expect(page.locator("input[name=player]")).to_have_count(4)
        shot(page, f"staff-04-penalty-table-{size}")
        page.check(f"input[name=player][value='{offender.pk}']")
        page.check("input[name=infraction][value='GPE-GRV']")
        page.click("button[name=propose]")
        proposal = page.locator("#proposal")
        expect(proposal).to_contain_text("Proposed")
        _in_view(page, page.locator("button[name=issue]"))
        assert _fits(page)
        shot(page, f"staff-05-penalty-proposal-{size}")
        page.click("button[name=issue]")
        expect(page.locator(".messages")).to_contain_text("(GPE-GRV)")
        assert Penalty.objects.get(infraction="GPE-GRV").player_id == offender.pk
    finally:
        context.close()


def test_a_judge_starts_from_a_table_number_in_spanish(live_server, browser):
    base = live_server.url
    event, _teams = event_with_teams(8, swiss_rounds=3, name="Torneo 2HG")
    _staff(event, "judge", "juez")
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    context = browser.new_context(**SIZES["phone"], locale="es-ES")
    try:
        page = context.new_page()
        page.goto(f"{base}/login/")
        page.fill("input[name=username]", "juez")
        page.fill("input[name=password]", "juez-pass-2hg")
        page.click("button:has-text('Iniciar sesión')")
        page.wait_for_url(f"{base}/")
        page.goto(f"{base}/events/{event.pk}/penalties/new/")
        expect(page.locator("#where-title")).to_have_text("¿Dónde?")
        page.fill("#where-table", "3")
        page.click("text=Abrir la mesa")
        expect(page.locator("input[name=player]")).to_have_count(4)
        expect(page.locator("h1")).to_contain_text("mesa 3")
    finally:
        context.close()
