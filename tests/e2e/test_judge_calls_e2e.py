"""A judge call's whole life on phones (issue 28, items 1-4, 7): Red's phone calls from its team
page, Blue's table page shows the call live, a judge's phone sees it in the queue, takes it
("NAME is on the way" on both teams' phones), and resolves it with the proposed extension, which
the table's clock gets, all without typing a number. At 390x844; screenshots
judge-call-*.png."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from core import pagecache
from judging.models import Extension, JudgeCall
from judging.services import clock as clock_services
from pairing import services
from pairing.models import Match
from support import factories
from support.axe import assert_accessible
from support.browser import login

pytestmark = pytest.mark.django_db(transaction=True)

SETTLE = 9_000  # ms: the live stream reopens every 3 s under the test server
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _phone(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


def test_a_call_from_the_table_to_the_ruling_on_three_phones(live_server, browser, shot):
    event = factories.event(factories.user("olivia"), name="Friday 2HG", swiss_rounds=3)
    red = factories.team(event, "Team Red", ["Rita", "Rob"])
    factories.team(event, "Team Blue", ["Bea", "Ben"])
    factories.team(event, "Team Gold", ["Gil", "Gia"])
    factories.team(event, "Team Jade", ["Jo", "Jan"])
    judge = factories.staff(event, "judge", "judy")
    judge.first_name, judge.last_name = "Judy", "Park"
    judge.set_password("judy-judges-well")
    judge.save()
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    clock_services.clock_start(round_=round_, now=timezone.now() - timedelta(minutes=20))
    match = Match.objects.get(round=round_, entries__team=red)
    other_team = match.team_b if match.team_a_id == red.pk else match.team_a
    base = live_server.url

    red_ctx, red_phone = _phone(browser)
    other_ctx, other_phone = _phone(browser)
    judge_ctx, judge_phone = _phone(browser)
    try:
        red_phone.goto(f"{base}/t/{red.access_key}/")
        other_phone.goto(f"{base}/t/{other_team.access_key}/table/")
        expect(other_phone.locator("#call-judge")).to_be_visible()

        red_phone.select_option("select[name=reason]", "dispute")
        red_phone.click("#call-judge")
        expect(red_phone.locator(".judge-call-state")).to_contain_text("Judge called")
        call = JudgeCall.objects.get()
        assert (call.called_by_team_id, call.reason) == (red.pk, "dispute")
        # The call began 3 min 20 s ago (the clock ran all along): 4 minutes will be proposed.
        JudgeCall.objects.filter(pk=call.pk).update(
            called_at=timezone.now() - timedelta(minutes=3, seconds=20)
        )
        pagecache.bump_together(f"team:{red.pk}")  # the team's cached page is stale
        red_phone.reload()
        expect(red_phone.locator(".judge-call-clock")).to_contain_text("3:2")
        # The other team's table page learns of the call live.
        expect(other_phone.locator(".judge-call-state")).to_contain_text(
            "Judge called", timeout=SETTLE
        )
        red_phone.wait_for_timeout(1200)  # the clock counts on the phone
        shot(red_phone, "judge-call-team-page-open")
        assert_accessible(red_phone)

        login(judge_phone, base, "judy", "judy-judges-well")
        judge_phone.goto(f"{base}/events/{event.pk}/judge-calls/")
        line = judge_phone.locator(".call-line").first
        expect(line).to_contain_text(f"Table {match.table}")
        expect(line).to_contain_text("Dispute")
        assert "call-late" in (line.get_attribute("class") or "")  # waiting over 2 minutes
        shot(judge_phone, "judge-call-queue")
        assert_accessible(judge_phone)
        # The floor view carries the same queue above its tables.
        judge_phone.goto(f"{base}/events/{event.pk}/clock/floor/")
        expect(judge_phone.locator(".floor-calls .call-line")).to_contain_text(
            f"Table {match.table}"
        )
        shot(judge_phone, "judge-call-floor")
        judge_phone.goto(f"{base}/events/{event.pk}/judge-calls/")

        judge_phone.click("button:has-text('I take it')")
        expect(red_phone.locator(".judge-call-state")).to_contain_text(
            "Judy Park is on the way", timeout=SETTLE
        )
        expect(other_phone.locator(".judge-call-state")).to_contain_text(
            "Judy Park is on the way", timeout=SETTLE
        )

        judge_phone.click("a:has-text('Resolved')")
        expect(judge_phone.locator("input[name=extension_minutes]")).to_have_value("4")
        judge_phone.fill("input[name=ruling]", "The blocks stand; damage as announced.")
        shot(judge_phone, "judge-call-resolve")
        judge_phone.click("button:has-text('Resolved')")
        expect(judge_phone.locator("body")).to_contain_text("Extension: 4 minutes.")
        extension = Extension.objects.get(match=match)
        assert (extension.minutes, extension.reason) == (4, "ruling")
        expect(red_phone.locator(".judge-call-ruling")).to_contain_text(
            "The blocks stand", timeout=SETTLE
        )
        expect(other_phone.locator(".judge-call-ruling")).to_contain_text(
            "4 more minutes", timeout=SETTLE
        )
        # The table's clock line shows the extension without a reload (MTR 2.6).
        expect(other_phone.locator("[data-clock-line]")).to_contain_text("+4 min", timeout=SETTLE)
        shot(other_phone, "judge-call-table-page-ruling")
        # The table's broadcast page (issue 28, item 5), as streaming software reads it.
        judge_phone.set_viewport_size({"width": 1280, "height": 720})
        judge_phone.goto(f"{base}/events/{event.pk}/matches/{match.pk}/broadcast/")
        expect(judge_phone.locator(".broadcast-life").first).to_have_text("30")
        expect(judge_phone.locator(".broadcast-clock")).to_contain_text("+4 min")
        shot(judge_phone, "judge-call-broadcast")
    finally:
        for context in (red_ctx, other_ctx, judge_ctx):
            context.close()
