"""Writes of the judging app (one transaction per call): penalties and their effects, the round
clock."""

from judging.services.clock import (
    CLOCK_ACTIONS,
    ClockChanged,
    Marked,
    clock_act,
    clock_changed,
    clock_mark_due,
    clock_mark_if_due,
    clock_pause,
    clock_resume,
    clock_set_remaining,
    clock_start,
    extension_give,
    passing_at_time_set,
    turn_passed,
)
from judging.services.deckchecks import deck_check_end, deck_check_start
from judging.services.deckfix import DeckFixApplied, deck_fix_apply, team_decks
from judging.services.penalties import (
    Issued,
    PenaltyInput,
    Rescinded,
    penalties_land_on_round,
    penalties_leave_round,
    penalty_issue,
    penalty_rescind,
)
from judging.services.settings import judging_settings_update
from judging.services.tardiness import (
    seat_arrived,
    seat_check_record,
    tardiness_issue,
)

__all__ = [
    "seat_arrived",
    "seat_check_record",
    "tardiness_issue",
    "deck_check_end",
    "DeckFixApplied",
    "deck_fix_apply",
    "team_decks",
    "deck_check_start",
    "judging_settings_update",
    "ClockChanged",
    "Marked",
    "clock_changed",
    "clock_mark_due",
    "clock_mark_if_due",
    "clock_pause",
    "clock_resume",
    "CLOCK_ACTIONS",
    "clock_act",
    "clock_set_remaining",
    "clock_start",
    "extension_give",
    "passing_at_time_set",
    "turn_passed",
    "Issued",
    "PenaltyInput",
    "Rescinded",
    "penalties_land_on_round",
    "penalties_leave_round",
    "penalty_issue",
    "penalty_rescind",
]
