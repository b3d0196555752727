"""Foundation issue, step 9: the organizer logs in, creates an event, registers two teams by form
and two by CSV, and a team opens its private link on a phone (390x844). Screenshots kept."""

import pytest
from playwright.sync_api import expect

from support import factories
from support.browser import login
from tournament.models import Event, Team

pytestmark = pytest.mark.django_db(transaction=True)


def _register(page, name: str, primary: str, second: str) -> None:
    page.fill("#id_name", name)
    page.fill("#id_player1", primary)
    page.fill("#id_player2", second)
    page.click("button:has-text('Register team')")
    expect(page.locator(".messages")).to_contain_text(f"Team {name} registered")


def test_organizer_registers_teams_and_team_opens_its_link_on_a_phone(
    live_server, desktop, phone, shot, tmp_path
):
    factories.user("alice", password="alice-pass-2hg")
    base = live_server.url
    login(desktop, base, "alice", "alice-pass-2hg")

    desktop.click("text=Create an event")
    desktop.fill("#id_name", "Friday Night 2HG")
    desktop.select_option("#id_structure", "constructed")
    desktop.fill("#id_format", "pioneer")
    desktop.check("#id_top_cut input[value='4']")
    desktop.click("button:has-text('Create event')")
    expect(desktop.locator("h1")).to_have_text("Friday Night 2HG")
    expect(desktop.locator(".next-step")).to_contain_text("Register teams")
    shot(desktop, "registration-01-dashboard")

    desktop.click(".next-step a")
    expect(desktop.locator("main")).to_contain_text("primary player sits on the right")
    _register(desktop, "Goblin Twins", "Alice Archer", "Bob Baker")
    _register(desktop, "Lucky Pair", "Cara Cole", "Dan Dorn")

    # A duplicate player is refused with a message on the form, nothing saved.
    desktop.fill("#id_name", "Copycats")
    desktop.fill("#id_player1", "alice archer")
    desktop.fill("#id_player2", "Eve Eton")
    desktop.click("button:has-text('Register team')")
    expect(desktop.locator(".errors")).to_contain_text("already registered")
    shot(desktop, "registration-02-duplicate-refused")

    csv = tmp_path / "teams.csv"
    csv.write_text(
        "team,primary,second\nStorm Duo,Finn Frost,Gail Gray\nIron Allies,Hal Hart,Ida Ives\n"
    )
    desktop.click("text=Import a CSV of teams")
    desktop.set_input_files("#id_file", str(csv))
    desktop.click("button:has-text('Preview')")
    expect(desktop.locator("table")).to_contain_text("Storm Duo")
    shot(desktop, "registration-03-csv-preview")
    desktop.click("button:has-text('Register 2 teams')")
    expect(desktop.locator(".messages")).to_contain_text("2 teams registered")
    expect(desktop.locator("table")).to_contain_text("Iron Allies")
    shot(desktop, "registration-04-teams")

    event = Event.objects.get(name="Friday Night 2HG")
    assert sorted(Team.objects.filter(event=event).values_list("name", flat=True)) == [
        "Goblin Twins", "Iron Allies", "Lucky Pair", "Storm Duo",
    ]  # fmt: skip
    team = Team.objects.get(name="Goblin Twins")

    phone.goto(f"{base}/t/{team.access_key}/")
    expect(phone.locator("h1")).to_have_text("Goblin Twins")
    expect(phone.locator(".seats")).to_contain_text("Alice Archer")
    expect(phone.locator(".seats li").first).to_contain_text("primary")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the team page scrolls sideways on a phone"
    shot(phone, "registration-05-team-link-phone")
