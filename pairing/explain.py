"""How each number of a standings line was computed, in words (MTR App. C; docs/rules.md
"Tiebreakers"): the working shown on a team's explanation page and in the API.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pairing.adapters import percent
from pairing.domain.tiebreakers import StandingRow
from pairing.selectors import Standings
from pairing.selectors import settings as pairing_settings


def pct(value: Fraction | None) -> str:
    """A tiebreaker as the pages show it: 66.67%."""
    return "-" if value is None else f"{float(value) * 100:.2f}%"


def frac(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"


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
        return _("no opponent yet: 33%% is used") % {}
    shown = " + ".join(pct(v) for v in values[:12]) + (" + ..." if len(values) > 12 else "")
    return f"({shown}) / {len(values)} = {pct(result)}"


def lines(row: StandingRow, table: Standings) -> list[Line]:
    """The working of every number on the line, in the order of the event's tiebreakers."""
    e = row.explanation
    chosen = pairing_settings.of(table.event)
    team_order = chosen.tiebreak_order == "team"
    wins = ngettext("%(count)s win", "%(count)s wins", row.wins) % {"count": row.wins}
    draws = ngettext("%(count)s draw", "%(count)s draws", row.draws) % {"count": row.draws}
    mp = f"{wins} x 3 + {draws} x 1 = {e.match_points_before_penalties}"
    if row.byes:
        rounds = ", ".join(str(r) for r in e.bye_rounds)
        mp += " " + _("(the bye of round %(rounds)s counts as a win)") % {"rounds": rounds}
    if e.penalty_points:
        minus = ngettext(
            "; minus %(count)s Match Point penalty point = %(total)s",
            "; minus %(count)s Match Point penalty points = %(total)s",
            e.penalty_points,
        )
        mp += minus % {"count": e.penalty_points, "total": row.match_points}
    floored = _(", below 33%%, so 33%% is used") % {}
    if e.mw_raw is None:
        mw = _("no round played yet: 33%% is used") % {}
    else:
        mw = _("%(points)s / (3 x %(rounds)s rounds) = %(mw)s") % {
            "points": row.match_points,
            "rounds": e.rounds_played,
            "mw": pct(e.mw_raw),
        }
        if e.mw_floored:
            mw += floored
    if e.gw_raw is None:
        gw = _("no game played yet: 33%% is used") % {}
    else:
        games = ngettext("%(count)s game", "%(count)s games", e.games_played)
        gw = _("%(points)s game points / (3 x %(games)s) = %(gw)s") % {
            "points": e.game_points,
            "games": games % {"count": e.games_played},
            "gw": pct(e.gw_raw),
        }
        if e.gw_floored:
            gw += floored
    opponents = e.opponents
    return [
        Line(_("Match points"), mp, str(row.match_points)),
        Line(_("Match-win %%") % {}, mw, pct(row.mw), used=False),
        Line(
            _("Opponents' match-win %%") % {},
            _("average of the opponents' match-win %%: %(working)s")
            % {"working": _average([o.mw for o in opponents], row.omw)},
            pct(row.omw),
        ),
        Line(
            _("Opponents' opponents' match-win %%") % {},
            _("average of the opponents' OMW%%: %(working)s")
            % {"working": _average([o.omw for o in opponents], row.oomw)},
            pct(row.oomw),
            used=team_order and chosen.tiebreak_oomw,
        ),
        Line(_("Game-win %%") % {}, gw, pct(row.gw), used=not team_order),
        Line(
            _("Opponents' game-win %%") % {},
            _("average of the opponents' game-win %%: %(working)s")
            % {"working": _average([o.gw for o in opponents], row.ogw)},
            pct(row.ogw),
            used=not team_order,
        ),
        Line(
            _("Random order"),
            _("position %(place)s in the order drawn from seed %(seed)s")
            % {"place": row.random_key + 1, "seed": table.seed},
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
