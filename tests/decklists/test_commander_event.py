"""A "commander" event end to end: card data with colour identities imported, the lists of two
programs saved, the team's answer with the command zone apart (CR 903.3, 903.5a-c)."""

import datetime as dt
import io
import json

import pytest

from decklists import selectors as deck_selectors
from decklists.services import catalogue as catalogue_svc
from decklists.services import decklists as svc
from support import factories
from support.contract import API, team_client

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 11, 22)


def scryfall(name, type_line, identity):
    return {
        "object": "card", "name": name, "type_line": type_line, "color_identity": identity,
        "legalities": {"commander": "legal"},
    }  # fmt: skip


CARDS = [
    scryfall("Krenko, Mob Boss", "Legendary Creature \u2014 Goblin Warrior", ["R"]),
    scryfall("Talrand, Sky Summoner", "Legendary Creature \u2014 Merfolk Wizard", ["U"]),
    scryfall("Lightning Bolt", "Instant", ["R"]),
    scryfall("Counterspell", "Instant", ["U"]),
    scryfall("Mountain", "Basic Land \u2014 Mountain", []),
    scryfall("Island", "Basic Land \u2014 Island", []),
]


@pytest.fixture
def team():
    catalogue_svc.import_cards(
        fileobj=io.BytesIO(json.dumps(CARDS).encode()), source="test", data_date=DAY
    )
    event = factories.event(structure="constructed", format="commander", date=DAY)
    return factories.team(event, "Goblins and Wizards", ["Rita", "Rob"])


def test_commander_lists_from_two_programs_are_checked(team):
    rita, rob = team.players.order_by("seat")
    # Arena: a Commander section; MTGO: the commander after a blank line.
    svc.decklist_submit(
        player=rita,
        main="Commander\n1 Krenko, Mob Boss (M13) 139\n\nDeck\n1 Lightning Bolt (M10) 146\n"
        "1 Counterspell (MH2) 267\n97 Mountain (ZNR) 381\n",
    )
    svc.decklist_submit(player=rob, main="1 Lightning Bolt\n98 Island\n\n1 Talrand, Sky Summoner\n")
    report = deck_selectors.team_report(team)
    assert [(p.code, p.card, p.players) for p in report.problems] == [
        ("udc_over_limit", "Lightning Bolt", (rita.pk, rob.pk)),
        ("color_identity", "Counterspell", (rita.pk,)),
        ("color_identity", "Lightning Bolt", (rob.pk,)),
    ]
    assert [[line.name for line in deck.commander] for deck in report.decks] == [
        ["Krenko, Mob Boss"],
        ["Talrand, Sky Summoner"],
    ]
    assert [deck.sideboard for deck in report.decks] == [[], []]
    body = team_client(team.access_key).get(f"{API}/teams/{team.pk}/decklists/").json()
    assert [deck["commander_count"] for deck in body["decks"]] == [1, 1]
    assert [deck["commander"][0]["name"] for deck in body["decks"]] == [
        "Krenko, Mob Boss",
        "Talrand, Sky Summoner",
    ]
