"""Issue 4: a scorekeeper pairs and publishes round 1 of a 16-team event on a desktop, a team
reports its result on a phone (390x844) and the other team confirms it, the scorekeeper types
the other results with the keyboard (table, result, Enter), reads the standings and a team's
working, and pairs round 2 (equal points meet, MTR). Screenshots: rounds-*.png.
"""

import pytest
from playwright.sync_api import expect

from pairing.models import Match, Round
from support import factories
from support.browser import login
from support.rounds import event_with_teams

pytestmark = pytest.mark.django_db(transaction=True)


def _no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _report(phone, base: str, team, outcome: str) -> None:
    phone.goto(f"{base}/t/{team.access_key}/")
    phone.check(f"input[name=outcome][value={outcome}]")
    phone.click("#report-next")
    expect(phone.locator("h1")).to_contain_text("confirm")
    phone.click("#report-send")


def test_scorekeeper_pairs_enters_results_and_reads_standings(live_server, desktop, phone, shot):
    base = live_server.url
    event, teams = event_with_teams(16, swiss_rounds=3, name="Sunday 2HG")
    sam = factories.staff(event, "scorekeeper", "sam")
    sam.set_password("sam-keeps-score")
    sam.save()
    login(desktop, base, "sam", "sam-keeps-score")

    # Pair round 1 from the dashboard's next step, check it, publish it.
    desktop.goto(f"{base}/events/{event.pk}/")
    expect(desktop.locator(".next-step")).to_contain_text("Pair round 1")
    desktop.click(".next-step a")
    desktop.click("#pair-next")
    expect(desktop.locator(".messages")).to_contain_text("Round 1 paired")
    expect(desktop.locator("tr[id^=table-]")).to_have_count(8)
    shot(desktop, "rounds-01-paired-unpublished")
    desktop.click("#publish")
    expect(desktop.locator(".messages")).to_contain_text("published")
    shot(desktop, "rounds-02-published")

    # A team finds its table on a phone and reports; the opponent confirms.
    round_ = Round.objects.get(event=event, number=1)
    match = round_.matches.get(table=3)
    phone.goto(f"{base}/t/{match.team_a.access_key}/")
    expect(phone.locator(".my-match .table-no")).to_have_text("3")
    expect(phone.locator(".my-match")).to_contain_text(match.team_b.name)
    assert _no_sideways_scroll(phone)
    shot(phone, "rounds-03-team-table-phone")
    _report(phone, base, match.team_a, "won")
    expect(phone.locator(".messages")).to_contain_text("final when the other team reports")
    shot(phone, "rounds-04-team-reported-phone")
    phone.goto(f"{base}/t/{match.team_b.access_key}/")
    expect(phone.locator(".my-match")).to_contain_text(f"reported: {match.team_a.name} beat")
    shot(phone, "rounds-05-opponent-sees-report-phone")
    _report(phone, base, match.team_b, "lost")
    expect(phone.locator(".messages")).to_contain_text("Result confirmed by both teams")
    match.refresh_from_db()
    assert (match.status, match.result) == ("final", "a")

    # The scorekeeper types the other seven results: table, Tab, result, Enter.
    desktop.goto(f"{base}/events/{event.pk}/rounds/1/results/")
    expect(desktop.locator("main")).to_contain_text("7 tables without a final result")
    for table in (1, 2, 4, 5, 6, 7, 8):
        desktop.focus("#id_table")
        desktop.keyboard.type(str(table))
        desktop.keyboard.press("Tab")
        desktop.keyboard.type("1-0-0" if table % 2 else "0-1-1")
        desktop.keyboard.press("Enter")
        expect(desktop.locator(".messages")).to_contain_text(f"Table {table}:")
    expect(desktop.locator("main")).to_contain_text("Every result of round 1 is in.")
    shot(desktop, "rounds-06-results-entered")
    assert Match.objects.filter(round=round_, status="final").count() == 8

    # Standings, and a team's working.
    desktop.goto(f"{base}/events/{event.pk}/standings/")
    expect(desktop.locator("table.standings tbody tr")).to_have_count(16)
    first = desktop.locator("table.standings tbody tr").first
    expect(first.locator("td").nth(2)).to_have_text("3")
    shot(desktop, "rounds-07-standings")
    first.locator("a").click()
    expect(desktop.locator("main")).to_contain_text("How each number was computed")
    expect(desktop.locator("table.working")).to_contain_text("1 win x 3")
    shot(desktop, "rounds-08-team-working")
    phone.goto(f"{base}/events/{event.pk}/standings/")
    expect(phone.locator("table.standings tbody tr")).to_have_count(16)
    assert _no_sideways_scroll(phone)
    shot(phone, "rounds-09-standings-phone")

    # Round 2: winners meet winners.
    desktop.goto(f"{base}/events/{event.pk}/rounds/")
    desktop.click("#pair-next")
    expect(desktop.locator("tr[id^=table-]")).to_have_count(8)
    second = Round.objects.get(event=event, number=2)
    winners = {m.team_a_id if m.result == "a" else m.team_b_id for m in round_.matches.all()}
    for m in second.matches.all():
        assert (m.team_a_id in winners) == (m.team_b_id in winners)
    shot(desktop, "rounds-10-round-2-paired")
    desktop.click("#publish")
    phone.goto(f"{base}/events/{event.pk}/rounds/2/")
    expect(phone.locator("tr[id^=table-]")).to_have_count(8)
    assert _no_sideways_scroll(phone)
    shot(phone, "rounds-11-pairings-phone")
