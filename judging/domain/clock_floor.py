"""The judges' floor view: the tables still playing, what needs a judge soonest first.

Part of ``judging.domain.clock``; import from there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from core.text import Text, gettext_noop
from judging.domain.clock_table import TableState, TeamId


@dataclass(frozen=True, slots=True)
class FloorLine:
    """One line of the judges' floor view."""

    table: int
    state: TableState
    team_names: Mapping[TeamId, str]

    @property
    def summary(self) -> Text:
        """The line's words: English as a str; core.i18n.localize gives them in the reader's
        language. Built when read, not kept: a floor view of thousands of tables renders each
        line once, and the texts are garbage as soon as the line is written."""
        return _summary(self.state, self.team_names)


# ---------------------------------------------------------------------------------------------
# The floor view


def _clock_text(seconds: int) -> str:
    minutes, secs = divmod(seconds, 60)
    return f"{minutes}:{secs:02d}"


def _summary(state: TableState, names: Mapping[TeamId, str]) -> Text:
    team = state.active_team
    who = (
        Text(gettext_noop("active team not recorded"))
        if team is None
        else Text(gettext_noop("%(team)s active"), team=names.get(team, team))
    )
    text: Text
    if state.phase == "extra_turns":
        text = Text(
            gettext_noop("additional turn %(turn)s of %(total)s, %(who)s"),
            turn=state.extra_turn,
            total=state.extra_turns_total,
            who=who,
        )
    elif state.phase == "finishing_turn":
        text = Text(gettext_noop("finishing the turn (turn 0), %(who)s"), who=who)
    elif state.phase == "between_games":
        text = Text(
            gettext_noop(
                "time called between games: new game, a team not on the highest life total loses"
            )
        )
    elif state.ending == "sudden_death":
        text = Text(
            gettext_noop("life totals equal: play continues, a team not on the highest total loses")
        )
    elif state.ending == "life" and state.winner is not None:
        text = Text(
            gettext_noop("%(team)s won on life at time: result not reported yet (MTR 2.4)"),
            team=names.get(state.winner, state.winner),
        )
    elif state.ending == "life":
        text = Text(
            gettext_noop("time: compare the life totals, result not reported yet (MTR 2.4)")
        )
    elif state.phase == "over":
        text = Text(gettext_noop("over"))
    elif state.remaining_seconds is None:
        text = Text(gettext_noop("no time limit"))
    else:
        left = Text(gettext_noop("%(clock)s left"), clock=_clock_text(state.remaining_seconds))
        text = (
            Text(
                gettext_noop("+%(minutes)s min extension, %(left)s"),
                minutes=state.extension_minutes,
                left=left,
            )
            if state.extension_minutes
            else left
        )
    if state.paused and state.phase == "playing":
        text = Text(gettext_noop("%(text)s (paused)"), text=text)
    return Text(gettext_noop("table %(table)s: %(text)s"), table=state.table, text=text)


def _floor_key(state: TableState) -> tuple[int, int, int]:
    far = 10**9
    if state.phase == "extra_turns":
        return (0, state.turns_left or 0, state.table)
    if state.phase == "finishing_turn":
        return (1, 0, state.table)
    if state.phase in ("between_games", "over"):
        return (2, 0, state.table)
    left = far if state.remaining_seconds is None else state.remaining_seconds
    return (3 if state.extension_minutes else 4, left, state.table)


def floor_order(states: Iterable[TableState], team_names: Mapping[TeamId, str]) -> list[FloorLine]:
    """The tables still playing, what needs a judge soonest first: additional turns (fewest
    turns left first), finishing turns, playoff tables under the added state-based action,
    extended tables (least time left first), then the rest. Tables that are over are left out,
    except a playoff table decided on life at time whose result is not reported yet."""
    shown = [s for s in states if s.phase != "over" or s.ending in ("sudden_death", "life")]
    return [FloorLine(s.table, s, team_names) for s in sorted(shown, key=_floor_key)]
