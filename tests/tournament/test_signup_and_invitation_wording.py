"""Sign-up and invitation wording: the Wizards Account ID field asks for the ID (an e-mail is
refused, and the form says so first); a sign-up is found again from the event's page once its
tab is closed; links to send have a Copy button; a used invitation link explains itself; the
staff form points to the invitation form above it."""

import pytest
from django.test import Client

from support import factories
from tournament.models import Signup
from tournament.services import accounts
from tournament.services import signups as signup_svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = factories.event(factories.user("olivia"), name="Open 2HG", public=True)
    signup_svc.signups_set_open(event=event, open=True)
    return event


def test_the_sign_up_asks_for_the_wizards_account_id_not_an_email(event):
    page = Client().get(f"/events/{event.pk}/signup/").content.decode()
    assert "Your Wizards Account ID (optional)" in page
    assert "not your e-mail address" in page
    assert "or email" not in page
    refused = Client().post(
        f"/events/{event.pk}/signup/",
        {"name": "Lucky Pair", "player": "Nia Noor", "wizards_id": "nia@example.org"},
    )
    assert refused.status_code == 200
    assert not Signup.objects.exists()


def test_the_phone_finds_its_sign_up_again_from_the_event_page(event):
    phone = Client()
    response = phone.post(f"/events/{event.pk}/signup/", {"name": "Lucky Pair", "player": "Nia"})
    signup = Signup.objects.get()
    page = phone.get(response.url).content.decode()
    assert 'data-copy="#join-link"' in page
    assert 'data-copy="#signup-link"' in page
    again = phone.get(f"/events/{event.pk}/").content.decode()
    assert f"/signup/{signup.key}/" in again
    assert "Open Lucky Pair" in again
    assert f"/signup/{signup.key}/" not in Client().get(f"/events/{event.pk}/").content.decode()


def test_an_invitation_link_has_a_copy_button(event):
    client = Client()
    client.force_login(event.organizer)
    response = client.post(
        f"/events/{event.pk}/staff/",
        {"action": "invite", "label": "Vic", "role": "judge"},
        follow=True,
    )
    page = response.content.decode()
    assert 'id="invite-link"' in page
    assert 'data-copy="#invite-link"' in page
    assert "with the form above" in page
    assert "link below" not in page


def test_a_used_invitation_link_says_what_happened(event):
    issued = accounts.invite_create(event=event, label="Vic", role="judge")
    accounts.invite_accept(
        token=issued.token,
        username="vic",
        password="a-long-pass-123",
        password_again="a-long-pass-123",
    )
    response = Client().get(f"/invite/{issued.token}/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "This invitation link does not work" in page
    assert "already used" in page
    assert "/login/" in page
    spanish = Client().get(f"/invite/{issued.token}/", HTTP_ACCEPT_LANGUAGE="es")
    assert "Este enlace de invitación no funciona" in spanish.content.decode()
