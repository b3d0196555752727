"""The clock follows the game, whatever event ended it, and no new game begins after time in
Swiss (issue 23, items 1 and 2; docs/rules.md "End of round (MTR 2.4) and extensions").

MTR 2.4: "If the match is not complete [when time is called] ... no new game begins"; a game
still undecided after the additional turns is drawn, and a one-game Swiss match with no game
won is a draw (MTR 9.1). CR 104.4a: both teams losing at once is a drawn game; CR 810.8: a team
at 0 life or at its poison threshold loses as a state-based action."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import Conflict
from judging import services
from judging.selectors import clock as sel
from tracker import selectors as tracker_selectors
from tracker import services as tracker_services

pytestmark = pytest.mark.django_db
MIN = timedelta(minutes=1)


def _state(match, now=None):
    return sel.states_of(sel.round_tables(match.round), now)[match.pk]


def _add(match, client_id, **data):
    return tracker_services.game_add_event(match=match, data=data, client_id=client_id)


def _heads(match):
    return [t.players.get(seat=1).pk for t in (match.team_a, match.team_b)]


def _draw_by_effect(match, client_id):
    """Both teams to 0 at once (an effect that deals 30 to each team): a drawn game
    (CR 104.4a)."""
    a, b = _heads(match)
    return _add(
        match,
        client_id,
        type="effect",
        changes=[{"player": a, "life": -30}, {"player": b, "life": -30}],
    )


@pytest.mark.parametrize(
    "ending",
    [
        {"type": "life", "amount": -30},
        {"type": "pay_life", "amount": 30},
        {"type": "set_life", "amount": 0},
        {"type": "poison", "amount": 15},
    ],
    ids=["life", "pay_life", "set_life", "poison"],
)
def test_a_game_won_by_life_or_poison_in_turn_zero_ends_the_tables_procedure(table, ending):
    """MTR 2.4; CR 810.8c-d: the team at 0 life or 15 poison loses, so the table is over; the
    clock reads the game, not only concessions and reported results."""
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    assert _state(table.match).phase == "finishing_turn"
    red = table.red.players.get(seat=1).pk
    _add(table.match, "end", player=red, **ending)
    state = _state(table.match)
    assert (state.phase, state.ending) == ("over", "result")


def test_a_game_drawn_by_an_effect_in_additional_turns_draws_the_swiss_match(table):
    """MTR 2.4, 9.1; CR 104.4a: a drawn game after time leaves the Swiss match drawn."""
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    services.turn_passed(match=table.match)  # additional turn 1
    services.turn_passed(match=table.match)  # additional turn 2
    assert _state(table.match).extra_turn == 2
    _draw_by_effect(table.match, "boom")
    state = _state(table.match)
    assert (state.phase, state.ending) == ("over", "draw")


def test_no_new_game_after_time_in_swiss_and_the_proposal_is_the_draw(table):
    """MTR 2.4: "no new game begins" once time is called; the drawn game leaves the match a
    draw, which both teams confirm (a 1-1 draw, never a 3-0 won in a game after time)."""
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    drawn = _add(table.match, "d", type="game_drawn")
    assert drawn.state["proposal"]["match_over"] is True
    assert "MTR 2.4" in drawn.state["proposal"]["no_new_game"]
    with pytest.raises(Conflict) as refused:
        _add(table.match, "ng", type="new_game")
    assert refused.value.code == "time_called"
    assert "no new game begins" in str(refused.value.message)
    summary = tracker_selectors.game_summary(table.match)
    assert (summary["game"], summary["proposal"]["match_over"]) == (1, True)
    for team in (table.red, table.blue):
        tracker_services.game_confirm_result(match=table.match, team=team)
    table.match.refresh_from_db()
    assert (table.match.status, table.match.games_a, table.match.games_b) == ("final", 0, 0)
    assert table.match.games_drawn == 1


def test_new_game_through_the_api_after_time_is_a_409_with_the_rule(table):
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    _add(table.match, "d", type="game_drawn")
    client = Client(HTTP_X_TEAM_KEY=table.red.access_key)
    answer = client.post(
        f"/api/v1/matches/{table.match.pk}/game/events/",
        {"type": "new_game", "client_id": "phone-ng"},
        content_type="application/json",
    )
    assert answer.status_code == 409
    assert answer.json()["code"] == "time_called"
    assert "MTR 2.4" in answer.json()["detail"]


def test_before_time_a_drawn_game_is_replayed(table):
    """MTR 9.1: while time allows, a drawn game is followed by another."""
    services.clock_start(round_=table.round, now=timezone.now() - 10 * MIN)
    drawn = _add(table.match, "d", type="game_drawn")
    assert drawn.state["proposal"]["match_over"] is False
    assert _add(table.match, "ng", type="new_game").state["game"] == 2


def test_the_table_page_offers_no_next_game_after_time(table):
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    _add(table.match, "d", type="game_drawn")
    page = Client().get(f"/t/{table.red.access_key}/table/").content.decode()
    assert 'value="new_game"' not in page
    assert "no new game begins" in page


def _semifinal():
    import random

    from pairing import services as pairing_services
    from support.rounds import event_with_teams, play

    event, _teams = event_with_teams(4, swiss_rounds=1, top_cut=4, rel="competitive")
    play(pairing_services.round_pair_next(event=event, seed=1), random.Random(1))
    semi = pairing_services.round_pair_next(event=event, seed=2)
    pairing_services.round_publish(round_=semi)
    services.clock_start(round_=semi, now=timezone.now() - 91 * MIN)  # 90 minutes (MTR App. B)
    return semi.matches.order_by("table").first()


def test_a_playoff_game_drawn_after_time_goes_on_under_the_added_state_based_action(db):
    """MTR 2.4 (playoffs): a game drawn after time is followed by a new game in which a team
    not on the highest life total loses: 29 against 30 is a win for the team at 30."""
    match = _semifinal()
    services.turn_passed(match=match)  # additional turn 1
    _draw_by_effect(match, "boom")
    assert _state(match).phase == "between_games"
    _add(match, "ng", type="new_game")  # a playoff match goes on (MTR 2.4)
    assert (_state(match).phase, _state(match).ending) == ("over", "sudden_death")
    a, _b = _heads(match)
    _add(match, "hit", type="life", player=a, amount=-1)
    state = _state(match)
    assert (state.phase, state.ending, state.winner) == ("over", "life", match.team_b_id)
