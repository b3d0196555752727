"""What the decklist API records but does not show: whose hands a list came through.

Every other case of the decklist, pool and catalogue API is in tests/contract.
"""

import pytest

from decklists.models import Decklist
from support import decks
from support.api_clients import client_for
from support.catalogue import catalogue  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def test_a_list_put_with_the_team_key_is_recorded_as_the_teams_own(world):
    rita, _ = world.red.players.order_by("seat")
    response = client_for(world.red).put(
        f"/api/v1/players/{rita.pk}/decklist/",
        {"main": decks.BURN, "sideboard": ""},
        format="json",
    )
    assert response.status_code == 200, response.content
    saved = Decklist.objects.get(player=rita)
    assert saved.main_text == decks.BURN
    assert saved.by_team is True
