"""The rounds, results and standings API as docs/api.md names it (contract: paths, fields, codes)."""

import pytest

from pairing import services
from pairing.models import Match, Round
from support import factories
from support.rounds import event_with_teams, games, match_of, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(world):
    """World's private event with two more teams, round 1 paired and published."""
    factories.team(world.event, "Team Gold", ["Gil", "Gia"])
    factories.team(world.event, "Team Jade", ["Jo", "Jan"])
    world.event.swiss_rounds = 3
    world.event.save()
    round_ = services.round_pair_next(event=world.event, seed=7)
    services.round_publish(round_=round_)
    return round_


def test_pair_round_answers_201_with_the_contract_fields(world, api):
    world.event.swiss_rounds = 3
    world.event.save()
    factories.team(world.event, "Team Gold", ["Gil", "Gia"])
    response = api(world.sam).post(f"/api/v1/events/{world.event.pk}/rounds/")
    assert response.status_code == 201
    body = response.json()
    assert {"id", "number", "stage", "matches"} <= set(body)
    assert (body["number"], body["stage"]) == (1, "swiss")
    assert len(body["matches"]) == 2
    for match in body["matches"]:
        assert {"id", "table", "team_a", "team_b", "bye"} <= set(match)
    bye = next(m for m in body["matches"] if m["bye"])
    assert bye["team_b"] is None
    assert bye["table"] is None


def test_pair_round_409_while_the_round_is_unfinished(paired, world, api):
    response = api(world.sam).post(f"/api/v1/events/{world.event.pk}/rounds/")
    assert response.status_code == 409
    assert response.json()["code"] == "round_unfinished"


def test_round_list_and_detail_show_published_rounds_to_teams(paired, world, api):
    listing = api(world.red).get(f"/api/v1/events/{world.event.pk}/rounds/").json()
    assert [(r["number"], r["matches"], r["final"]) for r in listing] == [(1, 2, 0)]
    detail = api(world.red).get(f"/api/v1/rounds/{paired.pk}/").json()
    names = {m["team_a_name"] for m in detail["matches"]}
    names |= {m["team_b_name"] for m in detail["matches"]}
    assert names == {"Team Red", "Team Blue", "Team Gold", "Team Jade"}
    assert "seed" not in detail
    assert detail["warnings"] == []


def test_unpublished_round_is_hidden_from_teams_and_shown_to_staff(world, api):
    world.event.swiss_rounds = 3
    world.event.save()
    round_ = services.round_pair_next(event=world.event)
    assert api(world.red).get(f"/api/v1/rounds/{round_.pk}/").status_code == 404
    assert api(world.red).get(f"/api/v1/events/{world.event.pk}/rounds/").json() == []
    staff = api(world.sam).get(f"/api/v1/rounds/{round_.pk}/").json()
    assert staff["published"] is False
    assert staff["seed"] == round_.seed
    match = round_.matches.first()
    assert api(world.red).get(f"/api/v1/matches/{match.pk}/").status_code == 404


def test_match_detail_has_the_contract_fields(paired, world, api):
    match = match_of(paired, world.red)
    body = api(world.red).get(f"/api/v1/matches/{match.pk}/").json()
    contract = {"id", "round", "table", "team_a", "team_b", "games_a", "games_b", "games_drawn"}
    assert contract | {"result", "status", "time"} <= set(body)
    assert body["round"] == paired.pk
    assert (body["status"], body["result"]) == ("pending", None)
    assert "reports" not in body


def test_staff_result_is_final(paired, world, api):
    match = match_of(paired, world.red)
    response = api(world.sam).post(f"/api/v1/matches/{match.pk}/result/", games(1, 0, 1))
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["result"], body["games_drawn"]) == ("final", "a", 1)


def test_two_won_games_is_400_with_a_code(paired, world, api):
    """MTR 9.1: a 2HG match ends at its first won game."""
    match = match_of(paired, world.red)
    response = api(world.sam).post(f"/api/v1/matches/{match.pk}/result/", games(1, 1))
    assert response.status_code == 400
    assert response.json()["code"] == "two_wins"
    assert Match.objects.get(pk=match.pk).status == "pending"


@pytest.mark.parametrize(
    "body",
    [
        {"games_a": "x", "games_b": 0, "games_drawn": 0},
        {"games_a": 0, "games_b": 0, "games_drawn": 999},
        {"games_a": True, "games_b": 0, "games_drawn": 0},
        {},
    ],
)
def test_malformed_result_is_400_per_field(paired, world, api, body):
    match = match_of(paired, world.red)
    response = api(world.sam).post(f"/api/v1/matches/{match.pk}/result/", body, format="json")
    assert response.status_code == 400
    assert set(response.json()) & {"games_a", "games_b", "games_drawn"}


def test_teams_report_then_confirm(paired, world, api):
    match = match_of(paired, world.red)
    other = match.team_b if match.team_a_id == world.red.pk else match.team_a
    first = api(world.red).post(f"/api/v1/matches/{match.pk}/result/", games(0, 1))
    assert first.status_code == 200
    assert first.json()["status"] == "reported"
    second = api(other).post(f"/api/v1/matches/{match.pk}/result/", games(0, 1))
    assert second.status_code == 200
    assert (second.json()["status"], second.json()["result"]) == ("final", "b")


def test_different_team_reports_dispute_with_409_to_the_second(paired, world, api):
    match = match_of(paired, world.red)
    other = match.team_b if match.team_a_id == world.red.pk else match.team_a
    api(world.red).post(f"/api/v1/matches/{match.pk}/result/", games(1, 0))
    response = api(other).post(f"/api/v1/matches/{match.pk}/result/", games(0, 1))
    assert response.status_code == 409
    assert response.json()["code"] == "disputed"
    assert response.json()["match"]["status"] == "disputed"
    staff_view = api(world.sam).get(f"/api/v1/matches/{match.pk}/").json()
    assert sorted(r["games_a"] for r in staff_view["reports"]) == [0, 1]
    settled = api(world.hank).post(f"/api/v1/matches/{match.pk}/result/", games(1, 0))
    assert settled.json()["status"] == "final"


def test_team_cannot_report_a_match_it_does_not_play(paired, world, api):
    """A team of the event: 403; a team of another event: 404 (the event is private)."""
    theirs = paired.matches.exclude(entries__team=world.red).filter(team_b__isnull=False).first()
    assert (
        api(world.red).post(f"/api/v1/matches/{theirs.pk}/result/", games(1, 0)).status_code == 403
    )
    assert (
        api(world.green).post(f"/api/v1/matches/{theirs.pk}/result/", games(1, 0)).status_code
        == 404
    )
    assert Match.objects.get(pk=theirs.pk).status == "pending"


def test_result_for_a_match_of_another_event_is_refused_to_its_staff(paired, world, api):
    other_event, _teams = event_with_teams(4, organizer=factories.user("olive"))
    round_ = services.round_pair_next(event=other_event)
    theirs = round_.matches.first()
    response = api(world.sam).post(f"/api/v1/matches/{theirs.pk}/result/", games(1, 0))
    assert response.status_code == 404  # not published: it does not exist for outsiders
    services.round_publish(round_=round_)
    response = api(world.sam).post(f"/api/v1/matches/{theirs.pk}/result/", games(1, 0))
    assert response.status_code == 403  # a public event: the match exists, but no right
    assert Match.objects.get(pk=theirs.pk).status == "pending"


def test_delete_round_unpairs_it_then_409_once_a_result_is_in(world, api):
    world.event.swiss_rounds = 3
    world.event.save()
    round_ = services.round_pair_next(event=world.event)
    assert api(world.sam).delete(f"/api/v1/rounds/{round_.pk}/").status_code == 204
    assert not Round.objects.filter(pk=round_.pk).exists()
    round_ = services.round_pair_next(event=world.event)
    services.match_enter_result(match=round_.matches.first(), **games(1, 0))
    response = api(world.sam).delete(f"/api/v1/rounds/{round_.pk}/")
    assert response.status_code == 409
    assert response.json()["code"] == "round_has_results"


def test_swap_endpoint_returns_the_warnings(paired, world, api):
    m1, m2 = paired.matches.order_by("table")
    response = api(world.sam).post(
        f"/api/v1/rounds/{paired.pk}/swap/", {"team_1": m1.team_b_id, "team_2": m2.team_a_id}
    )
    assert response.status_code == 200
    body = response.json()
    assert body["warnings"] == []  # round 1: nobody has points or opponents yet
    pairs = {(m["team_a"], m["team_b"]) for m in body["round"]["matches"]}
    assert (m1.team_a_id, m2.team_a_id) in pairs


def test_missing_results_lists_open_tables(paired, world, api):
    m1 = paired.matches.order_by("table").first()
    services.match_enter_result(match=m1, **games(1, 0))
    body = api(world.sam).get(f"/api/v1/rounds/{paired.pk}/missing/").json()
    assert [m["table"] for m in body] == [2]


def test_match_table_can_be_moved(paired, world, api):
    m1 = paired.matches.get(table=1)
    response = api(world.sam).patch(f"/api/v1/matches/{m1.pk}/", {"table": 7}, format="json")
    assert response.status_code == 200
    assert response.json()["table"] == 7


# --- standings -----------------------------------------------------------------------------


def _three_rounds(event):
    for k in range(3):
        play(services.round_pair_next(event=event, seed=k))


def test_standings_rows_have_the_contract_fields_and_4_place_decimals(world, api):
    event, _teams = event_with_teams(8)
    _three_rounds(event)
    body = api(None).get(f"/api/v1/events/{event.pk}/standings/").json()
    assert body["round"] == 3
    assert [r["rank"] for r in body["rows"]] == list(range(1, 9))
    row = body["rows"][0]
    contract = {"rank", "team", "name", "match_points", "wins", "losses", "draws"}
    assert contract | {"penalty_points", "omw", "gw", "ogw"} <= set(row)
    assert "oomw" not in row
    for r in body["rows"]:
        for key in ("omw", "gw", "ogw"):
            assert round(r[key], 4) == r[key]
            assert 0.33 <= r[key] <= 1
    points = [r["match_points"] for r in body["rows"]]
    assert points == sorted(points, reverse=True)


def test_standings_after_round_counts_only_those_rounds(world, api):
    event, _teams = event_with_teams(8)
    _three_rounds(event)
    body = api(None).get(f"/api/v1/events/{event.pk}/standings/?after_round=1").json()
    assert body["round"] == 1
    assert sorted(r["wins"] + r["losses"] + r["draws"] for r in body["rows"]) == [1] * 8
    assert api(None).get(f"/api/v1/events/{event.pk}/standings/?after_round=x").status_code == 400


def test_team_standing_explains_each_number(world, api):
    event, teams = event_with_teams(8)
    _three_rounds(event)
    body = api(None).get(f"/api/v1/events/{event.pk}/standings/{teams[0].pk}/").json()
    assert {"oomw", "mw", "explanation"} <= set(body)
    explanation = body["explanation"]
    assert len(explanation["opponents"]) == 3
    assert [line["label"] for line in explanation["lines"]][:3] == [
        "Match points",
        "Match-win %",
        "Opponents' match-win %",
    ]
    omw = sum(o["mw"] for o in explanation["opponents"]) / 3
    assert abs(omw - body["omw"]) < 0.0002


def test_private_event_standings_are_hidden_from_strangers(world, api):
    assert api(None).get(f"/api/v1/events/{world.event.pk}/standings/").status_code == 404
    assert api(world.red).get(f"/api/v1/events/{world.event.pk}/standings/").status_code == 200
