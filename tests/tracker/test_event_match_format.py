"""The result a finished game proposes follows the event's stored match format
(Event.match_format, pairing.domain.match_format), which the game's setup carries from its first
event: in 2HG a won game ends the one-game match (MTR 9.1). Another format is no event's today;
a two-game-wins format is put in the registry here only to show the format is read, not assumed.
"""

import pytest

from pairing.domain import match_format as formats
from pairing.domain.match_format import MatchFormat
from tournament.models import Event
from tracker import selectors, services
from tracker.domain.game import (
    GameSetup,
    TeamSetup,
    apply,
    initial_state,
    parse_event,
    propose_result,
)
from tracker.domain.game_json import setup_from_json, setup_to_json
from tracker.models import Game

TWO_WINS = MatchFormat("two_wins", games_to_win=2, drawn_games_replayed=True)


@pytest.fixture
def two_wins(monkeypatch):
    monkeypatch.setitem(formats.FORMATS, TWO_WINS.key, TWO_WINS)
    return TWO_WINS


def _conceded(setup: GameSetup):
    state = initial_state(setup)
    return apply(state, parse_event(1, {"type": "concede", "player": setup.teams[0].players[0]}))


def _setup(match_format: str) -> GameSetup:
    teams = (TeamSetup(1, (11, 12)), TeamSetup(2, (21, 22)))
    return GameSetup(teams, chooser=1, match_format=match_format)


def test_a_won_game_ends_the_match_in_the_one_game_format():
    proposal = propose_result(_conceded(_setup("one_game")))
    assert proposal is not None
    assert (proposal.games_a, proposal.games_b, proposal.match_over) == (0, 1, True)


def test_a_won_game_does_not_end_a_match_of_another_format(two_wins):
    proposal = propose_result(_conceded(_setup(two_wins.key)))
    assert proposal is not None
    assert (proposal.games_a, proposal.games_b, proposal.match_over) == (0, 1, False)


def test_the_stored_setup_names_a_format_only_when_it_is_not_one_game():
    """Game rows stored before the format was kept are one-game tables, and read as such."""
    one = setup_to_json(_setup("one_game"))
    assert "match_format" not in one
    assert setup_from_json(one).match_format == "one_game"
    other = setup_to_json(_setup("two_wins"))
    assert other["match_format"] == "two_wins"
    assert setup_from_json(other) == _setup("two_wins")


@pytest.mark.django_db
def test_the_table_carries_the_event_s_stored_format_to_the_proposal(table, seated, two_wins):
    Event.objects.filter(pk=table.round.event_id).update(match_format=two_wins.key)
    assert selectors.build_setup(table).match_format == two_wins.key
    added = services.game_add_event(
        match=table, data={"type": "concede", "player": seated[0][0]}, client_id="c1"
    )
    assert added.state["proposal"]["match_over"] is False
    assert Game.objects.get(pk=table.pk).setup["match_format"] == two_wins.key
