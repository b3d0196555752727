"""Matrix rows: the players' part of the event page and the teams' own sign-up.

The world's event is private: its pages answer 404 to whoever cannot see it. A signup's page is
reached by its secret key, like a team's private link, whoever holds it.
"""

from support.matrix import Row, expect
from tournament.models import Signup
from tournament.services import signups


def _signup(world) -> None:
    signups.signups_set_open(event=world.event, open=True)
    signups.signup_start(event=world.event, name="Newcomers", player="Nadia Nowak")


def _key(world) -> str:
    return Signup.objects.get(event=world.event).key


ROWS = [
    Row(
        "page-event-now", "get", lambda w: f"/events/{w.event.pk}/now/", expect("view"), fmt="page"
    ),
    Row(
        "page-signup-start",
        "get",
        lambda w: f"/events/{w.event.pk}/signup/",
        expect("view"),
        fmt="page",
    ),
    Row(
        "page-signups",
        "get",
        lambda w: f"/events/{w.event.pk}/signups/",
        expect("scorekeeper"),
        fmt="page",
    ),
    Row(
        "page-signups-open",
        "post",
        lambda w: f"/events/{w.event.pk}/signups/",
        expect("scorekeeper", 302),
        body=lambda w: {"action": "open"},
        fmt="page",
    ),
    Row("page-signup-join", "get", lambda w: "/signup/join/", expect("anyone"), fmt="page"),
    Row(
        "page-signup",
        "get",
        lambda w: f"/signup/{_key(w)}/",
        expect("anyone"),
        setup=_signup,
        fmt="page",
    ),
]
