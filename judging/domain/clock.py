"""The round clock and the 2HG end-of-round procedure, computed from facts (MTR 2.4, 2.6, App. B;
IPG 3.1, 3.3; docs/rules.md "End of round (MTR 2.4) and extensions", "Swiss rounds and playoffs",
"Penalties").

Import everything from here; the code lives in ``clock_round`` (the round's clock).

Nothing is counted down or stored as a counter: the caller passes the stored facts and ``now``,
and every function returns the state at ``now``. Facts dated after ``now`` are ignored, so the
state at any past moment can be recomputed from the same facts.

Notes on terminology
--------------------
running time
    Time the round clock has run: wall time since the start minus the pauses. Round and table
    deadlines are points on it, so pausing the round pauses every table, extensions included.
correction
    ``set_remaining``: at ``at`` the remaining round time becomes ``remaining`` (a late start, a
    clock set wrong). The latest correction wins over earlier ones and over the round length;
    ``remaining`` 0 calls time at ``at``, even while paused.
time called (round)
    The moment the running time reaches the round's deadline (MTR 2.4).

Remaining seconds are rounded up: 0 exactly when time has been called.
"""

from judging.domain.clock_round import (
    ClockError,
    Correction,
    Pause,
    RoundFacts,
    RoundState,
    RoundStatus,
    Stage,
    TimeLimits,
    next_deadline,
    round_length_for,
    round_state,
)

__all__ = [
    "ClockError",
    "Correction",
    "Pause",
    "RoundFacts",
    "RoundState",
    "RoundStatus",
    "Stage",
    "TimeLimits",
    "next_deadline",
    "round_length_for",
    "round_state",
]
