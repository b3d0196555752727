"""Writes of the judging app (one transaction per call): penalties and their effects."""

from judging.services.penalties import (
    Issued,
    Rescinded,
    penalties_land_on_round,
    penalties_leave_round,
    penalty_issue,
    penalty_rescind,
)

__all__ = [
    "Issued",
    "Rescinded",
    "penalties_land_on_round",
    "penalties_leave_round",
    "penalty_issue",
    "penalty_rescind",
]
