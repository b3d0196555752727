"""Services take the actor (access.actors): its role is read once from the request's caller, and
the penalty service decides the head judge's authority itself (IPG 1.2: a Game Loss or more is
the head judge's), never from a flag its interface passed."""

import pytest

from access import Caller, actor_for
from access.actors import Actor
from core.errors import AccessDenied
from judging.errors import HeadJudgeOnly
from judging.models import Penalty
from support import actors

pytestmark = pytest.mark.django_db


def test_the_actor_has_the_callers_role_in_the_event(world):
    event = world.event
    assert actor_for(Caller(user=world.alice), event).role == "organizer"
    assert actor_for(Caller(user=world.hank), event).role == "head_judge"
    assert actor_for(Caller(user=world.judy), event).role == "judge"
    assert actor_for(Caller(user=world.sam), event).role == "scorekeeper"
    outsider = actor_for(Caller(user=world.charlie), event)
    assert (outsider.role, outsider.user) == (None, world.charlie)


def test_a_team_key_acts_for_its_own_team_only_in_its_own_event(world):
    own = actor_for(Caller(user=None, team=world.red), world.event)
    assert own.acts_for(world.red.pk)
    assert not own.acts_for(world.blue.pk)
    assert own.role is None
    assert own.user is None
    assert actor_for(Caller(user=None, team=world.green), world.event).team is None


def test_the_role_is_read_once_per_request_and_event(world, django_assert_num_queries):
    caller = Caller(user=world.judy)
    with django_assert_num_queries(1):
        actor_for(caller, world.event)
        actor_for(caller, world.event)


def test_the_head_judge_issues_a_match_loss_a_judge_is_refused(table, world):
    """IPG 1.2: the service reads the head judge's authority from the actor's role."""
    rita = table.player(table.red)
    judge = actor_for(Caller(user=world.judy), table.event)
    with pytest.raises(HeadJudgeOnly):
        actors.issue_penalty(event=table.event, actor=judge, player=rita, infraction_code="TE-OA")
    head = actor_for(Caller(user=world.hank), table.event)
    row = actors.issue_penalty(
        event=table.event, actor=head, player=rita, infraction_code="TE-OA"
    ).penalty
    assert (row.penalty, row.issued_by) == ("match_loss", world.hank)


def test_a_scorekeeper_issues_no_penalty(table, world):
    """Penalties are a judge's (docs/api.md "Who may call"): the service refuses, nothing kept."""
    keeper = actor_for(Caller(user=world.sam), table.event)
    with pytest.raises(AccessDenied):
        actors.issue_penalty(
            event=table.event,
            actor=keeper,
            player=table.player(table.red),
            infraction_code="GPE-LEC",
        )
    assert not Penalty.objects.exists()


def test_an_actor_of_another_event_is_a_bug(table, world):
    stray = Actor(event_id=world.other_event.pk, role="head_judge")
    with pytest.raises(AssertionError):
        actors.issue_penalty(
            event=table.event,
            actor=stray,
            player=table.player(table.red),
            infraction_code="GPE-LEC",
        )


def test_the_system_actor_holds_every_right_and_records_nobody(table):
    """A task, a command, the simulator: the head judge's rights, no user on the row."""
    row = actors.issue_penalty(
        event=table.event,
        actor=Actor.system(table.event),
        player=table.player(table.red),
        infraction_code="TE-OA",
    ).penalty
    assert (row.penalty, row.issued_by) == ("match_loss", None)
