"""Matrix rows: penalties (issue 9; docs/api.md "Penalties").

Round 1 is paired and published in `setup` (Red against Blue at table 1). A judge issues a
Warning; a Match Loss (Outside Assistance) and a rescission are the head judge's. The event is
private: who cannot see it gets 404, the event's team (red) 403.
"""

from judging import services as judging_services
from judging.models import DeckCheck, Penalty
from pairing import services
from support import actors, factories
from support.matrix import Row, expect
from support.matrix.clock import _round


def _paired(world) -> None:
    world.event.rel = "competitive"
    world.event.save(update_fields=["rel"])
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_pair_next(event=world.event, seed=1)
    services.round_publish(round_=round_)


def _with_penalty(world) -> None:
    _paired(world)
    actors.issue_penalty(
        event=world.event,
        actor=actors.judge(world.event),
        player=world.red.players.get(seat=1),
        infraction_code="GPE-LEC",
    )


def _with_problem_check(world) -> None:
    _paired(world)
    round_ = world.event.rounds.get(number=1)
    check = judging_services.deck_check_start(
        round_=round_, match=round_.matches.get(), team=world.red
    )
    judging_services.deck_check_end(check=check, outcome="problem")


def _with_running_check(world) -> None:
    _paired(world)
    round_ = world.event.rounds.get(number=1)
    judging_services.deck_check_start(round_=round_, match=round_.matches.get(), team=world.red)


def _check(world) -> int:
    return DeckCheck.objects.get(event=world.event).pk


def _pid(world) -> int:
    return Penalty.objects.get(event=world.event).pk


def _player(world) -> int:
    return world.red.players.get(seat=1).pk


PENALTIES = "/api/v1/events/{}/penalties/"

ROWS = [
    Row(
        "penalties-list",
        "get",
        lambda w: PENALTIES.format(w.event.pk),
        expect("judge"),
        setup=_with_penalty,
    ),
    Row(
        "penalties-issue-warning",
        "post",
        lambda w: PENALTIES.format(w.event.pk),
        expect("judge", 201),
        body=lambda w: {"player": _player(w), "infraction": "GPE-LEC"},
        setup=_paired,
    ),
    Row(
        "penalties-issue-match-loss",
        "post",
        lambda w: PENALTIES.format(w.event.pk),
        expect("head_judge", 201),
        body=lambda w: {"player": _player(w), "infraction": "TE-OA"},
        setup=_paired,
    ),
    Row(
        "penalty-rescind",
        "post",
        lambda w: f"/api/v1/penalties/{_pid(w)}/rescind/",
        expect("head_judge"),
        body=lambda w: {"reason": "Wrong player"},
        setup=_with_penalty,
    ),
]

# Pages (a team is an anonymous browser there; the event is private).

ROWS += [
    Row(
        "penalties-page",
        "get",
        lambda w: f"/events/{w.event.pk}/penalties/",
        expect("judge"),
        setup=_with_penalty,
        fmt="page",
    ),
    Row(
        "penalty-new-page",
        "get",
        lambda w: f"/events/{w.event.pk}/penalties/new/",
        expect("judge"),
        setup=_paired,
        fmt="page",
    ),
    Row(
        "penalties-csv",
        "get",
        lambda w: f"/events/{w.event.pk}/penalties.csv",
        expect("judge"),
        setup=_with_penalty,
        fmt="page",
    ),
    Row(
        "penalty-rescind-page",
        "post",
        lambda w: f"/events/{w.event.pk}/penalties/{_pid(w)}/rescind/",
        expect("head_judge", 302),
        body=lambda w: {"reason": "Wrong player"},
        setup=_with_penalty,
        fmt="page",
    ),
    Row(
        "judging-reference",
        "get",
        lambda w: f"/events/{w.event.pk}/judging/reference/",
        expect("judge"),
        fmt="page",
    ),
    Row(
        "penalty-report",
        "get",
        lambda w: f"/events/{w.event.pk}/penalties/{_pid(w)}/report/",
        expect("judge"),
        setup=_with_penalty,
        fmt="page",
    ),
    Row(
        "seat-check",
        "get",
        lambda w: f"/events/{w.event.pk}/seats/",
        expect("judge"),
        setup=_paired,
        fmt="page",
    ),
    Row(
        "deck-checks",
        "get",
        lambda w: f"/events/{w.event.pk}/deckchecks/",
        expect("judge"),
        setup=_paired,
        fmt="page",
    ),
    Row(
        "api-deck-checks",
        "get",
        lambda w: f"/api/v1/rounds/{_round(w)}/deck-checks/",
        expect("judge"),
        setup=_with_running_check,
    ),
    Row(
        "api-deck-check-start",
        "post",
        lambda w: f"/api/v1/rounds/{_round(w)}/deck-checks/",
        expect("judge", 201),
        body=lambda w: {"team": w.red.pk},
        setup=_paired,
    ),
    Row(
        "api-deck-check-end",
        "post",
        lambda w: f"/api/v1/deck-checks/{_check(w)}/end/",
        expect("judge"),
        body=lambda w: {"outcome": "ok"},
        setup=_with_running_check,
    ),
    Row(
        "deck-check-fix",
        "get",
        lambda w: f"/events/{w.event.pk}/deckchecks/{_check(w)}/fix/",
        expect("judge"),
        setup=_with_problem_check,
        fmt="page",
    ),
    Row(
        "team-deck-fix",
        "get",
        lambda w: f"/events/{w.event.pk}/decklists/{w.red.pk}/fix/",
        expect("judge"),
        setup=_paired,
        fmt="page",
    ),
    Row(
        "judging-settings",
        "post",
        lambda w: f"/events/{w.event.pk}/judging/settings/",
        expect("head_judge", 302),
        body=lambda w: {"playoff_minutes": "50", "final_minutes": ""},
        fmt="page",
    ),
]
