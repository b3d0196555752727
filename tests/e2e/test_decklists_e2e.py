"""A team enters both decklists on a phone, sees a Unified Deck Construction violation naming
both players (MTR 8.4), fixes it, and sees the team legal. Screenshots: decklists-*.png.

The organizer's board and the judge's deck-check sheet are shot on a desktop page.
"""

import pytest

from decklists.models import Decklist
from decklists.services import decklists as svc
from support import decks, factories
from support.browser import login
from support.catalogue import load_subset

BURN = decks.BURN.rstrip("\n")
TEMPO_WITH_BOLT = """Deck
4 Delver of Secrets (ISD) 51
4 Counterspell
3 Opt
1 Lightning Bolt (M11) 146
4 Consider
4 Spell Pierce
4 Thing in the Ice
4 Snapcaster Mage
4 Mana Leak
4 Remand
4 Vendilion Clique
20 Island"""


CARDS = {
    "Lightning Bolt", "Monastery Swiftspear", "Lava Spike", "Rift Bolt", "Skewer the Critics",
    "Goblin Guide", "Eidolon of the Great Revel", "Light Up the Stage", "Searing Blaze",
    "Skullcrack", "Mountain", "Delver of Secrets // Insectile Aberration", "Counterspell", "Opt",
    "Consider", "Spell Pierce", "Thing in the Ice // Awoken Horror", "Snapcaster Mage",
    "Mana Leak", "Remand", "Vendilion Clique", "Island", "Hogaak, Arisen Necropolis",
    "Grizzly Bears", "Giant Growth", "Llanowar Elves", "Forest",
}  # fmt: skip


@pytest.fixture(autouse=True)
def cards(transactional_db):
    """The cards of these lists (a live-server test empties the database after it)."""
    load_subset(CARDS)


def _no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _small_targets(page, selector: str) -> list[str]:
    """Visible buttons/links under `selector` less than 44 px high (WCAG touch target)."""
    return page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
            .filter(el => el.offsetParent !== null)
            .filter(el => el.getBoundingClientRect().height < 44)
            .map(el => el.textContent.trim())""",
        selector,
    )


def test_team_fixes_a_udc_violation_on_a_phone(live_server, phone, shot):
    organizer = factories.user("olivia")
    event = factories.event(organizer, name="Friday 2HG", format="modern")
    team = factories.team(event, "Team Red", ["Rita", "Rob"])
    rita, rob = list(team.players.order_by("seat"))

    phone.goto(f"{live_server.url}/t/{team.access_key}/")
    phone.get_by_role("link", name="Enter our decklists").click()
    phone.wait_for_url(f"**/t/{team.access_key}/decklists/")
    assert phone.get_by_role("heading", name="Decklists to enter").is_visible()

    phone.fill(f"#main-{rita.pk}", BURN)
    phone.get_by_role("button", name="Save Rita's list").click()
    phone.locator(f"#deck-{rita.pk} .saving", has_text="Saved and checked.").wait_for()
    assert phone.locator(f"#count-{rita.pk}").inner_text() == "60 cards ✓"

    phone.fill(f"#main-{rob.pk}", TEMPO_WITH_BOLT)
    phone.get_by_role("button", name="Save Rob's list").click()
    problem = phone.locator("#dl-status .problems li[data-code=udc_over_limit]")
    problem.wait_for()
    text = problem.inner_text()
    assert "Lightning Bolt is in both Rita's and Rob's decks (4 + 1)" in text
    assert "Rita: 4" in text
    assert "Rob: 1" in text
    assert phone.get_by_role("heading", name="1 problem to fix").is_visible()
    # The card is highlighted in both decks, with who holds how many.
    for player in (rita, rob):
        row = phone.locator(f"#checked-{player.pk} li.problem")
        assert row.locator(".name").inner_text() == "Lightning Bolt"
        assert "shared with a teammate: Rita 4, Rob 1" in row.inner_text()
    assert _no_horizontal_scroll(phone)
    assert _small_targets(phone, "main button, main .button, main summary") == []
    shot(phone, "decklists-phone-udc-violation")

    phone.fill(
        f"#main-{rob.pk}", TEMPO_WITH_BOLT.replace("3 Opt\n1 Lightning Bolt (M11) 146", "4 Opt")
    )
    phone.get_by_role("button", name="Save Rob's list").click()
    phone.get_by_role("heading", name="Your team's decklists are legal").wait_for()
    assert phone.locator(".problems li").count() == 0
    assert phone.locator(f"#count-{rob.pk}").inner_text() == "60 cards ✓"
    assert _no_horizontal_scroll(phone)
    shot(phone, "decklists-phone-legal")

    saved = Decklist.objects.get(player=rob)
    assert "Lightning Bolt" not in saved.main_text
    assert saved.by_team

    phone.goto(f"{live_server.url}/t/{team.access_key}/")
    assert phone.locator(".dl-block", has_text="Your decklists are legal").is_visible()
    assert _no_horizontal_scroll(phone)


def test_organizer_board_and_deck_check_sheet(live_server, desktop, phone, shot):
    organizer = factories.user("olivia", password="long-enough-pw")
    event = factories.event(organizer, name="Friday 2HG", format="modern")
    red = factories.team(event, "Team Red", ["Rita", "Rob"])
    blue = factories.team(event, "Team Blue", ["Bea", "Ben"])

    rita, rob = list(red.players.order_by("seat"))
    svc.decklist_submit(player=rita, main=BURN)
    svc.decklist_submit(player=rob, main=TEMPO_WITH_BOLT.replace("1 Lightning Bolt", "1 Opt"))
    bea = blue.players.order_by("seat").first()
    svc.decklist_submit(player=bea, main=BURN.replace("20 Mountain", "19 Mountain\n1 Hogaak"))

    login(desktop, live_server.url, "olivia", "long-enough-pw")
    desktop.goto(f"{live_server.url}/events/{event.pk}/decklists/")
    assert desktop.get_by_role("link", name="Missing 1").is_visible()
    assert desktop.get_by_role("link", name="Legal 1").is_visible()
    desktop.get_by_role("link", name="Legal 1").click()
    assert desktop.locator("table.board tbody tr").count() == 1
    shot(desktop, "decklists-board")

    desktop.goto(f"{live_server.url}/events/{event.pk}/decklists/{red.pk}/print/")
    sheets = desktop.locator(".sheet")
    assert sheets.count() == 2
    assert "Main deck: 60" in sheets.nth(0).inner_text()
    assert sheets.nth(0).locator("caption").first.inner_text().startswith("Creature")
    desktop.emulate_media(media="print")
    shot(desktop, "decklists-deck-check-print")

    login(phone, live_server.url, "olivia", "long-enough-pw")
    phone.goto(f"{live_server.url}/events/{event.pk}/decklists/")
    assert _no_horizontal_scroll(phone)
    shot(phone, "decklists-phone-board")


def test_sealed_team_registers_its_pool_and_builds_from_it_on_a_phone(live_server, phone, shot):
    """MTR 9.6: each deck 40 cards from the pool; what is in neither deck is the sideboard."""
    event = factories.event(factories.user("olivia"), name="Sealed 2HG", structure="sealed")
    team = factories.team(event, "Team Green", ["Gus", "Gwen"])
    gus, gwen = list(team.players.order_by("seat"))
    phone.goto(f"{live_server.url}/t/{team.access_key}/decklists/")
    phone.fill("#text-pool", "3 Grizzly Bears\n2 Giant Growth\n1 Llanowar Elves\n")
    phone.get_by_role("button", name="Save the pool").click()
    phone.locator("#pool-count", has_text="6 cards").wait_for()
    # Build from the pool: each tap adds a copy to that player's list.
    phone.get_by_role("button", name="Add one Grizzly Bears to Gus's deck").click()
    phone.get_by_role("button", name="Add one Grizzly Bears to Gus's deck").click()
    phone.get_by_role("button", name="Add one Giant Growth to Gwen's deck").click()
    assert phone.input_value(f"#main-{gus.pk}") == "2 Grizzly Bears\n"
    phone.fill(f"#main-{gus.pk}", phone.input_value(f"#main-{gus.pk}") + "38 Forest\n")
    phone.get_by_role("button", name="Save Gus's list").click()
    phone.locator(f"#count-{gus.pk}", has_text="40 cards").wait_for()
    left = {
        row.locator(".name").inner_text(): row.locator(".n").inner_text()
        for row in phone.locator("#shared-sb li").all()
    }
    # Gwen's list is not saved yet: her Giant Growth is still in the shared sideboard.
    assert left == {"Grizzly Bears": "1", "Giant Growth": "2", "Llanowar Elves": "1"}
    assert _no_horizontal_scroll(phone)
    assert _small_targets(phone, "main button, main .button, main summary") == []
    shot(phone, "decklists-phone-sealed-pool")
    assert Decklist.objects.get(player=gus).main_text.splitlines() == [
        "2 Grizzly Bears",
        "38 Forest",
    ]
    assert not Decklist.objects.filter(player=gwen).exists()


def test_a_teammates_save_shows_on_the_other_phone_without_a_reload(live_server, browser, shot):
    """Rita and Rob each have the team's decklist page open; Rob saves, Rita's page shows his
    list checked (core.live: a Server-Sent Events stream, which under the test server's WSGI
    answers at once and is reopened by the browser, as on a network that drops)."""
    organizer = factories.user("olivia")
    event = factories.event(organizer, name="Friday 2HG", format="modern")
    team = factories.team(event, "Team Red", ["Rita", "Rob"])
    rita, rob = list(team.players.order_by("seat"))
    url = f"{live_server.url}/t/{team.access_key}/decklists/"
    phones = [
        browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        for _ in range(2)
    ]
    try:
        ritas, robs = (context.new_page() for context in phones)
        for page in (ritas, robs):
            page.set_default_timeout(20_000)
            page.goto(url)
        assert ritas.locator(f"#count-{rob.pk}").inner_text() == "no list"

        robs.fill(f"#main-{rob.pk}", TEMPO_WITH_BOLT.replace("1 Lightning Bolt (M11) 146", "1 Opt"))
        robs.get_by_role("button", name="Save Rob's list").click()
        robs.locator(f"#deck-{rob.pk} .saving", has_text="Saved and checked.").wait_for()

        # Rita never touched her page: the change arrives by itself.
        ritas.locator(f"#count-{rob.pk}", has_text="60 cards").wait_for()
        assert ritas.locator(f"#count-{rob.pk}").inner_text() == "60 cards ✓"
        assert ritas.locator(f"#main-{rita.pk}").input_value() == ""
        shot(ritas, "decklists-phone-teammate-saved")
    finally:
        for context in phones:
            context.close()
