"""Four phones writing to one table at the same moment: every event is kept once, with its own
seq (docs/architecture.md "Facts, not counters": concurrent writes from two phones are both
kept). Needs PostgreSQL: SQLite has no row locks."""

import pytest

from pairing import services as pairing
from pairing.models import Match
from support.races import race
from support.rounds import event_with_teams
from tracker import selectors, services
from tracker.models import GameEvent


def _match() -> Match:
    event, _teams = event_with_teams(2)
    round_ = pairing.round_pair_next(event=event, seed=1)
    pairing.round_publish(round_=round_)
    return Match.objects.select_related("round__event").get(round=round_)


def _writer(match: Match, player: int, client_id: str):
    data = {"type": "life", "player": player, "amount": -1}
    return lambda: services.game_add_event(match=match, data=data, client_id=client_id)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_lose_and_duplicate_nothing():
    match = _match()
    a = list(match.team_a.players.values_list("pk", flat=True))
    # Eight phones at once on a table without a Game row yet (the first write creates it),
    # then eight more on the existing row; two of each wave retry the same client_id.
    for wave in ("first", "second"):
        calls = [_writer(match, a[i % 2], f"{wave}-{i}") for i in range(6)]
        calls += [_writer(match, a[0], f"{wave}-0"), _writer(match, a[1], f"{wave}-1")]
        outcomes = race(calls)
        assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    seqs = list(GameEvent.objects.filter(match=match).values_list("seq", flat=True))
    assert seqs == list(range(1, 13))
    assert GameEvent.objects.filter(match=match).values("client_id").distinct().count() == 12
    state = selectors.game_state(match)
    assert state["teams"][0]["life"] == 30 - 12
    assert state == selectors.rebuilt_state(match)


# The optimistic write (tracker.services.game_add_event) on both databases, with "another phone"
# made deterministic: an event stored by someone else between a writer's read and its write.


def _other_phone_between_read_and_write(monkeypatch, match: Match, player: int, times: int):
    """Make each of the next ``times`` unlocked reads of the Game row be followed by another
    phone's event, so the writer's move from the seq it read finds the row moved on."""
    read, left = services._read_row, [times]

    def read_then_other_phone(match_id: int, *, lock: bool):
        found = read(match_id, lock=lock)
        if not lock and left[0] > 0:
            left[0] -= 1
            monkeypatch.setattr(services, "_read_row", read)  # the other phone reads normally
            services.game_add_event(
                match=match,
                data={"type": "life", "player": player, "amount": -1},
                client_id=f"other-{left[0]}",
            )
            monkeypatch.setattr(services, "_read_row", read_then_other_phone)
        return found

    monkeypatch.setattr(services, "_read_row", read_then_other_phone)


@pytest.mark.django_db
def test_a_write_that_finds_the_row_moved_tries_again_from_the_new_row(monkeypatch, table, seated):
    red = seated[0][0]
    services.game_add_event(
        match=table, data={"type": "life", "player": red, "amount": -1}, client_id="first"
    )
    _other_phone_between_read_and_write(monkeypatch, table, red, times=1)
    added = services.game_add_event(
        match=table, data={"type": "life", "player": red, "amount": -2}, client_id="mine"
    )
    assert added.seq == 3  # after the other phone's event (2), not over it
    rows = list(GameEvent.objects.filter(match=table).values_list("seq", "client_id"))
    assert rows == [(1, "first"), (2, "other-0"), (3, "mine")]
    assert added.state["teams"][0]["life"] == 30 - 1 - 1 - 2
    assert selectors.game_state(table) == selectors.rebuilt_state(table)


@pytest.mark.django_db
def test_a_row_the_caller_read_before_another_event_is_read_again(table, seated):
    """game_add_event's ``row`` (read with the phone's access query) is only the first try's:
    when another event came since, the write finds the row moved and reads it again."""
    red = seated[0][0]
    services.game_add_event(
        match=table, data={"type": "life", "player": red, "amount": -1}, client_id="first"
    )
    stale = services._read_row(table.pk, lock=False)
    services.game_add_event(
        match=table, data={"type": "life", "player": red, "amount": -1}, client_id="other"
    )
    added = services.game_add_event(
        match=table,
        data={"type": "life", "player": red, "amount": -2},
        client_id="mine",
        row=stale,
    )
    assert added.seq == 3
    rows = list(GameEvent.objects.filter(match=table).values_list("seq", "client_id"))
    assert rows == [(1, "first"), (2, "other"), (3, "mine")]
    assert added.state["teams"][0]["life"] == 30 - 1 - 1 - 2
    assert selectors.game_state(table) == selectors.rebuilt_state(table)


@pytest.mark.django_db
def test_after_missing_every_optimistic_try_the_writer_locks_the_row_and_is_kept(
    monkeypatch, table, seated
):
    red = seated[0][0]
    services.game_add_event(
        match=table, data={"type": "life", "player": red, "amount": -1}, client_id="first"
    )
    _other_phone_between_read_and_write(monkeypatch, table, red, times=services.OPTIMISTIC_TRIES)
    added = services.game_add_event(
        match=table, data={"type": "life", "player": red, "amount": -2}, client_id="mine"
    )
    assert added.seq == services.OPTIMISTIC_TRIES + 2
    assert GameEvent.objects.filter(match=table).count() == services.OPTIMISTIC_TRIES + 2
    assert added.state["teams"][0]["life"] == 30 - 1 - services.OPTIMISTIC_TRIES - 2
    assert selectors.game_state(table) == selectors.rebuilt_state(table)


@pytest.mark.django_db
def test_a_retry_that_loses_the_race_to_its_first_send_gets_the_first_answer(
    monkeypatch, table, seated
):
    """The phone's first send is stored between the retry's read and its write: the retry
    stores nothing and answers what the first send was answered."""
    red = seated[0][0]
    data = {"type": "life", "player": red, "amount": -3}
    services.game_add_event(match=table, data=data, client_id="first")
    read = services._read_row

    def first_send_lands_meanwhile(match_id: int, *, lock: bool):
        found = read(match_id, lock=lock)
        monkeypatch.setattr(services, "_read_row", read)
        services.game_add_event(match=table, data=data, client_id="tap")
        return found

    monkeypatch.setattr(services, "_read_row", first_send_lands_meanwhile)
    retry = services.game_add_event(match=table, data=data, client_id="tap")
    assert not retry.created
    assert retry.seq == 2
    assert GameEvent.objects.filter(match=table, client_id="tap").count() == 1
    assert retry.state["teams"][0]["life"] == 30 - 3 - 3
