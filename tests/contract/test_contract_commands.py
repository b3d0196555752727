"""docs/api.md "Commands": adduser, demo, simulate, import_cards, import_banlists."""

import io
import json
import re

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from support.contract import (
    API,
    BOLT_DECK,
    codes,
    login,
    new_team,
    post,
    put,
)

pytestmark = pytest.mark.django_db


# --- commands --------------------------------------------------------------------------------


def test_adduser_makes_a_user_who_gets_a_token_and_creates_events(db):
    call_command("adduser", "zelda", "--password", "triforce-123", stdout=io.StringIO())
    client = login("zelda", "triforce-123")
    assert post(client, "/events/", {"name": "Zelda's", "structure": "draft"}).status_code == 201
    assert (
        post(
            APIClient(), "/auth/token/", {"username": "zelda", "password": "wrong-one"}
        ).status_code
        == 401
    )


def test_adduser_bad_input_is_a_command_error_not_a_traceback(db):
    with pytest.raises(CommandError):
        call_command("adduser", "zed", "--password", "short", stdout=io.StringIO())
    with pytest.raises(CommandError):
        call_command("adduser", "   ", "--password", "long-enough-1", stdout=io.StringIO())
    with pytest.raises(CommandError):
        call_command("adduser", "zed", stdout=io.StringIO())
    assert (
        post(APIClient(), "/auth/token/", {"username": "zed", "password": "short"}).status_code
        == 401
    )


@pytest.mark.usefixtures("catalogue")
def test_demo_builds_an_event_readable_through_the_api(db):
    out = io.StringIO()
    call_command("demo", stdout=out)
    text = out.getvalue()
    org_pw = re.search(r"organizer login: organizer / (\S+)", text)
    judge_pw = re.search(r"judge login: judge / (\S+)", text)
    assert org_pw, text
    assert judge_pw, text
    organizer = login("organizer", org_pw.group(1))
    login("judge", judge_pw.group(1))
    events = organizer.get(f"{API}/events/").json()
    demo = [e for e in events if e["organizer"] == "organizer"]
    assert len(demo) == 1
    event_id = demo[0]["id"]
    teams = organizer.get(f"{API}/events/{event_id}/teams/").json()
    assert len(teams) == 16
    rounds = organizer.get(f"{API}/events/{event_id}/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2]
    assert post(organizer, f"/events/{event_id}/rounds/").status_code == 409  # round 2 running
    for team in teams[:4]:
        report = organizer.get(f"{API}/teams/{team['id']}/decklists/").json()
        assert "missing_decklist" not in codes(report["problems"]), team["name"]


def test_simulate_plays_a_whole_event_readable_through_the_api(db):
    out = io.StringIO()
    call_command("simulate", "--teams", "9", "--rounds", "3", "--seed", "4", stdout=out)
    text = out.getvalue()
    found = re.search(r"Event (\d+)", text)
    assert found, text
    event_id = int(found.group(1))
    assert re.search(r"\d+\.\d+ ?s", text)  # the time of each phase
    client = APIClient()
    rounds = client.get(f"{API}/events/{event_id}/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2, 3]
    standings = client.get(f"{API}/events/{event_id}/standings/").json()
    rows = standings["rows"]
    assert standings["round"] == 3
    assert 1 <= len(rows) <= 9
    assert all(r["wins"] + r["losses"] + r["draws"] <= 3 for r in rows)
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))


@pytest.mark.parametrize(
    "args",
    [
        ["--teams", "0", "--rounds", "3"],
        ["--teams", "-5", "--rounds", "3"],
        ["--teams", "8", "--rounds", "0"],
        ["--teams", "8", "--rounds", "1000"],
        ["--teams", "abc", "--rounds", "3"],
        ["--teams", "8"],
    ],
)
def test_simulate_bad_arguments_are_command_errors(db, args):
    with pytest.raises(CommandError):
        call_command("simulate", *args, stdout=io.StringIO())


CARD = {
    "object": "card",
    "name": "Tandem Contract Golem",
    "layout": "normal",
    "type_line": "Artifact Creature — Golem",
    "oracle_text": "",
    "legalities": {"modern": "legal", "legacy": "legal", "vintage": "legal"},
}


@pytest.mark.usefixtures("catalogue")
def test_import_cards_scryfall_file_makes_a_card_known_to_decklists(world, alice_api, tmp_path):
    team = new_team(alice_api, world.event.pk, "Golems")
    player = team["players"][0]["id"]
    deck = {"main": "4 Tandem Contract Golem\n56 Mountain", "sideboard": ""}
    before = put(alice_api, f"/players/{player}/decklist/", deck).json()
    assert "unknown_card" in codes(before["problems"])
    path = tmp_path / "oracle-cards-20260101000000.json"
    path.write_text(json.dumps([CARD]), encoding="utf-8")
    out = io.StringIO()
    call_command("import_cards", str(path), stdout=out, stderr=io.StringIO())
    assert "1" in out.getvalue()
    after = put(alice_api, f"/players/{player}/decklist/", deck).json()
    assert "unknown_card" not in codes(after["problems"])
    assert after["problems"] == []


@pytest.mark.usefixtures("catalogue")
def test_import_cards_mtgjson_file(world, alice_api, tmp_path):
    card = {
        "name": "Tandem Atomic Golem",
        "type": "Artifact Creature — Golem",
        "supertypes": [],
        "layout": "normal",
        "text": "",
        "legalities": {"modern": "Legal", "legacy": "Legal", "vintage": "Legal"},
    }
    data = {"meta": {"date": "2026-01-01", "version": "5.2.2"}, "data": {card["name"]: [card]}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    call_command("import_cards", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    team = new_team(alice_api, world.event.pk, "Atoms")
    body = put(
        alice_api,
        f"/players/{team['players'][0]['id']}/decklist/",
        {"main": "4 Tandem Atomic Golem\n56 Island", "sideboard": ""},
    ).json()
    assert body["problems"] == []


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not json at all",
        b'{"data": 5}',
        b"[1, 2, 3]",
        b'[{"name": 5}]',
        b"\xff\xfe\x00garbage",
    ],
)
def test_import_cards_bad_file_is_a_command_error(db, tmp_path, content):
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    with pytest.raises(CommandError):
        call_command("import_cards", str(path), stdout=io.StringIO(), stderr=io.StringIO())


def test_import_cards_missing_file_is_a_command_error(db, tmp_path):
    with pytest.raises(CommandError):
        call_command("import_cards", str(tmp_path / "nope.json"), stdout=io.StringIO())


@pytest.mark.usefixtures("catalogue")
def test_import_banlists_replaces_the_lists_of_named_formats(world, alice_api, tmp_path):
    team = new_team(alice_api, world.event.pk, "Bolters")
    player = team["players"][0]["id"]
    deck = {"main": BOLT_DECK, "sideboard": ""}
    assert put(alice_api, f"/players/{player}/decklist/", deck).json()["problems"] == []
    path = tmp_path / "banlists.json"
    data = {
        "as_of": "2026-11-01",
        "formats": {"modern": {"banned": ["Lightning Bolt"], "restricted": []}},
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    call_command("import_banlists", str(path), stdout=io.StringIO())
    problems = put(alice_api, f"/players/{player}/decklist/", deck).json()["problems"]
    assert [(p["code"], p["card"]) for p in problems] == [("banned", "Lightning Bolt")]
    # Chrome Mox was banned in modern by the old list: the list was replaced, not merged
    mox = put(
        alice_api,
        f"/players/{player}/decklist/",
        {"main": "4 Chrome Mox\n56 Mountain", "sideboard": ""},
    )
    assert "banned" not in codes(mox.json()["problems"])


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"nonsense",
        b"[]",
        b'{"formats": 5}',
        b'{"formats": {"modern": {"banned": "Lightning Bolt"}}}',
        b'{"formats": {"modern": {"banned": [1, 2]}}}',
        b'{"formats": {"modern": 7}}',
    ],
)
def test_import_banlists_bad_file_is_a_command_error(db, tmp_path, content):
    path = tmp_path / "banlists.json"
    path.write_bytes(content)
    with pytest.raises(CommandError):
        call_command("import_banlists", str(path), stdout=io.StringIO())
