"""Models of the judging app: penalties, deck checks, the round clock's facts and the event's
judging settings."""

from judging.models.calls import JudgeCall, JudgeCallJoin, JudgeCallPenalty
from judging.models.clock import (
    EXTENSION_REASONS,
    ClockCorrection,
    ClockPause,
    Extension,
    RoundClock,
    TableClock,
)
from judging.models.coverage import Coverage, FeatureMatch
from judging.models.deckchecks import OUTCOMES, DeckCheck
from judging.models.limited_timers import LimitedTimer, LimitedTimerCorrection, LimitedTimerPause
from judging.models.penalties import Penalty
from judging.models.settings import JudgingSettings
from judging.models.tardiness import EmptySeatRow, SeatCheck

__all__ = [
    "EXTENSION_REASONS",
    "ClockCorrection",
    "ClockPause",
    "Coverage",
    "DeckCheck",
    "FeatureMatch",
    "JudgeCall",
    "JudgeCallJoin",
    "JudgeCallPenalty",
    "JudgingSettings",
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
