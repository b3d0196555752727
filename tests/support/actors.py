"""Who acts in a service call of a test (access.actors.Actor), and a penalty issued the way the
judging pages and API issue one (judging.services.penalty_issue with its PenaltyInput)."""

from access.actors import Actor
from judging import services


def judge(event, user=None) -> Actor:
    """A judge of ``event`` (``user`` recorded; None: nobody): no head judge's rights."""
    return Actor(event_id=event.pk, user=user, role="judge")


def head_judge(event, user=None) -> Actor:
    """A head judge of ``event`` (``user`` recorded; None: nobody)."""
    return Actor(event_id=event.pk, user=user, role="head_judge")


def issue_penalty(*, event, actor, player, infraction_code, now=None, **wanted):
    """judging.services.penalty_issue with ``wanted`` as its PenaltyInput's other fields."""
    return services.penalty_issue(
        event=event,
        actor=actor,
        wanted=services.PenaltyInput(player=player, infraction=infraction_code, **wanted),
        now=now,
    )


def team(team) -> Actor:
    """``team`` acting through its key: its own team's rights, no staff right."""
    return Actor(event_id=team.event_id, team=team)
