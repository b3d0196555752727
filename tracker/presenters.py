"""What the table page says about the round clock, from the match's ``time`` block
(docs/api.md "Read a match"; the round clock answers it through pairing.hooks.MATCH_TIMES).

The players at the table see the time left, or where they are in the end-of-round procedure
(MTR 2.4, 2HG: the active team finishes its turn, then three additional team turns; a Slow Play
penalty adds two). Pure: the block and the teams' names in, the words out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _


def clock_text(seconds: int) -> str:
    """Minutes and seconds, "34:05"; hours as minutes ("75:00") as a round clock shows them."""
    minutes, secs = divmod(max(0, seconds), 60)
    return f"{minutes}:{secs:02d}"


def time_line(block: Mapping[str, Any] | None, names: Mapping[int, str]) -> str:
    """One line for the players: "34:05 left", "Time: Red Dragons finish their turn (turn 0)",
    "Additional turn 2 of 3: Red Dragons". Empty when the round has no clock."""
    if not block:
        return ""
    phase = block.get("phase")
    active = names.get(block.get("active_team") or 0, "")
    if phase == "finishing_turn":
        total = block.get("extra_turns_total", 3)
        if active and block.get("passing_at_time"):
            return _(
                "Time: the other team was passing, so turn 0 is %(team)s's (its pass is counted"
                " once), then %(total)s additional turns"
            ) % {"team": active, "total": total}
        if active:
            return _(
                "Time: %(team)s finish their turn (turn 0), then %(total)s additional turns"
            ) % {
                "team": active,
                "total": total,
            }
        return _(
            "Time: the active team finishes its turn (turn 0), then %(total)s additional turns"
        ) % {"total": total}
    if phase == "extra_turns":
        line = _("Additional turn %(turn)s of %(total)s") % {
            "turn": block.get("extra_turn"),
            "total": block.get("extra_turns_total"),
        }
        return f"{line}: {active}" if active else line
    if phase == "between_games":
        return _("Time was called between games: see a judge before the next game")
    if phase == "over":
        ending = block.get("ending")
        if ending == "sudden_death":
            return _("Life totals equal: play goes on, a team not on the highest total loses")
        if ending == "life":
            winner = names.get(block.get("winner") or 0, "")
            if winner:
                return _("Time: %(team)s lead on life and win the match") % {"team": winner}
            return _("Time is over")
        if ending == "draw":
            return _("Time is over: the match is a draw")
        return _("Time is over")
    status = block.get("round_status")
    if status == "not_started":
        return _("The round clock has not started")
    remaining = block.get("remaining_seconds")
    if remaining is None:
        return _("No time limit")
    line = _("%(clock)s left") % {"clock": clock_text(int(remaining))}
    if block.get("extension_minutes"):
        line += " " + _("(+%(minutes)s min extension)") % {"minutes": block["extension_minutes"]}
    if status == "paused":
        line += " " + _("(paused)")
    return line
