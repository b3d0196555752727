"""The match format (pairing.domain.match_format): MTR 9.1, a 2HG match is one game and a drawn
game is replayed while time allows."""

import pytest
from django.db.models import Q

from pairing.domain.match_format import (
    FORMATS,
    MAX_DRAWN_GAMES,
    ONE_GAME,
    Games,
    MatchFormat,
    games_bounds,
    match_format,
)
from pairing.models import Match


def test_one_game_is_the_only_format_and_its_key_is_the_event_default():
    """Every 2HG event plays one-game matches (MTR 9.1); Event.match_format stores its key."""
    from tournament.models import Event

    assert list(FORMATS) == ["one_game"]
    assert Event._meta.get_field("match_format").default == ONE_GAME.key
    assert match_format("one_game") is ONE_GAME
    assert ONE_GAME.games_to_win == 1
    assert ONE_GAME.drawn_games_replayed


def test_bounds_of_a_one_game_match():
    assert ONE_GAME.bounds() == {"games_a": 1, "games_b": 1, "games_drawn": MAX_DRAWN_GAMES}
    assert games_bounds() == ONE_GAME.bounds()


@pytest.mark.parametrize(
    ("games", "decided", "refusal"),
    [
        pytest.param(Games(1, 0, 0), True, None, id="A won its one game: 1-0-0"),
        pytest.param(Games(0, 1, 1), True, None, id="a drawn game, then B won: 0-1-1"),
        pytest.param(Games(0, 0, 1), False, None, id="drawn at time: 0-0-1"),
        pytest.param(Games(0, 0, 0), False, None, id="intentional draw (MTR 2.5): 0-0-0"),
        pytest.param(Games(1, 1, 0), True, "two_wins", id="the first won game ends it: no 1-1"),
    ],
)
def test_one_game_decides_the_match(games, decided, refusal):
    """MTR 9.1: the match ends at its first won game, so both teams cannot have won."""
    assert ONE_GAME.decided(games) is decided
    assert ONE_GAME.refusal(games) == refusal


def test_a_game_won_ends_the_match_a_drawn_one_is_replayed():
    """MTR 9.1: after a drawn game the match goes on (while time allows: the clock decides);
    the next game won ends it, with the drawn one counted: 0-1-1."""
    drawn = ONE_GAME.game_drawn(Games(0, 0, 0))
    assert drawn == Games(0, 0, 1)
    assert not ONE_GAME.over_after(drawn)
    won = ONE_GAME.game_won(drawn, "b")
    assert won == Games(0, 1, 1)
    assert ONE_GAME.over_after(won)
    assert won.winner == "b"


def test_drawn_games_not_replayed_end_the_match_at_the_draw():
    """A format without replays (not one Tandem offers) ends the match at its drawn game."""
    no_replay = MatchFormat("no_replay", games_to_win=1, drawn_games_replayed=False)
    assert no_replay.over_after(Games(0, 0, 1))


def test_a_game_loss_ends_a_one_game_match():
    """IPG 1.1: a Game Loss gives the opponent the game; in a one-game match (MTR 9.1) that is
    the match, won 1-0-0 by the opponent, drawn games before it not counted."""
    assert ONE_GAME.game_loss_ends_match
    assert ONE_GAME.lost_by("a") == Games(0, 1, 0)
    assert ONE_GAME.lost_by("b") == Games(1, 0, 0)


def test_the_database_constraint_is_the_formats_bounds():
    """Match's match_games_range is built from the bounds: games won at most 1, drawn at most
    20, never won by both (MTR 9.1)."""
    constraint = next(c for c in Match._meta.constraints if c.name == "match_games_range")
    assert constraint.condition == Q(games_a__lte=1, games_b__lte=1, games_drawn__lte=20) & ~Q(
        games_a=1, games_b=1
    )
