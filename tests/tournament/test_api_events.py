"""The API of docs/api.md "Events, staff, teams", including its 4xx answers."""

import pytest

from support import factories
from support.api_clients import client_for
from tournament.models import Player, Team

pytestmark = pytest.mark.django_db


def test_public_event_and_its_teams_are_readable_by_anyone_without_keys(world):
    response = client_for(None).get(f"/api/v1/events/{world.other_event.pk}/teams/")
    assert response.status_code == 200
    [team] = response.json()
    assert team["name"] == "Team Green"
    assert team["access_key"] is None


def test_team_register_returns_players_in_seat_order_and_a_key(world):
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/",
        {"name": "Team Gold", "players": [{"name": "Gia", "wizards_id": "123"}, {"name": "Gil"}]},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert [(p["name"], p["seat"], p["wizards_id"]) for p in body["players"]] == [
        ("Gia", 1, "123"),
        ("Gil", 2, None),
    ]
    assert body["dropped"] is False
    assert Team.objects.get(pk=body["id"]).access_key == body["access_key"]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([{"name": "Solo"}], "teams of 2"),
        ([{"name": "A"}, {"name": "B"}, {"name": "C"}], "teams of 2"),
        ([{"name": "A"}, {"name": "   "}], "blank"),
        ([{"name": "Rita"}, {"name": "New"}], "already registered"),
        ([{"name": "rita"}, {"name": "New"}], "already registered"),
        ([{"name": "Same"}, {"name": "same"}], "twice"),
        ([{"name": "Bad\x07Bell"}, {"name": "New"}], "control"),
        ([{"name": "Evil\u202egnirts"}, {"name": "New"}], "right-to-left"),
        ([{"name": "A" * 81}, {"name": "New"}], "longer than 80"),
    ],
)
def test_team_register_bad_players_is_400_and_saves_nothing(world, players, message):
    before = Player.objects.count()
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/",
        {"name": "Team Gold", "players": players},
        format="json",
    )
    assert response.status_code == 400
    assert message in str(response.json())
    assert Player.objects.count() == before


def test_team_register_same_wizards_id_is_refused_even_with_another_name(world):
    client = client_for(world.sam)
    url = f"/api/v1/events/{world.event.pk}/teams/"
    first = client.post(
        url,
        {"name": "T1", "players": [{"name": "A", "wizards_id": "77"}, {"name": "B"}]},
        format="json",
    )
    assert first.status_code == 201
    second = client.post(
        url,
        {"name": "T2", "players": [{"name": "Z", "wizards_id": "77"}, {"name": "Y"}]},
        format="json",
    )
    assert second.status_code == 400
    assert "already registered in team 'T1'" in str(second.json())


def test_team_register_same_name_with_different_ids_is_two_people(world):
    client = client_for(world.sam)
    url = f"/api/v1/events/{world.event.pk}/teams/"
    for team, wid in (("T1", "1"), ("T2", "2")):
        players = [{"name": "Sam Smith", "wizards_id": wid}, {"name": f"Mate {wid}"}]
        assert (
            client.post(url, {"name": team, "players": players}, format="json").status_code == 201
        )


def test_team_name_taken_case_insensitively_is_400(world):
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/",
        {"name": "team red", "players": [{"name": "X"}, {"name": "Y"}]},
        format="json",
    )
    assert response.status_code == 400


def test_names_are_nfc_normalised(world):
    decomposed = "Zoe\u0308"
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/",
        {"name": "Les Zoës", "players": [{"name": decomposed}, {"name": "Ana"}]},
        format="json",
    )
    assert response.json()["players"][0]["name"] == "Zo\u00eb"


def test_team_of_three_in_three_headed_giant_event(db):
    alice = factories.user()
    event = factories.event(alice, structure="sealed", format="", team_size=3)
    players = [{"name": n} for n in ("A", "B", "C")]
    response = client_for(alice).post(
        f"/api/v1/events/{event.pk}/teams/", {"name": "Trio", "players": players}, format="json"
    )
    assert response.status_code == 201
    assert [p["seat"] for p in response.json()["players"]] == [1, 2, 3]


def test_seat_order_swaps_primary_player(world):
    rita, rob = world.red.players.order_by("seat")
    response = client_for(world.red).patch(
        f"/api/v1/teams/{world.red.pk}/", {"seat_order": [rob.pk, rita.pk]}, format="json"
    )
    assert response.status_code == 200
    assert [(p["name"], p["seat"]) for p in response.json()["players"]] == [("Rob", 1), ("Rita", 2)]


def test_seat_order_with_a_player_of_another_team_is_400(world):
    rita, _ = world.red.players.order_by("seat")
    bea = world.blue.players.first()
    response = client_for(world.sam).patch(
        f"/api/v1/teams/{world.red.pk}/", {"seat_order": [rita.pk, bea.pk]}, format="json"
    )
    assert response.status_code == 400
    assert "seat_order" in response.json()


def test_drop_twice_is_409(world):
    client = client_for(world.sam)
    assert client.post(f"/api/v1/teams/{world.red.pk}/drop/").json()["dropped"] is True
    assert client.post(f"/api/v1/teams/{world.red.pk}/drop/").status_code == 409


def test_new_key_retires_the_old_one(world):
    old = world.red.access_key
    response = client_for(world.sam).post(f"/api/v1/teams/{world.red.pk}/key/")
    assert response.status_code == 200
    assert response.json()["access_key"] != old
    stale = client_for(None)
    stale.credentials(HTTP_X_TEAM_KEY=old)
    assert stale.get(f"/api/v1/teams/{world.red.pk}/").status_code == 401


def test_team_key_of_another_event_cannot_touch_this_event(world):
    response = client_for(world.green).patch(
        f"/api/v1/teams/{world.red.pk}/", {"name": "Hijack"}, format="json"
    )
    assert response.status_code == 404
    world.red.refresh_from_db()
    assert world.red.name == "Team Red"


def test_csv_import_registers_all_rows(world):
    csv = "Team name,Player 1,ID 1,Player 2,ID 2\nT1,Ann,11,Art,12\nT2,Bo,21,Bix,\n"
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/import/", {"csv": csv}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert [t["name"] for t in response.json()] == ["T1", "T2"]
    assert Player.objects.get(name="Ann").wizards_id == "11"


def test_csv_import_with_one_bad_row_saves_nothing_and_names_the_row(world):
    csv = "T1,Ann,Art\nT2,Rita,Bix\nT3,OnlyOne\n"
    before = Team.objects.count()
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/import/", {"csv": csv}, format="json"
    )
    assert response.status_code == 400
    rows = response.json()["rows"]
    assert rows[0]["errors"] == []
    assert "already registered" in rows[1]["errors"][0]
    assert "columns" in rows[2]["errors"][0]
    assert Team.objects.count() == before


def test_csv_import_dry_run_previews_without_saving(world):
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/import/",
        {"csv": "T1;Ann;Art\n", "dry_run": True},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["ok"] is True
    assert not Team.objects.filter(name="T1").exists()


def test_csv_import_duplicate_within_file_is_reported(world):
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/import/",
        {"csv": "T1,Ann,Art\nT2,Ann,Bo\n", "dry_run": True},
        format="json",
    )
    assert "also in row 1" in response.json()["rows"][1]["errors"][0]
