"""The judging app's answers to the pairing app's hooks (pairing.hooks), registered in
JudgingConfig.ready()."""

from __future__ import annotations

from judging import selectors, services
from pairing.models import Round
from tournament.models import Event


def penalty_points(event: Event, after_round: int) -> dict[int, int]:
    return selectors.penalty_points(event, after_round)


def disqualified(event: Event) -> list[int]:
    return selectors.disqualified(event)


def round_paired(round_: Round) -> None:
    services.penalties_land_on_round(round_)


def round_unpairing(round_: Round) -> None:
    services.penalties_leave_round(round_)
