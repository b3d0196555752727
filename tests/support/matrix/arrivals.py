"""Matrix rows: sign-ups switch, solo players, check-in and a team's own drop (docs/api.md
"Sign-ups, solo players, check-in"). A solo's page and status are reached by its code, the
secret it holds, whoever holds it."""

from support.matrix import Row, expect
from tournament.models import Accommodation, Signup, SoloSignup
from tournament.services import accommodations, checkin, signups, solo


def _open(world) -> None:
    signups.signups_set_open(event=world.event, open=True)


def _solo(world) -> None:
    _open(world)
    solo.solo_signup(event=world.event, name="Sol Solano")


def _code(world) -> str:
    return SoloSignup.objects.get(event=world.event).code


def _asked(world) -> None:
    _open(world)
    signup = signups.signup_start(event=world.event, name="Wheels", player="Wanda West")
    accommodations.ask_on_signup(signup=signup, kind="step_free")


def _check_in_open(world) -> None:
    checkin.checkin_set_open(event=world.event, open=True)


ROWS = [
    Row(
        "page-signup-accommodation",
        "post",
        lambda w: f"/signup/{Signup.objects.get(event=w.event).key}/accommodation/",
        expect("anyone", 302),
        body=lambda w: {"kind": "fixed_seat"},
        setup=_asked,
        fmt="page",
    ),
    Row(
        "page-accommodation-grant",
        "post",
        lambda w: (
            f"/events/{w.event.pk}/accommodations/{Accommodation.objects.get(event=w.event).pk}/grant/"
        ),
        expect("scorekeeper", 302),
        body=lambda w: {"table": "3"},
        setup=_asked,
        fmt="page",
    ),
    Row(
        "api-signups",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/signups/",
        expect("scorekeeper"),
        body=lambda w: {"open": True},
    ),
    Row(
        "api-solo-signup",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/solo-signups/",
        expect("view", 201),
        body=lambda w: {"name": "Nia Newton"},
        setup=_open,
    ),
    Row(
        "api-solo-signups-list",
        "get",
        lambda w: f"/api/v1/events/{w.event.pk}/solo-signups/",
        expect("scorekeeper"),
    ),
    Row(
        "api-solo-match",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/solo-signups/match/",
        expect("scorekeeper"),
        setup=_solo,
    ),
    Row(
        "api-solo",
        "get",
        lambda w: f"/api/v1/solo-signups/{_code(w)}/",
        expect("anyone"),
        setup=_solo,
    ),
    Row(
        "api-check-in",
        "post",
        lambda w: f"/api/v1/events/{w.event.pk}/check-in/",
        expect("scorekeeper"),
        body=lambda w: {"open": True},
    ),
    Row(
        "api-team-check-in",
        "post",
        lambda w: f"/api/v1/teams/{w.red.pk}/check-in/",
        expect("scorekeeper", team=True),
        setup=_check_in_open,
    ),
    Row(
        "page-solo-start",
        "get",
        lambda w: f"/events/{w.event.pk}/solo/",
        expect("view"),
        fmt="page",
    ),
    Row(
        "page-solos-match",
        "post",
        lambda w: f"/events/{w.event.pk}/solos/match/",
        expect("scorekeeper", 302),
        setup=_solo,
        fmt="page",
    ),
    Row(
        "page-check-in-switch",
        "post",
        lambda w: f"/events/{w.event.pk}/check-in/",
        expect("scorekeeper", 302),
        body=lambda w: {"action": "open"},
        fmt="page",
    ),
    Row(
        "page-event-capacity",
        "post",
        lambda w: f"/events/{w.event.pk}/capacity/",
        expect("organizer", 302),
        body=lambda w: {"max_teams": "8"},
        fmt="page",
    ),
    Row(
        "page-team-late",
        "get",
        lambda w: f"/events/{w.event.pk}/teams/late/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-check-in-count",
        "get",
        lambda w: f"/events/{w.event.pk}/check-in/count/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-desk-check-in",
        "post",
        lambda w: f"/events/{w.event.pk}/check-in/{w.red.pk}/",
        expect("scorekeeper", 302),
        fmt="page",
    ),
    Row(
        "page-solo",
        "get",
        lambda w: f"/solo/{_code(w)}/",
        expect("anyone"),
        setup=_solo,
        fmt="page",
    ),
]
