"""Models of the judging app: penalties and the round clock's facts."""

from judging.models.clock import (
    EXTENSION_REASONS,
    ClockCorrection,
    ClockPause,
    ClockSettings,
    Extension,
    RoundClock,
    TableClock,
)
from judging.models.penalties import Penalty

__all__ = [
    "EXTENSION_REASONS",
    "ClockCorrection",
    "ClockPause",
    "ClockSettings",
    "Extension",
    "Penalty",
    "RoundClock",
    "TableClock",
]
