"""A phone's event (X-Team-Key, a JSON body) is answered by tracker.api.game_events, which
core.middleware.TeamKeyWritesMiddleware calls before the rest of the middleware: its queries are
few, its answers are those the whole middleware chain gets from the same view (``?format=json``
takes that way), and its access check (access.match_by_key, joined with the Game row by
tracker.game_sql) is made at the moment of the request, so a new key, an unpublished round or a
match that no longer exists is refused at once (docs/api.md "Tracker")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer

from access import (
    KEY_MATCH_COLUMNS,
    KEY_MATCH_SQL,
    Caller,
    Perm,
    access_match,
    access_match_by_key,
    key_match_params,
)
from core.errors import AccessDenied, NotVisible
from pairing import services as pairing_services
from pairing.models import Match, Round
from support.answers import assert_same_headers
from tournament.models import Player, Team
from tournament.services import teams as tournament_teams
from tracker import game_sql
from tracker.models import Game, GameEvent

pytestmark = pytest.mark.django_db

API = "/api/v1"


def path(match: Match, query: str = "") -> str:
    return f"{API}/matches/{match.pk}/game/events/{query}"


def phone(key: str) -> Client:
    return Client(HTTP_X_TEAM_KEY=key)


def send(client: Client, match: Match, body: dict, query: str = ""):
    return client.post(path(match, query), body, content_type="application/json")


def life(player: int, client_id: str, amount: int = -1) -> dict:
    return {"type": "life", "player": player, "amount": amount, "client_id": client_id}


# What a phone's event costs: the team and its match; the Game row read; the event stored with the
# row's move to the next seq, one statement on PostgreSQL, an UPDATE and an INSERT in a
# transaction on SQLite (in a test a transaction is a savepoint and its release).
WRITE_STATEMENTS = {
    "postgresql": ["SELECT", "WITH"],
    "sqlite": ["SELECT", "SAVEPOINT", "UPDATE", "INSERT", "RELEASE"],
}


def test_a_phones_event_costs_one_query_for_the_access_and_the_game_and_one_write(table, seated):
    red = phone(table.team_a.access_key)
    for n in range(4):
        assert send(red, table, life(seated[0][0], f"c{n}")).status_code == 201
    with CaptureQueriesContext(connection) as queries:
        response = send(red, table, life(seated[0][0], "c5"))
    assert response.status_code == 201
    assert response.json()["seq"] == 5
    statements = [q["sql"].split()[0].upper() for q in queries.captured_queries]
    assert statements == WRITE_STATEMENTS[connection.vendor]
    assert Game._meta.db_table in queries.captured_queries[0]["sql"]  # read with the access


def test_a_phones_first_event_creates_the_game_after_the_joined_read_found_none(table, seated):
    red = phone(table.team_a.access_key)
    assert not Game.objects.filter(pk=table.pk).exists()
    response = send(red, table, life(seated[0][0], "c1"))
    assert response.status_code == 201
    assert response.json()["seq"] == 1
    assert Game.objects.get(pk=table.pk).last_seq == 1


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(None, id="201"),
        pytest.param(
            {"type": "life", "player": 0, "amount": -1, "client_id": "x"}, id="400-player"
        ),
        pytest.param({"type": "nope", "client_id": "x"}, id="400-type"),
        pytest.param({"type": "pass_turn"}, id="400-client-id"),
        pytest.param(
            {"type": "life", "player": 1, "amount": 5000, "client_id": "x"}, id="400-amount"
        ),
    ],
)
def test_the_fast_path_answers_as_the_drf_view(table, seated, body):
    """The same request by both ways (``?format=json`` sends it the whole DRF way) on two tables
    in the same state: the same status, body and headers."""
    red = phone(table.team_a.access_key)
    body = body or life(seated[0][0], "same")
    if body.get("player") == 1:
        body = {**body, "player": seated[0][0]}
    fast = send(red, table, body)
    GameEvent.objects.filter(match=table).delete()
    Game.objects.filter(pk=table.pk).delete()
    whole = send(red, table, body, "?format=json")
    assert fast.status_code == whole.status_code
    fast_body, whole_body = fast.json(), whole.json()
    if fast.status_code == 201:  # the log row's time differs
        fast_body["state"]["log"][0].pop("at"), whole_body["state"]["log"][0].pop("at")
    assert fast_body == whole_body
    assert_same_headers(fast, whole, "Content-Length", "Allow")


# --- answered before the session and the rest of the middleware (TeamKeyWritesMiddleware) -------


def test_a_phones_event_is_answered_before_the_session_is_loaded(table, seated):
    response = send(phone(table.team_a.access_key), table, life(seated[0][0], "early"))
    assert response.status_code == 201
    assert not hasattr(response.wsgi_request, "session")  # SessionMiddleware did not run
    whole = send(phone(table.team_a.access_key), table, life(seated[0][0], "w"), "?format=json")
    assert hasattr(whole.wsgi_request, "session")


def test_a_refused_event_is_said_in_the_phones_language_by_both_ways(table, seated):
    red = Client(HTTP_X_TEAM_KEY=table.team_a.access_key, HTTP_ACCEPT_LANGUAGE="es")
    refused = {"type": "life", "player": 0, "amount": -1, "client_id": "es"}
    early = send(red, table, refused)
    whole = send(red, table, refused, "?format=json")
    assert early.status_code == whole.status_code == 400
    assert early.json() == whole.json()
    assert early["Content-Language"] == whole["Content-Language"] == "es"
    assert not hasattr(early.wsgi_request, "session")


def test_an_address_past_its_unknown_keys_is_refused_even_with_the_right_key(
    table, seated, settings
):
    cache.clear()
    settings.TEAM_KEY_MISS_LIMIT = 2
    guesser = {"REMOTE_ADDR": "10.0.0.99"}
    for n in range(2):
        wrong = Client(HTTP_X_TEAM_KEY=f"guess-{n}", **guesser)
        assert send(wrong, table, life(seated[0][0], f"g{n}")).status_code == 401
    right = Client(HTTP_X_TEAM_KEY=table.team_a.access_key, **guesser)
    refused = send(right, table, life(seated[0][0], "g2"))
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert not GameEvent.objects.filter(match=table).exists()
    cache.clear()


def test_the_fast_paths_body_is_the_state_as_drfs_renderer_writes_it(table, seated):
    """The state is encoded once, for the Game row and the answer: the body is, byte for byte,
    what DRF's JSONRenderer writes for the same answer (non-ASCII names as they are, U+2028
    escaped), and the Game row reads back as the answer's state."""
    Team.objects.filter(pk=table.team_a_id).update(name="Año Ñandú")
    Player.objects.filter(pk=seated[0][0]).update(name="Zoë\u2028")
    red = phone(table.team_a.access_key)
    for n in range(3):
        send(red, table, life(seated[0][0], f"c{n}"))
    response = send(red, table, life(seated[0][0], "last"))
    assert response.status_code == 201
    answer = response.json()
    assert "Año Ñandú".encode() in response.content
    assert "Zoë".encode() in response.content
    assert b"\\u2028" in response.content
    assert "\u2028".encode() not in response.content
    assert response.content == JSONRenderer().render(answer)
    assert Game.objects.get(pk=table.pk).state == answer["state"]
    assert {row["by"] for row in answer["state"]["log"]} == {"Año Ñandú"}


def test_a_retry_answers_the_first_answer_with_200_by_both_ways(table, seated):
    red = phone(table.team_a.access_key)
    first = send(red, table, life(seated[0][0], "retry"))
    send(red, table, life(seated[0][0], "other"))
    again = send(red, table, life(seated[0][0], "retry"))
    whole = send(red, table, life(seated[0][0], "retry"), "?format=json")
    assert (first.status_code, again.status_code, whole.status_code) == (201, 200, 200)
    assert again.json() == first.json() == whole.json()
    assert GameEvent.objects.filter(match=table).count() == 2


def test_a_retry_is_answered_even_when_the_event_would_be_refused_now(table, seated):
    red = phone(table.team_a.access_key)
    conceded = {"type": "concede", "player": seated[0][0], "client_id": "gg"}
    assert send(red, table, conceded).status_code == 201
    assert send(red, table, life(seated[0][0], "late")).status_code == 400  # the game is over
    again = send(red, table, conceded)
    assert again.status_code == 200
    assert again.json()["seq"] == 1


# --- access at the moment of the request -------------------------------------------------------


def test_a_new_key_refuses_the_old_one_at_once(table, seated):
    old = table.team_a.access_key
    red = phone(old)
    assert send(red, table, life(seated[0][0], "k1")).status_code == 201
    tournament_teams.team_new_key(team=table.team_a)
    assert access_match_by_key(old, table.pk) is None
    assert send(red, table, life(seated[0][0], "k2")).status_code == 401
    new = Team.objects.get(pk=table.team_a_id).access_key
    assert send(phone(new), table, life(seated[0][0], "k3")).status_code == 201


def test_an_unpublished_round_is_refused_at_once(table, seated):
    red = phone(table.team_a.access_key)
    assert send(red, table, life(seated[0][0], "u1")).status_code == 201
    Round.objects.filter(pk=table.round_id).update(published=False)
    assert access_match_by_key(table.team_a.access_key, table.pk) is None
    assert send(red, table, life(seated[0][0], "u2")).status_code == 404


def test_an_unpaired_round_is_refused_at_once(table, seated):
    red = phone(table.team_a.access_key)
    pairing_services.round_unpair(round_=table.round)
    assert send(red, table, life(seated[0][0], "p1")).status_code == 404


def test_another_tables_team_and_another_events_team_are_refused(world, table, seated):
    green = world.green  # of the other event
    assert access_match_by_key(green.access_key, table.pk) is None
    assert send(phone(green.access_key), table, life(seated[0][0], "g1")).status_code == 404
    assert send(phone("no-such-key"), table, life(seated[0][0], "g2")).status_code == 401


def test_a_dropped_team_writes_as_access_match_allows(world, table, seated):
    """A drop does not take a team's table away (access_match's rule): both ways agree."""
    tournament_teams.team_drop(team=table.team_a, after_round=1)
    team = Team.objects.get(pk=table.team_a_id)
    caller = Caller(AnonymousUser(), team)
    access_match(caller, table.pk, Perm.TRACK_GAME)  # allowed
    assert access_match_by_key(team.access_key, table.pk) is not None
    assert send(phone(team.access_key), table, life(seated[0][0], "d1")).status_code == 201


def test_the_fast_check_agrees_with_access_match(world, table):
    """For each key of the world and each match, with its round published and not: the fast
    check finds the match exactly when access_match lets that team track it, with its ids."""
    for published in (True, False):
        Round.objects.update(published=published)
        for team in Team.objects.select_related("event"):
            for match in Match.objects.all():
                assert_agree(team, match.pk)
            assert_agree(team, Match.objects.order_by("pk").last().pk + 1)  # no such match


def access_match_by_key_with(key: str, match_id: int):
    """The team key's check and the Game row in one statement, as tracker.api reads them: (team
    id, match id, the row's last_seq or None), or None."""
    sql = game_sql.keyed_read_sql(KEY_MATCH_SQL)
    found = game_sql.keyed_read(sql, key_match_params(key, match_id), KEY_MATCH_COLUMNS)
    if found is None:
        return None
    check, row = found
    return check[0], check[3], None if row is None else (row[0],)


def test_the_joined_row_is_read_only_with_the_access(world, table, seated):
    """The keyed read: the Game row's values when the match has one, None before its first
    event, and no answer at all (nothing of the row) when the key may not track it."""
    team = table.team_a
    assert access_match_by_key_with(team.access_key, table.pk)[2] is None
    send(phone(team.access_key), table, life(seated[0][0], "c1"))
    send(phone(team.access_key), table, life(seated[0][0], "c2"))
    found = access_match_by_key_with(team.access_key, table.pk)
    assert (found[0], found[1], found[2]) == (team.pk, table.pk, (2,))
    other = Team.objects.exclude(pk__in=[table.team_a_id, table.team_b_id]).first()
    assert access_match_by_key_with(other.access_key, table.pk) is None
    Round.objects.update(published=False)
    assert access_match_by_key_with(team.access_key, table.pk) is None


def assert_agree(team: Team, match_id: int) -> None:
    try:
        allowed = access_match(Caller(AnonymousUser(), team), match_id, Perm.TRACK_GAME)
    except (NotVisible, AccessDenied):
        allowed = None
    fast = access_match_by_key(team.access_key, match_id)
    if allowed is None:
        assert fast is None, (team, match_id)
        return
    assert fast is not None, (team, match_id)
    got_team, got_match = fast
    assert (got_team.pk, got_team.event_id, got_team.name) == (team.pk, team.event_id, team.name)
    assert (got_match.team_a_id, got_match.team_b_id, got_match.round.event_id) == (
        allowed.team_a_id,
        allowed.team_b_id,
        allowed.round.event_id,
    )
    assert (got_match.pk, got_match.round_id, got_match.round.pk) == (
        allowed.pk,
        allowed.round_id,
        allowed.round_id,
    )
    assert got_team.access_key == team.access_key
    # A field the query did not read is read when asked for, never a default made up.
    assert (got_team.dropped, got_match.table, got_match.round.number) == (
        team.dropped,
        allowed.table,
        allowed.round.number,
    )
