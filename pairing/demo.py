"""The demo event's rounds (tournament.hooks.DEMO_STEPS, registered in PairingConfig.ready):
round 1 final, round 2 paired and published with some results in."""

from __future__ import annotations

from pairing import selectors
from pairing.models import Round
from tournament.models import Event


def demo_rounds(event: Event, rng, stdout) -> None:
    """Round 1 final; round 2 paired, published, with some results in (one disputed)."""
    from pairing import services

    organizer = event.organizer
    first = services.round_pair_next(event=event, by=organizer, seed=rng.getrandbits(32))
    services.round_publish(round_=first, by=organizer)
    _play(first, rng, organizer, share=1.0)
    second = services.round_pair_next(event=event, by=organizer, seed=rng.getrandbits(32))
    services.round_publish(round_=second, by=organizer)
    _play(second, rng, organizer, share=0.5)
    stdout.write(f"  rounds: 1 final, 2 in progress ({selectors.unfinished_count(second)} open)")


def _play(round_: Round, rng, organizer, *, share: float) -> None:
    from pairing import services

    matches = list(round_.matches.filter(team_b__isnull=False).select_related("team_a", "team_b"))
    for i, match in enumerate(matches[: round(len(matches) * share)]):
        games = (1, 0, 0) if rng.random() < 0.5 else (0, 1, rng.choice((0, 0, 1)))
        if share < 1 and i == 0:  # one team has reported, the other has not yet
            services.match_report_result(match=match, team=match.team_a, **_kw(games))
        elif share < 1 and i == 1:  # the two teams disagree: a judge must decide
            assert match.team_b is not None  # byes are left out above
            services.match_report_result(match=match, team=match.team_a, **_kw((1, 0, 0)))
            services.match_report_result(match=match, team=match.team_b, **_kw((0, 1, 0)))
        else:
            services.match_enter_result(match=match, by=organizer, **_kw(games))


def _kw(games: tuple[int, int, int]) -> dict[str, int]:
    return {"games_a": games[0], "games_b": games[1], "games_drawn": games[2]}
