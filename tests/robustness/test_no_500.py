"""Requests that once made the app answer 500, found by fuzzing the API (schemathesis against
/api/v1/schema/) and by posting malformed data to every form (the quality bar "Bad input and faults":
a clear message and a 4xx, never a 500, and nothing half-written).

What was tried, by kind:
- ids past the database's integer range (10**30) in a URL or a body: SQLite cannot bind them
  (OverflowError) where they reach a foreign-key lookup;
- a JSON body that is not an object (true, null, 1, "x", []) and a number past float range (1e400);
- digits that str.isdigit() accepts but int() does not ("²");
- CSV text with bare carriage returns (old Mac line ends) and a cell longer than the csv module's
  field limit;
- a NUL character in a team key, in a judge's reason for a change, in a form-encoded or multipart
  API body (PostgreSQL refuses NUL in text: a 500 there, not on SQLite);
- a result entered while a table move holds the event (a deadlock on PostgreSQL), and for a match
  whose round was unpaired meanwhile.
Each test fails without its fix on at least one of SQLite and PostgreSQL.
"""

import json
import threading
import time
from urllib.parse import urlencode

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError, connection, transaction
from django.test import Client

from core.errors import Conflict
from decklists.models import Decklist, DecklistChange
from pairing import services
from pairing.models import Match
from support import factories
from support.api_clients import client_for
from support.rounds import event_with_teams
from tournament.models import Event, StaffRole, Team

pytestmark = pytest.mark.django_db

API = "/api/v1"
HUGE = 10**30  # past every database's integer range


def _page_client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _published_round(world):
    """Round 1 of Alice's event, Swiss, published: one match, Red against Blue."""
    factories.settings(world.event, swiss_rounds=3)
    round_ = services.round_pair_next(event=world.event, seed=7)
    return services.round_publish(round_=round_)


def _messages(response) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]


# --- ids past the integer range -------------------------------------------------------------


def test_api_staff_remove_with_a_user_id_past_the_integer_range_is_a_400(world):
    response = client_for(world.alice).delete(f"{API}/events/{world.event.pk}/staff/{HUGE}/")
    assert response.status_code == 400
    assert response.json()["code"] == "not_staff"
    assert StaffRole.objects.filter(event=world.event).count() == 3


def test_page_staff_remove_with_a_user_id_past_the_integer_range_says_not_staff(world):
    response = _page_client(world.alice).post(f"/events/{world.event.pk}/staff/{HUGE}/remove/")
    assert response.status_code == 302
    assert _messages(response) == ["That user is not staff of this event."]
    assert StaffRole.objects.filter(event=world.event).count() == 3


def test_api_swap_with_a_team_id_past_the_integer_range_is_a_400(world):
    round_ = _published_round(world)
    response = client_for(world.alice).post(
        f"{API}/rounds/{round_.pk}/swap/",
        {"team_1": HUGE, "team_2": world.red.pk},
        format="json",
    )
    assert response.status_code == 400
    assert "does not play in round 1" in response.json()["teams"][0]


def test_page_swap_with_a_team_id_past_the_integer_range_says_which_team(world):
    _published_round(world)
    response = _page_client(world.alice).post(
        f"/events/{world.event.pk}/rounds/1/swap/", {"team": [str(HUGE), str(world.red.pk)]}
    )
    assert response.status_code == 302
    assert _messages(response) == [f"Team {HUGE} does not play in round 1."]


def test_team_report_page_for_a_match_id_past_the_integer_range_is_a_404(world):
    _published_round(world)
    client = _page_client()
    url = f"/t/{world.red.access_key}/matches/{HUGE}/report/"
    assert client.get(url).status_code == 404
    assert client.post(url, {"outcome": "won", "confirm": "1"}).status_code == 404


# --- bodies that are not JSON objects, numbers past float range ------------------------------


@pytest.mark.parametrize("body", ["true", "null", "1", '"x"', "[]", "[1, 2]"])
def test_api_swap_with_a_body_that_is_not_an_object_is_a_400(world, body):
    round_ = _published_round(world)
    response = client_for(world.alice).post(
        f"{API}/rounds/{round_.pk}/swap/", body, content_type="application/json"
    )
    assert response.json() == {"detail": "Send a JSON object.", "code": "parse_error"}
    assert response.status_code == 400


def test_api_swap_with_a_team_id_past_float_range_is_a_400(world):
    round_ = _published_round(world)
    response = client_for(world.alice).post(
        f"{API}/rounds/{round_.pk}/swap/",
        '{"team_1": 1e400, "team_2": 1}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["teams"] == ["Give a team id."]


@pytest.mark.parametrize("body", ["true", "null", "1", '"table"', "[]", '["table"]'])
def test_api_match_patch_with_a_body_that_is_not_an_object_is_a_400(world, body):
    round_ = _published_round(world)
    match = Match.objects.get(round=round_)
    response = client_for(world.alice).patch(
        f"{API}/matches/{match.pk}/", body, content_type="application/json"
    )
    assert response.json() == {"detail": "Send a JSON object.", "code": "parse_error"}
    assert response.status_code == 400
    match.refresh_from_db()
    assert match.table == 1


# --- digits that int() refuses -----------------------------------------------------------------


@pytest.mark.parametrize("path", ["standings/", "standings/{team}/"])
def test_standings_pages_ignore_an_after_round_in_superscript_digits(world, path):
    round_ = _published_round(world)
    services.match_enter_result(
        match=Match.objects.get(round=round_), games_a=1, games_b=0, games_drawn=0
    )
    url = f"/events/{world.event.pk}/" + path.format(team=world.red.pk)
    response = _page_client(world.alice).get(url, {"after_round": "²"})
    assert response.status_code == 200


def test_fast_result_entry_with_a_superscript_table_number_is_a_form_error(world):
    _published_round(world)
    response = _page_client(world.alice).post(
        f"/events/{world.event.pk}/rounds/1/results/", {"table": "²", "result": "1-0-0"}
    )
    assert response.status_code == 200
    assert "Type the table number." in response.content.decode()
    assert Match.objects.get(round__event=world.event).status == Match.Status.PENDING


def test_team_decklist_save_for_a_player_in_superscript_digits_is_a_404(world):
    response = _page_client().post(
        f"/t/{world.red.access_key}/decklists/²/save/", {"main": "4 Island"}
    )
    assert response.status_code == 404


def test_staff_decklist_save_for_a_player_in_superscript_digits_is_a_404(world):
    response = _page_client(world.alice).post(
        f"/events/{world.event.pk}/decklists/{world.red.pk}/?target=²", {"main": "4 Island"}
    )
    assert response.status_code == 404


# --- CSV that the csv module cannot read as the app fed it -------------------------------------

BARE_CR = "Red Rovers,Ann,Art\rBlue Bats,Bo,Bud\r"
HUGE_CELL = "Giants," + "x" * 140_000 + ",Bo\n"


def test_api_csv_import_reads_bare_carriage_returns_as_line_ends(world):
    client = client_for(world.alice)
    path = f"{API}/events/{world.event.pk}/teams/import/"
    preview = client.post(path, {"csv": BARE_CR, "dry_run": True}, format="json")
    assert preview.status_code == 200
    assert preview.json()["ok"] is True
    assert [row["name"] for row in preview.json()["rows"]] == ["Red Rovers", "Blue Bats"]
    response = client.post(path, {"csv": BARE_CR}, format="json")
    assert response.status_code == 201
    assert {"Red Rovers", "Blue Bats"} <= set(
        Team.objects.filter(event=world.event).values_list("name", flat=True)
    )


def test_csv_import_page_reads_an_uploaded_file_with_bare_carriage_returns(world):
    upload = SimpleUploadedFile("teams.csv", BARE_CR.encode(), content_type="text/csv")
    response = _page_client(world.alice).post(
        f"/events/{world.event.pk}/teams/import/", {"file": upload, "confirm": "1"}
    )
    assert response.status_code == 302
    assert Team.objects.filter(event=world.event, name="Blue Bats").exists()


def test_csv_import_with_a_cell_longer_than_the_csv_field_limit_is_a_clear_error(world):
    client = client_for(world.alice)
    path = f"{API}/events/{world.event.pk}/teams/import/"
    for body in ({"csv": HUGE_CELL, "dry_run": True}, {"csv": HUGE_CELL}):
        response = client.post(path, body, format="json")
        assert response.status_code in (200, 400)
        assert response.json()["ok"] is False
        assert "could not be read as CSV" in response.json()["errors"][0]
    page = _page_client(world.alice).post(
        f"/events/{world.event.pk}/teams/import/", {"text": HUGE_CELL, "confirm": "1"}
    )
    # the page's form refuses any value over INPUT_VALUE_MAX_CHARS at the door (core/inputs.py)
    assert page.status_code == 400
    assert "The text is too long (more than 65,536 characters)." in page.content.decode()
    assert Team.objects.filter(event=world.event).count() == 2


# --- NUL in a team key (a 500 on PostgreSQL) -----------------------------------------------------


@pytest.mark.parametrize("path", ["", "decklists/", "matches/1/report/"])
def test_team_page_with_a_nul_in_the_key_is_a_404(world, path):
    response = _page_client().get(f"/t/{world.red.access_key}%00/{path}")
    assert response.status_code == 404


def test_api_team_key_header_with_a_nul_is_refused_as_unknown(world):
    client = Client(HTTP_X_TEAM_KEY=world.red.access_key + "\x00")
    response = client.get(f"{API}/teams/{world.red.pk}/")
    assert response.status_code in (401, 403)
    assert json.loads(response.content)["detail"] == "Unknown team key."


def test_judge_change_after_the_lock_with_a_nul_in_the_reason_is_a_400_and_saves_nothing(world):
    _published_round(world)  # round 1 paired: the lists are locked, judges change them, logged
    player = world.red.players.order_by("seat").first()
    response = _page_client(world.hank).post(
        f"/events/{world.event.pk}/decklists/{world.red.pk}/?target={player.pk}",
        {"main": "4 Island", "reason": "deck check\x00"},
    )
    assert response.status_code == 400
    assert "The reason contains a NUL character." in response.content.decode()
    assert not Decklist.objects.filter(player=player).exists()
    assert not DecklistChange.objects.filter(team=world.red).exists()


# --- NUL in form-encoded and multipart API bodies (a 500 on PostgreSQL) ------------------------


@pytest.mark.parametrize("fmt", ["form", "multipart"])
def test_api_staff_add_with_a_nul_in_a_form_field_is_a_400_naming_the_field(world, fmt):
    client = client_for(world.alice)
    body = {"username": "ju\x00dy", "role": "judge"}
    path = f"{API}/events/{world.event.pk}/staff/"
    if fmt == "form":
        response = client.post(
            path, urlencode(body), content_type="application/x-www-form-urlencoded"
        )
    else:
        response = client.post(path, body, format="multipart")
    assert response.status_code == 400
    assert response.json() == {"username": ["Text may not contain the NUL character."]}


def test_api_token_with_a_nul_in_a_form_encoded_username_is_a_400(world):
    response = Client().post(
        f"{API}/auth/token/",
        "username=al%00ice&password=x",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert response.json() == {"username": ["Text may not contain the NUL character."]}


# --- a result entered while the round is rearranged (PostgreSQL: row locks) -----------------------


def test_result_for_a_match_whose_round_was_unpaired_meanwhile_is_a_409():
    event, _teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    match = round_.matches.select_related("round").first()  # as a request loaded it
    services.round_unpair(round_=round_)
    with pytest.raises(Conflict) as caught:
        services.match_enter_result(match=match, games_a=1, games_b=0, games_drawn=0)
    assert caught.value.code == "match_gone"


def _wait_for_a_lock_wait(timeout: float = 10.0) -> None:
    """Until another connection waits on a row lock (PostgreSQL's pg_stat_activity)."""
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT pg_stat_clear_snapshot()")  # a fresh look in a transaction
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE wait_event_type = 'Lock' AND datname = current_database()"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.02)
    raise AssertionError("the result entry never waited on a lock")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_result_entry_while_a_table_move_holds_the_event_waits_instead_of_deadlocking():
    """match_set_table, round_swap_teams and round_unpair lock the event, then the match; a
    result entry that locked the match first and the event second deadlocked with them (PostgreSQL
    aborted one of the two: a 500). Here the move's two locks are taken by hand, with the entry
    started between them."""
    event, _teams = event_with_teams(4)
    match = services.round_pair_next(event=event).matches.select_related("round").first()
    mover_holds_event = threading.Event()
    outcome: dict[str, object] = {}

    def enter() -> None:
        mover_holds_event.wait(timeout=10)
        try:
            outcome["entry"] = services.match_enter_result(
                match=match, games_a=1, games_b=0, games_drawn=0
            )
        except Exception as exc:  # noqa: BLE001 - the outcome is what the test checks
            outcome["entry"] = exc
        finally:
            connection.close()

    entry = threading.Thread(target=enter)
    entry.start()
    try:
        with transaction.atomic():
            Event.objects.select_for_update().get(pk=event.pk)
            mover_holds_event.set()
            _wait_for_a_lock_wait()
            Match.objects.select_for_update().get(pk=match.pk)
            Match.objects.filter(pk=match.pk).update(table=99)
    except OperationalError as exc:
        outcome["move"] = exc
    entry.join(timeout=30)
    assert isinstance(outcome.get("entry"), Match), outcome
    assert "move" not in outcome, outcome
    match.refresh_from_db()
    assert (match.table, match.status, match.score) == (99, "final", "1-0-0")
