"""Who may change a list after the lock is the decklists service's own decision, asked of the
actor it is given (access.actors.Actor): once round 1 is paired only the right of deck checks
(a judge and up, docs/api.md "Who may call") changes a list or a pool, logged as a
DecklistChange; the team itself and a scorekeeper are refused (403 ``decklists_locked``).
Before the lock the team saves its own lists, recorded as the team's; another team or a user
without a role in the event writes none (403)."""

import pytest

from access.actors import Actor
from core.errors import AccessDenied
from decklists.errors import DecklistsLocked
from decklists.models import Decklist, DecklistChange, TeamPool
from decklists.services import decklists as svc
from pairing import services as pairing_services
from support import actors, factories
from support.catalogue import catalogue  # noqa: F401
from tournament.models import Event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

BURN = "4 Lightning Bolt\n4 Goblin Guide\n52 Mountain\n"
CHANGED = "4 Lightning Bolt\n4 Monastery Swiftspear\n52 Mountain\n"


def _locked(world):
    """Both teams' lists saved, round 1 paired: the lists are locked."""
    for team in (world.red, world.blue):
        for player in team.players.all():
            svc.decklist_submit(player=player, main=BURN, actor=actors.team(team))
    pairing_services.round_pair_next(event=world.event, seed=1)
    world.event.refresh_from_db()
    return world.red.players.get(seat=1)


def test_before_the_lock_the_team_saves_its_own_list_as_the_team(world):
    rita = world.red.players.get(seat=1)
    svc.decklist_submit(player=rita, main=BURN, actor=actors.team(world.red))
    saved = Decklist.objects.get(player=rita)
    assert saved.by_team
    assert saved.submitted_by_id is None
    assert not DecklistChange.objects.exists()


@pytest.mark.parametrize("who", ["team", "scorekeeper"])
def test_after_the_lock_the_service_refuses_a_change_without_the_right_of_deck_checks(world, who):
    rita = _locked(world)
    actor = {
        "team": actors.team(world.red),
        "scorekeeper": Actor(event_id=world.event.pk, user=world.sam, role="scorekeeper"),
    }[who]
    with pytest.raises(DecklistsLocked):
        svc.decklist_submit(player=rita, main=CHANGED, actor=actor)
    assert Decklist.objects.get(player=rita).main_text == BURN
    assert not DecklistChange.objects.exists()


@pytest.mark.parametrize("role", ["judge", "head_judge", "organizer"])
def test_after_the_lock_a_judge_and_up_change_a_list_and_the_change_is_logged(world, role):
    rita = _locked(world)
    user = {"judge": world.judy, "head_judge": world.hank, "organizer": world.alice}[role]
    actor = Actor(event_id=world.event.pk, user=user, role=role)
    svc.decklist_submit(player=rita, main=CHANGED, actor=actor, reason="deck check")
    saved = Decklist.objects.get(player=rita)
    assert (saved.main_text, saved.submitted_by_id, saved.by_team) == (CHANGED, user.pk, False)
    change = DecklistChange.objects.get()
    assert (change.changed_by_id, change.changed_by_name, change.reason) == (
        user.pk,
        user.username,
        "deck check",
    )
    assert (change.main_before, change.main_after) == (BURN, CHANGED)


def test_after_the_lock_a_limited_pool_changes_by_a_judge_only(world):
    Event.objects.filter(pk=world.event.pk).update(structure="sealed", format="")
    world.event.refresh_from_db()
    factories.settings(world.event, swiss_rounds=3)
    svc.pool_submit(team=world.red, text="40 Forest\n", actor=actors.team(world.red))
    pairing_services.round_pair_next(event=world.event, seed=1)
    world.red.event.refresh_from_db()
    with pytest.raises(DecklistsLocked):
        svc.pool_submit(team=world.red, text="41 Forest\n", actor=actors.team(world.red))
    with pytest.raises(DecklistsLocked):
        svc.pool_submit(
            team=world.red,
            text="41 Forest\n",
            actor=Actor(event_id=world.event.pk, user=world.sam, role="scorekeeper"),
        )
    svc.pool_submit(team=world.red, text="41 Forest\n", actor=actors.judge(world.event, world.judy))
    assert TeamPool.objects.get(team=world.red).text == "41 Forest\n"
    assert DecklistChange.objects.get().changed_by_id == world.judy.pk


@pytest.mark.parametrize("locked", [False, True])
def test_another_team_or_a_user_without_a_role_writes_no_list_of_this_team(world, locked):
    rita = _locked(world) if locked else world.red.players.get(seat=1)
    for actor in (actors.team(world.blue), Actor(event_id=world.event.pk, user=world.charlie)):
        with pytest.raises(AccessDenied):
            svc.decklist_submit(player=rita, main=CHANGED, actor=actor)
        with pytest.raises(AccessDenied):
            svc.pool_submit(team=world.red, text="40 Forest\n", actor=actor)
    assert not Decklist.objects.filter(player=rita, main_text=CHANGED).exists()
    assert not TeamPool.objects.exists()


def test_an_actor_of_another_event_is_not_taken(world):
    rita = world.red.players.get(seat=1)
    with pytest.raises(AssertionError):
        svc.decklist_submit(player=rita, main=BURN, actor=actors.judge(world.other_event))
