"""Late entry (docs/rules.md "Late entry"; the MTR has no late-entry section: MTR 2.10 and App.
C are what Tandem follows): staff add a team after round 1 is paired, through the API
(`late: true` on team registration) and the organizer's page; the team has a match loss in each
round paired before it entered, says so on its pages and in the standings, and is paired in the
next round."""

import pytest

from pairing import selectors as pairing_selectors
from pairing import services as pairing_svc
from pairing.models import MatchTeam, Round
from support import factories
from support.api_clients import client_for
from support.rounds import event_with_teams, play
from tournament.models import LateEntry, Team, WaitingTeam
from tournament.services import capacity
from tournament.services import late as late_svc

pytestmark = pytest.mark.django_db

LATE = {"name": "Late Comers", "players": [{"name": "Lia Late"}, {"name": "Leo Late"}]}


@pytest.fixture
def running():
    organizer = factories.user("olivia")
    event, teams = event_with_teams(6, organizer, swiss_rounds=4, public=True)
    pairing_svc.round_pair_next(event=event)
    event.refresh_from_db()
    return event, teams, organizer


def _late(client, event, body=LATE):
    return client.post(f"/api/v1/events/{event.pk}/teams/", {**body, "late": True}, format="json")


def test_a_late_team_gets_a_loss_for_round_one_and_is_paired_in_round_two(running):
    event, teams, organizer = running
    answer = _late(client_for(organizer), event)
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["late"] == {"first_round": 2, "missed_rounds": [1]}
    assert body["status"] == "registered"
    team = Team.objects.get(pk=body["id"])
    # Registration without the flag stays closed, as before.
    plain = client_for(organizer).post(f"/api/v1/events/{event.pk}/teams/", LATE, format="json")
    assert plain.status_code == 409
    assert plain.json()["code"] == "registration_closed"

    play(Round.objects.get(event=event, number=1))
    round_two = pairing_svc.round_pair_next(event=event)
    assert MatchTeam.objects.filter(round=round_two, team=team).exists()
    play(round_two)
    standings = client_for(organizer).get(f"/api/v1/events/{event.pk}/standings/?after_round=1")
    row = next(r for r in standings.json()["rows"] if r["team"] == team.pk)
    assert (row["wins"], row["losses"], row["missed"], row["match_points"]) == (0, 1, 1, 0)
    after_two = client_for(organizer).get(f"/api/v1/events/{event.pk}/standings/?after_round=2")
    row = next(r for r in after_two.json()["rows"] if r["team"] == team.pk)
    assert row["missed"] == 1
    assert row["wins"] + row["losses"] + row["draws"] == 2  # the missed round and round 2
    assert row["losses"] >= 1


def test_a_registration_answer_says_late_is_null_for_an_ordinary_team():
    organizer = factories.user("olga")
    event = factories.event(organizer)
    answer = client_for(organizer).post(f"/api/v1/events/{event.pk}/teams/", LATE, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["late"] is None
    early = _late(client_for(organizer), event, {**LATE, "name": "Too Early"})
    assert early.status_code == 409
    assert early.json()["code"] == "not_started"


def test_who_may_enter_a_team_late(running):
    event, teams, organizer = running
    scorekeeper = factories.staff(event, "scorekeeper")
    assert _late(client_for(scorekeeper), event).status_code == 201
    stranger = factories.user("charlie")
    assert _late(client_for(stranger), event, {**LATE, "name": "X"}).status_code == 403
    assert _late(client_for(teams[0]), event, {**LATE, "name": "Y"}).status_code == 403
    assert _late(client_for(None), event, {**LATE, "name": "Z"}).status_code == 401
    assert LateEntry.objects.filter(team__event=event).count() == 1


def test_late_entry_is_refused_after_the_cut_in_a_draft_and_with_no_round_left(running):
    event, teams, organizer = running
    Round.objects.filter(event=event, number=1).update(stage=Round.Stage.TOP_CUT)
    refused = _late(client_for(organizer), event)
    assert (refused.status_code, refused.json()["code"]) == (409, "after_cut")

    draft, _ = event_with_teams(4, organizer, structure="draft", format="", swiss_rounds=3)
    pairing_svc.round_pair_next(event=draft)
    refused = _late(client_for(organizer), draft)
    assert (refused.status_code, refused.json()["code"]) == (409, "missed_draft")

    short, _ = event_with_teams(4, organizer, swiss_rounds=1, top_cut=0)
    pairing_svc.round_pair_next(event=short)
    refused = _late(client_for(organizer), short)
    assert (refused.status_code, refused.json()["code"]) == (409, "event_over")
    assert not LateEntry.objects.exists()


def test_bad_input_and_a_player_already_in_the_event_are_refused(running):
    event, teams, organizer = running
    taken = teams[0].players.first().name
    answer = _late(
        client_for(organizer), event, {"name": "Dup", "players": [{"name": taken}, {"name": "New"}]}
    )
    assert answer.status_code == 400
    assert "players" in answer.json()
    short = _late(client_for(organizer), event, {"name": "Solo", "players": [{"name": "One"}]})
    assert short.status_code == 400
    assert not LateEntry.objects.exists()


def test_the_cap_does_not_hold_a_late_team(running):
    event, teams, organizer = running
    capacity.set_max_teams(event=event, value=6)
    team = late_svc.team_register_late(event=event, name="Past the cap", players=["A a", "B b"])
    assert not WaitingTeam.objects.filter(team=team).exists()


def test_the_organizers_page_and_the_teams_pages_state_the_loss(running, client):
    event, teams, organizer = running
    client.force_login(organizer)
    listing = client.get(f"/events/{event.pk}/teams/")
    assert f"/events/{event.pk}/teams/late/" in listing.content.decode()
    page = client.get(f"/events/{event.pk}/teams/late/")
    text = page.content.decode()
    assert "a <strong>match loss in round 1</strong>" in text
    assert "paired from round 2 on" in text
    answer = client.post(
        f"/events/{event.pk}/teams/late/",
        {"name": "Night Owls", "player1": "Nia Owl", "wizards1": "", "player2": "Ned Owl",
         "wizards2": ""},
    )  # fmt: skip
    team = Team.objects.get(event=event, name="Night Owls")
    assert answer.status_code == 302
    assert answer["Location"] == f"/events/{event.pk}/teams/{team.pk}/"
    staff_page = client.get(answer["Location"]).content.decode()
    assert "a match loss in round 1 (no opponent, 0 match points)" in staff_page
    assert "by olivia" in staff_page
    own = client.get(f"/t/{team.access_key}/").content.decode()
    assert "a match loss in round 1 (no opponent, 0 match points)" in own
    assert "Paired from round 2." in own
    listed = client.get(f"/events/{event.pk}/teams/late/").content.decode()
    assert "Night Owls" in listed
    again = client.post(
        f"/events/{event.pk}/teams/late/",
        {"name": "Night Owls", "player1": "X y", "wizards1": "", "player2": "Z w", "wizards2": ""},
    )
    assert again.status_code == 200
    assert "already registered" in again.content.decode()


def test_the_standings_pages_mark_the_late_team(running, client):
    event, teams, organizer = running
    team = late_svc.team_register_late(event=event, name="Late Larks", players=["L a", "L b"])
    play(Round.objects.get(event=event, number=1))
    Round.objects.filter(event=event).update(published=True)
    client.force_login(organizer)
    table = client.get(f"/events/{event.pk}/standings/?after_round=1").content.decode()
    assert "late: 1 round missed" in table
    line = client.get(f"/events/{event.pk}/standings/{team.pk}/?after_round=1").content.decode()
    assert "Entered late: a match loss in round 1, no opponent" in line


def test_the_page_is_staffs(running, client):
    event, teams, organizer = running
    client.force_login(factories.user("charlie"))
    assert client.get(f"/events/{event.pk}/teams/late/").status_code == 403
    assert client.post(f"/events/{event.pk}/teams/late/", {"name": "X"}).status_code == 403


def test_no_late_entry_once_the_last_swiss_round_of_an_automatic_structure_is_paired():
    """Ten teams, Swiss rounds from the team count (MTR App. E: 9-16 teams play 5 Swiss rounds):
    once round 5 is paired a team entering would play no Swiss round."""
    organizer = factories.user("otto")
    event, _ = event_with_teams(10, organizer, swiss_rounds=None)
    plan = pairing_selectors.structure(event)
    assert (plan.automatic, plan.swiss_rounds) == (True, 5)
    round_ = pairing_svc.round_pair_next(event=event)
    for number in range(2, 6):
        play(round_)
        round_ = pairing_svc.round_pair_next(event=event)
        assert round_.number == number
    refused = _late(client_for(organizer), event)
    assert (refused.status_code, refused.json()["code"]) == (409, "event_over")


def test_the_eventlink_results_list_the_rounds_a_late_team_missed(running):
    """The results file for EventLink has a line for each round a late entry missed: a match
    loss, 0-2 in games as its standings count it, no table and no opponent, after the round's
    matches."""
    import csv
    import io

    event, _teams, organizer = running
    _late(client_for(organizer), event)
    play(Round.objects.get(event=event, number=1))
    play(pairing_svc.round_pair_next(event=event))
    client = client_for(organizer)
    client.force_login(organizer)
    answer = client.get(f"/events/{event.pk}/final/results.csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode())))[1:]
    late = [row for row in rows if row[3] == "Late Comers"]
    assert late[0] == [
        "1",
        "swiss",
        "",
        "Late Comers",
        "missed (late entry)",
        "loss",
        "0",
        "2",
        "0",
    ]
    assert [row[0] for row in late] == ["1", "2"]  # then its round 2 match
    assert late[1][4] != "missed (late entry)"
    assert rows.index(late[0]) == max(i for i, row in enumerate(rows) if row[0] == "1")
