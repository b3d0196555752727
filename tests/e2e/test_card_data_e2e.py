"""Card data that tells its age, on a phone: a Standard team checked with old card data is
"not checked", never "legal" (MTR 6.3), and the page says the date of the data; a server
administrator loads a Scryfall file on the card data page (a laptop without internet).
Screenshots: card-data-*.png."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from decklists.models import CatalogueImport
from decklists.services import decklists as svc
from support import factories
from support.browser import login
from support.catalogue import load_subset

SAMPLE = (
    Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "scryfall-oracle-cards.sample.json"
)


@pytest.fixture(autouse=True)
def cards(transactional_db):
    load_subset({"Consider", "Play with Fire", "Island", "Mountain"})


def _no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_standard_team_with_old_card_data_is_not_checked_on_a_phone(live_server, phone, shot):
    event = factories.event(name="Standard night", format="standard")
    team = factories.team(event, "Team Blue", ["Una", "Uri"])
    una, uri = list(team.players.order_by("seat"))
    svc.decklist_submit(player=una, main="4 Consider\n56 Island\n")
    svc.decklist_submit(player=uri, main="4 Play with Fire\n56 Mountain\n")
    phone.goto(f"{live_server.url}/t/{team.access_key}/decklists/")
    status = phone.locator("#dl-status")
    assert "Not checked" in status.inner_text()
    assert "legal" not in phone.locator("#dl-status h2").inner_text().replace("legality", "")
    assert "Card data of" in phone.locator(".catalogue-note").inner_text()
    assert phone.locator(f"#count-{una.pk}").inner_text() == "60 cards · to check"
    assert _no_horizontal_scroll(phone)
    shot(phone, "card-data-phone-not-checked")


def test_administrator_uploads_a_scryfall_file_on_a_phone(live_server, phone, shot):
    get_user_model().objects.create_superuser("root", password="long-enough-pw")  # noqa: S106
    login(phone, live_server.url, "root", "long-enough-pw")
    phone.goto(f"{live_server.url}/catalogue/")
    assert _no_horizontal_scroll(phone)
    phone.set_input_files("#cards-file", str(SAMPLE))
    phone.get_by_role("button", name="Load the card file").click()
    phone.get_by_text("26 cards read from scryfall-oracle-cards.sample.json").wait_for()
    assert CatalogueImport.objects.filter(source="scryfall-oracle-cards.sample.json").exists()
    assert _no_horizontal_scroll(phone)
    shot(phone, "card-data-phone-upload")
