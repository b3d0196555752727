"""Two phones at one table share the game (issue 10): a tap on one shows on the other without a
reload (core.live: under the test server's WSGI the stream answers at once and the browser
reopens it), and a tap made without network is kept, sent when the phone is back, and counted
once (the client_id of tracker.js's queue)."""

import time

import pytest

from pairing import services
from pairing.models import Match
from support import factories
from support.browser import login
from tracker import selectors
from tracker import services as tracker_services
from tracker.models import GameEvent

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def table(transactional_db):
    event = factories.event(factories.user("olivia"), name="Friday 2HG", swiss_rounds=3)
    red = factories.team(event, "Team Red", ["Rita", "Rob"])
    blue = factories.team(event, "Team Blue", ["Bea", "Ben"])
    services.round_publish(round_=services.round_pair_next(event=event, seed=1))
    return red, blue, Match.objects.get(round__event=event)


def _life(page, team) -> str:
    return page.locator(f"[data-life='{team.pk}']").inner_text()


def test_two_phones_share_the_table_and_an_offline_tap_lands_once(
    live_server, browser, table, shot
):
    red, blue, match = table
    rita = red.players.get(name="Rita")
    bea = blue.players.get(name="Bea")
    phones = [browser.new_context(**PHONE) for _ in range(2)]
    try:
        reds, blues = (context.new_page() for context in phones)
        for page, team in ((reds, red), (blues, blue)):
            page.set_default_timeout(20_000)
            page.goto(f"{live_server.url}/t/{team.access_key}/")
            page.get_by_role("link", name="Open our table").click()
            page.wait_for_url(f"**/t/{team.access_key}/table/")
        assert _life(reds, red) == "30"
        assert reds.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(reds, "tracker-phone-table")

        reds.locator("form.player", has_text="Rita").get_by_role("button", name="-5").click()
        blues.locator(f"[data-life='{red.pk}']", has_text="25").wait_for()
        blues.locator("[data-log] li[data-seq='1']", has_text="Rita -5 life").wait_for()
        assert blues.locator("[data-log] li").count() == 1  # "Nothing yet." gave way to the row

        phones[1].set_offline(True)
        blues.locator("form.player", has_text="Bea").get_by_role("button", name="-1").click()
        assert _life(blues, blue) == "29"  # shown at once on this phone
        blues.locator("[data-queue]", has_text="waiting").wait_for()
        shot(blues, "tracker-phone-offline")
        assert selectors.game_state(match)["seq"] == 1  # nothing reached the server

        phones[1].set_offline(False)
        reds.locator(f"[data-life='{blue.pk}']", has_text="29").wait_for()
        blues.locator("[data-queue]").wait_for(state="hidden")
        assert GameEvent.objects.filter(match=match).count() == 2
        state = selectors.game_state(match)
        assert [t["life"] for t in state["teams"]] == (
            [25, 29] if match.team_a_id == red.pk else [29, 25]
        )
        assert GameEvent.objects.get(match=match, seq=2).player == bea.pk
        assert GameEvent.objects.get(match=match, seq=1).player == rita.pk
        shot(reds, "tracker-phone-after-sync")
    finally:
        for context in phones:
            context.close()


def test_one_phone_in_the_middle_turns_the_far_half_and_counts_down(
    live_server, browser, table, shot
):
    """One phone between the teams: the opponents' half is upside down, facing them; a tap
    there changes their total; the clock line counts down in the browser."""
    from judging.services import clock as clock_services

    red, blue, match = table
    clock_services.clock_act(round_=match.round, action="start")
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{live_server.url}/t/{red.access_key}/table/")
        page.get_by_role("link", name="One phone in the middle of the table").click()
        page.wait_for_url("**/table/?view=middle")
        far = page.locator(".half.far")
        assert far.get_attribute("data-side") == str(blue.pk)
        assert "matrix(-1" in far.evaluate("el => getComputedStyle(el).transform")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        line = page.locator("[data-clock-line]")
        first = line.inner_text()
        page.wait_for_timeout(1500)
        assert line.inner_text() != first
        assert line.inner_text().endswith("left")
        far.locator("form.player", has_text="Bea").get_by_role("button", name="-5").click()
        page.locator(f"[data-life='{blue.pk}']", has_text="25").wait_for()
        shot(page, "tracker-phone-middle")
    finally:
        context.close()


def test_a_spanish_phone_shows_a_new_row_from_the_other_phone_in_spanish(
    live_server, browser, table
):
    """The live update carries the English words of a row; a Spanish page draws it again in
    Spanish (tracker.js asks for ?part=log), without a reload."""
    red, blue, _match = table
    phones = [browser.new_context(**PHONE, locale="es-ES") for _ in range(2)]
    try:
        reds, blues = (context.new_page() for context in phones)
        for page, team in ((reds, red), (blues, blue)):
            page.set_default_timeout(20_000)
            page.goto(f"{live_server.url}/t/{team.access_key}/table/")
        blues.evaluate("window.stayed = true")
        reds.locator("form.player", has_text="Rita").get_by_role("button", name="-5").click()
        blues.locator("[data-log] li", has_text="Rita -5 vidas: Team Red con 25 vidas.").wait_for()
        assert "life" not in blues.locator("[data-log]").inner_text()
        assert blues.evaluate("window.stayed === true")  # no reload
    finally:
        for context in phones:
            context.close()


def _game_reads(page, match) -> list[str]:
    """The page's reads of the whole game (tracker.js refetch)."""
    path = f"/api/v1/matches/{match.pk}/game/"
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if r.url.endswith(path) else None)
    return seen


def _seqs(page) -> list[int]:
    return [
        int(s)
        for s in page.locator("[data-log] li").evaluate_all("els => els.map(e => e.dataset.seq)")
    ]


def test_new_rows_reach_the_other_phone_and_the_judge_one_message_at_a_time(
    live_server, browser, table
):
    """A live message carries only the log rows its event changed (docs/api.md "Tracker"): the
    other phone (its latest 20 rows) and a judge's page (the whole log) put the new row in
    place, and after an undo draw the undone row struck through, without reading the game
    again; a phone that missed a message reads the game again, and so does a judge's page for an
    undo of a row older than the rows sent."""
    red, blue, match = table
    rita = red.players.get(name="Rita")
    for n in range(35):
        data = {"type": "life", "player": rita.pk, "amount": 1 if n % 2 == 0 else -1}
        tracker_services.game_add_event(match=match, data=data, client_id=f"before-{n}")
    judy = factories.staff(match.round.event, "judge", "judy")
    judy.set_password("judy-judges-well")
    judy.save()
    contexts = [browser.new_context(**PHONE) for _ in range(2)]
    contexts.append(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        reds, blues, judge = (context.new_page() for context in contexts)
        for page in (reds, blues, judge):
            page.set_default_timeout(20_000)
        login(judge, live_server.url, "judy", "judy-judges-well")
        judge.goto(f"{live_server.url}/events/{match.round.event_id}/matches/{match.pk}/game/")
        for page, team in ((reds, red), (blues, blue)):
            page.goto(f"{live_server.url}/t/{team.access_key}/table/")
        blue_reads, judge_reads = _game_reads(blues, match), _game_reads(judge, match)
        assert _seqs(blues) == list(range(35, 15, -1))
        assert _seqs(judge) == list(range(35, 0, -1))

        reds.locator("form.player", has_text="Rita").get_by_role("button", name="-5").click()
        blues.locator("[data-log] li[data-seq='36']", has_text="Rita -5 life").wait_for()
        judge.locator("[data-log] li[data-seq='36'] .who", has_text="Team Red").wait_for()
        assert _seqs(blues) == list(range(36, 16, -1))
        assert _seqs(judge) == list(range(36, 0, -1))

        tracker_services.game_add_event(
            match=match, data={"type": "undo", "amount": 36}, client_id="undo-36"
        )
        for page in (blues, judge):
            page.locator("[data-log] li[data-seq='37']", has_text="Undo #36").wait_for()
            page.locator("[data-log] li.void[data-seq='36']", has_text="undone by #37").wait_for()
        assert _seqs(blues) == list(range(37, 17, -1))
        assert _seqs(judge) == list(range(37, 0, -1))
        assert blues.locator(f"[data-life='{red.pk}']").inner_text() == "31"
        assert (blue_reads, judge_reads) == ([], [])

        def quiet(route):  # the stream answers nothing new while the two events are stored
            if route.request.url.split("?")[0].endswith("/version"):
                route.fulfill(status=204)
            else:
                route.fulfill(status=200, content_type="text/event-stream", body="retry: 500\n\n")

        blues.route("**/live/table/**", quiet)
        with blues.expect_request(lambda r: "/live/table/" in r.url):
            pass  # the stream's request in flight before the route has been answered
        for n in (38, 39):
            data = {"type": "life", "player": rita.pk, "amount": -1}
            tracker_services.game_add_event(match=match, data=data, client_id=f"missed-{n}")
        blues.unroute("**/live/table/**", quiet)
        blues.locator("[data-log] li[data-seq='39']").wait_for()
        assert _seqs(blues) == list(range(39, 19, -1))  # row 38 too: the game was read again
        assert len(blue_reads) == 1

        judge.locator("[data-log] li[data-seq='39']").wait_for()
        reads = len(judge_reads)  # the judge's page may have missed row 38 too
        tracker_services.game_add_event(
            match=match, data={"type": "undo", "amount": 5}, client_id="undo-5"
        )
        judge.locator("[data-log] li.void[data-seq='5']", has_text="undone by #40").wait_for()
        assert len(judge_reads) == reads + 1  # row 5 is older than the 30 rows sent
        blues.locator("[data-log] li[data-seq='40']", has_text="Undo #5").wait_for()
        assert _seqs(blues) == list(range(40, 20, -1))
        assert len(blue_reads) == 1  # row 5 is not among the 20 rows of a player's page
    finally:
        for context in contexts:
            context.close()


def test_a_tap_meeting_a_stopped_server_host_is_sent_again_within_a_second(
    live_server, browser, table
):
    """The proxy answers 502 when a write meets a stopped replica (it never sends a write
    twice, deploy/Caddyfile): the phone sends it again soon, not after the 3 s of a longer
    outage, and it is stored once."""
    red, _blue, match = table
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{live_server.url}/t/{red.access_key}/table/")
        refused: list[float] = []

        def stopped_host(route):
            if route.request.method == "POST" and not refused:
                refused.append(time.monotonic())
                route.fulfill(status=502, content_type="text/plain", body="Bad Gateway")
            else:
                route.continue_()

        page.route("**/api/v1/**", stopped_host)
        page.locator("form.player", has_text="Rita").get_by_role("button", name="-5").click()
        page.locator("[data-queue]").wait_for(state="hidden", timeout=2_500)
        assert refused, "the first try did not meet the stopped host"
        assert time.monotonic() - refused[0] < 2.0
        assert GameEvent.objects.filter(match=match).count() == 1
    finally:
        context.close()
