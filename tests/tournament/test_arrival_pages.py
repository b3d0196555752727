"""The pages of solo players, check-in and a team's own drop (docs/rules.md "Sign-ups, solo
players, check-in"): a solo signs up on the event's sign-up page and follows its page; the
organizer forms teams and runs check-in from the sign-ups page; a team checks in and drops
itself from its page in two taps, the second page naming what a drop does (MTR 2.10)."""

import re

import pytest
from django.test import Client

from support import factories
from tournament.models import DropRecord, SoloSignup, TeamCheckIn
from tournament.services import checkin as checkin_svc
from tournament.services import signups as signup_svc

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def event():
    event = factories.event(factories.user("olivia"), name="Friday 2HG", public=True)
    signup_svc.signups_set_open(event=event, open=True)
    return event


def _organizer(event) -> Client:
    client = Client()
    client.force_login(event.organizer)
    return client


def _sign_up_alone(event, name, partner=""):
    answer = Client().post(
        f"/events/{event.pk}/solo/", {"solo-name": name, "solo-with_": partner}, follow=True
    )
    assert answer.status_code == 200
    return SoloSignup.objects.get(event=event, name=name), answer


def test_solo_form_on_the_sign_up_page_and_the_solo_page(event):
    page = _text(Client().get(f"/events/{event.pk}/signup/"))
    assert "No partner? Sign up alone" in page
    ana, answer = _sign_up_alone(event, "Ana Alba")
    assert ana.code in _text(answer)
    assert "You are waiting for a team" in _text(answer)
    ben, _ = _sign_up_alone(event, "Ben Bold", partner=ana.code.lower())
    assert ben.wants == ana.code

    signups = _text(_organizer(event).get(f"/events/{event.pk}/signups/"))
    assert "Ana Alba" in signups
    assert "asks for Ana Alba" in signups
    formed = _organizer(event).post(f"/events/{event.pk}/solos/match/", follow=True)
    assert "1 team formed" in _text(formed)
    ben.refresh_from_db()
    page = _text(Client().get(f"/solo/{ben.code}/"))
    assert "Ana Alba &amp; Ben Bold" in page
    assert f"/t/{ben.team.access_key}/" in page


def test_a_bad_solo_sign_up_says_why_and_saves_nothing(event):
    answer = Client().post(f"/events/{event.pk}/solo/", {"solo-name": "", "solo-with_": "QQ"})
    assert answer.status_code == 200
    assert not SoloSignup.objects.exists()
    assert Client().get("/solo/NOSUCHCODE/").status_code == 404


def test_solo_page_in_spanish(event):
    ana, _ = _sign_up_alone(event, "Ana Alba")
    page = _text(Client().get(f"/solo/{ana.code}/", HTTP_ACCEPT_LANGUAGE="es"))
    assert "Esperando un equipo" in page


def test_team_checks_in_from_its_page_and_the_organizer_sees_the_count(event):
    red = factories.team(event, "Red", ["Rita", "Rob"])
    factories.team(event, "Blue", ["Bea", "Ben"])
    page = _text(Client().get(f"/t/{red.access_key}/"))
    assert "We are here: check in" not in page  # check-in not open yet
    _organizer(event).post(f"/events/{event.pk}/check-in/", {"action": "open"})
    page = _text(Client().get(f"/t/{red.access_key}/"))
    assert "We are here: check in" in page
    Client().post(f"/t/{red.access_key}/check-in/")
    assert TeamCheckIn.objects.filter(team=red).exists()
    signups = _text(_organizer(event).get(f"/events/{event.pk}/signups/"))
    assert "1 of 2 checked in" in signups
    rounds = _text(_organizer(event).get(f"/events/{event.pk}/rounds/"))
    assert "1 team has not checked in" in rounds
    assert "Blue" in rounds


def test_a_team_drops_itself_in_two_taps_mtr_2_10(event):
    red = factories.team(event, "Red", ["Rita", "Rob"])
    first = _text(Client().get(f"/t/{red.access_key}/drop/"))
    assert "No round is paired yet" in first
    assert "MTR 2.10" in first
    red.refresh_from_db()
    assert not red.dropped
    Client().post(f"/t/{red.access_key}/drop/")
    red.refresh_from_db()
    assert red.dropped
    assert DropRecord.objects.get(team=red).kind == "self"
    page = _text(Client().get(f"/t/{red.access_key}/"))
    assert "Your team has dropped" in page


def test_desk_check_in_and_undo_by_staff(event):
    red = factories.team(event, "Red", ["Rita", "Rob"])
    checkin_svc.checkin_set_open(event=event, open=True)
    staff = _organizer(event)
    staff.post(f"/events/{event.pk}/check-in/{red.pk}/")
    assert TeamCheckIn.objects.get(team=red).by == event.organizer
    staff.post(f"/events/{event.pk}/check-in/{red.pk}/", {"action": "undo"})
    assert not TeamCheckIn.objects.filter(team=red).exists()
    assert Client().post(f"/events/{event.pk}/check-in/{red.pk}/").status_code in (302, 403, 404)
    assert not TeamCheckIn.objects.filter(team=red).exists()


def test_the_dashboard_counts_check_ins_live_for_staff_only(event):
    red = factories.team(event, "Red", ["Rita", "Rob"])
    factories.team(event, "Blue", ["Bea", "Ben"])
    checkin_svc.checkin_set_open(event=event, open=True)
    checkin_svc.team_check_in(team=red)
    dashboard = _text(_organizer(event).get(f"/events/{event.pk}/"))
    assert "1 of 2 checked in" in dashboard
    assert f'data-live="/live/checkin/{event.pk}/"' in dashboard
    assert "checked in" not in _text(Client().get(f"/events/{event.pk}/"))
    fragment = _text(_organizer(event).get(f"/events/{event.pk}/check-in/count/"))
    assert "1 of 2 checked in" in fragment


def test_staff_see_who_dropped_and_when(event):
    red = factories.team(event, "Red", ["Rita", "Rob"])
    checkin_svc.team_drop_self(team=red)
    staff = _organizer(event)
    page = _text(staff.get(f"/events/{event.pk}/teams/{red.pk}/"))
    assert "Dropped by the team" in page
    staff.post(f"/events/{event.pk}/teams/{red.pk}/", {"action": "undrop"})
    page = _text(staff.get(f"/events/{event.pk}/teams/{red.pk}/"))
    assert "Brought back by staff" in page
    assert event.organizer.username in page


def test_a_team_past_the_cap_reads_its_place_and_then_that_it_is_in(event):
    staff = _organizer(event)
    staff.post(f"/events/{event.pk}/capacity/", {"max_teams": "2"})
    red = factories.team(event, "Red", ["Rita", "Rob"])
    factories.team(event, "Blue", ["Bea", "Ben"])
    gold = factories.team(event, "Gold", ["Gil", "Gia"])
    page = _text(Client().get(f"/t/{gold.access_key}/"))
    assert "number 1 on the waiting list" in page
    signups = _text(staff.get(f"/events/{event.pk}/signups/"))
    assert "Waiting list" in signups
    assert "Gold" in signups
    checkin_svc.team_drop_self(team=red)
    page = _text(Client().get(f"/t/{gold.access_key}/"))
    assert "You are in: a place opened at" in page
    bad = staff.post(f"/events/{event.pk}/capacity/", {"max_teams": "many"}, follow=True)
    assert "The team cap is a number" in _text(bad)


def test_a_team_asks_for_a_kept_table_on_its_sign_up_and_staff_grant_it(event):
    from pairing import services as pairing_svc
    from tournament.models import Accommodation

    signup = signup_svc.signup_start(event=event, name="Wheels", player="Wanda West")
    signup_svc.signup_join(code=signup.join_code, player="Will West")
    answer = Client().post(
        f"/signup/{signup.key}/accommodation/", {"kind": "step_free", "note": "wheelchair"}
    )
    assert answer.status_code == 302
    bad = Client().post(f"/signup/{signup.key}/accommodation/", {"kind": "throne"}, follow=True)
    assert "Choose what your team needs" in _text(bad)
    assert Accommodation.objects.get(signup=signup).kind == "step_free"
    staff = _organizer(event)
    row = Accommodation.objects.get(signup=signup)
    early = staff.post(
        f"/events/{event.pk}/accommodations/{row.pk}/grant/", {"table": "5"}, follow=True
    )
    assert "Approve the team first" in _text(early)
    team = signup_svc.signup_approve(signup=signup)
    page = _text(staff.get(f"/events/{event.pk}/signups/"))
    assert "A step-free table" in page
    staff.post(f"/events/{event.pk}/accommodations/{row.pk}/grant/", {"table": "5"})
    team.refresh_from_db()
    assert team.fixed_table == 5
    assert "table 5 every round" in _text(Client().get(f"/signup/{signup.key}/"))
    factories.team(event, "Other", ["Olga", "Oscar"])
    round_ = pairing_svc.round_pair_next(event=event)
    assert round_.matches.get().table == 5
    printout = _text(staff.get(f"/events/{event.pk}/rounds/1/print/tables/"))
    assert "table kept for this team" in printout


def test_a_team_formed_from_solos_renames_itself_until_round_one(event):
    from tournament.services import solo as solo_svc

    for name in ("Ana Alba", "Ben Bold"):
        solo_svc.solo_signup(event=event, name=name)
    team, _ = solo_svc.solos_match(event=event).teams[0]
    page = _text(Client().get(f"/t/{team.access_key}/"))
    assert "Rename your team" in page
    Client().post(f"/t/{team.access_key}/rename/", {"name": "bye"})
    team.refresh_from_db()
    assert team.name == "Ana Alba & Ben Bold"
    Client().post(f"/t/{team.access_key}/rename/", {"name": "Odd Couple"})
    team.refresh_from_db()
    assert team.name == "Odd Couple"
    other = factories.team(event, "Staff Made", ["Sid", "Sue"])
    Client().post(f"/t/{other.access_key}/rename/", {"name": "Sneaky"})
    other.refresh_from_db()
    assert other.name == "Staff Made"
