"""How a match is decided: the games a team needs to win it, and what a drawn game does.

Notes on terminology
--------------------
match format
    ``games_to_win``: the games a team wins to win the match; ``drawn_games_replayed``: a drawn
    game does not count, the teams play another while time allows. A 2HG match is one game, and
    a drawn game is replayed (MTR 9.1): ``ONE_GAME``, every event's format. Another format (a
    two-game Swiss, say) would be one more value in ``FORMATS``.
games
    A result as stored: games won by team A, by team B, games drawn (``Games``). A match is
    decided when one team has won ``games_to_win`` games; both teams cannot have.
bounds
    The highest number each of the three may be (``games_bounds``): what the database, the forms
    and the serializers declare, over every format an event may have. The service checks an
    event's result against the event's own format (``MatchFormat.refusal``).

The draws of MTR 2.4 (no draw in a playoff) and 2.5 (an intentional draw is 0-0-0) are the
result service's, not the format's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# A drawn game is replayed while time allows: this many drawn games in one round is already
# more than any clock gives (a sanity bound, not a rule).
MAX_DRAWN_GAMES = 20

Refusal = Literal["two_wins"]


@dataclass(frozen=True, slots=True)
class Games:
    """A match's games: won by team A, won by team B, drawn."""

    a: int
    b: int
    drawn: int

    @property
    def winner(self) -> Literal["a", "b"] | None:
        """The side with more games won; None when even (a draw)."""
        if self.a > self.b:
            return "a"
        if self.b > self.a:
            return "b"
        return None


@dataclass(frozen=True, slots=True)
class MatchFormat:
    key: str
    games_to_win: int
    drawn_games_replayed: bool
    max_drawn_games: int = MAX_DRAWN_GAMES

    def bounds(self) -> dict[str, int]:
        """The highest value of each of a result's three numbers, by its field name."""
        return {
            "games_a": self.games_to_win,
            "games_b": self.games_to_win,
            "games_drawn": self.max_drawn_games,
        }

    def decided(self, games: Games) -> bool:
        """One team has won the match."""
        return max(games.a, games.b) >= self.games_to_win

    def refusal(self, games: Games) -> Refusal | None:
        """Why ``games`` cannot be a match's result in this format (None: it can). Each number is
        within ``bounds`` already (the caller names the one that is not); both teams cannot have
        won."""
        if games.a >= self.games_to_win and games.b >= self.games_to_win:
            return "two_wins"
        return None

    def game_won(self, games: Games, side: Literal["a", "b"]) -> Games:
        """``games`` after ``side`` won one more game."""
        if side == "a":
            return Games(games.a + 1, games.b, games.drawn)
        return Games(games.a, games.b + 1, games.drawn)

    def game_drawn(self, games: Games) -> Games:
        return Games(games.a, games.b, games.drawn + 1)

    def over_after(self, games: Games) -> bool:
        """The match is over once a team won it, or after a draw when drawn games are not
        replayed (a replayed one goes on while time allows: the clock decides)."""
        return self.decided(games) or not self.drawn_games_replayed

    @property
    def game_loss_ends_match(self) -> bool:
        """A Game Loss gives the opponent one game (IPG 1.1): in a one-game match that is the
        match (MTR 9.1)."""
        return self.games_to_win == 1

    def lost_by(self, side: Literal["a", "b"]) -> Games:
        """The match lost by ``side`` at once (a Match Loss, or a Game Loss that ends it): the
        other team has the games it needs, nothing drawn."""
        if side == "a":
            return Games(0, self.games_to_win, 0)
        return Games(self.games_to_win, 0, 0)


ONE_GAME = MatchFormat("one_game", games_to_win=1, drawn_games_replayed=True)
FORMATS: dict[str, MatchFormat] = {f.key: f for f in (ONE_GAME,)}


def match_format(key: str) -> MatchFormat:
    """The format stored under ``key`` (an unknown key is a bug: the field takes no other)."""
    return FORMATS[key]


def games_bounds() -> dict[str, int]:
    """The widest bounds over every format: the database's, the forms' and the serializers'."""
    return {
        name: max(f.bounds()[name] for f in FORMATS.values())
        for name in ("games_a", "games_b", "games_drawn")
    }
