"""Properties of the game fold (tracker.domain.game) over random event logs: the state is the fold of
its log, one step equals the whole fold, undo of undo restores, simultaneous losses draw, the
action Undo names is the same from one step as from the whole fold (tracker.domain.game_undo), and
nothing but undo changes a finished game (docs/architecture.md "Facts, not counters")."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.domain.game import (
    Change,
    Event,
    GameError,
    GameSetup,
    GameState,
    TeamSetup,
    apply,
    fold,
    initial_state,
    poison_to_lose,
)
from tracker.domain.game_json import core_from_json, core_to_json
from tracker.domain.game_undo import last_in_force, name_target

TYPES = [
    "life",
    "life",
    "life",
    "pay_life",
    "set_life",
    "poison",
    "proliferate",
    "effect",
    "pass_turn",
    "pass_turn",
    "concede",
    "player_loses",
    "player_wins",
    "game_drawn",
    "restart",
    "choose_play",
    "choose_play",
    "mulligan",
    "mulligan",
    "mulligan",
    "effect",
    "undo",
    "undo",
    "new_game",
    "cant_lose",
    "cant_lose_life",
    "nonsense",
]


def table(size: int) -> GameSetup:
    return GameSetup(
        (
            TeamSetup(1, tuple(range(10, 10 + size))),
            TeamSetup(2, tuple(range(20, 20 + size))),
        ),
        chooser=1,
    )


setups = st.sampled_from([2, 2, 3, 4]).map(table)


@st.composite
def candidate(draw: st.DrawFn, setup: GameSetup, seq: int, state: GameState) -> Event:
    """Any event, valid or not, for the next seq."""
    players = [*setup.players, 99]
    kind = draw(st.sampled_from(TYPES))
    player = draw(st.sampled_from([*setup.players, *setup.players, 99]))
    team = draw(st.sampled_from([1, 2, 1, 2, 1, 2, 7]))
    amount = draw(st.one_of(st.integers(-20, 20), st.integers(-1100, 1100)))
    if kind == "undo":
        seqs = [entry.seq for entry in state.log] or [0]
        amount = draw(st.one_of(st.sampled_from(seqs), st.integers(0, seq + 1)))
    if kind in ("cant_lose", "cant_lose_life"):
        amount = draw(st.sampled_from([0, 1, 1, 2]))
    changes: tuple[Change, ...] = ()
    if kind == "effect":
        changes = tuple(
            draw(
                st.lists(
                    st.builds(
                        Change,
                        st.sampled_from(players),
                        st.integers(-20, 10),
                        st.integers(-2, 4),
                    ),
                    max_size=5,
                )
            )
        )
    return Event(seq, kind, player=player, team=team, amount=amount, changes=changes)


def core(state: GameState) -> GameState:
    """The state without its log: what the table shows."""
    return replace(state, seq=0, log=())


@settings(max_examples=150, deadline=None)
@given(setup=setups, data=st.data())
def test_apply_step_by_step_equals_the_fold_and_only_undo_changes_a_finished_game(
    setup: GameSetup, data: st.DataObject
) -> None:
    state = initial_state(setup)
    length = data.draw(st.integers(0, 40))
    for _ in range(length):
        event = data.draw(candidate(setup, state.seq + 1, state))
        try:
            after = apply(state, event)
        except GameError:
            continue
        if state.status == "over":
            # Life never changes after the end except through undo, or the next game after a draw.
            assert event.type == "undo" or (event.type == "new_game" and state.drawn)
        assert after.seq == event.seq
        assert [e.seq for e in after.log] == [e.seq for e in state.log] + [event.seq]
        state = after
        # The cached state equals the fold of the stored log.
        assert state == fold(setup, [entry.event for entry in state.log])
    assert state.status in ("playing", "over")
    if state.status == "over":
        assert state.drawn == (state.winner is None)
        assert state.drawn or sum(t.lost for t in state.teams) == 1


@settings(max_examples=100, deadline=None)
@given(setup=setups, data=st.data())
def test_undo_of_undo_restores_the_state(setup: GameSetup, data: st.DataObject) -> None:
    state = initial_state(setup)
    for _ in range(data.draw(st.integers(1, 25))):
        try:
            state = apply(state, data.draw(candidate(setup, state.seq + 1, state)))
        except GameError:
            continue
    in_game = [entry.seq for entry in state.log if entry.seq >= state.game_start_seq]
    if not in_game:
        return
    target = data.draw(st.sampled_from(in_game))
    undone = apply(state, Event(state.seq + 1, "undo", amount=target))
    redone = apply(undone, Event(state.seq + 2, "undo", amount=state.seq + 1))
    assert core(redone) == core(state)
    assert redone.log[:-2] == state.log


@settings(max_examples=100, deadline=None)
@given(
    setup=setups,
    life_a=st.integers(1, 30),
    life_b=st.integers(1, 30),
    extra=st.integers(0, 20),
    poison_b=st.booleans(),
    data=st.data(),
)
def test_simultaneous_loss_is_a_draw(
    setup: GameSetup, life_a: int, life_b: int, extra: int, poison_b: bool, data: st.DataObject
) -> None:
    """CR 104.4a: one effect taking both teams to 0 life (or one to 0 life and the other to the
    poison threshold) draws the game, however the changes are split among the players."""
    a, b = setup.teams
    state = initial_state(setup)
    start = state.teams[0].life
    state = apply(state, Event(1, "life", player=a.players[0], amount=life_a - start))
    state = apply(state, Event(2, "life", player=b.players[0], amount=life_b - start))
    changes = []
    for players, total in ((a.players, life_a + extra), (b.players, life_b)):
        if players is b.players and poison_b:
            who = data.draw(st.sampled_from(players))
            changes.append(Change(who, poison=poison_to_lose(setup.team_size)))
            continue
        cut = data.draw(st.integers(0, total))
        first, second = data.draw(st.permutations(players))[:2]
        changes += [Change(first, life=-cut), Change(second, life=-(total - cut))]
    order = data.draw(st.permutations(changes))
    state = apply(state, Event(3, "effect", changes=tuple(order)))
    assert (state.status, state.drawn, state.winner) == ("over", True, None)
    assert all(t.lost for t in state.teams)


@settings(max_examples=100, deadline=None)
@given(setup=setups, data=st.data())
def test_the_fold_of_any_stored_log_is_total(setup: GameSetup, data: st.DataObject) -> None:
    """A stored log replays without error even with events that would now be refused (after an
    undo changed what came before): they stay in the log with no effect."""
    state = initial_state(setup)
    events = [
        data.draw(candidate(setup, seq, state)) for seq in range(1, data.draw(st.integers(0, 30)))
    ]
    folded = fold(setup, events)
    assert [entry.seq for entry in folded.log] == [e.seq for e in events]
    assert all(entry.applied or entry.text for entry in folded.log)
    assert all(not (entry.applied and entry.undone) for entry in folded.log)


@settings(max_examples=120, deadline=None)
@given(setup=setups, data=st.data())
def test_the_fast_writes_name_the_same_action_as_the_whole_fold(setup, data):
    """tracker.services stores most events in one step from the stored core (no log): the action
    it names is the step's own event; an undo folds the whole log. After any sequence, that
    equals the fold's answer."""
    state = initial_state(setup)
    named = None
    for _ in range(data.draw(st.integers(0, 35))):
        event = data.draw(candidate(setup, state.seq + 1, state))
        if event.type == "undo" and data.draw(st.booleans()):
            event = Event(event.seq, "undo")  # the button's undo, without amount
        try:
            if event.type == "undo":
                after = apply(state, name_target(state, event))
                latest = last_in_force(after)
                named = latest.seq if latest else None
            else:
                stepped = apply(core_from_json(setup, core_to_json(state)), event)
                after = apply(state, event)
                latest = last_in_force(stepped)
                assert latest is not None  # the step's own event
                named = latest.seq
        except GameError:
            continue
        state = after
        whole = last_in_force(fold(setup, [entry.event for entry in state.log]))
        assert named == (whole.seq if whole else None)
