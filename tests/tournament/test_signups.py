"""Teams sign up together: the organizer opens self-registration, one player starts the team
and gets a join code, the teammate joins, the team chooses its seats (MTR 9.4), the organizer
approves, renames or refuses (a team named "BYE", an offensive name: MTR 8.1) and closes it;
both players then reach the team's private link. Bad input: a clear message, nothing saved."""

import re

import pytest
from django.test import Client

from core.errors import Conflict, ServiceError
from support import factories
from tournament.domain.signups import clean_join_code, reserved_name, seats_with_primary
from tournament.models import Signup, Team
from tournament.services import signups as svc

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def event():
    event = factories.event()
    svc.signups_set_open(event=event, open=True)
    return event


# --- domain ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["BYE", "bye", " B.Y.E ", "The Bye", "b-y-e"])
def test_names_that_read_as_a_bye_are_reserved_mtr_app_c(name):
    assert reserved_name(name)


def test_ordinary_names_are_not_reserved():
    assert not reserved_name("Byeongchan's Giants")
    assert not reserved_name("Goodbye Kiss")


def test_join_codes_ignore_case_spaces_and_dashes():
    assert clean_join_code(" abcd-efgh ") == "ABCDEFGH"
    assert clean_join_code(None) == ""


def test_primary_choice_moves_one_player_first_mtr_9_4():
    assert seats_with_primary(2, 1) == [1, 0]
    with pytest.raises(ValueError, match="Choose one"):
        seats_with_primary(2, 2)


# --- services --------------------------------------------------------------------------------


def test_a_team_signs_up_together_and_the_organizer_approves_it(event):
    signup = svc.signup_start(event=event, name="Goblin Twins", player="Alice Archer")
    assert signup.status == Signup.Status.FORMING
    joined = svc.signup_join(code=signup.join_code.lower(), player="Bob Baker")
    assert joined.status == Signup.Status.PENDING
    svc.signup_set_primary(signup=joined, primary=1)
    team = svc.signup_approve(signup=joined)
    assert [p.name for p in team.players.order_by("seat")] == ["Bob Baker", "Alice Archer"]
    signup.refresh_from_db()
    assert signup.status == Signup.Status.APPROVED
    assert signup.team == team


def test_nothing_is_saved_for_bad_input(event):
    with pytest.raises(ServiceError) as caught:
        svc.signup_start(event=event, name="BYE", player="")
    assert set(caught.value.errors) == {"name", "player"}
    assert "bye" in caught.value.errors["name"][0]
    with pytest.raises(ServiceError):
        svc.signup_join(code="NOPE1234", player="Bob")
    assert not Signup.objects.exists()


def test_a_player_signs_up_once_and_a_team_name_is_taken_once(event):
    factories.team(event, "Registered", ["Cara Cole", "Dan Dorn"])
    with pytest.raises(ServiceError, match="already registered"):
        svc.signup_start(event=event, name="New", player="cara cole")
    signup = svc.signup_start(event=event, name="Pair", player="Eve Eton")
    with pytest.raises(ServiceError, match="already signed up"):
        svc.signup_join(code=signup.join_code, player="EVE ETON")
    with pytest.raises(ServiceError, match="already signed up"):
        svc.signup_start(event=event, name="pair", player="Finn Frost")
    with pytest.raises(ServiceError, match="already"):
        svc.signup_start(event=event, name="Registered", player="Finn Frost")


def test_a_full_team_takes_no_one_else(event):
    signup = svc.signup_start(event=event, name="Full", player="Gail Gray")
    svc.signup_join(code=signup.join_code, player="Hal Hart")
    with pytest.raises(ServiceError, match="No team is waiting"):
        svc.signup_join(code=signup.join_code, player="Ida Ives")


def test_closed_registration_refuses_signups_and_approval_needs_a_complete_team(event):
    signup = svc.signup_start(event=event, name="Half", player="Jo Jones")
    with pytest.raises(Conflict, match="not complete"):
        svc.signup_approve(signup=signup)
    svc.signups_set_open(event=event, open=False)
    with pytest.raises(Conflict, match="closed"):
        svc.signup_start(event=event, name="Late", player="Kim Kline")
    with pytest.raises(Conflict, match="closed"):
        svc.signup_join(code=signup.join_code, player="Lee Long")


def test_the_organizer_renames_or_refuses_with_a_reason(event):
    signup = svc.signup_start(event=event, name="Rude Name", player="Max Moss")
    svc.signup_rename(signup=signup, name="Nice Name")
    with pytest.raises(ServiceError, match="bye"):
        svc.signup_rename(signup=signup, name="Bye")
    with pytest.raises(ServiceError, match="Say why"):
        svc.signup_refuse(signup=signup, reason="  ")
    svc.signup_refuse(signup=signup, reason="Offensive name (MTR 8.1).")
    signup.refresh_from_db()
    assert signup.name == "Nice Name"
    assert signup.status == Signup.Status.REFUSED
    with pytest.raises(Conflict):
        svc.signup_approve(signup=signup)
    assert not Team.objects.filter(event=event).exists()


# --- pages -----------------------------------------------------------------------------------


def test_pages_from_start_to_private_link_for_both_players(event):
    starter, mate = Client(), Client()
    page = _text(starter.get(f"/events/{event.pk}/"))
    assert f"/events/{event.pk}/signup/" in page
    response = starter.post(
        f"/events/{event.pk}/signup/", {"name": "Lucky Pair", "player": "Nia Noor"}
    )
    signup = Signup.objects.get()
    assert response.url == f"/signup/{signup.key}/"
    page = _text(starter.get(response.url))
    assert signup.join_code in page
    assert f"/signup/join/?code={signup.join_code}" in page

    form = _text(mate.get(f"/signup/join/?code={signup.join_code}"))
    assert "Lucky Pair" in form
    response = mate.post("/signup/join/", {"code": signup.join_code, "player": "Oli Oak"})
    assert response.url == f"/signup/{signup.key}/"
    mate.post(response.url, {"primary": "1"})
    signup.refresh_from_db()
    assert signup.players[0]["name"] == "Oli Oak"

    organizer = Client()
    organizer.force_login(event.organizer)
    listing = _text(organizer.get(f"/events/{event.pk}/signups/"))
    assert "Lucky Pair" in listing
    organizer.post(f"/events/{event.pk}/signups/", {"signup": signup.pk, "action": "approve"})
    team = Team.objects.get(event=event)
    for client in (starter, mate):
        assert f"/t/{team.access_key}/" in _text(client.get(f"/signup/{signup.key}/"))
    organizer.post(f"/events/{event.pk}/signups/", {"action": "close"})
    assert "Self-registration is closed" in _text(starter.get(f"/events/{event.pk}/signup/"))


def test_bad_input_on_the_pages_shows_a_message_and_saves_nothing(event):
    client = Client()
    page = _text(client.post(f"/events/{event.pk}/signup/", {"name": "bye", "player": "Pat"}))
    assert "would read as a bye" in page
    page = _text(client.post("/signup/join/", {"code": "ZZZZ", "player": "Pat Pim"}))
    assert "No team is waiting" in page
    assert not Signup.objects.exists()


def test_only_staff_manage_signups_and_unknown_keys_are_404(event):
    assert Client().get(f"/events/{event.pk}/signups/").status_code in (302, 403, 404)
    stranger = Client()
    stranger.force_login(factories.user())
    assert stranger.get(f"/events/{event.pk}/signups/").status_code in (403, 404)
    assert Client().get("/signup/not-a-key/").status_code == 404


def test_a_new_private_link_issued_by_staff_is_not_shown_on_the_signup_page(event):
    from tournament.services.teams import team_new_key

    signup = svc.signup_start(event=event, name="Leaky", player="Quinn Quill")
    svc.signup_join(code=signup.join_code, player="Rita Rose")
    team = svc.signup_approve(signup=signup)
    old = team.access_key
    assert f"/t/{old}/" in _text(Client().get(f"/signup/{signup.key}/"))
    team_new_key(team=team)
    team.refresh_from_db()
    page = _text(Client().get(f"/signup/{signup.key}/"))
    assert team.access_key not in page
    assert "ask them for it" in page
