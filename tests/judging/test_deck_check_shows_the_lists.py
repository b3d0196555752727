"""A deck check shows the team's lists on the deck checks page (IPG 3.5: the decks are checked
against the registered lists), open while the decks are away, with a way to fix them."""

import pytest
from django.test import Client

from decklists.services.decklists import decklist_submit
from judging import services

pytestmark = pytest.mark.django_db

RITA = "4 Lightning Bolt\n4 Counterspell\n52 Island\n"
ROB = "4 Llanowar Elves\n56 Forest\n"


def _judge(world):
    client = Client()
    client.force_login(world.judy)
    return client


def test_the_running_check_shows_each_players_list(world, make_table):
    rita, rob = world.red.players.order_by("seat")
    decklist_submit(player=rita, main=RITA)
    decklist_submit(player=rob, main=ROB)
    table = make_table(world)
    services.deck_check_start(round_=table.round, match=table.match, team=world.red, by=world.judy)
    page = _judge(world).get(f"/events/{world.event.pk}/deckchecks/").content.decode()
    lists = page.split('class="deck-check-lists" open', 1)[1].split("</details>", 1)[0]
    assert "The lists of Team Red" in lists
    for name in ("Rita", "Rob", "Lightning Bolt", "Counterspell", "Llanowar Elves", "Forest"):
        assert name in lists
    assert f"/events/{world.event.pk}/decklists/{world.red.pk}/" in lists


def test_a_team_without_lists_is_shown_as_illegal_at_the_check(world, table):
    services.deck_check_start(round_=table.round, match=table.match, team=world.blue, by=world.judy)
    page = _judge(world).get(f"/events/{world.event.pk}/deckchecks/").content.decode()
    lists = page.split('class="deck-check-lists" open', 1)[1].split("</details>", 1)[0]
    assert "illegal" in lists
    assert "No list yet." in lists
