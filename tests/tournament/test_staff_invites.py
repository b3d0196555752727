"""Staff without a shell: invitation links (one-time, reissued, withdrawn, listed while pending),
signing up where the deployment allows it, and the command for the first account."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from core.errors import ServiceError
from support import factories
from tournament.models import StaffInvite, StaffRole
from tournament.services import accounts

pytestmark = pytest.mark.django_db


def _organizer_client(world) -> Client:
    client = Client()
    client.force_login(world.alice)
    return client


def _invite_link(client, world, label="Sam Two", role="judge") -> str:
    url = f"/events/{world.event.pk}/staff/"
    client.post(url, {"action": "invite", "label": label, "role": role})
    page = client.get(url).content.decode()
    return re.search(r'id="invite-link"[^>]*value="http://testserver([^"]+)"', page)[1]


def test_organizer_invites_and_the_invitee_sets_name_and_password(world):
    client = _organizer_client(world)
    link = _invite_link(client, world)
    staff_page = client.get(f"/events/{world.event.pk}/staff/").content.decode()
    assert 'id="invite-link"' not in staff_page  # the link is shown once
    assert "Sam Two" in staff_page  # pending
    invitee = Client()
    page = invitee.get(link).content.decode()
    assert "invites you to be <strong>judge</strong>" in page
    response = invitee.post(
        link,
        {"username": "samtwo", "password": "a-long-pass-99", "password_again": "a-long-pass-99"},
    )
    assert response.status_code == 302
    user = get_user_model().objects.get(username="samtwo")
    assert StaffRole.objects.get(event=world.event, user=user).role == "judge"
    assert invitee.get(f"/events/{world.event.pk}/penalties/").status_code == 200  # logged in
    assert Client().get(link).status_code == 404  # one time
    assert "Sam Two" not in client.get(f"/events/{world.event.pk}/staff/").content.decode()


def test_invitee_form_names_each_problem(world):
    link = _invite_link(_organizer_client(world), world)
    page = (
        Client()
        .post(link, {"username": "alice", "password": "short", "password_again": "other"})
        .content.decode()
    )
    assert "is taken" in page
    assert "The two passwords differ." in page
    assert not StaffInvite.objects.get().accepted_at


def test_reissued_link_replaces_the_old_one_and_withdrawn_link_dies(world):
    client = _organizer_client(world)
    old = _invite_link(client, world)
    invite = StaffInvite.objects.get()
    client.post(f"/events/{world.event.pk}/staff/invites/{invite.pk}/", {"action": "reissue"})
    page = client.get(f"/events/{world.event.pk}/staff/").content.decode()
    new = re.search(r'id="invite-link"[^>]*value="http://testserver([^"]+)"', page)[1]
    assert new != old
    assert Client().get(old).status_code == 404
    assert Client().get(new).status_code == 200
    client.post(f"/events/{world.event.pk}/staff/invites/{invite.pk}/", {"action": "withdraw"})
    assert Client().get(new).status_code == 404


def test_expired_link_does_not_work(world):
    issued = accounts.invite_create(event=world.event, label="Late", role="scorekeeper")
    StaffInvite.objects.update(issued_at=timezone.now() - timedelta(days=accounts.INVITE_DAYS + 1))
    assert Client().get(f"/invite/{issued.token}/").status_code == 404


def test_logged_in_user_accepts_with_their_account(world):
    issued = accounts.invite_create(event=world.event, label="Charlie", role="scorekeeper")
    client = Client()
    client.force_login(world.charlie)
    assert "Accept as charlie" in client.get(f"/invite/{issued.token}/").content.decode()
    client.post(f"/invite/{issued.token}/")
    assert StaffRole.objects.get(event=world.event, user=world.charlie).role == "scorekeeper"


def test_only_the_organizer_invites(world):
    client = Client()
    client.force_login(world.sam)
    response = client.post(
        f"/events/{world.event.pk}/staff/", {"action": "invite", "label": "X", "role": "judge"}
    )
    assert response.status_code == 403
    assert not StaffInvite.objects.exists()


def test_invite_service_refuses_an_unknown_role(world):
    with pytest.raises(ServiceError):
        accounts.invite_create(event=world.event, label="X", role="boss")


def test_signup_is_off_by_default():
    assert Client().get("/account/signup/").status_code == 404


@override_settings(ALLOW_SIGNUP=True)
def test_signup_when_allowed_creates_an_organizer():
    client = Client()
    response = client.post(
        "/account/signup/",
        {"username": "newbie", "password": "a-long-pass-99", "password_again": "a-long-pass-99"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/events/new/"
    assert client.get("/events/new/").status_code == 200


def test_adduser_command_creates_the_first_user(db):
    call_command("adduser", "first", "--password", "a-long-pass-99")
    assert get_user_model().objects.get(username="first").check_password("a-long-pass-99")


def test_staff_page_remove_and_reissue_ask_for_confirmation(world):
    accounts.invite_create(event=world.event, label="Pending", role="judge")
    page = _organizer_client(world).get(f"/events/{world.event.pk}/staff/").content.decode()
    assert "<summary>Issue a new link</summary>" in page
    assert "Yes, issue a new link" in page
    assert "Yes, remove sam" in page


def test_existing_accounts_can_still_be_added_by_name(world):
    factories.user("dora")
    client = _organizer_client(world)
    client.post(f"/events/{world.event.pk}/staff/", {"username": "dora", "role": "judge"})
    assert StaffRole.objects.filter(event=world.event, user__username="dora").exists()
