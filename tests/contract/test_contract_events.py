"""docs/api.md "Events, staff, teams": events and their staff."""

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
    patch,
    post,
    raw,
    team_client,
)

pytestmark = pytest.mark.django_db


# --- events ----------------------------------------------------------------------------------


def test_create_event_201_with_id_status_and_defaults(world, alice_api):
    response = post(
        alice_api,
        "/events/",
        {
            "name": "Spring Open",
            "structure": "constructed",
            "format": "modern",
            "rel": "competitive",
        },
    )
    assert response.status_code == 201
    body = response.json()
    assert isinstance(body["id"], int)
    assert body["status"] == "registration"
    assert body["team_size"] == 2
    assert body["round_minutes"] == 60
    assert body["udc_rule"] == "mtr"
    assert body["penalty_policy"] == "match_point"
    assert body["tiebreak_order"] == "team"
    assert body["format"] == "modern"
    assert body["rel"] == "competitive"
    assert body["swiss_rounds"] is None
    assert body["top_cut"] == 0
    got = alice_api.get(f"{API}/events/{body['id']}/")
    assert got.status_code == 200
    assert got.json()["name"] == "Spring Open"


def test_create_event_tidies_the_name_and_reads_the_format_in_any_case(world, alice_api):
    body = new_event(alice_api, name="  Friday  2HG ", format="Modern")
    assert body["name"] == "Friday 2HG"
    assert body["format"] == "modern"


def test_create_event_keeps_every_setting_given(world, alice_api):
    values = {
        "name": "Settings",
        "date": "2026-05-02",
        "structure": "constructed",
        "format": "legacy",
        "rel": "professional",
        "team_size": 3,
        "round_minutes": 75,
        "swiss_rounds": 4,
        "top_cut": 8,
        "public": False,
        "udc_rule": "combined_four",
        "penalty_policy": "ipg",
        "tiebreak_order": "individual",
    }
    body = post(alice_api, "/events/", values).json()
    for key, value in values.items():
        assert body[key] == value, key


def test_create_limited_event_needs_no_format(world, alice_api):
    for structure in ("sealed", "draft"):
        response = post(alice_api, "/events/", {"name": structure, "structure": structure})
        assert response.status_code == 201
        assert response.json()["structure"] == structure


def event_count(client: APIClient) -> int:
    response = client.get(f"{API}/events/")
    assert response.status_code == 200
    return len(response.json())


def test_create_constructed_event_without_format_is_400(world, alice_api):
    before = event_count(alice_api)
    assert_400(
        post(alice_api, "/events/", {"name": "No format", "structure": "constructed"}), "format"
    )
    assert event_count(alice_api) == before


def test_create_event_unknown_format_is_400(world, alice_api):
    before = event_count(alice_api)
    body = {"name": "Odd", "structure": "constructed", "format": "not-a-format"}
    assert_400(post(alice_api, "/events/", body), "format")
    assert event_count(alice_api) == before


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("team_size", 1),
        ("team_size", 5),
        ("team_size", -2),
        ("team_size", "two"),
        ("team_size", 10**30),
        ("team_size", [2]),
        ("team_size", 2.5),
        ("team_size", True),
        ("round_minutes", 0),
        ("round_minutes", 5),
        ("round_minutes", -60),
        ("round_minutes", 10**30),
        ("round_minutes", "sixty"),
        ("swiss_rounds", -1),
        ("swiss_rounds", 10**12),
        ("swiss_rounds", "many"),
        ("swiss_rounds", {"n": 3}),
        ("top_cut", 3),
        ("top_cut", 16),
        ("top_cut", -4),
        ("top_cut", "eight"),
        ("structure", "swiss"),
        ("structure", ["constructed"]),
        ("rel", "casual"),
        ("rel", 1),
        ("udc_rule", "combined_five"),
        ("penalty_policy", "strict"),
        ("tiebreak_order", "random"),
        ("public", "maybe"),
        ("public", [True]),
        ("date", "2026-02-30"),
        ("date", "next friday"),
        ("date", 20260101),
        ("format", ["modern"]),
        ("format", {"name": "modern"}),
    ],
)
def test_create_event_bad_value_is_400_naming_the_field(world, alice_api, field, value):
    before = event_count(alice_api)
    body = {"name": "Bad", "structure": "constructed", "format": "modern", field: value}
    assert_400(post(alice_api, "/events/", body), field)
    assert event_count(alice_api) == before


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        f"Evil{RLO}nepO",
        f"Open{RLM}",
        "Open\x07Bell",
        "Open\x00Nul",
        "Open\u200bZeroWidth",
        "x" * 500,
        "x" * 100_000,
        None,
        ["Open"],
    ],
)
def test_create_event_bad_name_is_400(world, alice_api, name):
    before = event_count(alice_api)
    body = {"name": name, "structure": "sealed"}
    assert_400(post(alice_api, "/events/", body), "name")
    assert event_count(alice_api) == before


def test_create_event_missing_fields_is_400(world, alice_api):
    body = assert_400(post(alice_api, "/events/", {}))
    assert "name" in body or "structure" in body


def test_create_event_list_body_is_400(world, alice_api):
    assert_400(post(alice_api, "/events/", [{"name": "A", "structure": "sealed"}]))


def test_create_event_malformed_json_is_400(world, alice_api):
    assert_400(raw(alice_api, "post", "/events/", "{name: 'A'", "application/json"))


def test_create_event_non_json_body_is_4xx(world, alice_api):
    response = raw(alice_api, "post", "/events/", "<event name='A'/>", "application/xml")
    assert response.status_code in (400, 415)


def test_create_event_anonymous_is_401(world):
    response = post(APIClient(), "/events/", {"name": "Anon", "structure": "sealed"})
    assert response.status_code == 401


def test_create_event_with_a_team_key_is_403(world):
    response = post(
        team_client(world.red.access_key), "/events/", {"name": "T", "structure": "sealed"}
    )
    assert response.status_code == 403


def test_event_creator_becomes_organizer_and_may_patch(world, charlie_api):
    event = new_event(charlie_api, name="Charlie's", public=False)
    changes = {"name": "Charlie's Cup", "round_minutes": 50, "public": True}
    response = patch(charlie_api, f"/events/{event['id']}/", changes)
    assert response.status_code == 200
    assert response.json()["name"] == "Charlie's Cup"
    assert response.json()["round_minutes"] == 50
    after = charlie_api.get(f"{API}/events/{event['id']}/").json()
    assert after["round_minutes"] == 50
    assert after["public"] is True
    # only the fields given change
    assert after["format"] == "modern"
    assert {k: v for k, v in after.items() if k not in changes} == {
        k: v for k, v in event.items() if k not in changes
    }


def test_patch_team_size_once_teams_are_registered_is_409(world, alice_api):
    response = patch(alice_api, f"/events/{world.event.pk}/", {"team_size": 3})
    assert response.status_code == 409
    assert response.json()["code"] == "teams_registered"
    assert alice_api.get(f"{API}/events/{world.event.pk}/").json()["team_size"] == 2


def test_event_list_shows_public_and_own_events_only(world, charlie_api, sam_api):
    assert {e["name"] for e in charlie_api.get(f"{API}/events/").json()} == {"Other event"}
    assert {e["name"] for e in sam_api.get(f"{API}/events/").json()} == {
        "Other event",
        "Spring 2HG",
    }


def test_get_unknown_event_is_404(world, alice_api):
    assert alice_api.get(f"{API}/events/987654321/").status_code == 404
    assert alice_api.get(f"{API}/events/99999999999999999999999/").status_code == 404


def test_public_event_is_readable_anonymously(world):
    response = APIClient().get(f"{API}/events/{world.other_event.pk}/")
    assert response.status_code == 200
    assert response.json()["name"] == "Other event"


def test_private_event_is_hidden_from_outsiders(world, charlie_api):
    path = f"{API}/events/{world.event.pk}/"
    assert APIClient().get(path).status_code in (401, 404)
    assert_hidden_or_forbidden(charlie_api.get(path))
    assert_hidden_or_forbidden(team_client(world.green.access_key).get(path))
    # Tandem's choice among those: 404, the event's existence is private
    assert APIClient().get(path).status_code == 404
    assert charlie_api.get(path).status_code == 404


def test_private_event_is_readable_by_its_team(world):
    response = team_client(world.red.access_key).get(f"{API}/events/{world.event.pk}/")
    assert response.status_code == 200
    assert response.json()["id"] == world.event.pk
    assert response.json()["name"] == "Spring 2HG"


def test_patch_event_by_scorekeeper_is_403(world, sam_api):
    response = patch(sam_api, f"/events/{world.event.pk}/", {"name": "Renamed"})
    assert response.status_code == 403
    assert login("alice").get(f"{API}/events/{world.event.pk}/").json()["name"] == "Spring 2HG"


def test_patch_event_by_a_team_is_refused(world):
    response = patch(
        team_client(world.red.access_key), f"/events/{world.event.pk}/", {"name": "Ours"}
    )
    assert response.status_code == 403


@pytest.mark.parametrize(
    "body",
    [
        {"team_size": 9},
        {"round_minutes": -1},
        {"top_cut": 5},
        {"name": f"a{RLO}b"},
        {"name": ""},
        {"structure": "constructed", "format": ""},
        {"swiss_rounds": "x"},
        {"public": "perhaps"},
    ],
)
def test_patch_event_bad_values_are_400_and_change_nothing(world, alice_api, body):
    path = f"/events/{new_event(alice_api, name='Patchable')['id']}/"
    before = alice_api.get(f"{API}{path}").json()
    response = patch(alice_api, path, body)
    assert_400(response)
    after = alice_api.get(f"{API}{path}").json()
    assert after == before


def test_patch_event_list_body_is_400(world, alice_api):
    assert_400(patch(alice_api, f"/events/{world.event.pk}/", [{"name": "x"}]))


def test_patch_event_malformed_json_is_400(world, alice_api):
    assert_400(raw(alice_api, "patch", f"/events/{world.event.pk}/", "{", "application/json"))


def test_patch_unknown_event_is_404(world, alice_api):
    assert patch(alice_api, "/events/987654321/", {"name": "x"}).status_code == 404


# --- staff -----------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["scorekeeper", "judge", "head_judge"])
def test_organizer_adds_staff_who_then_may_read_the_private_event(world, alice_api, role):
    response = post(
        alice_api, f"/events/{world.event.pk}/staff/", {"username": "charlie", "role": role}
    )
    assert response.status_code == 201
    assert response.json()["role"] == role
    assert response.json()["username"] == "charlie"
    event = login("charlie").get(f"{API}/events/{world.event.pk}/")
    assert event.status_code == 200


def test_added_scorekeeper_may_register_teams(world, alice_api):
    post(
        alice_api,
        f"/events/{world.event.pk}/staff/",
        {"username": "charlie", "role": "scorekeeper"},
    )
    team = post(
        login("charlie"),
        f"/events/{world.event.pk}/teams/",
        {"name": "Late Team", "players": [{"name": "Lou"}, {"name": "Lea"}]},
    )
    assert team.status_code == 201
    # the role gives its rights at once: staff see every team's access key
    teams = login("charlie").get(f"{API}/events/{world.event.pk}/teams/")
    assert teams.status_code == 200
    assert len(teams.json()) == 3
    assert all(t["access_key"] for t in teams.json())


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "charlie", "role": "admin"}, "role"),
        ({"username": "charlie", "role": "organizer"}, "role"),
        ({"username": "charlie", "role": ["judge"]}, "role"),
        ({"username": "charlie"}, "role"),
        ({"username": "nobody-at-all", "role": "judge"}, "username"),
        ({"role": "judge"}, "username"),
        ({"username": ["charlie"], "role": "judge"}, "username"),
        ({"username": 42, "role": "judge"}, "username"),
    ],
)
def test_add_staff_bad_input_is_400(world, alice_api, body, field):
    assert_400(post(alice_api, f"/events/{world.event.pk}/staff/", body), field)
    assert_hidden_or_forbidden(login("charlie").get(f"{API}/events/{world.event.pk}/"))


def test_add_staff_with_a_list_body_is_400_not_500(world, alice_api):
    response = post(
        alice_api, f"/events/{world.event.pk}/staff/", [{"username": "charlie", "role": "judge"}]
    )
    assert_400(response)


def test_add_staff_with_malformed_json_is_400(world, alice_api):
    assert_400(raw(alice_api, "post", f"/events/{world.event.pk}/staff/", "{{", "application/json"))


def test_add_staff_nul_character_username_is_400_not_500(world, alice_api):
    response = post(
        alice_api, f"/events/{world.event.pk}/staff/", {"username": "char\x00lie", "role": "judge"}
    )
    assert_400(response, "username")


def test_add_staff_lone_surrogate_username_is_400_not_500(world, alice_api):
    body = '{"username": "char\\ud800lie", "role": "judge"}'
    response = raw(alice_api, "post", f"/events/{world.event.pk}/staff/", body, "application/json")
    assert_400(response, "username")


def test_add_staff_with_a_json_string_body_is_400(world, alice_api):
    response = raw(
        alice_api, "post", f"/events/{world.event.pk}/staff/", '"charlie"', "application/json"
    )
    assert_400(response)


@pytest.mark.parametrize("who", ["sam", "judy", "hank"])
def test_only_the_organizer_adds_staff(world, who):
    response = post(
        login(who), f"/events/{world.event.pk}/staff/", {"username": "charlie", "role": "judge"}
    )
    assert response.status_code == 403


def test_add_staff_anonymous_or_outsider_or_team_is_refused(world, charlie_api):
    path = f"/events/{world.event.pk}/staff/"
    body = {"username": "charlie", "role": "head_judge"}
    assert post(APIClient(), path, body).status_code in (401, 404)
    assert_hidden_or_forbidden(post(charlie_api, path, body))
    assert_hidden_or_forbidden(post(team_client(world.red.access_key), path, body))
    assert_hidden_or_forbidden(charlie_api.get(f"{API}/events/{world.event.pk}/"))


def test_add_staff_to_unknown_event_is_404(world, alice_api):
    response = post(alice_api, "/events/987654321/staff/", {"username": "charlie", "role": "judge"})
    assert response.status_code == 404
