"""What one event costs to store (tracker.services.game_add_event): a bounded number of queries,
the same at the 5th and at the 200th event, and the state kept step by step equals the state
folded again from the whole log (game_rebuild) after a long random game.

The time of one write at event 5, 50 and 200 is printed by
``pytest -s -q tests/tracker/test_tracker_write_cost.py -k time``."""

import random
import statistics
import time

import pytest
from django.db import connection

from pairing.models import Match
from tracker import selectors, services
from tracker.models import Game, GameEvent

pytestmark = pytest.mark.django_db


def add(match: Match, client_id: str, **data):
    return services.game_add_event(match=match, data=data, client_id=client_id)


def life_events(match: Match, players: list[int], first: int, last: int) -> None:
    for n in range(first, last + 1):
        add(match, f"c{n}", type="life", player=players[n % len(players)], amount=(-1) ** n)


def test_the_5th_and_the_200th_event_cost_the_same_few_queries(
    table, seated, django_assert_num_queries
):
    players = seated[0] + seated[1]
    life_events(table, players, 1, 4)
    # The Game row read, then the event stored with the row's move (one statement on PostgreSQL;
    # on SQLite an UPDATE and an INSERT in a transaction, in a test a savepoint and its release).
    with django_assert_num_queries(2 if connection.vendor == "postgresql" else 5) as fifth:
        add(table, "c5", type="life", player=players[0], amount=-1)
    life_events(table, players, 6, 199)
    with django_assert_num_queries(len(fifth.captured_queries)):
        add(table, "c200", type="life", player=players[0], amount=-1)


def test_the_first_event_reads_the_table_in_one_statement_and_creates_the_row_with_one_more(
    table, seated, django_assert_num_queries
):
    # The Game row read (none yet), the table read (match, round, teams, seats, players), the
    # row inserted unless another writer did it first, then the event stored as any other: at
    # the start of a round every table's first event comes within seconds.
    players = seated[0] + seated[1]
    with django_assert_num_queries(4 if connection.vendor == "postgresql" else 7):
        add(table, "c1", type="life", player=players[0], amount=-1)
    game = Game.objects.get(pk=table.pk)
    assert game.setup == {
        "teams": [
            {
                "team": table.team_a_id,
                "players": seated[0],
                "name": table.team_a.name,
                "player_names": [p.name for p in table.team_a.players.order_by("seat")],
            },
            {
                "team": table.team_b_id,
                "players": seated[1],
                "name": table.team_b.name,
                "player_names": [p.name for p in table.team_b.players.order_by("seat")],
            },
        ],
        "chooser": game.setup["chooser"],
    }
    assert game.setup["chooser"] in (table.team_a_id, table.team_b_id)
    assert game.last_seq == 1
    assert game.state == selectors.rebuilt_state(table) | {"log_total": 1}


def test_a_first_event_that_loses_the_creation_to_another_writer_reads_its_row(
    monkeypatch, table, seated
):
    # Two first events at once: the one whose insert finds the row there reads it (None from
    # _create_game) and stores its event after the other's.
    players = seated[0] + seated[1]
    create = services._create_game

    def created_by_another(match_id: int):
        create(match_id)
        add(table, "other", type="life", player=players[1], amount=-2)
        return create(match_id)  # the row is there now: not created

    monkeypatch.setattr(services, "_create_game", created_by_another)
    added = add(table, "mine", type="life", player=players[0], amount=-1)
    assert added.seq == 2
    log = GameEvent.objects.filter(match=table).order_by("seq")
    assert list(log.values_list("client_id", flat=True)) == ["other", "mine"]
    assert added.state["teams"][0]["life"] == 30 - 3
    assert added.state == selectors.rebuilt_state(table) | {"log_total": 2}


def random_event(rng: random.Random, match: Match, players: list[int], seq: int) -> dict:
    kind = rng.choice(
        ["life", "life", "life", "poison", "pay_life", "set_life", "effect", "pass_turn"]
        + ["proliferate", "undo", "undo", "mulligan", "choose_play", "restart", "concede"]
        + ["cant_lose", "cant_lose_life", "new_game", "game_drawn", "player_wins"]
    )
    player = rng.choice(players)
    team = rng.choice([match.team_a_id, match.team_b_id])
    if kind == "undo":
        return {"type": "undo", "amount": rng.randint(max(1, seq - 8), seq - 1)}
    if kind == "effect":
        return {
            "type": "effect",
            "changes": [{"player": p, "life": rng.randint(-6, 3)} for p in players],
        }
    if kind in ("cant_lose", "cant_lose_life"):
        return {"type": kind, "player": player, "amount": rng.randint(0, 1)}
    if kind == "restart" and rng.random() < 0.7:
        kind = "life"
    if kind in ("concede", "player_wins", "game_drawn") and rng.random() < 0.8:
        kind = "life"
    return {"type": kind, "player": player, "team": team, "amount": rng.randint(-5, 5)}


def test_after_200_random_events_the_kept_state_equals_the_rebuilt_one(table, seated):
    players = seated[0] + seated[1]
    rng = random.Random(810)
    stored = 0
    for n in range(1, 3000):
        seq = Game.objects.filter(pk=table.pk).values_list("last_seq", flat=True).first() or 0
        data = random_event(rng, table, players, seq + 1) if seq else {"type": "pass_turn"}
        try:
            added = add(table, f"r{n}", **data)
        except services.ServiceError:
            continue
        stored += 1
        assert added.state == selectors.state_summary(selectors.state_at(table, added.seq))
        if stored == 200:
            break
    assert stored == 200
    kept = Game.objects.get(pk=table.pk)
    before = (kept.state, kept.core)
    full = services.game_rebuild(match=table)
    kept.refresh_from_db()
    assert (kept.state, kept.core) == before
    assert selectors.game_state(table) == full
    assert selectors.state_summary(full) == kept.state


def test_time_of_one_write_at_event_5_and_at_event_200(table, seated):
    """Printed, not asserted: the median of 5 writes from event 5, 50 and 200 (a write is a few
    milliseconds, so one alone is mostly noise)."""
    players = seated[0] + seated[1]

    def timed(first: int, last: int) -> float:
        times = []
        for n in range(first, last + 1):
            start = time.perf_counter()
            add(table, f"c{n}", type="life", player=players[n % len(players)], amount=(-1) ** n)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000

    life_events(table, players, 1, 4)
    at_5 = timed(5, 9)
    life_events(table, players, 10, 49)
    at_50 = timed(50, 54)  # from here on the kept log rows (30) are full
    life_events(table, players, 55, 199)
    at_200 = timed(200, 204)
    print(
        f"\none write (median of 5): at event 5 {at_5:.2f} ms, at event 50 {at_50:.2f} ms,"
        f" at event 200 {at_200:.2f} ms"
    )


@pytest.mark.postgres
def test_the_cached_state_is_stored_as_text_compressed_with_lz4_where_the_server_has_it():
    """tracker.models.JSONText and migration 0003: PostgreSQL stores the Game row's state as
    text it neither parses nor prints, compressed with lz4 when the server was built with it."""
    table = Game._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT data_type FROM information_schema.columns"
            " WHERE table_name = %s AND column_name = 'state'",
            [table],
        )
        assert cursor.fetchone()[0] == "text"
        cursor.execute(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
        )
        has_lz4 = cursor.fetchone()[0]
        cursor.execute(
            "SELECT attcompression FROM pg_attribute"
            " WHERE attrelid = %s::regclass AND attname = 'state'",
            [table],
        )
        assert cursor.fetchone()[0] == ("l" if has_lz4 else "")


def test_the_state_reads_back_as_the_value_written(table, seated):
    players = seated[0] + seated[1]
    life_events(table, players, 1, 3)
    kept = Game.objects.get(pk=table.pk)
    assert isinstance(kept.state, dict)
    assert kept.state == selectors.state_summary(selectors.state_at(table, 3))
    kept.state = {**kept.state, "note": "é\u2028"}
    kept.save(update_fields=["state"])
    assert Game.objects.get(pk=table.pk).state["note"] == "é\u2028"
