"""Models of the judging app: penalties, deck checks and the round clock's facts."""

from judging.models.calls import JudgeCall, JudgeCallJoin, JudgeCallPenalty
from judging.models.clock import (
    EXTENSION_REASONS,
    ClockCorrection,
    ClockPause,
    ClockSettings,
    Extension,
    RoundClock,
    TableClock,
)
from judging.models.coverage import Coverage, FeatureMatch
from judging.models.deckchecks import OUTCOMES, DeckCheck
from judging.models.limited_timers import LimitedTimer, LimitedTimerCorrection, LimitedTimerPause
from judging.models.penalties import Penalty
from judging.models.tardiness import EmptySeatRow, SeatCheck

__all__ = [
    "EXTENSION_REASONS",
    "ClockCorrection",
    "ClockPause",
    "ClockSettings",
    "Coverage",
    "DeckCheck",
    "FeatureMatch",
    "JudgeCall",
    "JudgeCallJoin",
    "JudgeCallPenalty",
    "EmptySeatRow",
    "SeatCheck",
    "OUTCOMES",
    "Extension",
    "LimitedTimer",
    "LimitedTimerCorrection",
    "LimitedTimerPause",
    "Penalty",
    "RoundClock",
    "TableClock",
]
