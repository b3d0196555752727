"""Writes through the API name the version they start from: a decklist PUT with `base` (or
If-Match) that is stale is a 409 and saves nothing, and a staff result that differs from the
match's final one is a 409 unless it says `override`. PostgreSQL tests race two writers."""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from decklists.models import Decklist
from pairing import services
from pairing.models import Match
from support import factories
from support.api_clients import client_for
from support.rounds import event_with_teams

API = "/api/v1"
MAIN_A = "20 Mountain\n4 Lightning Bolt\n"
MAIN_B = "20 Island\n4 Counterspell\n"


def _put(client: APIClient, player_id: int, main: str, **extra):
    return client.put(
        f"{API}/players/{player_id}/decklist/", {"main": main, **extra}, format="json"
    )


# --- decklists --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_read_gives_the_version_and_a_write_from_it_passes(world):
    team = client_for(world.red)
    player = world.red.players.first()
    read = team.get(f"{API}/players/{player.pk}/decklist/")
    assert read.status_code == 200
    assert read["ETag"] == '""'  # no list yet
    first = _put(team, player.pk, MAIN_A, base="")
    assert first.status_code == 200
    version = first.json()["submitted_at"]
    assert first["ETag"] == f'"{version}"'
    second = _put(team, player.pk, MAIN_B, base=version)
    assert second.status_code == 200


@pytest.mark.django_db
def test_two_teammates_from_the_same_read_the_second_gets_409_and_loses_nothing(world):
    player = world.red.players.first()
    rita, rob = client_for(world.red), client_for(world.red)
    base = rita.get(f"{API}/players/{player.pk}/decklist/").json()["submitted_at"] or ""
    assert _put(rita, player.pk, MAIN_A, base=base).status_code == 200
    stale = _put(rob, player.pk, MAIN_B, base=base)
    assert stale.status_code == 409
    assert stale.json()["code"] == "changed_meanwhile"
    assert Decklist.objects.get(player=player).main_text.startswith("20 Mountain")


@pytest.mark.django_db
def test_if_match_header_works_like_base(world):
    player = world.red.players.first()
    team = client_for(world.red)
    saved = _put(team, player.pk, MAIN_A)
    etag = saved["ETag"]
    _put(team, player.pk, MAIN_A + "1 Shock\n")  # someone else's save
    stale = team.put(
        f"{API}/players/{player.pk}/decklist/", {"main": MAIN_B}, format="json", HTTP_IF_MATCH=etag
    )
    assert stale.status_code == 409
    fresh = team.get(f"{API}/players/{player.pk}/decklist/")["ETag"]
    ok = team.put(
        f"{API}/players/{player.pk}/decklist/", {"main": MAIN_B}, format="json", HTTP_IF_MATCH=fresh
    )
    assert ok.status_code == 200


@pytest.mark.django_db
def test_a_write_without_a_version_still_replaces_the_list(world):
    player = world.red.players.first()
    team = client_for(world.red)
    assert _put(team, player.pk, MAIN_A).status_code == 200
    assert _put(team, player.pk, MAIN_B).status_code == 200


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_saves_from_one_version_at_once_one_wins_one_is_409():
    event, (red, _blue) = event_with_teams(2)
    player = red.players.first()
    barrier = threading.Barrier(2)
    codes: list[int] = []

    def save(main: str) -> None:
        try:
            barrier.wait()
            codes.append(_put(client_for(red), player.pk, main, base="").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=(m,)) for m in (MAIN_A, MAIN_B)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409]
    assert Decklist.objects.filter(player=player).count() == 1


# --- results ----------------------------------------------------------------------------------


def _match(event) -> Match:
    factories.settings(event, swiss_rounds=3)
    round_ = services.round_publish(round_=services.round_pair_next(event=event, seed=7))
    return round_.matches.exclude(team_b=None).first()


def _result(client, match, a, b, **extra):
    body = {"games_a": a, "games_b": b, "games_drawn": 0, **extra}
    return client.post(f"{API}/matches/{match.pk}/result/", body, format="json")


@pytest.mark.django_db
def test_a_second_different_final_result_by_staff_is_409_unless_it_overrides(world):
    match = _match(world.event)
    sam, judy = client_for(world.sam), client_for(world.judy)
    assert _result(sam, match, 1, 0).status_code == 200
    clash = _result(judy, match, 0, 1)
    assert clash.status_code == 409
    assert clash.json()["code"] == "result_conflict"
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (1, 0)
    assert _result(judy, match, 1, 0).status_code == 200  # the same result again: fine
    fixed = _result(sam, match, 0, 1, override=True)
    assert fixed.status_code == 200
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == (0, 1)


@pytest.mark.django_db
def test_staff_may_correct_the_result_they_entered(world):
    match = _match(world.event)
    sam = client_for(world.sam)
    assert _result(sam, match, 1, 0).status_code == 200
    assert _result(sam, match, 0, 1).status_code == 200
    assert _result(client_for(world.judy), match, 1, 0).status_code == 409


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_staff_entering_different_results_at_once_one_is_409():
    event, _teams = event_with_teams(2)
    judge = factories.staff(event, "judge", "jo")
    match = _match(event)
    barrier = threading.Barrier(2)
    codes: list[int] = []

    def enter(user, a: int, b: int) -> None:
        try:
            barrier.wait()
            codes.append(_result(client_for(user), match, a, b).status_code)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=enter, args=args)
        for args in ((event.organizer, 1, 0), (judge, 0, 1))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409]
