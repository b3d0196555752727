"""A place opens before round 1 and the first team waiting moves up (docs/rules.md "Capacity and
waiting list"): core.events.team_promoted is announced once the change commits (never for a
rolled-back one), for a notification receiver to tell the team, and the team's sign-up page and
a formed team's solo pages say so."""

import pytest
from django.db import transaction
from django.test import Client

from core import events
from support import factories
from tournament.models import Signup, SoloSignup
from tournament.services import capacity
from tournament.services import checkin as checkin_svc
from tournament.services import signups as signup_svc
from tournament.services import solo as solo_svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = factories.event(factories.user("olivia"), name="Capped 2HG", public=True)
    capacity.set_max_teams(event=event, value=2)
    signup_svc.signups_set_open(event=event, open=True)
    return event


def _signed_up(event, name, first, second):
    signup = signup_svc.signup_start(event=event, name=name, player=first)
    signup_svc.signup_join(code=signup.join_code, player=second)
    return signup_svc.signup_approve(signup=Signup.objects.get(pk=signup.pk))


def _drop_then_fail(team):
    with transaction.atomic():
        checkin_svc.team_drop_self(team=team)
        raise RuntimeError("the request failed after the drop")


def _page(path):
    return " ".join(Client().get(path).content.decode().split())


def test_a_drop_promotes_the_next_team_and_announces_it_after_commit(
    event, django_capture_on_commit_callbacks
):
    red = factories.team(event, "Red")
    factories.team(event, "Blue")
    owls = _signed_up(event, "Owls", "Olga Owl", "Otto Owl")
    key = Signup.objects.get(team=owls).key
    assert "it is number 1 on the waiting list" in _page(f"/signup/{key}/")

    heard = []
    with events.team_promoted.connected(heard.append):
        with django_capture_on_commit_callbacks(execute=True):
            checkin_svc.team_drop_self(team=red)
    assert heard == [events.TeamPromoted(event_id=event.pk, team_id=owls.pk)]
    page = _page(f"/signup/{key}/")
    assert "You are in: a place opened at" in page
    assert "waiting list and takes part in the event" in page


def test_nothing_is_announced_when_the_drop_rolls_back_or_nobody_waits(
    event, django_capture_on_commit_callbacks
):
    red = factories.team(event, "Red")
    factories.team(event, "Blue")
    heard = []
    with events.team_promoted.connected(heard.append):
        with django_capture_on_commit_callbacks(execute=True):
            checkin_svc.team_drop_self(team=red)  # nobody waits
        factories.team(event, "Green")  # in: the place Red left
        assert heard == []
        owls = _signed_up(event, "Owls", "Olga Owl", "Otto Owl")  # waits too
        blue = event.teams.get(name="Blue")
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            with pytest.raises(RuntimeError):
                _drop_then_fail(blue)
        assert heard == []
        assert not callbacks
    assert owls.waiting_entry.promoted_at is None


def test_a_formed_teams_solo_page_shows_the_waiting_list_then_the_place(
    event, django_capture_on_commit_callbacks
):
    red = factories.team(event, "Red")
    factories.team(event, "Blue")
    solo_svc.solo_signup(event=event, name="Ana Alba")
    solo_svc.solo_signup(event=event, name="Ben Bold")
    formed = solo_svc.solos_match(event=event)
    code = formed.teams[0][1][0].code
    assert "it is number 1 on the waiting list" in _page(f"/solo/{code}/")
    with django_capture_on_commit_callbacks(execute=True):
        checkin_svc.team_drop_by_staff(team=red)
    assert "You are in: a place opened at" in _page(f"/solo/{code}/")
    assert SoloSignup.objects.get(code=code).team.waiting_entry.promoted_at is not None


def test_a_team_brought_back_while_the_cap_is_full_waits_last_in_line(event):
    """Before round 1 a team staff undrop takes no place a team waiting was given: with the cap
    full again it goes to the end of the waiting list, and a place that opens later lets it in
    in its turn (the cap of 2 is never passed)."""
    red = factories.team(event, "Red")
    blue = factories.team(event, "Blue")
    owls = _signed_up(event, "Owls", "Olga Owl", "Otto Owl")
    cats = _signed_up(event, "Cats", "Cleo Cat", "Carl Cat")
    checkin_svc.team_drop_by_staff(team=red)  # Owls in
    checkin_svc.team_undrop_by_staff(team=red)
    assert capacity.admitted(event) == 2
    assert [capacity.position(t) for t in (red, owls, cats)] == [2, None, 1]
    checkin_svc.team_drop_by_staff(team=blue)  # Cats in, then Red next
    assert [capacity.position(t) for t in (red, cats)] == [1, None]
    assert capacity.admitted(event) == 2


def test_a_team_brought_back_under_the_cap_is_in_at_once(event):
    red = factories.team(event, "Red")
    checkin_svc.team_drop_by_staff(team=red)
    checkin_svc.team_undrop_by_staff(team=red)
    assert capacity.position(red) is None
    assert capacity.admitted(event) == 1


def test_the_staff_page_says_a_team_brought_back_waits(event):
    red = factories.team(event, "Red")
    factories.team(event, "Blue")
    _signed_up(event, "Owls", "Olga Owl", "Otto Owl")
    checkin_svc.team_drop_by_staff(team=red)
    client = Client()
    client.force_login(event.organizer)
    response = client.post(f"/events/{event.pk}/teams/{red.pk}/", {"action": "undrop"}, follow=True)
    assert "Red is back, on the waiting list: the cap is full." in " ".join(
        response.content.decode().split()
    )
