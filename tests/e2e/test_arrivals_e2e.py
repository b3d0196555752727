"""Teams that form themselves, on phones (390x844) in English and Spanish: two players without a
partner sign up alone on the event's sign-up page (the second names the first's code), the
organizer presses "Form teams", each player's page then links to the team's page, where the
team checks in once the organizer opens check-in; the organizer's dashboard counts it without a
reload and the sign-ups page says so, and the drop
asks again with the MTR 2.10 words. Screenshots kept in tests/e2e/screenshots/."""

import pytest
from playwright.sync_api import expect

from support import factories
from tournament.models import SoloSignup, TeamCheckIn
from tournament.services import signups as signup_svc

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": {
        "solo": "Sign up alone",
        "waiting": "You are waiting for a team",
        "form": "Form teams",
        "formed": "1 team formed",
        "open_team": "Open your team's page",
        "open_check_in": "Open check-in",
        "check_in": "We are here: check in",
        "checked": "Checked in",
        "count": "1 of 1 checked in",
        "count0": "0 of 1 checked in",
        "drop_words": "No round is paired yet",
    },
    "es": {
        "solo": "Inscribirme solo",
        "waiting": "Estás esperando un equipo",
        "form": "Formar equipos",
        "formed": "1 equipo formado",
        "open_team": "Abrir la página de tu equipo",
        "open_check_in": "Abrir el check-in",
        "check_in": "Estamos aquí: check-in",
        "checked": "Check-in hecho",
        "count": "1 de 1 con check-in",
        "count0": "0 de 1 con check-in",
        "drop_words": "Aún no hay ninguna ronda emparejada",
    },
}


def _fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width}px wide on a 390px phone"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_solos_form_a_team_and_check_in_from_their_phones(live_server, browser, shot, lang):
    words = WORDS[lang]
    organizer = factories.user(f"olivia{lang}", password="olivia-pass-2hg")
    event = factories.event(organizer, name="Friday 2HG", public=True)
    signup_svc.signups_set_open(event=event, open=True)
    base = live_server.url
    contexts = [
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=lang)
        for _ in range(3)
    ]
    ana, ben, staff = (c.new_page() for c in contexts)
    for page in (ana, ben, staff):
        page.set_default_timeout(15_000)

    ana.goto(f"{base}/events/{event.pk}/signup/")
    ana.fill("#id_solo-name", "Ana Alba")
    _fits(ana)
    shot(ana, f"arrivals-{lang}-01-sign-up-page")
    ana.click(f"button:has-text('{words['solo']}')")
    expect(ana.locator("main")).to_contain_text(words["waiting"])
    code = SoloSignup.objects.get(name="Ana Alba").code
    expect(ana.locator(".code")).to_have_text(code)
    _fits(ana)
    shot(ana, f"arrivals-{lang}-02-solo-waiting")

    ben.goto(f"{base}/events/{event.pk}/signup/")
    ben.fill("#id_solo-name", "Ben Bold")
    ben.fill("#id_solo-with_", code.lower())
    ben.click(f"button:has-text('{words['solo']}')")
    expect(ben.locator("main")).to_contain_text(words["waiting"])

    staff.goto(f"{base}/login/")
    staff.fill("input[name=username]", organizer.username)
    staff.fill("input[name=password]", "olivia-pass-2hg")
    staff.press("input[name=password]", "Enter")
    staff.wait_for_url(f"{base}/")
    staff.goto(f"{base}/events/{event.pk}/signups/")
    expect(staff.locator("#solos")).to_contain_text("Ben Bold")
    _fits(staff)
    shot(staff, f"arrivals-{lang}-03-organizer-waiting-solos")
    staff.click(f"button:has-text('{words['form']}')")
    expect(staff.locator(".messages")).to_contain_text(words["formed"])

    ana.reload()
    expect(ana.locator("main")).to_contain_text("Ana Alba & Ben Bold")
    _fits(ana)
    shot(ana, f"arrivals-{lang}-04-solo-teamed")
    ana.click(f"text={words['open_team']}")
    expect(ana.locator("h1")).to_contain_text("Ana Alba & Ben Bold")
    expect(ana.locator("#arrival")).not_to_contain_text(words["check_in"])  # not open yet

    staff.click(f"button:has-text('{words['open_check_in']}')")
    staff.goto(f"{base}/events/{event.pk}/")  # the dashboard counts check-ins live
    expect(staff.locator("#dashboard-checked")).to_have_text(words["count0"])
    ana.reload()
    _fits(ana)
    shot(ana, f"arrivals-{lang}-05-team-check-in")
    ana.click(f"button:has-text('{words['check_in']}')")
    expect(ana.locator("#arrival")).to_contain_text(words["checked"])
    assert TeamCheckIn.objects.filter(team__event=event).count() == 1
    shot(ana, f"arrivals-{lang}-06-team-checked-in")
    expect(staff.locator("#dashboard-checked")).to_have_text(words["count"])  # no reload
    shot(staff, f"arrivals-{lang}-06b-dashboard-count")

    staff.goto(f"{base}/events/{event.pk}/signups/")
    expect(staff.locator("#checked-count")).to_have_text(words["count"])
    shot(staff, f"arrivals-{lang}-07-organizer-count")

    ana.click(".team-drop-link a")
    expect(ana.locator("main")).to_contain_text(words["drop_words"])
    expect(ana.locator("main")).to_contain_text("MTR 2.10")
    _fits(ana)
    shot(ana, f"arrivals-{lang}-08-drop-confirmation")
    for context in contexts:
        context.close()
