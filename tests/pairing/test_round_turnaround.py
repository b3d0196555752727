"""A round's turnaround (issue 27): each page told once when a round is paired and published in
one call, an unpair told to the teams that played, the round saved in one statement per table
with the same rows, constraints and after-commit events, and the standings kept for the next
pairing."""

from __future__ import annotations

import asyncio
import concurrent.futures
import uuid

import pytest
from django.db import IntegrityError, connections, transaction

from core import events, live
from core.db import insert_rows
from pairing import selectors, services
from pairing.models import Match, MatchTeam, Round
from support.api_clients import client_for
from support.rounds import event_with_teams, win_all_a
from tournament.services import teams as tournament_teams


def _run(coroutine):
    """asyncio.run on a thread of its own: the browser tests (Playwright's sync API) leave an
    event loop running in the main thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.LIVE_REDIS_URL = ""  # versions and fan-out in this process (MemoryBackend)
    settings.LIVE_CHANNEL = f"test-turnaround-{uuid.uuid4().hex[:8]}"


def _redis_or_skip() -> str:
    import os
    import socket

    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=2):
            return "redis://127.0.0.1:6379/11"
    except OSError:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and Redis is not reachable on 127.0.0.1:6379")
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")


def _versions(event, teams) -> dict[str, int]:
    topics = [f"event:{event.pk}", *(f"team:{t.pk}" for t in teams)]
    return {topic: live.version(topic) for topic in topics}


@pytest.mark.django_db(transaction=True)
def test_pair_and_publish_in_one_call_tells_each_topic_once():
    event, teams = event_with_teams(7)  # odd: one team gets the bye, and is told too
    api = client_for(event.organizer)
    before = _versions(event, teams)
    answer = api.post(
        f"/api/v1/events/{event.pk}/rounds/", {"publish": True, "confirm": True}, format="json"
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["published"] is True
    after = _versions(event, teams)
    # Paired (round changed) then published: two commits, one notice per topic.
    assert {topic: after[topic] - before[topic] for topic in after} == dict.fromkeys(after, 1)


@pytest.mark.django_db(transaction=True)
def test_pair_then_publish_in_two_calls_tells_each_topic_twice():
    """The contrast: two requests are two changes a page may show (paired, then published)."""
    event, teams = event_with_teams(6)
    api = client_for(event.organizer)
    before = _versions(event, teams)
    paired = api.post(
        f"/api/v1/events/{event.pk}/rounds/", {"publish": False, "confirm": True}, format="json"
    )
    assert paired.status_code == 201
    api.post(f"/api/v1/rounds/{paired.json()['id']}/publish/")
    after = _versions(event, teams)
    assert {topic: after[topic] - before[topic] for topic in after} == dict.fromkeys(after, 2)


@pytest.mark.django_db(transaction=True)
def test_unpair_tells_every_team_that_had_a_match_in_it():
    event, teams = event_with_teams(5)  # a bye as well
    first = services.round_pair_next(event=event, seed=3)
    services.round_publish(round_=first)
    win_all_a(first)
    second = services.round_pair_next(event=event, seed=4)
    services.round_publish(round_=second)
    playing = set(MatchTeam.objects.filter(round=second).values_list("team_id", flat=True))
    assert playing == {t.pk for t in teams}
    before = _versions(event, teams)
    answer = client_for(event.organizer).delete(f"/api/v1/rounds/{second.pk}/")
    assert answer.status_code == 204
    after = _versions(event, teams)
    assert {topic: after[topic] - before[topic] for topic in after} == dict.fromkeys(after, 1)


@pytest.mark.django_db(transaction=True)
def test_unpair_notice_reaches_open_team_streams():
    """Open team pages (a hub's subscriptions, as under the ASGI server) get the unpair."""
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event, seed=5)
    services.round_publish(round_=round_)

    async def scenario():
        hub = live.hub()
        subs = [await hub.subscribe(f"team:{t.pk}") for t in teams]

        def unpair():
            try:
                services.round_unpair(round_=round_)
            finally:
                connections.close_all()  # this thread's connection

        await asyncio.to_thread(unpair)
        got = [await sub.wait(3) for sub in subs]
        for sub in subs:
            hub.unsubscribe(sub)
        return got

    got = _run(scenario())
    assert [len(items) for items in got] == [1, 1, 1, 1]
    for team, items in zip(teams, got, strict=True):
        assert f'"topic":"team:{team.pk}"'.encode() in items[0][1]


@pytest.mark.django_db(transaction=True)
def test_a_batch_sends_each_topic_once_with_its_latest_data():
    with live.batch():
        for n in range(3):
            with transaction.atomic():
                live.publish("team:9001", {"n": n})
                live.publish_each(["team:9002", "event:9001"])
        assert live.version("team:9001") == 0  # held until the batch ends
    assert live.latest("team:9001") == (1, {"n": 2})
    assert live.version("team:9002") == 1
    assert live.version("event:9001") == 1


def _rolled_back_publish() -> None:
    with transaction.atomic():
        live.publish("team:9101", {"n": 1})
        raise RuntimeError("rolled back")


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_write_sends_nothing_from_its_batch():
    with live.batch(), pytest.raises(RuntimeError):
        _rolled_back_publish()
    assert live.version("team:9101") == 0


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_batch_over_redis_is_one_message_that_every_topic_gets(settings):
    settings.LIVE_REDIS_URL = _redis_or_skip()
    settings.LIVE_CHANNEL = f"test-turnaround-{uuid.uuid4().hex[:8]}"
    source = live.backend()
    assert isinstance(source, live.RedisBackend)
    topics = [f"team:{uuid.uuid4().hex[:10]}" for _ in range(50)]

    async def scenario():
        loop = asyncio.get_running_loop()
        hub = live.Hub(loop, source)
        subs = [await hub.subscribe(topic) for topic in topics]

        def publish():
            with live.batch():
                live.publish_each(topics, {"round": 5})
                live.publish(topics[0], {"round": 6})

        await asyncio.to_thread(publish)
        got = [await sub.wait(3) for sub in subs]
        for sub in subs:
            hub.unsubscribe(sub)
        return got

    got = _run(scenario())
    assert [len(items) for items in got] == [1] * len(topics)
    assert b'"data":{"round":6}' in got[0][0][1]  # the topic's latest change
    assert b'"data":{"round":5}' in got[1][0][1]
    for topic, items in zip(topics, got, strict=True):
        assert items[0][0] == live.version(topic) > 1_000_000  # Redis: from the time


# --- the round saved in one statement per table ----------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_round_is_saved_whole_with_its_byes_entries_and_seats(django_assert_max_num_queries):
    event, teams = event_with_teams(9)
    heard: list = []
    with events.round_changed.connected(heard.append):
        round_ = services.round_pair_next(event=event, seed=11)
    matches = list(round_.matches.order_by("pk"))
    played = [m for m in matches if m.team_b_id is not None]
    byes = [m for m in matches if m.team_b_id is None]
    assert len(played) == 4
    assert len(byes) == 1
    assert sorted(m.table for m in played) == [1, 2, 3, 4]
    bye = byes[0]  # MTR App. C: a win, recorded 1-0-0, final, without a table
    assert (bye.table, bye.games_a, bye.result, bye.status) == (None, 1, "a", "final")
    assert all(m.status == "pending" and m.games_a == 0 and m.result is None for m in played)
    assert all(m.updated_at is not None and m.note == "" for m in matches)
    assert all(m.chooses_play_draw in ("a", "b") for m in played)
    entries = list(MatchTeam.objects.filter(round=round_))
    assert sorted(e.team_id for e in entries) == sorted(t.pk for t in teams)
    for entry in entries:
        players = list(entry.team.players.order_by("seat").values_list("pk", flat=True))
        assert entry.seats == players
        match = entry.match
        assert entry.team_id == (match.team_a_id if entry.side == "a" else match.team_b_id)
    assert heard == [events.RoundChanged(event.pk, round_.pk, 1)]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_bulk_insert_keeps_the_tables_constraints_on_postgres():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event, seed=2)
    match = round_.matches.order_by("pk").first()
    assert match is not None
    # A team twice in one round (constraint entry_team_once_per_round): refused whole.
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_rows(
            MatchTeam,
            {
                "round_id": [round_.pk],
                "match_id": [match.pk],
                "team_id": [match.team_a_id],
                "side": ["a"],
            },
        )
    # A round number below 1 (round_number_positive) through the same path.
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_rows(Round, {"event_id": [event.pk], "number": [0], "seed": [1]})
    assert MatchTeam.objects.filter(round=round_).count() == 4


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_bulk_insert_answers_ids_in_the_order_of_the_rows_on_postgres():
    event, teams = event_with_teams(2)
    ids = insert_rows(
        Round,
        {"event_id": [event.pk] * 3, "number": [7, 5, 6], "seed": [70, 50, 60]},
    )
    assert [Round.objects.get(pk=pk).number for pk in ids] == [7, 5, 6]
    assert [Round.objects.get(pk=pk).summary for pk in ids] == [{}, {}, {}]  # the default


# --- the standings kept for the next pairing ---------------------------------------------------


@pytest.mark.django_db
def test_pairing_reuses_the_standings_of_the_same_facts_and_not_after_a_change():
    event, teams = event_with_teams(6)
    first = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=first)
    win_all_a(first)
    kept = selectors.standings_kept(event, 1)
    assert selectors.standings_kept(event, 1) is kept  # same facts: the same table
    match = first.matches.filter(team_b__isnull=False).order_by("table").first()
    assert match is not None
    services.match_enter_result(
        match=match, by=event.organizer, games_a=0, games_b=1, games_drawn=0
    )
    fresh = selectors.standings_kept(event, 1)
    assert fresh is not kept
    expected = selectors.standings(event, after_round=1)
    assert [(r.team, r.match_points) for r in fresh.rows] == [
        (r.team, r.match_points) for r in expected.rows
    ]


@pytest.mark.django_db
def test_a_dropped_team_changes_the_kept_standings_key():

    event, teams = event_with_teams(6)
    first = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=first)
    win_all_a(first)
    key = selectors.standings_key(event, 1)
    tournament_teams.team_drop(team=teams[0])
    assert selectors.standings_key(event, 1) != key
    assert Match.objects.filter(round=first).count() == 3
