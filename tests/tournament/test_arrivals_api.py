"""Teams that form and look after themselves, through the API of docs/api.md "Sign-ups, solo
players, check-in": solos sign up and are matched (docs/rules.md "Solo players"), teams check in
and round 1 names those that did not ("Check-in"), a team drops itself (MTR 2.10)."""

import pytest

from pairing.models import Round
from support import factories
from support.api_clients import client_for
from tournament.models import DropRecord, SoloSignup, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return factories.user("olivia")


@pytest.fixture
def event(organizer):
    event = factories.event(organizer, name="Friday 2HG", public=True)
    answer = client_for(organizer).post(
        f"/api/v1/events/{event.pk}/signups/", {"open": True}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"open": True}
    return event


def _solo(event, name, **more):
    answer = client_for(None).post(
        f"/api/v1/events/{event.pk}/solo-signups/", {"name": name, **more}, format="json"
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["status"] == "waiting"
    return answer.json()["code"]


def test_solos_sign_up_and_the_organizer_forms_teams(event, organizer):
    ana = _solo(event, "Ana Alba", language="es")
    ben = _solo(event, "Ben Bold", **{"with": ana})
    cy = _solo(event, "Cy Cole", wizards_id="123456")
    status = client_for(None).get(f"/api/v1/solo-signups/{ana}/").json()
    assert status["status"] == "waiting"
    assert status["team"] is None
    assert "link" not in status

    answer = client_for(organizer).post(f"/api/v1/events/{event.pk}/solo-signups/match/")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert [[p["code"] for p in t["players"]] for t in body["teams"]] == [[ana, ben]]
    assert body["teams"][0]["name"] == "Ana Alba & Ben Bold"
    assert body["waiting"] == [cy]  # the odd player stays waiting in a 2-player event
    team = Team.objects.get(pk=body["teams"][0]["id"])
    assert [p.name for p in team.players.order_by("seat")] == ["Ana Alba", "Ben Bold"]

    status = client_for(None).get(f"/api/v1/solo-signups/{ben}/").json()
    assert status["status"] == "teamed"
    assert status["team"] == {"id": team.pk, "name": team.name}
    assert status["link"].endswith(f"/t/{team.access_key}/")
    assert status["by_request"] is True
    assert status["seed"] == body["seed"]


def test_a_solo_is_refused_when_closed_or_input_is_bad(event, organizer):
    anyone = client_for(None)
    url = f"/api/v1/events/{event.pk}/solo-signups/"
    assert anyone.post(url, {"name": ""}, format="json").status_code == 400
    bad = anyone.post(url, {"name": "Dee", "with": "NOPE2345"}, format="json")
    assert bad.status_code == 400
    assert "with" in bad.json()
    assert anyone.post(url, {"name": "Dee", "language": "xx"}, format="json").status_code == 400
    assert anyone.post(url, {"name": "Dee", "wizards_id": "a@b"}, format="json").status_code == 400
    _solo(event, "Dee Dunn")
    twice = anyone.post(url, {"name": "dee dunn"}, format="json")
    assert twice.status_code == 400
    assert SoloSignup.objects.filter(event=event).count() == 1
    client_for(organizer).post(
        f"/api/v1/events/{event.pk}/signups/", {"open": False}, format="json"
    )
    closed = anyone.post(url, {"name": "Eve"}, format="json")
    assert closed.status_code == 409
    assert closed.json()["code"] == "signups_closed"
    assert anyone.get("/api/v1/solo-signups/ZZZZZZZZ/").status_code == 404


def test_only_staff_open_sign_ups_and_match(event):
    stranger = client_for(factories.user("sly"))
    url = f"/api/v1/events/{event.pk}/"
    assert stranger.post(url + "signups/", {"open": True}, format="json").status_code == 403
    assert stranger.post(url + "solo-signups/match/").status_code == 403
    assert stranger.post(url + "check-in/", {"open": True}, format="json").status_code == 403
    organizer = client_for(event.organizer)
    assert organizer.post(url + "signups/", {"open": "yes"}, format="json").status_code == 400


def test_check_in_and_round_one_names_the_teams_not_checked_in(event, organizer):
    red = factories.team(event, "Red", ["Rita", "Rob"])
    blue = factories.team(event, "Blue", ["Bea", "Ben"])
    green = factories.team(event, "Green", ["Gus", "Gwen"])
    staff = client_for(organizer)
    early = client_for(red).post(f"/api/v1/teams/{red.pk}/check-in/")
    assert early.status_code == 409
    assert early.json()["code"] == "check_in_closed"
    opened = staff.post(f"/api/v1/events/{event.pk}/check-in/", {"open": True}, format="json")
    assert opened.json() == {"open": True, "checked_in": 0, "teams": 3}
    done = client_for(red).post(f"/api/v1/teams/{red.pk}/check-in/")
    assert done.status_code == 200
    assert done.json()["checked_in"] is True
    assert done.json()["at"]
    assert client_for(red).post(f"/api/v1/teams/{blue.pk}/check-in/").status_code in (403, 404)
    assert staff.post(f"/api/v1/teams/{blue.pk}/check-in/").status_code == 200  # at the desk

    refused = staff.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "teams_not_checked_in"
    assert refused.json()["teams"] == [{"id": green.pk, "name": "Green"}]
    assert not Round.objects.filter(event=event).exists()

    paired = staff.post(f"/api/v1/events/{event.pk}/rounds/", {"confirm": True}, format="json")
    assert paired.status_code == 201, paired.content
    green.refresh_from_db()
    assert green.dropped
    assert green.dropped_after_round is None
    assert DropRecord.objects.get(team=green).kind == DropRecord.Kind.NOT_ARRIVED
    playing = {m["team_a"] for m in paired.json()["matches"]} | {
        m["team_b"] for m in paired.json()["matches"]
    }
    assert green.pk not in playing
    undo = staff.post(f"/api/v1/teams/{green.pk}/undrop/")
    assert undo.status_code == 200


def test_a_team_drops_itself_with_its_key_mtr_2_10(event):
    red = factories.team(event, "Red", ["Rita", "Rob"])
    blue = factories.team(event, "Blue", ["Bea", "Ben"])
    assert client_for(blue).post(f"/api/v1/teams/{red.pk}/drop/").status_code in (403, 404)
    answer = client_for(red).post(f"/api/v1/teams/{red.pk}/drop/")
    assert answer.status_code == 200
    assert answer.json()["dropped"] is True
    record = DropRecord.objects.get(team=red)
    assert record.kind == DropRecord.Kind.SELF
    assert record.by is None
    again = client_for(red).post(f"/api/v1/teams/{red.pk}/drop/")
    assert again.status_code == 409
    assert again.json()["code"] == "already_dropped"
    assert client_for(red).post(f"/api/v1/teams/{red.pk}/undrop/").status_code in (403, 404)


def test_a_capped_event_keeps_a_waiting_list_and_promotes_on_a_drop(event, organizer):
    staff = client_for(organizer)
    capped = staff.patch(f"/api/v1/events/{event.pk}/", {"max_teams": 2}, format="json")
    assert capped.status_code == 200, capped.content
    assert capped.json()["max_teams"] == 2
    url = f"/api/v1/events/{event.pk}/teams/"
    made = [
        staff.post(
            url, {"name": n, "players": [{"name": n + " 1"}, {"name": n + " 2"}]}, format="json"
        )
        for n in ("Red", "Blue", "Green", "Gold")
    ]
    assert [m.status_code for m in made] == [201] * 4
    assert [m.json()["status"] for m in made] == ["registered", "registered", "waiting", "waiting"]
    red, green = made[0].json()["id"], made[2].json()["id"]
    # A drop before round 1 promotes the first team waiting, and its page says so.
    dropped = client_for(Team.objects.get(pk=red)).post(f"/api/v1/teams/{red}/drop/")
    assert dropped.status_code == 200
    assert staff.get(f"/api/v1/teams/{green}/").json()["status"] == "registered"
    teams = {t["name"]: t["status"] for t in staff.get(url).json()}
    assert teams == {
        "Red": "dropped",
        "Blue": "registered",
        "Green": "registered",
        "Gold": "waiting",
    }
    # Round 1: Gold, still waiting, does not take part.
    paired = staff.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
    assert paired.status_code == 201, paired.content
    gold = Team.objects.get(event=event, name="Gold")
    assert gold.dropped
    assert DropRecord.objects.get(team=gold).kind == DropRecord.Kind.NOT_ADMITTED
    assert len(paired.json()["matches"]) == 1


def test_a_higher_cap_promotes_and_a_bad_cap_is_refused(event, organizer):
    staff = client_for(organizer)
    staff.patch(f"/api/v1/events/{event.pk}/", {"max_teams": 2}, format="json")
    for n in ("Red", "Blue", "Green"):
        factories.team(event, n, [n + " 1", n + " 2"])
    assert staff.get(f"/api/v1/events/{event.pk}/").json()["max_teams"] == 2
    green = Team.objects.get(event=event, name="Green")
    assert staff.get(f"/api/v1/teams/{green.pk}/").json()["status"] == "waiting"
    staff.patch(f"/api/v1/events/{event.pk}/", {"max_teams": None}, format="json")
    assert staff.get(f"/api/v1/teams/{green.pk}/").json()["status"] == "registered"
    bad = staff.patch(f"/api/v1/events/{event.pk}/", {"max_teams": 1}, format="json")
    assert bad.status_code == 400
    assert "max_teams" in bad.json()


def test_twenty_players_some_in_teams_some_alone_all_check_in_and_round_one_pairs(event, organizer):
    """The issue's "done when": the organizer opens sign-ups, twenty players arrive (eight in
    four teams, twelve alone), all check in from their phones, and round 1 is paired without
    the organizer typing a name."""
    from tournament.services import signups as signup_svc

    for i in range(4):
        signup = signup_svc.signup_start(event=event, name=f"Crew {i}", player=f"Lead {i}")
        signup_svc.signup_join(code=signup.join_code, player=f"Mate {i}")
        signup_svc.signup_approve(signup=signup)  # the organizer's button
    codes = [_solo(event, f"Solo {i:02d}") for i in range(12)]
    staff = client_for(organizer)
    formed = staff.post(f"/api/v1/events/{event.pk}/solo-signups/match/").json()
    assert len(formed["teams"]) == 6
    assert formed["waiting"] == []
    staff.post(f"/api/v1/events/{event.pk}/check-in/", {"open": True}, format="json")
    for team in Team.objects.filter(event=event):
        answer = client_for(team).post(f"/api/v1/teams/{team.pk}/check-in/")
        assert answer.status_code == 200
    for code in codes:
        assert "link" in client_for(None).get(f"/api/v1/solo-signups/{code}/").json()
    paired = staff.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
    assert paired.status_code == 201, paired.content
    assert len(paired.json()["matches"]) == 5
