"""Other printed names of cards (MTR 3.6) in the stored catalogue: the shipped pairs, the pairs a
Scryfall, MTGJSON or JSON Lines file carries, and the team check and pages that use them."""

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client

from decklists import catalogue_cache
from decklists import selectors as deck_selectors
from decklists.models import Card, CardAlias, CatalogueImport
from decklists.services import catalogue as svc
from decklists.services import decklists as deck_svc
from support import decks
from support.catalogue import catalogue  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

GREYMOND = "Greymond, Avacyn's Stalwart"
RICK = "Rick, Steadfast Leader"


def scryfall_card(name: str, oracle_id: str, **extra) -> dict:
    return {
        "object": "card",
        "oracle_id": oracle_id,
        "name": name,
        "layout": "normal",
        "type_line": "Legendary Creature \u2014 Human Soldier",
        "oracle_text": "",
        "legalities": {"modern": "legal", "standard": "not_legal"},
        **extra,
    }


SCRYFALL_FILE = [
    scryfall_card(GREYMOND, "0001"),
    scryfall_card(RICK, "0001"),  # the Universes Beyond card of the same Oracle id
    scryfall_card(
        "Zilortha, Strength Incarnate",
        "0002",
        flavor_name="Godzilla, King of the Monsters",
    ),
    scryfall_card("Brainstorm", "0003", lang="ja", printed_name="\u5bb6\u8def"),
    scryfall_card("Lightning Bolt", "0004", printed_name="Lightning Bolt"),
]


def import_file(objects: list[dict], name: str = "default-cards-20261101090000.json"):
    data = json.dumps(objects).encode()
    return svc.import_cards(fileobj=io.BytesIO(data), source=name)


def test_shipped_other_names_are_loaded_with_the_catalogue():
    """MTR 3.6: the 566 shipped pairs are in the catalogue and its index."""
    assert CardAlias.objects.count() == 566
    index = catalogue_cache.card_index()
    assert index.get("Krobus").name == "Academy Manufactor"
    assert CatalogueImport.objects.filter(kind="aliases").exists()


def test_import_reads_the_pairs_a_scryfall_file_carries():
    """MTR 3.6: flavor_name, an English printed_name and a second name of one Oracle id (a
    Universes Beyond card and its Universes Within reprint) are other names of the card."""
    CardAlias.objects.all().delete()
    assert catalogue_cache.card_index().get(RICK).name == RICK  # a card of its own in 2025 data
    result = import_file(SCRYFALL_FILE)
    assert result.aliases == 2
    pairs = dict(
        CardAlias.objects.filter(name__in=[RICK, "Godzilla, King of the Monsters"]).values_list(
            "name", "card_name"
        )
    )
    assert pairs == {
        RICK: GREYMOND,
        "Godzilla, King of the Monsters": "Zilortha, Strength Incarnate",
    }
    assert not CardAlias.objects.filter(card_name="Brainstorm", name="\u5bb6\u8def").exists()
    assert not CardAlias.objects.filter(name="Lightning Bolt").exists()
    index = catalogue_cache.card_index()
    assert index.get(RICK).name == GREYMOND
    assert index.get("godzilla, king of the monsters").name == "Zilortha, Strength Incarnate"
    assert not Card.objects.filter(name=RICK).exists()


def test_import_twice_duplicates_no_other_name():
    """Running the same import again changes nothing."""
    import_file(SCRYFALL_FILE)
    before = CardAlias.objects.count()
    again = import_file(SCRYFALL_FILE)
    assert again.aliases == 0
    assert CardAlias.objects.count() == before


def test_import_reads_mtgjson_flavor_names_and_json_lines_other_names():
    """MTR 3.6: MTGJSON's flavorName and JSON Lines' other_names."""
    mtgjson = {
        "meta": {"date": "2026-11-01"},
        "data": {
            "Zilortha, Strength Incarnate": [
                {
                    "name": "Zilortha, Strength Incarnate",
                    "type": "Legendary Creature",
                    "flavorName": "Godzilla, King of the Monsters",
                    "legalities": {"modern": "Legal"},
                }
            ]
        },
    }
    svc.import_cards(fileobj=io.BytesIO(json.dumps(mtgjson).encode()), source="AtomicCards.json")
    assert CardAlias.objects.get(name="Godzilla, King of the Monsters").card_name == (
        "Zilortha, Strength Incarnate"
    )
    line = {"name": GREYMOND, "faces": [GREYMOND], "other_names": [RICK]}
    svc.import_cards(fileobj=io.BytesIO(json.dumps(line).encode()), source="cards.jsonl")
    assert CardAlias.objects.get(name=RICK).card_name == GREYMOND


def test_import_cards_command_says_how_many_other_names(tmp_path):
    CardAlias.objects.all().delete()
    path = tmp_path / "oracle-cards-20261101090000.json"
    path.write_text(json.dumps(SCRYFALL_FILE))
    out = io.StringIO()
    call_command("import_cards", str(path), stdout=out, stderr=io.StringIO())
    assert "2 other card names (MTR 3.6) added or changed" in out.getvalue()


def test_team_with_a_flavor_name_and_its_oracle_name_breaks_udc(world):
    """MTR 3.6, 8.4: "Krobus" in Rita's deck and Academy Manufactor in Rob's are one card."""
    rita, rob = list(world.red.players.order_by("seat"))
    deck_svc.decklist_submit(
        player=rita, main=decks.MERFOLK.replace("4 Lord of Atlantis", "4 Krobus")
    )
    deck_svc.decklist_submit(
        player=rob, main=decks.BOROS_BURN.replace("4 Goblin Guide", "4 Academy Manufactor")
    )
    report = deck_selectors.team_report(world.red)
    assert [(p.code, p.card) for p in report.problems] == [("udc_over_limit", "Academy Manufactor")]
    line = next(x for x in report.decks[0].main if x.written == "Krobus")
    assert (line.name, line.other_name) == ("Academy Manufactor", "Krobus")
    client = Client()
    client.force_login(world.alice)
    html = client.get(f"/events/{world.event.pk}/decklists/{world.red.pk}/").content.decode()
    assert "written \u201cKrobus\u201d, the same card (MTR 3.6)" in html


def test_arena_rebalanced_card_in_one_deck_and_paper_card_in_the_other(world):
    """MTR 8.4: "A-X" and X clash between the decks; the page says what A-X rebalances."""
    rita, rob = list(world.red.players.order_by("seat"))
    deck_svc.decklist_submit(
        player=rita,
        main=decks.MERFOLK.replace("4 Lord of Atlantis", "4 A-Acererak the Archlich"),
    )
    deck_svc.decklist_submit(
        player=rob,
        main=decks.BOROS_BURN.replace("4 Goblin Guide", "4 Acererak the Archlich"),
    )
    report = deck_selectors.team_report(world.red)
    assert [(p.code, p.card) for p in report.problems] == [
        ("not_legal", "A-Acererak the Archlich"),
        ("udc_over_limit", "Acererak the Archlich"),
    ]
    clash = report.problems[1]
    assert [(p.name, n) for p, n in report.holders_of(clash.card)] == [("Rita", 4), ("Rob", 4)]
    client = Client()
    client.force_login(world.alice)
    html = client.get(f"/events/{world.event.pk}/decklists/{world.red.pk}/").content.decode()
    assert "MTG Arena's rebalanced Acererak the Archlich, not a paper card" in html
