"""A table's game (tracker.domain.game): the worked examples of CR 810 and docs/rules.md "The game
at the table (CR 810)", one rule per test."""

import math
import random

import pytest

from tracker.domain.game import (
    Change,
    Event,
    GameSetup,
    GameState,
    TeamSetup,
    apply,
    fold,
    head_across,
    initial_state,
    pick_chooser,
    poison_to_lose,
    propose_result,
    starting_life,
    to_contract,
)

RED = TeamSetup(1, (11, 12), "Team Red", ("Ann", "Ben"))
BLUE = TeamSetup(2, (21, 22), "Team Blue", ("Cat", "Dan"))
SETUP = GameSetup((RED, BLUE), chooser=1)


def play(*events: tuple[str, dict[str, object]], setup: GameSetup = SETUP) -> GameState:
    """Apply the events one by one (seq 1, 2, ...) and check the fold of the log agrees."""
    state = initial_state(setup)
    for seq, (kind, fields) in enumerate(events, start=1):
        state = apply(state, Event(seq, kind, **fields))  # type: ignore[arg-type]  # kind and fields from the cases, of the Event's types
    assert state == fold(setup, [entry.event for entry in state.log])
    return state


def ev(kind: str, **fields: object) -> tuple[str, dict[str, object]]:
    return kind, fields


def at(life_red: int, life_blue: int) -> list[tuple[str, dict[str, object]]]:
    """Events that bring Red and Blue from 30 to the given totals."""
    return [
        ev("life", player=11, amount=life_red - 30),
        ev("life", player=21, amount=life_blue - 30),
    ]


def lives(state: GameState) -> tuple[int, int]:
    return state.teams[0].life, state.teams[1].life


# --- the numbers of the format ------------------------------------------------------------------


@pytest.mark.parametrize(("size", "life", "poison"), [(2, 30, 15), (3, 45, 20), (4, 60, 25)])
def test_n_headed_giant_life_and_poison(size: int, life: int, poison: int) -> None:
    """CR 810.4, 810.8d, 810.11 (docs/rules.md "Life and poison"): 30 life and 15 poison, +15
    life and +5 poison per player beyond the second."""
    a = TeamSetup(1, tuple(range(10, 10 + size)))
    b = TeamSetup(2, tuple(range(20, 20 + size)))
    state = initial_state(GameSetup((a, b)))
    assert (starting_life(size), poison_to_lose(size)) == (life, poison)
    assert lives(state) == (life, life)
    state = apply(state, Event(1, "poison", player=10, amount=poison - 1))
    assert state.status == "playing"
    state = apply(state, Event(2, "poison", player=10 + size - 1, amount=1))
    assert (state.status, state.teams[0].reason, state.winner) == ("over", "poison", 2)


# --- CR 810.9: life happens to a player and moves the team's total ------------------------------


def test_flame_rift_takes_8_from_each_team() -> None:
    """CR 810.9: "Flame Rift deals 4 damage to each player": each team is dealt 8."""
    flame_rift = tuple(Change(p, life=-4) for p in SETUP.players)
    state = play(ev("effect", changes=flame_rift))
    assert lives(state) == (22, 22)
    assert len(state.log) == 1  # one event for the four changes


def test_lurking_evil_paid_by_a_team_at_11_costs_6() -> None:
    """CR 810.9a: "pay half your life, rounded up" reads the team's 11, so the player pays 6 and
    the team ends at 5."""
    state = play(*at(11, 30))
    half_rounded_up = math.ceil(state.player_life(12) / 2)
    assert half_rounded_up == 6
    state = play(*at(11, 30), ev("pay_life", player=12, amount=half_rounded_up))
    assert state.teams[0].life == 5


def test_beacon_of_immortality_doubles_the_team_total() -> None:
    """CR 810.9a: "double target player's life total" on a team at 17: the player gains 17, the
    team ends at 34."""
    state = play(*at(17, 30))
    state = play(*at(17, 30), ev("life", player=11, amount=state.player_life(11)))
    assert state.teams[0].life == 34


def test_setting_a_players_life_to_10_on_a_team_at_25() -> None:
    """CR 810.9c: the player's life is read as 25 (CR 810.9a), so the player loses 15 and the team
    ends at 10."""
    state = play(*at(25, 30), ev("set_life", player=11, amount=10))
    assert state.teams[0].life == 10
    assert "-15" in state.log[-1].text
    assert "CR 810.9c" in state.log[-1].text


def test_repay_in_kind_on_teams_at_7_and_13() -> None:
    """CR 810.9d: "each player's life total becomes the lowest life total among all players".
    A player's life reads as the team's (810.9a), so the lowest is 7; each team chooses one member
    and only that member is set (810.9c): the team at 7 moves by 0, the team at 13 loses 6. Both
    teams end at 7 (the 2009 "sum of the players" reading is obsolete)."""
    lowest = 7
    chosen_red, chosen_blue = 12, 21
    state = play(
        *at(7, 13),
        ev("set_life", player=chosen_red, amount=lowest),
        ev("set_life", player=chosen_blue, amount=lowest),
    )
    assert lives(state) == (7, 7)
    # The same as one effect with the differences, so that both land together.
    together = play(*at(7, 13), ev("effect", changes=(Change(chosen_blue, life=-6),)))
    assert lives(together) == (7, 7)


def test_paying_up_to_the_team_total_then_no_more() -> None:
    """CR 810.9b: both players together pay at most the team's total."""
    state = play(
        *at(8, 30), ev("pay_life", player=11, amount=5), ev("pay_life", player=12, amount=3)
    )
    assert state.teams[0].life == 0
    assert state.status == "over"  # paying to 0 is allowed, and 0 life loses (CR 810.8c)


def test_cant_lose_life_on_one_player_covers_the_team() -> None:
    """CR 810.9h: no player of the team loses life; gains still count."""
    state = play(
        ev("cant_lose_life", player=12, amount=1),
        ev("life", player=11, amount=-5),
        ev("set_life", player=11, amount=1),
        ev("effect", changes=(Change(11, life=-4), Change(12, life=2), Change(21, life=-4))),
    )
    assert lives(state) == (32, 26)
    assert "CR 810.9h" in state.log[1].text
    state = play(
        ev("cant_lose_life", player=12, amount=1),
        ev("cant_lose_life", player=12, amount=0),
        ev("life", player=11, amount=-5),
    )
    assert state.teams[0].life == 25


def test_cant_gain_life_on_one_player_covers_the_team() -> None:
    """CR 810.9g: "If an effect says that a player can't gain life, no player on that player's
    team can gain life." Losses still count; the other team still gains."""
    state = play(
        ev("cant_gain_life", player=12, amount=1),
        ev("life", player=11, amount=5),
        ev("set_life", player=11, amount=40),
        ev("effect", changes=(Change(11, life=3), Change(12, life=-4), Change(21, life=2))),
    )
    assert lives(state) == (26, 32)
    assert "CR 810.9g" in state.log[1].text
    assert "CR 810.9g" in state.log[2].text
    state = play(
        ev("cant_gain_life", player=12, amount=1),
        ev("cant_gain_life", player=12, amount=0),
        ev("life", player=11, amount=5),
    )
    assert state.teams[0].life == 35


def test_cant_get_poison_counters_on_one_player_covers_the_team() -> None:
    """CR 810.10c: "If an effect says that a player can't get poison counters, no player on
    that player's team can get poison counters." Proliferate adds none either; counters
    already there stay."""
    state = play(
        ev("poison", player=21, amount=3),
        ev("cant_get_poison", player=22, amount=1),
        ev("poison", player=21, amount=9),
        ev("proliferate", team=2),
        ev("effect", changes=(Change(21, poison=4), Change(11, poison=2))),
    )
    assert (state.teams[1].poison, state.teams[0].poison) == (3, 2)
    assert "CR 810.10c" in state.log[2].text
    assert "CR 810.10c" in state.log[3].text
    state = play(
        ev("cant_get_poison", player=22, amount=1),
        ev("cant_get_poison", player=22, amount=0),
        ev("poison", player=21, amount=2),
    )
    assert state.teams[1].poison == 2


# --- poison: CR 810.10 and proliferate --------------------------------------------------------


def test_poison_is_shared_and_15_loses() -> None:
    """CR 810.10, 810.8d: counters given to either player count for the team; 15 loses."""
    state = play(ev("poison", player=21, amount=9), ev("poison", player=22, amount=5))
    assert (state.teams[1].poison, state.status) == (14, "playing")
    assert state.player_poison(21) == state.player_poison(22) == 14
    state = play(
        ev("poison", player=21, amount=9),
        ev("poison", player=22, amount=5),
        ev("proliferate", team=2),
    )
    assert (state.status, state.winner, state.teams[1].reason) == ("over", 1, "poison")
    assert state.teams[1].lost
    assert not state.teams[0].lost


def test_proliferate_gives_at_most_one_counter_to_a_team() -> None:
    """docs/rules.md "Life and poison": proliferate adds at most one poison counter per team,
    however many of its players are chosen, and none to a team without poison."""
    state = play(
        ev("poison", player=21, amount=3), ev("proliferate", team=2), ev("proliferate", team=1)
    )
    assert (state.teams[0].poison, state.teams[1].poison) == (0, 4)


def test_poison_removed_never_goes_below_zero() -> None:
    """CR 810.10b: a player losing counters takes them from the team."""
    state = play(ev("poison", player=21, amount=3), ev("poison", player=22, amount=-5))
    assert state.teams[1].poison == 0


# --- winning and losing: CR 810.8 -------------------------------------------------------------


def test_a_concession_by_one_player_ends_the_game_for_the_team() -> None:
    """CR 810.8b: the player's team leaves the game and loses."""
    state = play(ev("concede", player=12))
    assert (state.status, state.winner) == ("over", 2)
    assert (state.teams[0].lost, state.teams[0].reason) == (True, "conceded")
    assert "CR 810.8b" in state.log[-1].text


def test_a_player_losing_or_winning_is_the_teams() -> None:
    """CR 810.8a: drawing from an empty library loses for the team; a player's win is the
    team's."""
    lost = play(ev("player_loses", player=22))
    assert (lost.winner, lost.teams[1].reason) == (1, "player_lost")
    won = play(ev("player_wins", player=22))
    assert (won.winner, won.teams[0].reason) == (2, "opponent_won")


def test_zero_life_loses_as_a_state_based_action() -> None:
    """CR 810.8c: a team at 0 or less loses; the other wins."""
    state = play(ev("life", player=21, amount=-31))
    assert (state.status, state.winner, state.teams[1].life, state.teams[1].reason) == (
        "over",
        1,
        -1,
        "life",
    )


def test_both_teams_at_zero_from_one_effect_is_a_drawn_game() -> None:
    """CR 104.4a (docs/rules.md "Winning and losing"): both teams losing at once draw the game."""
    state = play(*at(3, 4), ev("effect", changes=tuple(Change(p, life=-2) for p in SETUP.players)))
    assert (state.status, state.drawn, state.winner) == ("over", True, None)
    assert all(t.lost and t.reason == "life" for t in state.teams)
    assert propose_result(state) is not None


def test_a_recorded_loss_can_be_undone_platinum_angel() -> None:
    """CR 810.8a: a player controls Platinum Angel, so the team can't lose. The loss the tracker
    recorded is undone, "can't lose" is entered, the damage again: the team plays on below 0,
    and loses once the Angel leaves."""
    state = play(
        ev("life", player=11, amount=-35),
        ev("undo", amount=1),
        ev("cant_lose", player=12, amount=1),
        ev("life", player=11, amount=-35),
    )
    assert (state.status, state.teams[0].life, state.teams[0].lost) == ("playing", -5, False)
    assert "can't lose the game" in state.log[-1].text
    state = play(
        ev("life", player=11, amount=-35),
        ev("undo", amount=1),
        ev("cant_lose", player=12, amount=1),
        ev("life", player=11, amount=-35),
        ev("cant_lose", player=12, amount=0),
    )
    assert (state.status, state.winner, state.teams[0].reason) == ("over", 2, "life")


# --- turns, play or draw, mulligans -----------------------------------------------------------


def test_turns_alternate_and_an_extra_turn_is_the_teams() -> None:
    """docs/rules.md "Turn structure": teams take turns; an extra turn is taken by the team."""
    state = play(ev("choose_play", team=2))
    assert (state.turn, state.active_team, state.starter, state.chooser) == (1, 2, 2, 1)
    state = play(
        ev("choose_play", team=2), ev("pass_turn"), ev("pass_turn"), ev("pass_turn", team=2)
    )
    assert (state.turn, state.active_team) == (4, 2)
    assert "extra turn" in state.log[-1].text


def test_passing_before_the_choice_takes_the_passing_team_as_the_starter() -> None:
    state = play(ev("pass_turn", team=1))
    assert (state.starter, state.active_team, state.turn) == (2, 1, 2)
    assert "not recorded" in state.log[-1].text


def test_mulligans_are_counted_and_the_first_is_free() -> None:
    """docs/rules.md "Matches, results, byes", Mulligans: the first is free (7 cards again). Any
    order of entry is recorded (all mulligans are taken at the same time)."""
    state = play(
        ev("choose_play", team=1),
        ev("mulligan", player=21),
        ev("mulligan", player=11),
        ev("mulligan", player=11),
    )
    assert [state.mulligans_of(p) for p in (11, 12, 21, 22)] == [2, 0, 1, 0]
    assert "the free one" in state.log[1].text
    assert "1 to the bottom" in state.log[-1].text


def test_a_mulligan_of_the_starting_team_entered_after_the_other_teams_is_marked() -> None:
    """2HG FAQ: "First, each player on the starting team ... declares whether or not he or she
    will take a mulligan. Then the players on each other team in turn order do the same ...
    Then all mulligans are taken at the same time." A mulligan of the starting team entered
    after the other team's of the same number is marked out of turn order (issue 23); counts
    do not change."""
    state = play(
        ev("choose_play", team=1),
        ev("mulligan", player=21),
        ev("mulligan", player=11),
        ev("mulligan", player=22),
        ev("mulligan", player=12),
    )
    assert "Out of turn order" not in state.log[1].text  # the other team's own mulligan
    assert "Out of turn order" in state.log[2].text
    assert "Out of turn order" in state.log[4].text
    assert [state.mulligans_of(p) for p in (11, 12, 21, 22)] == [1, 1, 1, 1]
    in_order = play(ev("choose_play", team=1), ev("mulligan", player=11), ev("mulligan", player=21))
    assert all("Out of turn order" not in entry.text for entry in in_order.log)


def test_pick_chooser_is_random_and_repeatable() -> None:
    """MTR 9.3: a team chosen at random chooses play or draw; the RNG is passed in."""
    picks = {pick_chooser(SETUP, random.Random(seed)) for seed in range(20)}
    assert picks == {1, 2}
    assert pick_chooser(SETUP, random.Random(5)) == pick_chooser(SETUP, random.Random(5))


def test_the_head_across_is_the_default_attack_target() -> None:
    """MTR 4.2: players listed left to right as each team sees them face each other mirrored."""
    assert [head_across(SETUP, p) for p in (11, 12, 21, 22)] == [22, 21, 12, 11]


# --- restart and new game ---------------------------------------------------------------------


def test_restart_keeps_the_game_number_with_fresh_totals() -> None:
    """docs/rules.md "Winning and losing": a game restarted by Karn Liberated stays the match's
    current game; totals, turn, starting team and mulligans start over."""
    state = play(
        ev("choose_play", team=1),
        ev("mulligan", player=11),
        ev("pass_turn"),
        ev("poison", player=21, amount=4),
        ev("life", player=11, amount=-12),
        ev("restart"),
    )
    assert (state.game, state.restarts, state.turn, state.starter, state.active_team) == (
        1,
        1,
        1,
        None,
        None,
    )
    assert lives(state) == (30, 30)
    assert (state.teams[1].poison, state.mulligans_of(11)) == (0, 0)
    assert len(state.log) == 6
    result = propose_result(play(ev("restart"), ev("concede", player=21)))
    assert result is not None
    assert (result.games_a, result.games_b, result.games_drawn) == (1, 0, 0)


def test_new_game_after_a_draw_same_chooser_and_the_result() -> None:
    """MTR 9.1: a drawn game does not end the match; MTR 2.2: the team that chose play or draw in
    the drawn game chooses again. The match then ends at its first won game: 0-1-1."""
    drawn = play(ev("choose_play", team=2), ev("game_drawn"))
    proposal = propose_result(drawn)
    assert proposal is not None
    assert (proposal.games_a, proposal.games_b, proposal.games_drawn) == (0, 0, 1)
    assert not proposal.match_over
    state = play(
        ev("choose_play", team=2),
        ev("game_drawn"),
        ev("new_game"),
        ev("choose_play", team=1),
        ev("concede", player=11),
    )
    assert (state.game, state.chooser, state.game_start_seq) == (2, 1, 3)
    proposal = propose_result(state)
    assert proposal is not None
    assert (proposal.games_a, proposal.games_b, proposal.games_drawn) == (0, 1, 1)
    assert (proposal.winner, proposal.match_over) == (2, True)
    assert propose_result(play()) is None


def test_the_log_reads_for_a_judge() -> None:
    """Every event with its seq, its game, its effect in words and whether it was undone."""
    state = play(
        ev("choose_play", team=1),
        ev("life", player=21, amount=-3),
        ev("undo", amount=2),
        ev("pay_life", player=12, amount=2),
    )
    assert [(e.seq, e.game, e.applied, e.undone) for e in state.log] == [
        (1, 1, True, False),
        (2, 1, False, True),
        (3, 1, True, False),
        (4, 1, True, False),
    ]
    assert state.log[1].text == "Cat -3 life (undone by #3)."
    assert state.log[2].text == "Undo #2 (Cat -3 life)."
    assert state.log[3].text == "Ben pays 2 life: Team Red at 28 life (CR 810.9b)."


def test_the_state_in_the_contracts_shape() -> None:
    """docs/api.md "Tracker": {game, seq, status, turn, active_team, teams: [{team, life, poison,
    lost, reason}], log}."""
    state = play(ev("choose_play", team=1), ev("effect", changes=(Change(21, life=-4),)))
    shown = to_contract(state)
    assert {"game", "seq", "status", "turn", "active_team", "teams", "log"} <= shown.keys()
    assert (shown["game"], shown["seq"], shown["status"], shown["turn"]) == (1, 2, "playing", 1)
    assert shown["active_team"] == 1
    assert shown["teams"] == [
        {"team": 1, "life": 30, "poison": 0, "lost": False, "reason": None},
        {"team": 2, "life": 26, "poison": 0, "lost": False, "reason": None},
    ]
    log = shown["log"]
    assert isinstance(log, list)
    assert log[1]["changes"] == [{"player": 21, "life": -4, "poison": 0}]
    assert (log[1]["seq"], log[1]["type"], log[1]["undone"]) == (2, "effect", False)


def test_a_long_chain_of_undos_folds_and_reads_without_nesting() -> None:
    """Two phones undoing and redoing 1,500 times: each undo cancels the one before it; the log
    names one level ("Undo #3 (undo #2)")."""
    events = [Event(1, "life", player=11, amount=-5)]
    events += [Event(seq, "undo", amount=seq - 1) for seq in range(2, 1502)]
    state = fold(SETUP, events)
    # 1,500 undos: #1501 is in force, so #1500 is cancelled, #1499 in force ... #2 cancelled.
    assert state.teams[0].life == 25
    assert state.log[2].text == "Undo #2 (undo #1)."
    assert state.log[0].applied


def test_paying_0_life_is_always_allowed() -> None:
    """CR 810.9b: "(Players can always pay 0 life.)" whatever the team's total; a team
    that can't lose life can still pay 0. Logged, nothing changes (issue 23)."""
    state = play(
        ev("cant_lose_life", player=12, amount=1),
        ev("pay_life", player=11, amount=0),
    )
    assert lives(state) == (30, 30)
    assert state.log[1].applied
    assert "CR 810.9b" in state.log[1].text


def test_the_team_that_plays_first_skips_its_first_draw_step() -> None:
    """CR 810.6 (MTR 9.3): the team that plays first skips the draw step of its first turn; the
    log says so of that team (issue 23)."""
    state = play(ev("choose_play", team=1))
    assert state.log[0].text.startswith("Team Red plays first and skips its first draw step")
    assert "CR 810.6" in state.log[0].text
