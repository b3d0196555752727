"""A solo's "with" naming a team still looking for players (docs/rules.md "Solo players";
docs/api.md "Sign-ups, solo players, check-in"): the organizer's "Form teams" puts the solo in
that team's sign-up while it has room, mutual requests first as before; a team with no room, or
no team of that name, is refused with the reason."""

import pytest

from support import factories
from support.api_clients import client_for
from tournament.models import Signup, SoloSignup
from tournament.services import signups as signup_svc
from tournament.services import solo as solo_svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return factories.user("olivia")


@pytest.fixture
def event(organizer):
    event = factories.event(organizer, name="Friday 2HG", public=True)
    signup_svc.signups_set_open(event=event, open=True)
    return event


def _solo(event, name, **more):
    answer = client_for(None).post(
        f"/api/v1/events/{event.pk}/solo-signups/", {"name": name, **more}, format="json"
    )
    assert answer.status_code == 201, answer.content
    return answer.json()["code"]


def test_a_solo_naming_a_team_of_one_joins_it_and_a_second_goes_to_the_draw(event, organizer):
    forming = signup_svc.signup_start(event=event, name="Owls", player="Olga Owl")
    ana = _solo(event, "Ana Alba", **{"with": "  owls "})  # the name as typed: case, spaces
    ben = _solo(event, "Ben Bold", **{"with": "Owls"})
    cy = _solo(event, "Cy Cole")
    listed = client_for(organizer).get(f"/api/v1/events/{event.pk}/solo-signups/").json()
    assert [s["with"] for s in listed] == ["Owls", "Owls", None]

    answer = client_for(organizer).post(f"/api/v1/events/{event.pk}/solo-signups/match/")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["joined"] == [
        {"name": "Owls", "players": [{"code": ana, "name": "Ana Alba"}], "complete": True}
    ]
    assert [[p["code"] for p in t["players"]] for t in body["teams"]] == [[ben, cy]]
    forming.refresh_from_db()
    assert forming.status == Signup.Status.PENDING
    assert [p["name"] for p in forming.players] == ["Olga Owl", "Ana Alba"]

    status = client_for(None).get(f"/api/v1/solo-signups/{ana}/").json()
    assert status["status"] == "teamed"
    assert status["signup"] == {"name": "Owls", "status": "pending"}
    assert status["team"] is None
    assert status["link"].endswith(f"/signup/{forming.key}/")
    assert status["by_request"] is True

    team = signup_svc.signup_approve(signup=forming)  # the organizer approves, as usual
    status = client_for(None).get(f"/api/v1/solo-signups/{ana}/").json()
    assert status["team"] == {"id": team.pk, "name": "Owls"}
    assert status["link"].endswith(f"/t/{team.access_key}/")


def test_a_team_with_no_room_or_no_such_team_is_refused(event, organizer):
    signup_svc.signup_start(event=event, name="Full House", player="Fay Full")
    full = Signup.objects.get(event=event)
    signup_svc.signup_join(code=full.join_code, player="Finn Full")
    factories.team(event, "Registered")
    url = f"/api/v1/events/{event.pk}/solo-signups/"
    for name, words in (
        ("Full House", "Full House has no room"),
        ("registered", "Registered has no room"),
        ("Nobody Here", "no team still looking for players has that name"),
    ):
        answer = client_for(None).post(url, {"name": "Dee Dunn", "with": name}, format="json")
        assert answer.status_code == 400, name
        assert words in answer.json()["with"][0]
    assert not SoloSignup.objects.exists()


def test_mutual_requests_still_come_first(event, organizer):
    signup_svc.signup_start(event=event, name="Owls", player="Olga Owl")
    ana = _solo(event, "Ana Alba")
    ben = _solo(event, "Ben Bold", **{"with": ana})
    solo_svc.solo_set_wants(solo=SoloSignup.objects.get(code=ana), with_=ben)
    # Ana and Ben name each other; Cy names the Owls and joins them.
    cy = _solo(event, "Cy Cole", **{"with": "Owls"})
    formed = solo_svc.solos_match(event=event)
    assert [[m.code for m in members] for _, members in formed.teams] == [[ana, ben]]
    assert [([m.code for m in members]) for _, members in formed.joined] == [[cy]]


def test_the_solo_page_changes_its_request_to_a_team_and_shows_where_it_went(event, client):
    signup_svc.signup_start(event=event, name="Owls", player="Olga Owl")
    code = _solo(event, "Ana Alba")
    saved = client.post(f"/solo/{code}/", {"with": "Owls"})
    assert saved.status_code == 302
    solo = SoloSignup.objects.get(code=code)
    assert solo.wants == ""
    assert solo.wants_signup.name == "Owls"
    page = client.get(f"/solo/{code}/").content.decode()
    assert 'value="Owls"' in page
    solo_svc.solos_match(event=event)
    page = client.get(f"/solo/{code}/").content.decode()
    assert "You joined <strong>Owls</strong>, the team you asked for." in page
    assert f"/signup/{Signup.objects.get(event=event).key}/" in page
