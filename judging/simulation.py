"""Random penalties in simulated events (pairing.hooks.AFTER_SIMULATED_ROUND; `manage.py
simulate`): after each Swiss round's results, a few players get a penalty through the same
service a judge uses.

Only penalties that leave the simulated rounds playable are issued: at Regular REL the logged
infraction with no penalty (the JAR), else Warnings (a Game Rule
Violation also gives the other three players Failure to Maintain Game State) and, under policy
``match_point``, a Decklist Problem's one-point deduction, which the standings then show. A
proposal that would be a Game Loss or more (an upgrade, policy ``ipg``) is skipped: between
matches it would land on the next round's match, whose result the simulator enters itself.

The choices come from a generator seeded from the simulator's own (without drawing from it), so
the results of a simulation with a given seed do not change.
"""

from __future__ import annotations

import random

from access.actors import Actor
from judging import selectors, services
from judging.domain.infractions import Penalty as Code
from pairing.models import Round
from tournament.models import Event, Player

RATE = 0.02  # the share of teams with a penalty after each Swiss round
INFRACTIONS = ("GPE-LEC", "GPE-GRV", "TE-SP", "TE-DLP")
KEPT = (Code.NONE, Code.WARNING, Code.MATCH_POINT)


def _generator(rng: random.Random, round_: Round) -> random.Random:
    state = rng.getstate()[1]
    return random.Random(f"penalties:{round_.number}:{state[:8]}")


def after_simulated_round(event: Event, round_: Round, rng: random.Random) -> None:
    random_penalties(event, round_, rng)


def random_penalties(event: Event, round_: Round, rng: random.Random) -> int:
    """Issue the round's random penalties; returns how many were issued (with FtMGS)."""
    if round_.is_top_cut:
        return 0
    local = _generator(rng, round_)
    players = list(
        Player.objects.filter(event=event, team__dropped=False)
        .select_related("team")
        .order_by("team_id", "seat")
    )
    teams: dict[int, list[Player]] = {}
    for p in players:
        teams.setdefault(p.team_id, []).append(p)
    chosen = [t for t in sorted(teams) if local.random() < RATE]
    issued = 0
    for team_id in chosen:
        player = local.choice(teams[team_id])
        code = local.choice(INFRACTIONS)
        proposal = selectors.propose(event=event, player=player, infraction=code, round_=round_)
        if proposal.decision.penalty not in KEPT:
            continue
        done = services.penalty_issue(
            event=event,
            actor=Actor.system(event),
            wanted=services.PenaltyInput(
                player=player, infraction=code, round_=round_, notes="Simulated."
            ),
        )
        issued += 1 + len(done.related)
    return issued
