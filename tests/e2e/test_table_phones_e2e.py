"""The table's phones stay true: two teams' phones tap "Pass the turn" and Undo in every order
at the end of the round, and after each pair of taps both phones show what the server holds (the
turn, the clock line with its additional turn, whose turn the badge names, the action Undo
names), without a reload. At 390x844 and 1366x768, screenshots kept.

Under the test server the live stream answers at once and the browser reopens it every 3 s
(core.live), so the other phone sees a change within a few seconds; a line left stale waits for
the 30-second timer, which these tests never reach (``SETTLE`` is well under it).
"""

import time

import pytest
from django.db import OperationalError, transaction
from playwright.sync_api import expect

from judging.services import clock as clock_services
from pairing import services
from pairing.models import Match
from support import factories
from tracker import selectors
from tracker import views as tracker_views

SETTLE = 9_000  # ms a phone may take to show a change (the live stream reopens every 3 s)
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}


@pytest.fixture
def table(transactional_db):
    event = factories.event(factories.user("olivia"), name="Friday 2HG", swiss_rounds=3)
    red = factories.team(event, "Team Red", ["Rita", "Rob"])
    blue = factories.team(event, "Team Blue", ["Bea", "Ben"])
    services.round_publish(round_=services.round_pair_next(event=event, seed=1))
    match = Match.objects.select_related("round__event").get(round__event=event)
    return red, blue, match


def _phones(browser, live_server, teams, size, locale=None):
    options = dict(SIZES[size])
    if locale:
        options["locale"] = locale
    contexts, pages = [], []
    for team in teams:
        context = browser.new_context(**options)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{live_server.url}/t/{team.access_key}/table/")
        contexts.append(context)
        pages.append(page)
    return contexts, pages


def _expected(match, teams):
    """What every phone must show now: from the server's own state and clock line. The test
    server's in-memory SQLite locks a table while a phone's write holds it: read again then."""
    for _try in range(20):
        try:
            with transaction.atomic():
                return _read_expected(match, teams)
        except OperationalError:
            time.sleep(0.1)
    return _read_expected(match, teams)


def _read_expected(match, teams):
    state = selectors.game_summary(match)
    names = {t.pk: t.name for t in teams}
    clock = tracker_views._clock_context(match)
    last = state["last_action"]
    if not teams:
        return {"seq": state["seq"]}
    return {
        "seq": state["seq"],
        "turn": f"Turn {state['turn']}: {names[state['active_team']]}",
        "line": clock["time_line"],
        "active": state["active_team"],
        "undo": f"Undo: {last['text']}" if last else None,
        "life": {t["team"]: str(t["life"]) for t in state["teams"]},
    }


def _landed(match, seq_before):
    """Wait until the server holds an event after ``seq_before`` (a phone whose write met the
    test database's lock sends it again 3 s later)."""
    deadline = time.monotonic() + SETTLE / 1000
    while time.monotonic() < deadline:
        if _expected(match, ())["seq"] > seq_before:
            return
        time.sleep(0.2)
    raise AssertionError(f"no event after #{seq_before} reached the server")


def _agree(pages, teams, match):
    """Both phones show what the server holds (within SETTLE), each badge on the active team
    only, reading "your turn" on the phone of that team and "their turn" on the other."""
    want = _expected(match, teams)
    for page, mine in zip(pages, teams, strict=True):
        expect(page.locator("[data-turn-line]")).to_have_text(want["turn"], timeout=SETTLE)
        expect(page.locator("[data-clock-line]")).to_have_text(want["line"], timeout=SETTLE)
        for team in teams:
            tag = page.locator(f".scores [data-side='{team.pk}'] [data-turn-tag]")
            if team.pk == want["active"]:
                words = "your turn" if team.pk == mine.pk else "their turn"
                expect(tag).to_have_text(words, timeout=SETTLE)
                expect(tag).to_be_visible()
            else:
                expect(tag).to_be_hidden(timeout=SETTLE)
            life = page.locator(f"[data-life='{team.pk}']")
            expect(life).to_have_text(want["life"][team.pk], timeout=SETTLE)
        undo = page.locator("#undo")
        if want["undo"]:
            expect(undo).to_have_text(want["undo"], timeout=SETTLE)
        else:
            expect(undo).to_be_hidden(timeout=SETTLE)
    return want


def _pass(page, match):
    """Tap "Pass the turn" and wait until the server and this phone have it."""
    seq_before = _expected(match, ())["seq"]
    page.locator("#pass-turn").click()
    _landed(match, seq_before)
    expect(page.locator("#undo")).not_to_have_attribute("data-seq", str(seq_before))


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_passing_the_turn_in_every_order_keeps_both_phones_true_at_the_end_of_the_round(
    live_server, browser, table, shot, size
):
    red, blue, match = table
    teams = (red, blue)
    clock_services.clock_act(round_=match.round, action="start")
    clock_services.clock_act(round_=match.round, action="set_remaining", seconds=0)  # time
    contexts, pages = _phones(browser, live_server, teams, size)
    try:
        reds, blues = pages
        reds.get_by_role("button", name="Team Red plays first").click()
        expect(reds.locator("#undo")).to_have_attribute("data-seq", "1")
        _agree(pages, teams, match)
        # Each pair of passes tapped in quick succession, on the same phone or on both, in
        # every order: red-red, red-blue, blue-red, blue-blue.
        for first, second in ((reds, reds), (reds, blues), (blues, reds), (blues, blues)):
            _pass(first, match)
            _pass(second, match)
            want = _agree(pages, teams, match)
            if "Additional turn 2" in want["line"]:
                shot(reds, f"table-phones-additional-turn-{size}")
                shot(blues, f"table-phones-additional-turn-other-{size}")
        assert selectors.game_summary(match)["turn"] == 9
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_undo_names_and_undoes_the_latest_action_on_both_phones_in_every_order(
    live_server, browser, table, shot, size
):
    red, blue, match = table
    teams = (red, blue)
    contexts, pages = _phones(browser, live_server, teams, size)
    try:
        reds, blues = pages
        reds.get_by_role("button", name="Team Red plays first").click()
        expect(reds.locator("#undo")).to_have_attribute("data-seq", "1")
        # Eight life changes from both phones: the Undo of both names the eighth, not
        # "plays first".
        for n in range(8):
            page, player = (reds, "Rita") if n % 2 == 0 else (blues, "Bea")
            page.locator("form.player", has_text=player).get_by_role("button", name="-1").click()
            _landed(match, n + 1)
        want = _agree(pages, teams, match)
        assert want["undo"].startswith("Undo: Bea -1 life")
        shot(reds, f"table-phones-undo-named-{size}")
        # An action on one phone, Undo on either, in every order: the action is undone on both
        # phones and both name the action before it.
        for actor, undoer in ((reds, reds), (reds, blues), (blues, reds), (blues, blues)):
            before = _expected(match, teams)
            actor.locator("form.player", has_text="Rob").get_by_role("button", name="-5").click()
            _landed(match, before["seq"])
            after = _agree(pages, teams, match)
            assert after["undo"].startswith("Undo: Rob -5 life")
            undoer.locator("#undo").click()
            _landed(match, after["seq"])
            back = _agree(pages, teams, match)
            assert back["life"] == before["life"]
            assert back["undo"] == before["undo"]
        # Undo walks back: the eighth life change, then the seventh.
        seq = _expected(match, ())["seq"]
        blues.locator("#undo").click()
        _landed(match, seq)
        walked = _agree(pages, teams, match)
        assert walked["undo"].startswith("Undo: Rita -1 life")
        shot(blues, f"table-phones-undo-walked-{size}")
    finally:
        for context in contexts:
            context.close()


def test_a_spanish_phone_names_the_other_phones_action_in_its_undo(live_server, browser, table):
    red, blue, match = table
    contexts, pages = _phones(browser, live_server, (red, blue), "phone", locale="es-ES")
    try:
        reds, blues = pages
        reds.get_by_role("button", name="Team Red juega primero").click()
        expect(reds.locator("#undo")).to_have_attribute("data-seq", "1")
        reds.locator("form.player", has_text="Rita").get_by_role("button", name="-5").click()
        for page in pages:
            expect(page.locator("#undo")).to_have_text(
                "Deshacer: Rita -5 vidas: Team Red con 25 vidas.", timeout=SETTLE
            )
        tag = blues.locator(f".scores [data-side='{red.pk}'] [data-turn-tag]")
        expect(tag).to_have_text("su turno")
        expect(reds.locator(f".scores [data-side='{red.pk}'] [data-turn-tag]")).to_have_text(
            "vuestro turno"
        )
    finally:
        for context in contexts:
            context.close()
