"""Deck checks through the API (docs/api.md "Deck checks"; IPG 3.5, MTR 2.6): a judge starts one
at a chosen or random table, ends it with its outcome, and the table gets the time taken plus
three minutes; scorekeepers and teams may not, and bad input is a 400 that saves nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from judging.models import DeckCheck, Extension
from support.api_clients import client_for

pytestmark = pytest.mark.django_db


def test_a_judge_checks_a_chosen_team_and_the_table_gets_the_time_back(table, world):
    judge = client_for(world.judy)
    url = f"/api/v1/rounds/{table.round.pk}/deck-checks/"
    started = judge.post(url, {"match": table.match.pk, "team": table.red.pk}, format="json")
    assert started.status_code == 201, started.content
    body = started.json()
    assert (body["match"], body["table"], body["team"]) == (table.match.pk, 1, table.red.pk)
    assert body["team_name"] == table.red.name
    assert (body["chosen_at_random"], body["started_by"], body["ended_at"]) == (False, "judy", None)
    assert (body["outcome"], body["minutes_taken"], body["extension_minutes"]) == ("", None, None)
    # The decks came back 6 min 10 s after they were taken: 7 minutes (rounded up) + 3.
    DeckCheck.objects.filter(pk=body["id"]).update(
        started_at=timezone.now() - timedelta(minutes=6, seconds=10)
    )
    ended = judge.post(
        f"/api/v1/deck-checks/{body['id']}/end/", {"outcome": "ok", "notes": "fine"}, format="json"
    )
    assert ended.status_code == 200, ended.content
    done = ended.json()
    assert (done["outcome"], done["notes"], done["ended_by"]) == ("ok", "fine", "judy")
    assert (done["minutes_taken"], done["extension_minutes"]) == (7, 10)
    extension = Extension.objects.get(match=table.match)
    assert (extension.minutes, extension.reason) == (10, "deck_check")
    listed = judge.get(url).json()
    assert [c["id"] for c in listed] == [body["id"]]
    assert listed[0]["extension_minutes"] == 10
    again = judge.post(f"/api/v1/deck-checks/{body['id']}/end/", {"outcome": "ok"}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "deck_check_ended")


def test_a_random_check_and_a_team_alone_finds_its_table(table, world):
    judge = client_for(world.judy)
    url = f"/api/v1/rounds/{table.round.pk}/deck-checks/"
    drawn = judge.post(url, {}, format="json")
    assert drawn.status_code == 201, drawn.content
    assert drawn.json()["chosen_at_random"] is True
    assert drawn.json()["team"] in (table.red.pk, table.blue.pk)
    other = table.blue if drawn.json()["team"] == table.red.pk else table.red
    by_team = judge.post(url, {"team": other.pk}, format="json")
    assert by_team.status_code == 201, by_team.content
    assert (by_team.json()["match"], by_team.json()["team"]) == (table.match.pk, other.pk)
    assert by_team.json()["chosen_at_random"] is False
    # Both teams' decks are away: the same team again is refused, nothing saved.
    twice = judge.post(url, {"team": other.pk}, format="json")
    assert (twice.status_code, twice.json()["code"]) == (409, "deck_check_running")
    assert DeckCheck.objects.count() == 2


@pytest.mark.parametrize(
    "data",
    [
        {"match": 999_999},
        {"team": 999_999},
        {"match": "one"},
        {"team": True},
    ],
)
def test_bad_tables_and_teams_are_400_and_save_nothing(table, world, data):
    response = client_for(world.judy).post(
        f"/api/v1/rounds/{table.round.pk}/deck-checks/", data, format="json"
    )
    assert response.status_code == 400, response.content
    assert DeckCheck.objects.count() == 0


def test_a_bad_outcome_is_400_and_the_check_keeps_running(table, world):
    judge = client_for(world.judy)
    check = judge.post(
        f"/api/v1/rounds/{table.round.pk}/deck-checks/", {"team": table.red.pk}, format="json"
    ).json()
    for outcome in ("great", "", None):
        response = judge.post(
            f"/api/v1/deck-checks/{check['id']}/end/", {"outcome": outcome}, format="json"
        )
        assert response.status_code == 400, response.content
    row = DeckCheck.objects.get(pk=check["id"])
    assert (row.ended_at, row.outcome) == (None, "")
    assert not Extension.objects.exists()


def test_scorekeepers_teams_and_strangers_may_not(table, world):
    url = f"/api/v1/rounds/{table.round.pk}/deck-checks/"
    check = client_for(world.judy).post(url, {"team": table.red.pk}, format="json").json()
    end = f"/api/v1/deck-checks/{check['id']}/end/"
    scorekeeper = client_for(world.sam)
    assert scorekeeper.get(url).status_code == 403
    assert scorekeeper.post(url, {}, format="json").status_code == 403
    assert scorekeeper.post(end, {"outcome": "ok"}, format="json").status_code == 403
    team = client_for(table.red)
    assert team.post(end, {"outcome": "ok"}, format="json").status_code == 403
    stranger = client_for(None)  # the event is private: its checks are not there
    assert stranger.post(end, {"outcome": "ok"}, format="json").status_code == 404
    assert (
        client_for(world.judy)
        .post("/api/v1/deck-checks/999999/end/", {"outcome": "ok"}, format="json")
        .status_code
        == 404
    )
    assert DeckCheck.objects.get(pk=check["id"]).ended_at is None
