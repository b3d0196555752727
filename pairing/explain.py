"""How each number of a standings line was computed, in words (MTR App. C; docs/rules.md
"Tiebreakers"): the working shown on a team's explanation page and in the API.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing.adapters import percent
from pairing.domain.tiebreakers import StandingRow
from pairing.selectors import Standings


def pct(value: Fraction | None) -> str:
    """A tiebreaker as the pages show it: 66.67%."""
    return "-" if value is None else f"{float(value) * 100:.2f}%"


def frac(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Line:
    label: str
    working: str
    value: str
    used: bool = True  # False: shown for information, not a tiebreaker of this event's order


def row_numbers(row: StandingRow) -> dict:
    return {
        "mw": percent(row.mw),
        "oomw": percent(row.oomw),
        "rounds_played": row.rounds_played,
        "random_key": row.random_key,
    }


def _average(values: list[Fraction], result: Fraction) -> str:
    if not values:
        return "no opponent yet: 33% is used"
    shown = " + ".join(pct(v) for v in values[:12]) + (" + ..." if len(values) > 12 else "")
    return f"({shown}) / {len(values)} = {pct(result)}"


def lines(row: StandingRow, table: Standings) -> list[Line]:
    """The working of every number on the line, in the order of the event's tiebreakers."""
    e = row.explanation
    team_order = table.event.tiebreak_order == "team"
    mp = f"{_plural(row.wins, 'win')} x 3 + {_plural(row.draws, 'draw')} x 1"
    mp += f" = {e.match_points_before_penalties}"
    if row.byes:
        rounds = ", ".join(str(r) for r in e.bye_rounds)
        mp += f" (the bye of round {rounds} counts as a win)"
    if e.penalty_points:
        mp += (
            f"; minus {_plural(e.penalty_points, 'Match Point penalty point')} = {row.match_points}"
        )
    if e.mw_raw is None:
        mw = "no round played yet: 33% is used"
    else:
        mw = f"{row.match_points} / (3 x {e.rounds_played} rounds) = {pct(e.mw_raw)}"
        if e.mw_floored:
            mw += ", below 33%, so 33% is used"
    if e.gw_raw is None:
        gw = "no game played yet: 33% is used"
    else:
        gw = f"{e.game_points} game points / (3 x {_plural(e.games_played, 'game')}) = {pct(e.gw_raw)}"
        if e.gw_floored:
            gw += ", below 33%, so 33% is used"
    opponents = e.opponents
    return [
        Line("Match points", mp, str(row.match_points)),
        Line("Match-win %", mw, pct(row.mw), used=False),
        Line(
            "Opponents' match-win %",
            "average of the opponents' match-win %: "
            + _average([o.mw for o in opponents], row.omw),
            pct(row.omw),
        ),
        Line(
            "Opponents' opponents' match-win %",
            "average of the opponents' OMW%: " + _average([o.omw for o in opponents], row.oomw),
            pct(row.oomw),
            used=team_order and table.event.tiebreak_oomw,
        ),
        Line("Game-win %", gw, pct(row.gw), used=not team_order),
        Line(
            "Opponents' game-win %",
            "average of the opponents' game-win %: " + _average([o.gw for o in opponents], row.ogw),
            pct(row.ogw),
            used=not team_order,
        ),
        Line(
            "Random order",
            f"position {row.random_key + 1} in the order drawn from seed {table.seed}",
            str(row.random_key + 1),
        ),
    ]


def explanation_json(row: StandingRow, table: Standings) -> dict:
    e = row.explanation
    teams = table.teams
    return {
        "match_points_before_penalties": e.match_points_before_penalties,
        "penalty_points": e.penalty_points,
        "rounds_played": e.rounds_played,
        "bye_rounds": list(e.bye_rounds),
        "mw_raw": frac(e.mw_raw),
        "mw_floored": e.mw_floored,
        "game_points": e.game_points,
        "games_played": e.games_played,
        "gw_raw": frac(e.gw_raw),
        "gw_floored": e.gw_floored,
        "opponents": [
            {
                "round": o.round,
                "team": o.opponent,
                "name": teams[o.opponent].name if o.opponent in teams else None,
                "mw": percent(o.mw),
                "omw": percent(o.omw),
                "gw": percent(o.gw),
            }
            for o in e.opponents
        ],
        "seed": table.seed,
        "lines": [
            {"label": x.label, "working": x.working, "value": x.value, "used": x.used}
            for x in lines(row, table)
        ],
    }
