"""Words for the event's pages built from the domain's values, in the reader's language.

The domain (tournament.domain) stays free of Django and answers in values; the dashboard's
sanctioning line is written here, with the same rules and in the same order as
tournament.domain.sanctioning, whose English ``line()`` remains for logs and the shell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.utils.translation import gettext, ngettext

from tournament.domain.sanctioning import (
    MIN_ROUND_MINUTES,
    MIN_ROUNDS,
    MIN_TEAMS,
    SANCTIONED_CONSTRUCTED,
    SANCTIONED_LIMITED,
    Sanctioning,
)


class SanctioningInputs(NamedTuple):
    """What the sanctioning check reads (tournament.domain.sanctioning.sanctioning)."""

    structure: str
    format: str
    team_size: int
    round_minutes: int
    teams: int
    rounds: int


@dataclass(frozen=True, slots=True)
class SanctioningText:
    """Whether the event can be sanctioned, with its reasons and its line in words."""

    ok: bool
    reasons: tuple[str, ...]
    line: str


def _reasons(inputs: SanctioningInputs) -> list[str]:
    structure, format, team_size, round_minutes, teams, rounds = inputs
    reasons = []
    if teams < MIN_TEAMS:
        text = ngettext(
            "%(count)s team, fewer than 4 (MTR 10.1)",
            "%(count)s teams, fewer than 4 (MTR 10.1)",
            teams,
        )
        reasons.append(text % {"count": teams})
    if rounds < MIN_ROUNDS:
        text = ngettext(
            "%(count)s round, fewer than 2 (MTR 10.2)",
            "%(count)s rounds, fewer than 2 (MTR 10.2)",
            rounds,
        )
        reasons.append(text % {"count": rounds})
    if round_minutes < MIN_ROUND_MINUTES:
        text = gettext("rounds of %(minutes)s minutes, under 40 (MTR App. B)")
        reasons.append(text % {"minutes": round_minutes})
    not_sanctioned = gettext("%(format)s is not a format sanctioned for Two-Headed Giant (MTR 3.2)")
    if structure == "constructed" and format not in SANCTIONED_CONSTRUCTED:
        label = format.title() or gettext("this format")
        reasons.append(not_sanctioned % {"format": label})
    elif structure != "constructed" and structure not in SANCTIONED_LIMITED:
        reasons.append(not_sanctioned % {"format": structure})
    if team_size != 2:
        text = gettext("teams of %(size)s are a casual variant (MTR 3.2, CR 810.11)")
        reasons.append(text % {"size": team_size})
    return reasons


def sanctioning_text(check: Sanctioning, inputs: SanctioningInputs) -> SanctioningText:
    """``check`` in words; ``inputs`` are the values it was computed from. Should the two ever
    disagree, the domain's own English words are shown rather than a wrong reason."""
    if check.ok:
        return SanctioningText(True, (), gettext("Sanctionable: yes."))
    reasons = _reasons(inputs)
    if len(reasons) != len(check.reasons):
        return SanctioningText(False, check.reasons, check.line())
    line = gettext("Sanctionable: no, because %(reasons)s. It runs as a casual event.") % {
        "reasons": "; ".join(reasons)
    }
    return SanctioningText(False, tuple(reasons), line)
