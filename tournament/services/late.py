"""Late entry: staff register a team after round 1 is paired (docs/rules.md "Late entry").

The MTR has no section on late entry; Tandem follows what it does say. A team that does not
show up for its match loses it (MTR 2.10; JAR: a player more than 10 minutes late has forfeited
the match), so a team entered late has a match loss, 0 match points (MTR App. C), in each round
paired before it entered, and is paired from the next round on. Re-entry, which the MTR does
allow at the Head Judge's discretion, is never "after any cut" nor into "a portion of the
tournament that requires a deck built during a construction period that the player missed"
(MTR 2.10): so no late entry once the top cut is paired, nor into a booster draft, nor once the
last Swiss round is paired (announced, or fixed from the team count at round 1). Its
decklists go to a tournament official (MTR 2.7: a judge enters them; they are locked since round
1). How those missed rounds count in the tiebreakers: pairing.domain.tiebreakers ("missed
round").

The write takes the Event row lock first, like pairing a round (pairing.services.rounds): a late
entry racing "pair round n" either comes before the pairing reads the teams (missed rounds
1..n-1, paired in round n) or after round n exists (missed rounds 1..n).
"""

from __future__ import annotations

from typing import cast

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from core import events
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from tournament import hooks, selectors
from tournament.models import Event, LateEntry, Team
from tournament.services.teams import _clashes, _clean_team, _save_team, _team_changed

TOP_CUT = "top_cut"  # pairing.models.Round.Stage.TOP_CUT (read through the reverse relation)


def _check_can_enter(event: Event) -> int:
    """The number of the latest round paired, or a Conflict naming why no team may enter."""
    if event.status == Event.Status.FINISHED:
        raise Conflict(gettext("The event is finished."), code="event_finished")
    rounds = event.rounds.order_by("-number")  # pairing.Round, by its reverse relation
    latest = rounds.values_list("number", flat=True).first()
    if event.status == Event.Status.REGISTRATION or latest is None:
        raise Conflict(
            gettext("Round 1 is not paired yet: register the team as usual."),
            code="not_started",
        )
    if rounds.filter(stage=TOP_CUT).exists():
        raise Conflict(gettext("No team enters after the top cut (MTR 2.10)."), code="after_cut")
    if event.structure == Event.Structure.DRAFT:
        raise Conflict(
            gettext(
                "A team cannot enter a booster draft after the draft: it has no pool (MTR 2.10)."
            ),
            code="missed_draft",
        )
    plan = hooks.EVENT_PLAN(event)  # the Swiss rounds, fixed at round 1 (pairing.selectors)
    swiss = plan.swiss_rounds if plan is not None else _swiss_rounds(event)
    if swiss is not None and latest >= swiss:
        raise Conflict(
            gettext("Every Swiss round is paired: a team entering now would play no round."),
            code="event_over",
        )
    return latest


@transaction.atomic
def team_register_late(*, event: Event, name: object, players: object, by: By = None) -> Team:
    """Register a team after round 1 is paired: a match loss in each round paired so far (no
    opponent), paired from the next round on. Staff only (the caller checks the teams right,
    as for any registration); the team cap does not hold it (there is no waiting list once
    round 1 is paired)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    latest = _check_can_enter(event)
    team_in = _clean_team(event, name, players)
    clashes = _clashes(event, team_in)
    if clashes:
        raise ServiceError(errors=clashes, code="already_registered")
    try:
        with transaction.atomic():
            team = _save_team(event, team_in)
    except IntegrityError as exc:
        raise Conflict(gettext("That team or player was registered at the same moment.")) from exc
    LateEntry.objects.create(team=team, first_round=latest + 1, by=recorded(by))
    _team_changed(team)
    events.standings_changed.fire(events.StandingsChanged(event.pk))
    return team


def late_entry(team: Team) -> LateEntry | None:
    return LateEntry.objects.filter(team=team).first()


def _swiss_rounds(event: Event) -> int | None:
    """The Swiss rounds the organizer set (pairing's settings), None for automatic."""
    return cast("int | None", selectors.event_setting(event, "swiss_rounds"))
