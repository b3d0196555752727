"""MTR 7.3: at Regular REL, a limited event that collects no decklists lets a team change its
decks between matches, built from its pool; each change is logged like a judge's. Everywhere
else the lists lock when round 1 is paired (the service, the team's page and the API agree)."""

import pytest
from django.test import Client

from core.errors import ServiceError
from decklists import selectors as deck_selectors
from decklists.errors import DecklistsLocked
from decklists.models import Decklist, DecklistChange
from decklists.services import decklists as svc
from judging import services as judging_services
from pairing import services as pairing_services
from support import actors, factories
from support.catalogue import catalogue  # noqa: F401
from tournament.models import Event, Team

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

POOL = "3 Grizzly Bears\n2 Giant Growth\n1 Llanowar Elves\n"
RITA = "3 Grizzly Bears\n37 Forest\n"
ROB = "2 Giant Growth\n1 Llanowar Elves\n37 Forest\n"
REBUILT = "2 Grizzly Bears\n38 Forest\n"


def players(team):
    return list(team.players.order_by("seat"))


def fresh(team) -> Team:
    return Team.objects.select_related("event").get(pk=team.pk)


def sealed(world, *, rel="regular", required=False):
    """Sealed event, both teams with a pool and legal decks, round 1 paired (and published)."""
    Event.objects.filter(pk=world.event.pk).update(structure="sealed", format="", rel=rel)
    world.event.refresh_from_db()
    factories.settings(world.event, swiss_rounds=3)
    for team in (world.red, world.blue):
        svc.pool_submit(team=team, text=POOL)
        first, second = players(team)
        svc.decklist_submit(player=first, main=RITA)
        svc.decklist_submit(player=second, main=ROB)
    if not required:
        svc.decklists_required_set(event=world.event, required=False)
    round_ = pairing_services.round_pair_next(event=world.event, seed=1)
    pairing_services.round_publish(round_=round_)
    return round_


def test_mtr_7_3_team_rebuilds_between_matches_and_the_change_is_logged(world):
    sealed(world)
    rita, _ = players(world.red)
    assert deck_selectors.is_locked(Event.objects.get(pk=world.event.pk))
    assert deck_selectors.team_lists_open(fresh(world.red))
    client = Client()
    base = f"/t/{world.red.access_key}/decklists/"
    page = client.get(base).content.decode()
    assert "between matches the decks may change" in page
    assert f'action="{base}pool/save/"' not in page  # the pool stays as registered
    assert client.post(base + f"{rita.pk}/save/", {"main": REBUILT}).status_code == 302
    assert Decklist.objects.get(player=rita).main_text == REBUILT
    change = DecklistChange.objects.get(player=rita)
    assert (change.main_before, change.main_after) == (RITA, REBUILT)
    assert change.changed_by_name == "team"
    assert "MTR 7.3" in change.reason
    assert deck_selectors.team_report(fresh(world.red)).status == "legal"


def test_mtr_7_3_locked_while_the_match_is_under_way_open_again_once_reported(world):
    round_ = sealed(world)
    rita, _ = players(world.red)
    judging_services.clock_start(round_=round_)
    red = fresh(world.red)
    assert not deck_selectors.team_lists_open(red)
    assert deck_selectors.team_report(red).locked
    with pytest.raises(DecklistsLocked, match="MTR 7.3"):
        svc.decklist_submit(player=rita, main=REBUILT, actor=actors.team(world.red))
    page = Client().post(f"/t/{world.red.access_key}/decklists/{rita.pk}/save/", {"main": REBUILT})
    assert "under way" in page.content.decode()
    assert Decklist.objects.get(player=rita).main_text == RITA
    match = round_.matches.get()
    pairing_services.match_report_result(match=match, team=red, games_a=1, games_b=0, games_drawn=0)
    assert deck_selectors.team_lists_open(fresh(world.red))  # its match is over
    svc.decklist_submit(player=rita, main=REBUILT, actor=actors.team(world.red))
    assert Decklist.objects.get(player=rita).main_text == REBUILT


def test_mtr_7_3_a_game_begun_at_the_table_is_a_match_under_way(world):
    """Without a round clock, the table's tracker holding a game says the match has started."""
    from tracker.models import Game

    round_ = sealed(world)
    rita, _ = players(world.red)
    Game.objects.create(match=round_.matches.get(), setup={}, state={})
    assert not deck_selectors.team_lists_open(fresh(world.red))
    with pytest.raises(DecklistsLocked, match="under way"):
        svc.decklist_submit(player=rita, main=REBUILT, actor=actors.team(world.red))


def test_mtr_7_3_a_rebuilt_deck_is_still_checked_against_the_pool(world):
    sealed(world)
    rita, _ = players(world.red)
    with pytest.raises(ServiceError) as caught:  # Rob holds the pool's only Llanowar Elves
        svc.decklist_submit(player=rita, main="3 Grizzly Bears\n1 Llanowar Elves\n36 Forest\n")
    assert caught.value.code == "rebuild_illegal"
    assert "MTR 7.3" in caught.value.errors["main"][0]
    assert "Llanowar Elves" in caught.value.errors["main"][1]
    with pytest.raises(ServiceError) as caught:
        svc.decklist_submit(player=rita, main="3 Grizzly Bears\n20 Forest\n")
    assert "40" in caught.value.errors["main"][1]
    page = Client().post(
        f"/t/{world.red.access_key}/decklists/{rita.pk}/save/", {"main": "1 Grizzly Bears\n"}
    )
    assert "nothing was saved" in page.content.decode()
    assert Decklist.objects.get(player=rita).main_text == RITA
    assert not DecklistChange.objects.exists()


@pytest.mark.parametrize(
    ("rel", "required"),
    [("regular", True), ("competitive", False)],
    ids=["decklists-collected", "competitive-rel"],
)
def test_mtr_7_3_does_not_apply_lists_stay_locked_after_round_1(world, rel, required):
    sealed(world, rel=rel, required=required)
    rita, _ = players(world.red)
    assert not deck_selectors.team_lists_open(fresh(world.red))
    with pytest.raises(DecklistsLocked, match="round 1 has been paired"):
        svc.decklist_submit(player=rita, main=REBUILT, actor=actors.team(world.red))
    svc.decklist_submit(
        player=rita, main=REBUILT, actor=actors.judge(world.event), reason="deck check"
    )
    assert DecklistChange.objects.get(player=rita).reason == "deck check"


def test_mtr_7_3_the_pool_stays_as_registered(world):
    sealed(world)
    with pytest.raises(DecklistsLocked):
        svc.pool_submit(
            team=fresh(world.red), text=POOL + "4 Shock\n", actor=actors.team(world.red)
        )


def test_mtr_7_3_the_api_lock_answer_follows_the_team(world, api):
    round_ = sealed(world)
    rita, _ = players(world.red)
    team_api = api(world.red)
    answer = team_api.get(f"/api/v1/teams/{world.red.pk}/decklists/").json()
    assert (answer["locked"], answer["changes_between_matches"]) == (False, True)
    put = team_api.put(f"/api/v1/players/{rita.pk}/decklist/", {"main": REBUILT}, format="json")
    assert put.status_code == 200
    assert put.json()["locked"] is False
    judging_services.clock_start(round_=round_)
    answer = team_api.get(f"/api/v1/teams/{world.red.pk}/decklists/").json()
    assert answer["locked"] is True
    put = team_api.put(f"/api/v1/players/{rita.pk}/decklist/", {"main": RITA}, format="json")
    assert put.status_code == 403
    assert put.json()["code"] == "decklists_locked"


def test_the_organizer_says_whether_decklists_are_collected(world, api):
    Event.objects.filter(pk=world.event.pk).update(structure="draft", format="")
    url = f"/api/v1/events/{world.event.pk}/deck-rules/"
    answer = api(world.alice).get(url).json()
    assert (answer["decklists_required"], answer["changes_between_matches"]) == (True, False)
    answer = api(world.alice).put(url, {"decklists_required": False}, format="json").json()
    assert (answer["decklists_required"], answer["changes_between_matches"]) == (False, True)
    assert api(world.alice).put(url, {}, format="json").status_code == 400
    assert api(world.red).put(url, {"decklists_required": True}, format="json").status_code == 403
    client = factories_client(world.alice)
    client.post(
        f"/events/{world.event.pk}/decklists/rules/",
        {"action": "decklists_required", "decklists_required": "on"},
    )
    assert deck_selectors.decklists_required(world.event)


def factories_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client
