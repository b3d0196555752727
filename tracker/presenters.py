"""What the table page says about the round clock, from the match's ``time`` block
(docs/api.md "Read a match"; the round clock answers it through pairing.hooks.MATCH_TIMES).

The players at the table see the time left, or where they are in the end-of-round procedure
(MTR 2.4, 2HG: the active team finishes its turn, then three additional team turns; a Slow Play
penalty adds two). Pure: the block and the teams' names in, the words out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


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
        who = f"{active} finish their turn" if active else "the active team finishes its turn"
        return f"Time: {who} (turn 0), then {block.get('extra_turns_total', 3)} additional turns"
    if phase == "extra_turns":
        line = f"Additional turn {block.get('extra_turn')} of {block.get('extra_turns_total')}"
        return f"{line}: {active}" if active else line
    if phase == "between_games":
        return "Time was called between games: see a judge before the next game"
    if phase == "over":
        ending = block.get("ending")
        if ending == "sudden_death":
            return "Life totals equal: play goes on, a team not on the highest total loses"
        if ending == "life":
            winner = names.get(block.get("winner") or 0, "")
            return f"Time: {winner} lead on life and win the match" if winner else "Time is over"
        if ending == "draw":
            return "Time is over: the match is a draw"
        return "Time is over"
    status = block.get("round_status")
    if status == "not_started":
        return "The round clock has not started"
    remaining = block.get("remaining_seconds")
    if remaining is None:
        return "No time limit"
    line = f"{clock_text(int(remaining))} left"
    if block.get("extension_minutes"):
        line += f" (+{block['extension_minutes']} min extension)"
    if status == "paused":
        line += " (paused)"
    return line
