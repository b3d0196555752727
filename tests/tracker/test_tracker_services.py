"""The storage of a table's game (tracker.services, tracker.selectors): the append-only log, the
seq, the client_id of a retry, the cached state and its rebuild (docs/api.md "Tracker")."""

import pytest

from core import events
from core.errors import Conflict, ServiceError
from pairing import services as pairing
from pairing.models import Match
from support import factories
from tracker import selectors, services
from tracker.models import Game, GameEvent

pytestmark = pytest.mark.django_db


def add(match: Match, client_id: str, **data):
    return services.game_add_event(match=match, data=data, client_id=client_id)


def test_fresh_table_reads_30_and_30_without_writing(table):
    state = selectors.game_state(table)
    assert [(t["team"], t["life"], t["poison"]) for t in state["teams"]] == [
        (table.team_a_id, 30, 0),
        (table.team_b_id, 30, 0),
    ]
    assert (state["seq"], state["status"], state["log"], state["proposal"]) == (
        0,
        "playing",
        [],
        None,
    )
    assert state["chooser"] in (table.team_a_id, table.team_b_id)
    assert not Game.objects.exists()


def test_events_get_seq_1_2_3_and_the_cache_follows(table, seated):
    (a1, a2), (b1, _b2) = seated
    assert add(table, "c1", type="life", player=a1, amount=-3).seq == 1
    assert add(table, "c2", type="poison", player=a2, amount=2).seq == 2
    added = add(table, "c3", type="life", player=b1, amount=-5)
    assert added.seq == 3
    assert added.created
    assert [(t["life"], t["poison"]) for t in added.state["teams"]] == [(27, 2), (25, 0)]
    assert list(GameEvent.objects.values_list("seq", "type")) == [
        (1, "life"),
        (2, "poison"),
        (3, "life"),
    ]
    assert selectors.state_summary(selectors.game_state(table)) == added.state
    assert added.state["log_total"] == 3
    assert len(added.state["log"]) == 3


def test_the_log_says_who_entered_each_event_and_when(table, seated, world):
    (a1, _), _ = seated
    services.game_add_event(
        match=table,
        data={"type": "life", "player": a1, "amount": -1},
        client_id="t",
        by_team=world.red,
    )
    services.game_add_event(
        match=table,
        data={"type": "life", "player": a1, "amount": -1},
        client_id="j",
        by_user=world.judy,
    )
    log = selectors.game_state(table)["log"]
    assert [row["by"] for row in log] == ["Team Red", "judy"]
    assert all(row["at"] for row in log)


def test_same_client_id_twice_applies_once_and_answers_the_first_answer(table, seated):
    (a1, _), _ = seated
    first = add(table, "phone-1:7", type="life", player=a1, amount=-4)
    add(table, "phone-2:1", type="life", player=a1, amount=-1)
    again = add(table, "phone-1:7", type="life", player=a1, amount=-4)
    assert (again.seq, again.created) == (1, False)
    assert again.state == first.state  # the state right after seq 1, not the current one
    assert GameEvent.objects.count() == 2
    assert selectors.game_state(table)["teams"][0]["life"] == 25


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"type": "teleport"}, "unknown_type"),
        ({"type": "life", "player": 987654, "amount": -1}, "unknown_player"),
        ({"type": "life", "amount": -1001, "player": None}, "missing_field"),
        ({"type": "undo", "amount": 99}, "undo_not_earlier"),
    ],
)
def test_refused_event_is_a_400_with_the_domain_code_and_stores_nothing(table, data, code):
    with pytest.raises(ServiceError) as caught:
        add(table, "x", **data)
    assert caught.value.status == 400
    assert caught.value.code == code
    assert not GameEvent.objects.exists()


def test_amount_beyond_1000_is_refused(table, seated):
    (a1, _), _ = seated
    with pytest.raises(ServiceError) as caught:
        add(table, "x", type="life", player=a1, amount=-1001)
    assert caught.value.code == "amount_out_of_range"


@pytest.mark.parametrize("client_id", [None, "", 7, "x" * 65, "a b", "\u202eevil"])
def test_client_id_is_required_and_plain(table, seated, client_id):
    (a1, _), _ = seated
    with pytest.raises(ServiceError) as caught:
        services.game_add_event(
            match=table, data={"type": "life", "player": a1, "amount": -1}, client_id=client_id
        )
    assert caught.value.code == "missing_field"


def test_undo_is_an_event_and_undo_of_undo_applies_again(table, seated):
    (a1, _), _ = seated
    add(table, "1", type="life", player=a1, amount=-7)
    assert add(table, "2", type="undo", amount=1).state["teams"][0]["life"] == 30
    state = add(table, "3", type="undo", amount=2).state
    assert state["teams"][0]["life"] == 23
    assert [row["undone"] for row in state["log"]] == [False, True, False]
    assert GameEvent.objects.count() == 3


def test_rebuilding_the_cache_from_the_log_gives_the_stored_state(table, seated):
    (a1, a2), (b1, b2) = seated
    add(table, "1", type="choose_play", team=table.team_a_id)
    add(table, "2", type="mulligan", player=b2)
    add(table, "3", type="effect", changes=[{"player": p, "life": -4} for p in (a1, a2, b1, b2)])
    add(table, "4", type="pass_turn")
    add(table, "5", type="undo", amount=3)
    add(table, "6", type="poison", player=b1, amount=3)
    add(table, "7", type="proliferate", team=table.team_b_id)
    stored = selectors.game_state(table)
    Game.objects.filter(pk=table.pk).update(state={"stale": True})
    assert services.game_rebuild(match=table) == stored
    assert selectors.game_state(table) == stored


def test_each_stored_event_fires_game_changed_after_commit(table, seated):
    (a1, _), _ = seated
    heard = []
    with events.game_changed.connected(heard.append):
        add(table, "1", type="life", player=a1, amount=-1)
        add(table, "1", type="life", player=a1, amount=-1)  # a retry stores nothing
    teams = (table.team_a_id, table.team_b_id)
    assert heard == [events.GameChanged(table.round.event_id, table.pk, 1, teams)]


def test_a_bye_has_no_game(world):
    factories.settings(world.event, swiss_rounds=3)
    factories.team(world.event, "Team Odd")
    round_ = pairing.round_pair_next(event=world.event, seed=1)
    bye = round_.matches.get(team_b__isnull=True)
    with pytest.raises(Conflict) as caught:
        add(bye, "1", type="pass_turn")
    assert caught.value.code == "bye"


def test_players_sit_in_their_seat_order_at_pairing(table, seated, world):
    (a1, a2), (b1, b2) = seated
    setup = selectors.game_setup(table)
    assert [t.players for t in setup.teams] == [(a1, a2), (b1, b2)]
    names = {t.team: t.player_names for t in setup.teams}
    assert names[world.red.pk] == ("Rita", "Rob")
    assert names[world.blue.pk] == ("Bea", "Ben")


def test_the_chooser_read_before_the_first_event_is_the_one_stored(table, seated):
    before = selectors.game_state(table)["chooser"]
    (a1, _), _ = seated
    assert add(table, "1", type="life", player=a1, amount=-1).state["chooser"] == before


def test_every_write_names_the_latest_action_and_an_undo_without_amount_undoes_it(table, seated):
    """The table's Undo (docs/api.md "Tracker", last_action): after "plays first" and eight life
    changes the eighth is named, in the write's answer, the cache and the whole read alike; an
    undo without amount undoes it and names the seventh."""
    (a1, _), (b1, _) = seated
    add(table, "cp", type="choose_play", team=table.team_a_id)
    for n in range(8):
        added = add(table, f"l{n}", type="life", player=(a1, b1)[n % 2], amount=-1)
    assert added.state["last_action"]["seq"] == 9
    assert selectors.game_state(table)["last_action"]["seq"] == 9
    assert selectors.cached_state(table.pk)["last_action"]["seq"] == 9
    undone = add(table, "u1", type="undo")
    assert GameEvent.objects.get(match=table, seq=10).amount == 9
    assert undone.state["last_action"]["seq"] == 8
    assert [t["life"] for t in undone.state["teams"]] == [26, 27]
    assert selectors.game_state(table)["last_action"]["seq"] == 8
    # A write after the undo keeps naming itself; a second undo then undoes that write.
    assert add(table, "p", type="pass_turn").state["last_action"]["seq"] == 11
    assert add(table, "u2", type="undo").state["last_action"]["seq"] == 8


def test_an_undo_without_amount_on_a_fresh_table_is_refused(table):
    with pytest.raises(ServiceError) as caught:
        add(table, "u", type="undo")
    assert caught.value.code == "nothing_to_undo"
    assert not GameEvent.objects.exists()
