"""The records of a table's game: setup, events, errors and the folded state.

``tracker.domain.game`` folds the events into the state; this module only holds the records and
the numbers of the format (docs/rules.md "The game at the table (CR 810)").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from pairing.domain.match_format import ONE_GAME

Status = Literal["playing", "over"]
Reason = Literal["life", "poison", "conceded", "player_lost", "opponent_won"]
ErrorCode = Literal[
    "unknown_type",
    "missing_field",
    "unknown_player",
    "unknown_team",
    "amount_out_of_range",
    "bad_toggle",
    "bad_seq",
    "game_over",
    "pay_not_positive",
    "pay_beyond_total",
    "cant_lose_life",
    "team_cant_lose",
    "undo_unknown_seq",
    "undo_not_earlier",
    "undo_other_game",
    "nothing_to_undo",
    "not_drawn",
    "game_started",
    "play_not_chosen",
    "mulligan_limit",
]

# The contract's types (docs/api.md "Tracker") and the toggles this module adds: "can't lose the
# game" (CR 810.8a, Platinum Angel), "can't lose life" (CR 810.9h), "can't gain life"
# (CR 810.9g) and "can't get poison counters" (CR 810.10c), each on one player and for the team.
CONTRACT_TYPES: Final = (
    "life",
    "pay_life",
    "set_life",
    "poison",
    "proliferate",
    "effect",
    "pass_turn",
    "concede",
    "player_loses",
    "player_wins",
    "game_drawn",
    "restart",
    "choose_play",
    "mulligan",
    "undo",
    "new_game",
)
TOGGLE_TYPES: Final = ("cant_lose", "cant_lose_life", "cant_gain_life", "cant_get_poison")
EVENT_TYPES: Final = frozenset(CONTRACT_TYPES + TOGGLE_TYPES)

MAX_AMOUNT: Final = 1000  # docs/api.md "Tracker": amounts outside +-1000 are refused
MAX_MULLIGANS: Final = 8  # the first is free: 7, 7, 6, ... 0 cards after the eighth
MIN_TEAM_SIZE: Final = 2
MAX_TEAM_SIZE: Final = (
    4  # 3- and 4-headed giants are casual (docs/rules.md "Matches, results, byes")
)


def starting_life(team_size: int) -> int:
    """30 for two players, +15 per player beyond the second (CR 810.4, 810.11)."""
    return 30 + 15 * (team_size - 2)


def poison_to_lose(team_size: int) -> int:
    """15 for two players, +5 per player beyond the second (CR 810.8d, 810.11)."""
    return 15 + 5 * (team_size - 2)


class GameError(ValueError):
    """An event the game refuses; the service answers 400 with ``code`` and ``message``."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


class SetupError(ValueError):
    """A table that is not a Two-Headed Giant table (a programming error of the caller)."""


@dataclass(frozen=True, slots=True)
class TeamSetup:
    """One team: its id, its players' ids left to right as the team sees them, and names for
    the log (optional: ids are used without them)."""

    team: int
    players: tuple[int, ...]
    name: str = ""
    player_names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameSetup:
    """The table: the match's team A then team B, the team picked at random to choose play or
    draw in the first game (MTR 9.3; ``pick_chooser``), None when not recorded, and the key of
    the event's match format (pairing.domain.match_format; 2HG: one game, MTR 9.1), which
    decides what a game over proposes for the match."""

    teams: tuple[TeamSetup, TeamSetup]
    chooser: int | None = None
    match_format: str = ONE_GAME.key

    def __post_init__(self) -> None:
        if len(self.teams) != 2:
            raise SetupError("a Two-Headed Giant game has two teams (CR 810.1)")
        a, b = self.teams
        if a.team == b.team:
            raise SetupError(f"team {a.team} cannot play itself")
        if len(a.players) != len(b.players):
            raise SetupError("teams must be of equal size (CR 810.11)")
        if not MIN_TEAM_SIZE <= len(a.players) <= MAX_TEAM_SIZE:
            raise SetupError(f"teams have 2 to 4 players, not {len(a.players)}")
        players = a.players + b.players
        if len(set(players)) != len(players):
            raise SetupError("a player appears twice at the table")
        for t in self.teams:
            if t.player_names and len(t.player_names) != len(t.players):
                raise SetupError(f"team {t.team}: one name per player")
        if self.chooser is not None and self.chooser not in (a.team, b.team):
            raise SetupError(f"the chooser {self.chooser} is not at this table")

    @property
    def team_size(self) -> int:
        return len(self.teams[0].players)

    @property
    def players(self) -> tuple[int, ...]:
        """Every player at the table, team A's first."""
        return self.teams[0].players + self.teams[1].players

    def team_index(self, team: int) -> int | None:
        for i, t in enumerate(self.teams):
            if t.team == team:
                return i
        return None

    def team_of(self, player: int) -> int | None:
        """The index (0 for team A, 1 for team B) of the player's team; None: not at the table."""
        for i, t in enumerate(self.teams):
            if player in t.players:
                return i
        return None

    def player_name(self, player: int) -> str:
        for t in self.teams:
            if player in t.players and t.player_names:
                return t.player_names[t.players.index(player)]
        return f"player {player}"

    def team_name(self, index: int) -> str:
        t = self.teams[index]
        return t.name or f"team {t.team}"


@dataclass(frozen=True, slots=True)
class Change:
    """One change of an ``effect`` event: signed life and poison for one player."""

    player: int
    life: int = 0
    poison: int = 0


@dataclass(frozen=True, slots=True)
class Event:
    """One stored event. ``seq`` is its number in the match's log (strictly increasing, given by
    the storage layer); the other fields are the contract's (docs/api.md "Tracker")."""

    seq: int
    type: str
    player: int | None = None
    team: int | None = None
    amount: int | None = None
    changes: tuple[Change, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamState:
    """A team's shared numbers (CR 810.4, 810.10) and the toggles on its players."""

    team: int
    life: int
    poison: int
    lost: bool = False
    reason: Reason | None = None
    cant_lose: frozenset[int] = frozenset()  # players under "can't lose the game" (CR 810.8a)
    cant_lose_life: frozenset[int] = frozenset()  # players under "can't lose life" (CR 810.9h)
    cant_gain_life: frozenset[int] = frozenset()  # players under "can't gain life" (CR 810.9g)
    # players under "can't get poison counters" (CR 810.10c)
    cant_get_poison: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event as a judge reads it: ``applied`` is False when it was undone or had no effect,
    and ``text`` says which."""

    seq: int
    event: Event
    game: int
    text: str
    applied: bool
    undone_by: int | None = None  # the seq of the undo in force that cancelled it

    @property
    def undone(self) -> bool:
        return self.undone_by is not None


@dataclass(frozen=True, slots=True)
class GameState:
    """The fold of a match's log. ``game`` is the game number in the match (a restart keeps it),
    ``turn`` counts team turns from 1, ``chooser`` chooses play or draw and ``starter`` plays
    first (None until recorded)."""

    setup: GameSetup
    game: int
    seq: int
    status: Status
    turn: int
    active_team: int | None
    teams: tuple[TeamState, TeamState]
    winner: int | None
    drawn: bool
    chooser: int | None
    starter: int | None
    mulligans: tuple[tuple[int, int], ...]  # (player, mulligans taken) for every player
    restarts: int  # restarts of the current game (Karn Liberated)
    game_start_seq: int  # seq of the new_game that began the current game; 0 for the first
    log: tuple[LogEntry, ...]

    def team(self, team: int) -> TeamState:
        for t in self.teams:
            if t.team == team:
                return t
        raise KeyError(team)

    def mulligans_of(self, player: int) -> int:
        return dict(self.mulligans)[player]

    def player_life(self, player: int) -> int:
        """A player's life total as a cost or an effect reads it: the team's (CR 810.9a)."""
        index = self.setup.team_of(player)
        if index is None:
            raise KeyError(player)
        return self.teams[index].life

    def player_poison(self, player: int) -> int:
        """A player's poison counters as an effect counts them: the team's (CR 810.10a)."""
        index = self.setup.team_of(player)
        if index is None:
            raise KeyError(player)
        return self.teams[index].poison
