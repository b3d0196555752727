"""A team's identity (MTR 8.2): Wizards Accounts are fixed once round 1 is paired; name typos
may be fixed; every change is logged."""

import pytest

from core.errors import Conflict
from pairing import services as pairing_svc
from support.rounds import event_with_teams
from tournament.models import PlayerChange
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def test_before_round_1_name_and_wizards_id_may_change_and_are_logged():
    event, teams = event_with_teams(4)
    organizer = event.organizer
    player = teams[0].players.get(seat=1)
    tournament_teams.player_update(
        player=player, name="Alex Smyth", wizards_id="12345678", by=organizer
    )
    changes = {(c.field, c.new, c.by_id) for c in PlayerChange.objects.filter(player=player)}
    assert changes == {
        ("name", "Alex Smyth", organizer.pk),
        ("wizards_id", "12345678", organizer.pk),
    }


def test_after_round_1_the_wizards_id_is_locked_but_a_name_typo_is_fixed():
    """MTR 8.2: no substitution once play starts; a typo in a name may be fixed."""
    event, teams = event_with_teams(4)
    player = teams[0].players.get(seat=1)
    tournament_teams.player_update(player=player, wizards_id="12345678")
    pairing_svc.round_pair_next(event=event)
    with pytest.raises(Conflict) as caught:
        tournament_teams.player_update(player=player, wizards_id="87654321")
    assert caught.value.code == "identity_locked"
    with pytest.raises(Conflict):
        tournament_teams.player_update(player=player, wizards_id=None)
    player.refresh_from_db()
    assert player.wizards_id == "12345678"
    tournament_teams.player_update(player=player, name="Fixed Name", wizards_id="12345678")
    player.refresh_from_db()
    assert player.name == "Fixed Name"
    assert [c.field for c in PlayerChange.objects.filter(player=player)] == ["name", "wizards_id"]


def test_the_team_page_shows_the_lock_and_the_log(client):
    event, teams = event_with_teams(4)
    client.force_login(event.organizer)
    player = teams[0].players.get(seat=1)
    url = f"/events/{event.pk}/teams/{teams[0].pk}/"
    response = client.post(url, {"action": "player", "player": player.pk, "name": "New Name"})
    assert response.status_code == 302
    pairing_svc.round_pair_next(event=event)
    page = client.get(url).content.decode()
    assert "cannot change now that round 1 is paired" in page
    assert "New Name" in page
    assert "Changes" in page
    response = client.post(
        url, {"action": "player", "player": player.pk, "name": "New Name", "wizards_id": "999"}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.wizards_id is None
