"""The round clock and the 2HG end-of-round procedure, computed from facts (MTR 2.4, 2.6, App. B;
IPG 3.1, 3.3; docs/rules.md "End of round (MTR 2.4) and extensions", "Swiss rounds and playoffs",
"Penalties").

Import everything from here; the code lives in ``clock_round`` (the round's clock),
``clock_table`` (a table's time and end-of-round procedure) and ``clock_floor`` (the judges'
floor view).

Nothing is counted down or stored as a counter: the caller passes the stored facts and ``now``,
and every function returns the state at ``now``. Facts dated after ``now`` are ignored, so the
state at any past moment can be recomputed from the same facts.

Notes on terminology
--------------------
running time
    Time the round clock has run: wall time since the start minus the pauses. Round and table
    deadlines are points on it, so pausing the round pauses every table, extensions included.
correction
    ``set_remaining``: at ``at`` the remaining round time becomes ``remaining`` (a late start, a
    clock set wrong). The latest correction wins over earlier ones and over the round length;
    ``remaining`` 0 calls time at ``at``, even while paused.
time called (round)
    The moment the running time reaches the round's deadline (MTR 2.4).
time called (table)
    The moment the running time reaches the round's deadline plus the table's applied
    extensions: "the end-of-match procedure does not begin until the time extension has expired"
    (MTR 2.4, 2.6).
turn 0
    The turn in progress when time is called at the table; the active team finishes it (MTR 2.4).
    With the passing-at-time flag the active team had already announced passing, so turn 0 is
    the next team's (docs/rules.md "End of round"): the flag stands for that pass. The first
    pass the phones record after time is that same pass, not another (whether it is entered
    before or after the judge's flag), unless it names the announcing team as the next one.
additional turns
    The team turns after turn 0: 3 in 2HG (MTR 2.4) plus 2 per Slow Play penalty that added
    turns (IPG 3.3; MTR 2.6). They are team turns actually taken, counted by "turn passed" facts
    after time: each starts the next turn and names the team active next (default: the other
    team; the same team for an extra turn from a card). The k-th pass after time starts
    additional turn k; the pass that ends turn n ends the procedure.
between games
    A game ended drawn and the next has not begun. Time called then (or a game drawn during the
    procedure): in Swiss no new game starts and the match is a draw (MTR 2.1, 2.4); in a playoff
    a new game starts under the added state-based action below.
added state-based action (playoffs)
    "A team not on the highest life total loses" (MTR 2.4; teams count as one player). It
    applies after the additional turns on equal life totals, and to a game started after time
    was called between games. Here it is ending ``sudden_death`` while the totals are equal and
    ``life`` (with the winner) once they differ.

Decisions where the rules leave a choice
----------------------------------------
- An extension applies when it is dated before the table's time is called; one dated at or
  after the call is kept in ``extensions_not_applied`` (issue 23). The extensions of MTR 2.6
  make up for time the table lost while the clock ran; once time is called the turns are
  untimed, and a full extension entered then would send the table back to timed play for time
  it never lost. A ruling or deck check that began before the call and is entered after it is
  dated when the pause began, for at most the minutes lost before the call (the service,
  ``extension_give``'s ``began_at``). An applied extension moves the table's time called
  later, so the table plays on and turn 0 is whichever turn is in progress when the new time
  runs out.
- A Slow Play Warning adds its 2 turns when given before the table's time is called, and when
  given during turn 0 unless the event setting ``turn_zero_is_additional`` is on. A match
  already in additional turns gets none (IPG 3.3; docs/rules.md "Slow Play"), and the IPG does
  not say whether turn 0 is one of them; MTR 2.4 has the active player finish their turn and
  then counts the additional turns apart from it, hence the default off. At Regular REL nothing
  is added (JAR). Warnings without turns are kept in ``slow_play_without_turns``.
- A pass recorded exactly at the moment time is called belongs before time: the turn it starts
  is turn 0.
- A result (a game won, a result recorded) ends the table's procedure whenever it comes,
  including after the additional turns: a win at the end of the last turn is often recorded
  after the pass.
- Playoff life totals are the totals at ``now``; the game stops when the additional turns end,
  so they are the totals at that moment, and in sudden death the live totals. Unknown totals
  give ending ``life`` with no winner: the judge compares them at the table.
- Remaining seconds are rounded up: 0 exactly when time has been called.
"""

from judging.domain.clock_floor import FloorLine, floor_order
from judging.domain.clock_round import (
    ClockError,
    Correction,
    Pause,
    RoundFacts,
    RoundState,
    RoundStatus,
    Stage,
    TimeLimits,
    round_length_for,
    round_state,
)
from judging.domain.clock_table import (
    ADDITIONAL_TURNS,
    DECK_CHECK_BONUS,
    DELAY_LIMIT,
    FEATURE_MATCH_BONUS,
    PAUSE_THRESHOLD,
    SLOW_PLAY_TURNS,
    ActiveTeamSet,
    Ending,
    Extension,
    ExtensionReason,
    GameEnded,
    GameStarted,
    MatchEnded,
    Phase,
    Rel,
    SlowPlay,
    TableEvent,
    TableFacts,
    TableState,
    TeamId,
    TurnPassed,
    earliest_deadline,
    next_deadline,
    standard_extension,
    table_state,
    table_states,
)

__all__ = [
    "ADDITIONAL_TURNS",
    "DECK_CHECK_BONUS",
    "DELAY_LIMIT",
    "FEATURE_MATCH_BONUS",
    "PAUSE_THRESHOLD",
    "SLOW_PLAY_TURNS",
    "ActiveTeamSet",
    "ClockError",
    "Correction",
    "Ending",
    "Extension",
    "ExtensionReason",
    "FloorLine",
    "GameEnded",
    "GameStarted",
    "MatchEnded",
    "Pause",
    "Phase",
    "Rel",
    "RoundFacts",
    "RoundState",
    "RoundStatus",
    "SlowPlay",
    "Stage",
    "TableEvent",
    "TableFacts",
    "TableState",
    "TeamId",
    "TimeLimits",
    "TurnPassed",
    "earliest_deadline",
    "floor_order",
    "next_deadline",
    "round_length_for",
    "round_state",
    "standard_extension",
    "table_state",
    "table_states",
]
