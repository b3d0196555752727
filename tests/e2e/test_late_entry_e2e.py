"""A team arrives after round 1 is paired, on the organizer's phone (390x844), in English and
Spanish (docs/rules.md "Late entry"): the Teams page offers "Enter a team late", the page says
what the missed round is worth before the form, the team is entered and its staff page and its
own page state the match loss in round 1. Screenshots kept in tests/e2e/screenshots/."""

import pytest
from playwright.sync_api import expect

from pairing import services as pairing_svc
from support import factories
from support.rounds import event_with_teams
from tournament.models import LateEntry, Team

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {
        "late": "Enter a team late",
        "rules": "match loss in round 1",
        "submit": "Enter the team late",
        "note": "a match loss in round 1 (no opponent, 0 match points)",
        "from": "Paired from round 2.",
    },
    "es": {
        "late": "Inscribir un equipo tarde",
        "rules": "derrota en la ronda 1",
        "submit": "Inscribir el equipo tarde",
        "note": "una derrota en la ronda 1 (sin rival, 0 puntos de partida)",
        "from": "Se empareja desde la ronda 2.",
    },
}


def _fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width}px wide on a 390px phone"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_organizer_enters_a_late_team_from_the_phone(live_server, browser, shot, lang):
    words = WORDS[lang]
    organizer = factories.user(f"olivia{lang}", password="olivia-pass-2hg")
    event, _ = event_with_teams(6, organizer, swiss_rounds=4, public=True)
    pairing_svc.round_pair_next(event=event)
    base = live_server.url
    contexts = [
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=lang)
        for _ in range(2)
    ]
    staff, team_phone = (c.new_page() for c in contexts)
    for page in (staff, team_phone):
        page.set_default_timeout(15_000)

    staff.goto(f"{base}/login/")
    staff.fill("input[name=username]", organizer.username)
    staff.fill("input[name=password]", "olivia-pass-2hg")
    staff.press("input[name=password]", "Enter")
    staff.wait_for_url(f"{base}/")
    staff.goto(f"{base}/events/{event.pk}/teams/")
    _fits(staff)
    staff.click(f"text={words['late']}")
    expect(staff.locator("#late-rules")).to_contain_text(words["rules"])
    expect(staff.locator("#late-rules")).to_contain_text("MTR 2.10")
    _fits(staff)
    shot(staff, f"late-entry-{lang}-01-rules-and-form")
    staff.fill("#id_name", "Night Owls")
    staff.fill("#id_player1", "Nia Owl")
    staff.fill("#id_player2", "Ned Owl")
    staff.click(f"button:has-text('{words['submit']}')")
    expect(staff.locator("main")).to_contain_text(words["note"])
    _fits(staff)
    shot(staff, f"late-entry-{lang}-02-team-entered")
    team = Team.objects.get(event=event, name="Night Owls")
    assert LateEntry.objects.get(team=team).first_round == 2

    team_phone.goto(f"{base}/t/{team.access_key}/")
    expect(team_phone.locator("main")).to_contain_text(words["note"])
    expect(team_phone.locator("main")).to_contain_text(words["from"])
    _fits(team_phone)
    shot(team_phone, f"late-entry-{lang}-03-team-page")
    for context in contexts:
        context.close()
