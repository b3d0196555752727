"""The players' pages in a browser at 390x844 (phone) and 1366x768 (laptop): the event's public
page from the QR code to the table in two taps, the team page (seats for the match, remember me,
live updates), the teams' own sign-up and the organizer's approval, each checked with axe-core
(serious or critical violations fail), and the size of a 256-team pairings page.
Screenshots: floor-*.png."""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import expect

from pairing import services
from pairing.models import Round
from support import factories
from support.axe import assert_accessible
from support.browser import login
from tournament.domain.names import name_key, search_key
from tournament.models import Player, Team
from tournament.services import signups as signup_svc

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}
FIRST = ["Alice", "Bruno", "Chiara", "Dmitri", "Emeka", "Fatima", "Goran", "Hana", "Ivo", "Jun"]
LAST = ["Archer", "Barros", "Castillo", "Dubois", "Eriksen", "Fujimoto", "Garcia", "Hoffmann"]
WORDS = ["Goblin", "Storm", "Iron", "Lucky", "Crimson", "Silent", "Arcane", "Wild", "Golden"]
KINDS = ["Twins", "Giants", "Allies", "Pair", "Duo", "Heads", "Crew", "Tandem"]


@pytest.fixture(params=list(VIEWPORTS))
def screen(request, browser):
    context = browser.new_context(**VIEWPORTS[request.param])
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.screen_name = request.param  # type: ignore[attr-defined]  # the screenshots' name, carried on the page object
    yield page
    context.close()


def _teams(event, n: int) -> list[Team]:
    """Teams and players with names of realistic length (the page size depends on them)."""
    names = itertools.product(WORDS, KINDS, range(1, 100))
    people = itertools.product(FIRST, LAST, range(1, 1000))
    teams = Team.objects.bulk_create(
        Team(
            event=event,
            name=f"{w} {k} {i}",
            name_key=name_key(f"{w} {k} {i}"),
            search_key=search_key(f"{w} {k} {i}"),
        )
        for (w, k, i), _ in zip(names, range(n), strict=False)
    )
    rows = []
    for team in teams:
        for seat in (1, 2):
            f, last, i = next(people)
            name = f"{f} {last}{'' if i == 1 else f' {i}'}"
            rows.append(
                Player(
                    event=event,
                    team=team,
                    name=name,
                    name_key=name_key(name),
                    search_key=search_key(name),
                    seat=seat,
                )
            )
    Player.objects.bulk_create(rows)
    return teams


def _round(event) -> Round:
    round_ = services.round_pair_next(event=event, by=event.organizer, seed=11)
    return services.round_publish(round_=round_, by=event.organizer)


def _no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_from_the_qr_code_to_the_table_in_two_taps(live_server, screen, shot):
    base, name = live_server.url, screen.screen_name
    event = factories.event(name="Friday 2HG", swiss_rounds=3)
    teams = _teams(event, 8)
    round_ = _round(event)
    team = teams[3]
    player = team.players.order_by("seat").last()
    match = round_.matches.get(entries__team=team)
    opponent = match.team_b if match.team_a_id == team.pk else match.team_a

    screen.goto(f"{base}/events/{event.pk}/")  # what the QR code opens
    expect(screen.locator(".now h2")).to_have_text("Round 1")
    assert_accessible(screen, "the event page")
    shot(screen, f"floor-01-event-page-{name}")
    screen.fill("#find-q", player.name[:3])  # tap 1: the search field, three letters
    screen.click(".find button")  # tap 2: Find
    heading = screen.get_by_role("heading", name=team.name, exact=True)
    found = screen.locator(".found li").filter(has=heading)
    expect(found.locator(".table-no")).to_have_text(str(match.table))
    expect(found).to_contain_text(opponent.name)
    for p in opponent.players.all():
        expect(found).to_contain_text(p.name)
    assert _no_sideways_scroll(screen)
    assert_accessible(screen, "the search results")
    shot(screen, f"floor-02-found-{name}")


def test_team_page_seats_remember_me_and_live_updates(live_server, screen, shot):
    base, name = live_server.url, screen.screen_name
    event = factories.event(name="Saturday 2HG", swiss_rounds=3)
    teams = _teams(event, 8)
    round_ = _round(event)
    team = teams[0]
    second = team.players.get(seat=2)
    match = round_.matches.get(entries__team=team)
    opponent = match.team_b if match.team_a_id == team.pk else match.team_a

    screen.goto(f"{base}/t/{team.access_key}/")
    expect(screen.locator(".my-match .table-no")).to_have_text(str(match.table))
    expect(screen.locator(".my-match .heads")).to_contain_text(opponent.players.first().name)
    assert_accessible(screen, "the team page")
    shot(screen, f"floor-03-team-page-{name}")

    # Seats for this match (MTR 9.4).
    screen.click(".seat-choice summary")
    screen.check(f".seat-choice input[value='{second.pk}']")
    screen.click(".seat-choice button")
    expect(screen.locator(".messages")).to_contain_text("Seats chosen")
    expect(screen.locator(".my-match .heads ol").first.locator("li").first).to_contain_text(
        second.name
    )

    # Remember me: the event page links to the team page, one tap away.
    screen.click("text=Remember us on this phone")
    expect(screen.locator(".messages")).to_contain_text("remembers your team")
    screen.goto(f"{base}/events/{event.pk}/")
    screen.click(".remembered a")
    expect(screen.locator("h1")).to_have_text(team.name)
    assert_accessible(screen, "the team page with the seats chosen")

    # Live: both teams report, the result is final, the page shows it without a reload.
    screen.evaluate("window.notReloaded = true")
    services.match_report_result(match=match, team=team, games_a=1, games_b=0, games_drawn=0)
    services.match_report_result(match=match, team=opponent, games_a=1, games_b=0, games_drawn=0)
    expect(screen.locator(".my-match")).to_contain_text("Result final", timeout=30_000)
    assert screen.evaluate("window.notReloaded === true")
    shot(screen, f"floor-04-team-live-result-{name}")


def test_public_page_shows_a_new_round_without_a_reload(live_server, phone, shot):
    base = live_server.url
    event = factories.event(name="Live 2HG", swiss_rounds=3)
    teams = _teams(event, 4)
    round_ = _round(event)
    phone.goto(f"{base}/events/{event.pk}/")
    expect(phone.locator(".now h2")).to_have_text("Round 1")
    phone.evaluate("window.notReloaded = true")
    # With JavaScript the results follow the typing, without pressing Find.
    phone.locator("#find-q").press_sequentially(teams[0].name[:5])
    expect(phone.locator(".found li").first).to_contain_text(teams[0].name)
    assert "q=" in phone.url
    for m in round_.matches.all():
        services.match_enter_result(
            match=m, by=event.organizer, games_a=1, games_b=0, games_drawn=0
        )
    _round(event)
    expect(phone.locator(".now h2")).to_have_text("Round 2", timeout=30_000)
    expect(phone.locator(".found li").first.locator(".table-no")).to_be_visible()
    assert phone.evaluate("window.notReloaded === true")
    shot(phone, "floor-05-event-live-round-2")


def test_teams_sign_up_together_and_the_organizer_approves(live_server, browser, screen, shot):
    base, name = live_server.url, screen.screen_name
    organizer = factories.user("olga", password="olga-runs-2hg")
    event = factories.event(organizer=organizer, name="Open 2HG")
    signup_svc.signups_set_open(event=event, open=True)

    screen.goto(f"{base}/events/{event.pk}/")
    screen.click("text=Start a team")
    assert_accessible(screen, "the sign-up form")
    screen.fill("#id_name", "bye")
    screen.fill("#id_player", "Alice Archer")
    screen.click("button:has-text('Start the team')")
    expect(screen.locator(".error")).to_contain_text("would read as a bye")
    assert_accessible(screen, "the sign-up form with an error")
    shot(screen, f"floor-06-signup-refused-name-{name}")
    screen.fill("#id_name", "Goblin Twins")
    screen.click("button:has-text('Start the team')")
    code = screen.locator(".join-code strong").inner_text()
    assert_accessible(screen, "the signup page")
    shot(screen, f"floor-07-signup-code-{name}")
    signup_url = screen.url

    mate = browser.new_context(**VIEWPORTS["phone"]).new_page()
    mate.goto(f"{base}/signup/join/?code={code}")
    expect(mate.locator("main")).to_contain_text("Goblin Twins")
    assert_accessible(mate, "the join form")
    mate.fill("#id_player", "Bruno Barros")
    mate.click("button:has-text('Join the team')")
    expect(mate.locator(".seats")).to_contain_text("Bruno Barros")
    mate.check("input[name=primary][value='1']")
    mate.click("button:has-text('Save seats')")
    expect(mate.locator(".seats li").first).to_contain_text("Bruno Barros")

    org = browser.new_context(viewport=VIEWPORTS["laptop"]["viewport"]).new_page()
    login(org, base, "olga", "olga-runs-2hg")
    org.goto(f"{base}/events/{event.pk}/signups/")
    assert_accessible(org, "the organizer's sign-ups")
    org.click("button:has-text('Approve Goblin Twins')")
    expect(org.locator(".messages")).to_contain_text("Goblin Twins registered")
    org.click("button:has-text('Close self-registration')")
    shot(org, f"floor-08-signups-organizer-{name}")

    team = Team.objects.get(event=event)
    for page in (screen, mate):
        page.goto(signup_url)
        page.click("text=Open our team page")
        expect(page.locator("h1")).to_have_text("Goblin Twins")
    expect(mate.locator(".seats li").first).to_contain_text("Bruno Barros")
    assert team.players.get(seat=1).name == "Bruno Barros"
    mate.context.close()
    org.context.close()


def test_pairings_page_of_256_teams_is_under_100_kb_and_does_not_shift(live_server, phone):
    base = live_server.url
    event = factories.event(name="Big 2HG", swiss_rounds=3)
    _teams(event, 256)
    round_ = _round(event)
    phone.goto(f"{base}/events/{event.pk}/rounds/{round_.number}/")
    expect(phone.locator("tr[id^=table-]")).to_have_count(128)
    phone.wait_for_load_state("load")
    sizes = phone.evaluate(
        """() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const res = performance.getEntriesByType('resource');
          const files = {};
          for (const r of res) files[r.name.split('/').pop()] = r.transferSize;
          return {page: nav.transferSize, html: nav.decodedBodySize, files: files,
                  total: nav.transferSize + res.reduce((s, r) => s + r.transferSize, 0)};
        }"""
    )
    shift = phone.evaluate(
        """() => new Promise(done => {
          let sum = 0;
          new PerformanceObserver(list => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) sum += e.value;
          }).observe({type: 'layout-shift', buffered: true});
          setTimeout(() => done(sum), 500);
        })"""
    )
    print(f"256-team pairings page: {sizes}, layout shift {shift:.3f}")
    # The page itself (HTML and headers, as sent): the part that grows with the event. Static
    # files are cached by the browser after the first page (and compressed by the production
    # static files storage); here they are served plain, so they are reported, not counted.
    assert sizes["page"] < 100 * 1024, sizes
    styles = sum(v for k, v in sizes["files"].items() if k.endswith(".css"))
    assert sizes["page"] + styles < 100 * 1024, sizes
    assert shift < 0.1
    assert_accessible(phone, "the 256-team pairings page")
