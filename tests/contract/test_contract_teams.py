"""docs/api.md "Events, staff, teams": registering, changing, dropping teams; access keys."""

import json

import pytest
from rest_framework.test import APIClient

from support.contract import (
    API,
    RLM,
    RLO,
    assert_400,
    assert_hidden_or_forbidden,
    login,
    new_event,
    new_team,
    patch,
    post,
    raw,
    team_client,
)

pytestmark = pytest.mark.django_db


# --- teams -----------------------------------------------------------------------------------


def test_register_team_201_with_contract_fields_and_seats(world, alice_api):
    response = post(
        alice_api,
        f"/events/{world.event.pk}/teams/",
        {
            "name": "Team Gold",
            "players": [{"name": "Gil", "wizards_id": "1234567"}, {"name": "Gia"}],
        },
    )
    assert response.status_code == 201
    body = response.json()
    assert isinstance(body["id"], int)
    assert body["name"] == "Team Gold"
    assert body["dropped"] is False
    assert isinstance(body["access_key"], str)
    assert len(body["access_key"]) >= 16
    assert [(p["name"], p["wizards_id"], p["seat"]) for p in body["players"]] == [
        ("Gil", "1234567", 1),
        ("Gia", None, 2),
    ]
    assert all(isinstance(p["id"], int) for p in body["players"])
    # the key works as X-Team-Key
    own = team_client(body["access_key"]).get(f"{API}/teams/{body['id']}/")
    assert own.status_code == 200
    assert own.json()["name"] == "Team Gold"


def test_register_team_of_three_in_a_three_headed_event(world, alice_api):
    event = new_event(alice_api, name="Three", team_size=3)
    team = new_team(alice_api, event["id"], "Trio", ["A", "B", "C"])
    assert [p["seat"] for p in team["players"]] == [1, 2, 3]
    short = post(
        alice_api,
        f"/events/{event['id']}/teams/",
        {"name": "Duo", "players": [{"name": "D"}, {"name": "E"}]},
    )
    assert_400(short, "players")


@pytest.mark.parametrize(
    "players",
    [
        [{"name": "Solo"}],
        [{"name": "A1"}, {"name": "A2"}, {"name": "A3"}],
        [],
    ],
)
def test_register_team_wrong_player_count_is_400(world, alice_api, players):
    response = post(
        alice_api, f"/events/{world.event.pk}/teams/", {"name": "Odd", "players": players}
    )
    assert_400(response, "players", flat=False)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "   ", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": f"Team{RLO}deR", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": f"Team{RLM}", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "Team\x1b[31mRed", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "Team\x00", "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "T" * 100_000, "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": ["Team"], "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": None, "players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"players": [{"name": "A"}, {"name": "B"}]}, "name"),
        ({"name": "Okay", "players": [{"name": ""}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": "  "}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": f"Al{RLO}ice"}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": f"Bob{RLM}"}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": "Bell\x07"}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": "P" * 100_000}, {"name": "B"}]}, "players"),
        (
            {"name": "Okay", "players": [{"name": "A", "wizards_id": ["1"]}, {"name": "B"}]},
            "players",
        ),
        (
            {"name": "Okay", "players": [{"name": "A", "wizards_id": "1 2; DROP"}, {"name": "B"}]},
            "players",
        ),
        ({"name": "Okay", "players": [{"wizards_id": "77"}, {"name": "B"}]}, "players"),
        ({"name": "Okay", "players": [{"name": "Same"}, {"name": "same"}]}, "players"),
        ({"name": "Okay", "players": "A, B"}, "players"),
        ({"name": "Okay", "players": {"name": "A"}}, "players"),
        ({"name": "Okay", "players": [["A"], ["B"]]}, "players"),
        ({"name": "Okay", "players": [1, 2]}, "players"),
        ({"name": "Okay", "players": None}, "players"),
        ({"name": "Okay"}, "players"),
    ],
)
def test_register_team_bad_input_is_400_and_registers_nothing(world, alice_api, body, field):
    path = f"/events/{world.event.pk}/teams/"
    before = len(alice_api.get(f"{API}{path}").json())
    assert_400(post(alice_api, path, body), field, flat=False)
    assert len(alice_api.get(f"{API}{path}").json()) == before


@pytest.mark.parametrize(
    "players",
    [
        [{"wizards_id": "77"}, {"name": "B"}],
        [["A"], ["B"]],
        "A, B",
        [],
    ],
)
def test_register_team_player_errors_are_field_messages(world, alice_api, players):
    response = post(
        alice_api, f"/events/{world.event.pk}/teams/", {"name": "Shape", "players": players}
    )
    assert_400(response, "players")


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
        ([{"name": f"Evil{RLO}gnirts"}, {"name": "New"}], "right-to-left"),
        ([{"name": "A" * 81}, {"name": "New"}], "longer than 80"),
    ],
)
def test_register_team_bad_players_message_says_why(world, sam_api, players, message):
    path = f"/events/{world.event.pk}/teams/"
    before = len(sam_api.get(f"{API}{path}").json())
    body = assert_400(post(sam_api, path, {"name": "Team Gold", "players": players}), flat=False)
    assert message in str(body)
    assert len(sam_api.get(f"{API}{path}").json()) == before


def test_register_team_name_taken_in_any_case_is_400(world, sam_api):
    path = f"/events/{world.event.pk}/teams/"
    body = {"name": "team red", "players": [{"name": "X"}, {"name": "Y"}]}
    response = post(sam_api, path, body)
    assert_400(response)
    assert "already registered" in response.json()["name"][0]  # the field that is wrong
    assert "players" not in response.json()
    assert sorted(t["name"] for t in sam_api.get(f"{API}{path}").json()) == [
        "Team Blue",
        "Team Red",
    ]


def test_register_team_names_are_nfc_normalised(world, sam_api):
    body = {"name": "Les Zoës", "players": [{"name": "Zoe\u0308"}, {"name": "Ana"}]}
    response = post(sam_api, f"/events/{world.event.pk}/teams/", body)
    assert response.status_code == 201
    assert response.json()["players"][0]["name"] == "Zo\u00eb"


def test_register_team_list_body_is_400(world, alice_api):
    body = [{"name": "A", "players": [{"name": "A"}, {"name": "B"}]}]
    assert_400(post(alice_api, f"/events/{world.event.pk}/teams/", body))


def test_register_team_malformed_json_is_400(world, alice_api):
    assert_400(
        raw(
            alice_api,
            "post",
            f"/events/{world.event.pk}/teams/",
            '{"name": "x", "players": [',
            "application/json",
        )
    )


def test_register_team_player_already_in_the_event_by_name_is_400(world, alice_api):
    # Rita plays for Team Red (case and spaces do not make a new person)
    body = {"name": "Team Copy", "players": [{"name": "  rita "}, {"name": "Ned"}]}
    assert_400(post(alice_api, f"/events/{world.event.pk}/teams/", body), "players")


def test_register_team_player_already_in_the_event_by_wizards_id_is_400(world, alice_api):
    path = f"/events/{world.event.pk}/teams/"
    ok = post(
        alice_api,
        path,
        {"name": "Ids", "players": [{"name": "Ida", "wizards_id": "555"}, {"name": "Ivo"}]},
    )
    assert ok.status_code == 201
    again = post(
        alice_api,
        path,
        {
            "name": "Ids 2",
            "players": [{"name": "Other Name", "wizards_id": "555"}, {"name": "Ulf"}],
        },
    )
    body = assert_400(again, "players")
    assert "already registered in team 'Ids'" in str(body)


def test_register_team_same_name_with_different_wizards_ids_is_two_people(world, sam_api):
    path = f"/events/{world.event.pk}/teams/"
    for team, wizards_id in (("T1", "1"), ("T2", "2")):
        players = [{"name": "Sam Smith", "wizards_id": wizards_id}, {"name": f"Mate {wizards_id}"}]
        assert post(sam_api, path, {"name": team, "players": players}).status_code == 201


def test_same_player_may_play_in_two_different_events(world, alice_api):
    body = {"name": "Team Green Again", "players": [{"name": "Gus"}, {"name": "Gwen"}]}
    assert post(alice_api, f"/events/{world.event.pk}/teams/", body).status_code == 201


def test_register_team_by_outsider_or_team_is_refused(world, charlie_api):
    path = f"/events/{world.event.pk}/teams/"
    body = {"name": "Crashers", "players": [{"name": "C1"}, {"name": "C2"}]}
    assert post(APIClient(), path, body).status_code in (401, 404)
    assert_hidden_or_forbidden(post(charlie_api, path, body))
    assert post(team_client(world.red.access_key), path, body).status_code == 403
    assert_hidden_or_forbidden(post(team_client(world.green.access_key), path, body))
    names = [t["name"] for t in login("alice").get(f"{API}{path}").json()]
    assert "Crashers" not in names


def test_register_team_in_unknown_event_is_404(world, alice_api):
    body = {"name": "Ghost", "players": [{"name": "G1"}, {"name": "G2"}]}
    assert post(alice_api, "/events/987654321/teams/", body).status_code == 404


def test_team_list_of_a_public_event_hides_access_keys_from_anonymous(world):
    response = APIClient().get(f"{API}/events/{world.other_event.pk}/teams/")
    assert response.status_code == 200
    teams = response.json()
    assert [t["name"] for t in teams] == ["Team Green"]
    assert world.green.access_key not in json.dumps(teams)
    assert teams[0]["access_key"] is None
    assert {"id", "name", "players", "dropped"} <= set(teams[0])


def test_team_list_for_organizer_has_every_team(world, alice_api):
    teams = alice_api.get(f"{API}/events/{world.event.pk}/teams/").json()
    assert sorted(t["name"] for t in teams) == ["Team Blue", "Team Red"]
    red = next(t for t in teams if t["name"] == "Team Red")
    assert [(p["name"], p["seat"]) for p in red["players"]] == [("Rita", 1), ("Rob", 2)]


def test_patch_team_name(world, sam_api):
    response = patch(sam_api, f"/teams/{world.red.pk}/", {"name": "Team Crimson"})
    assert response.status_code == 200
    assert response.json()["name"] == "Team Crimson"


@pytest.mark.parametrize(
    "body",
    [
        {"name": ""},
        {"name": f"Red{RLO}"},
        {"name": "Team Blue"},
        {"name": "team blue"},
        {"name": "R" * 100_000},
        {"name": ["x"]},
        {"seat_order": "abc"},
        {"seat_order": ["abc", "def"]},
        {"seat_order": {"a": 1}},
        {"seat_order": []},
        {"seat_order": [10**20, 10**20 + 1]},
    ],
)
def test_patch_team_bad_input_is_400_and_changes_nothing(world, sam_api, body):
    path = f"/teams/{world.red.pk}/"
    before = sam_api.get(f"{API}{path}").json()
    response = patch(sam_api, path, body)
    assert_400(response)
    assert sam_api.get(f"{API}{path}").json() == before


def test_patch_team_list_body_is_400(world, sam_api):
    assert_400(patch(sam_api, f"/teams/{world.red.pk}/", [{"name": "x"}]))


def test_swap_seats_with_seat_order(world, sam_api):
    path = f"/teams/{world.red.pk}/"
    players = sam_api.get(f"{API}{path}").json()["players"]
    rita, rob = (p["id"] for p in players)
    response = patch(sam_api, path, {"seat_order": [rob, rita]})
    assert response.status_code == 200
    assert [(p["name"], p["seat"]) for p in response.json()["players"]] == [("Rob", 1), ("Rita", 2)]
    seats = {p["name"]: p["seat"] for p in sam_api.get(f"{API}{path}").json()["players"]}
    assert seats == {"Rob": 1, "Rita": 2}
    # the team itself may swap its seats back with its key
    own = patch(team_client(world.red.access_key), path, {"seat_order": [rita, rob]})
    assert own.status_code == 200
    assert [(p["name"], p["seat"]) for p in own.json()["players"]] == [("Rita", 1), ("Rob", 2)]


def test_seat_order_with_players_of_another_team_is_400(world, sam_api):
    red = sam_api.get(f"{API}/teams/{world.red.pk}/").json()["players"]
    blue = sam_api.get(f"{API}/teams/{world.blue.pk}/").json()["players"]
    for order in (
        [red[0]["id"], blue[0]["id"]],
        [red[0]["id"], red[0]["id"]],
        [red[0]["id"]],
        [red[0]["id"], red[1]["id"], blue[0]["id"]],
    ):
        assert_400(patch(sam_api, f"/teams/{world.red.pk}/", {"seat_order": order}), "seat_order")
    seats = [
        (p["name"], p["seat"])
        for p in sam_api.get(f"{API}/teams/{world.red.pk}/").json()["players"]
    ]
    assert sorted(seats) == [("Rita", 1), ("Rob", 2)]


def test_patch_team_by_outsider_or_other_team_is_refused(world, charlie_api):
    path = f"/teams/{world.red.pk}/"
    assert_hidden_or_forbidden(patch(charlie_api, path, {"name": "Hijacked"}))
    hijack = patch(team_client(world.green.access_key), path, {"name": "Hijacked"})
    assert_hidden_or_forbidden(hijack)
    assert hijack.status_code == 404  # a team of another event: this private event's team is hidden
    assert_hidden_or_forbidden(
        patch(team_client(world.blue.access_key), path, {"name": "Hijacked"})
    )
    assert login("alice").get(f"{API}{path}").json()["name"] == "Team Red"


def test_get_unknown_team_is_404(world, alice_api):
    assert alice_api.get(f"{API}/teams/987654321/").status_code == 404
    assert patch(alice_api, "/teams/987654321/", {"name": "x"}).status_code == 404
    assert post(alice_api, "/teams/987654321/drop/").status_code == 404


def test_drop_team_then_drop_again_is_refused(world, sam_api):
    response = post(sam_api, f"/teams/{world.red.pk}/drop/")
    assert response.status_code == 200
    assert response.json()["dropped"] is True
    assert sam_api.get(f"{API}/teams/{world.red.pk}/").json()["dropped"] is True
    again = post(sam_api, f"/teams/{world.red.pk}/drop/")
    assert again.status_code in (400, 409)
    assert again.json()["code"]
    assert again.status_code == 409  # Tandem's choice: a conflict with the team's state


def test_drop_team_by_outsider_or_other_event_team_is_refused(world, charlie_api):
    path = f"/teams/{world.red.pk}/drop/"
    assert_hidden_or_forbidden(post(charlie_api, path))
    assert_hidden_or_forbidden(post(team_client(world.green.access_key), path))
    assert login("alice").get(f"{API}/teams/{world.red.pk}/").json()["dropped"] is False


def test_new_access_key_retires_the_old_one(world, sam_api):
    """Not in docs/api.md: staff give a team a new key with POST /teams/{id}/key/."""
    old = world.red.access_key
    response = post(sam_api, f"/teams/{world.red.pk}/key/")
    assert response.status_code == 200
    new = response.json()["access_key"]
    assert new != old
    assert team_client(old).get(f"{API}/teams/{world.red.pk}/").status_code == 401
    assert team_client(new).get(f"{API}/teams/{world.red.pk}/").status_code == 200


def test_team_key_cannot_rename_its_own_team_but_may_drop_it(world, alice_api):
    """docs/api.md: `POST /teams/{id}/drop/` also with the team's own key (MTR 2.10); a team
    never drops another, and undrop stays staff's."""
    red = team_client(world.red.access_key)
    assert patch(red, f"/teams/{world.red.pk}/", {"name": "Red Renamed"}).status_code == 403
    assert post(red, f"/teams/{world.blue.pk}/drop/").status_code in (403, 404)
    assert post(red, f"/teams/{world.red.pk}/drop/").status_code == 200
    assert post(red, f"/teams/{world.red.pk}/undrop/").status_code == 403
    after = alice_api.get(f"{API}/teams/{world.red.pk}/").json()
    assert (after["name"], after["dropped"]) == ("Team Red", True)


def test_access_keys_are_shown_to_staff_and_the_team_itself_only(world, sam_api):
    blue = team_client(world.blue.access_key)
    assert world.red.access_key not in blue.get(f"{API}/teams/{world.red.pk}/").content.decode()
    assert (
        world.red.access_key
        not in blue.get(f"{API}/events/{world.event.pk}/teams/").content.decode()
    )
    assert world.blue.access_key in blue.get(f"{API}/teams/{world.blue.pk}/").content.decode()
    staff_view = sam_api.get(f"{API}/events/{world.event.pk}/teams/").json()
    assert {t["access_key"] for t in staff_view} == {world.red.access_key, world.blue.access_key}


def test_team_key_of_another_event_reads_nothing_of_this_event(world):
    green = team_client(world.green.access_key)
    for path in (
        f"/events/{world.event.pk}/",
        f"/events/{world.event.pk}/teams/",
        f"/teams/{world.red.pk}/",
        f"/teams/{world.red.pk}/decklists/",
        f"/events/{world.event.pk}/rounds/",
        f"/events/{world.event.pk}/standings/",
    ):
        assert_hidden_or_forbidden(green.get(f"{API}{path}"))


# --- CSV import (not in docs/api.md: POST /events/{id}/teams/import/ {csv, dry_run?}) --------


def test_csv_import_registers_all_rows(world, sam_api):
    csv = "Team name,Player 1,ID 1,Player 2,ID 2\nT1,Ann,11,Art,12\nT2,Bo,21,Bix,\n"
    response = post(sam_api, f"/events/{world.event.pk}/teams/import/", {"csv": csv})
    assert response.status_code == 201, response.json()
    assert [t["name"] for t in response.json()] == ["T1", "T2"]
    teams = sam_api.get(f"{API}/events/{world.event.pk}/teams/").json()
    players = {p["name"]: p["wizards_id"] for t in teams for p in t["players"]}
    assert (players["Ann"], players["Bix"]) == ("11", None)


def test_csv_import_with_one_bad_row_saves_nothing_and_names_the_row(world, sam_api):
    path = f"/events/{world.event.pk}/teams/"
    before = len(sam_api.get(f"{API}{path}").json())
    csv = "T1,Ann,Art\nT2,Rita,Bix\nT3,OnlyOne\n"
    response = post(sam_api, f"{path}import/", {"csv": csv})
    assert response.status_code == 400
    rows = response.json()["rows"]
    assert rows[0]["errors"] == []
    assert "already registered" in rows[1]["errors"][0]
    assert "columns" in rows[2]["errors"][0]
    assert len(sam_api.get(f"{API}{path}").json()) == before


def test_csv_import_duplicate_within_the_file_names_the_first_row(world, sam_api):
    response = post(
        sam_api, f"/events/{world.event.pk}/teams/import/", {"csv": "T1,Ann,Art\nT2,Ann,Bo\n"}
    )
    assert response.status_code == 400
    assert "also in row 1" in response.json()["rows"][1]["errors"][0]


def test_csv_import_dry_run_previews_without_saving(world, sam_api):
    path = f"/events/{world.event.pk}/teams/"
    before = len(sam_api.get(f"{API}{path}").json())
    response = post(sam_api, f"{path}import/", {"csv": "T1;Ann;Art\n", "dry_run": True})
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert body["rows"][0]["name"] == "T1"
    assert [p["name"] for p in body["rows"][0]["players"]] == ["Ann", "Art"]
    assert len(sam_api.get(f"{API}{path}").json()) == before
