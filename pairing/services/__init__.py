"""Rounds, pairings and results: the write side (one transaction per call).

- rounds: pair the next round (Swiss, then the top cut), unpair, publish
- round_edits: swap teams, move tables, who chooses to play or draw
- results: staff entry, the teams' reports and disputes, bulk entry
- seats: a team's seats for one match (MTR 9.4)
"""

from pairing.services.results import (
    MAX_DRAWN_GAMES,
    MAX_RULING_NOTE,
    Games,
    ReportOutcome,
    clean_games,
    match_clear_result,
    match_enter_result,
    match_report_result,
    results_enter_bulk,
)
from pairing.services.round_edits import (
    SwapOutcome,
    match_set_play_draw,
    match_set_table,
    round_swap_teams,
)
from pairing.services.rounds import round_pair_next, round_publish, round_unpair
from pairing.services.seats import entry_seats, entry_set_seats

__all__ = [
    "MAX_DRAWN_GAMES",
    "MAX_RULING_NOTE",
    "Games",
    "ReportOutcome",
    "SwapOutcome",
    "clean_games",
    "entry_seats",
    "entry_set_seats",
    "match_clear_result",
    "match_enter_result",
    "match_report_result",
    "match_set_play_draw",
    "match_set_table",
    "results_enter_bulk",
    "round_pair_next",
    "round_publish",
    "round_swap_teams",
    "round_unpair",
]
