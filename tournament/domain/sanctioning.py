"""Whether an event can be sanctioned as a 2HG event, and if not, why (docs/rules.md "Matches,
results, byes": sanctioning minimums).

- at least 4 teams (MTR 10.1);
- at least 2 rounds for team and 2HG events (MTR 10.2);
- rounds of at least 40 minutes (MTR App. B);
- a format where 2HG is sanctioned: Standard, Pioneer, Modern, Legacy, Vintage, Sealed Deck,
  Booster Draft (MTR 3.2);
- teams of two (3- and 4-headed giants are casual variants, CR 810.11).

Anything else still runs, as a casual event.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.text import Text, gettext_noop, ngettext_noop

SANCTIONED_CONSTRUCTED = ("standard", "pioneer", "modern", "legacy", "vintage")  # MTR 3.2
SANCTIONED_LIMITED = ("sealed", "draft")  # MTR 3.2: Sealed Deck, Booster Draft
MIN_TEAMS = 4  # MTR 10.1
MIN_ROUNDS = 2  # MTR 10.2
MIN_ROUND_MINUTES = 40  # MTR App. B


@dataclass(frozen=True, slots=True)
class Sanctioning:
    reasons: tuple[Text, ...]  # empty: sanctionable; English words, translated where shown

    @property
    def ok(self) -> bool:
        return not self.reasons

    def line(self) -> str:
        if self.ok:
            return "Sanctionable: yes."
        return f"Sanctionable: no, because {'; '.join(self.reasons)}. It runs as a casual event."


def sanctioning(
    *,
    structure: str,
    format: str,
    team_size: int,
    round_minutes: int,
    teams: int,
    rounds: int,
) -> Sanctioning:
    """``structure`` is constructed, sealed or draft; ``rounds`` counts Swiss and playoff rounds."""
    reasons: list[Text] = []
    if teams < MIN_TEAMS:
        few_teams = ngettext_noop(
            "%(count)s team, fewer than 4 (MTR 10.1)", "%(count)s teams, fewer than 4 (MTR 10.1)"
        )
        reasons.append(Text.counted(few_teams, teams, count=teams))
    if rounds < MIN_ROUNDS:
        few_rounds = ngettext_noop(
            "%(count)s round, fewer than 2 (MTR 10.2)", "%(count)s rounds, fewer than 2 (MTR 10.2)"
        )
        reasons.append(Text.counted(few_rounds, rounds, count=rounds))
    if round_minutes < MIN_ROUND_MINUTES:
        short = gettext_noop("rounds of %(minutes)s minutes, under 40 (MTR App. B)")
        reasons.append(Text(short, minutes=round_minutes))
    not_sanctioned = gettext_noop(
        "%(format)s is not a format sanctioned for Two-Headed Giant (MTR 3.2)"
    )
    if structure == "constructed" and format not in SANCTIONED_CONSTRUCTED:
        label = format.title() or Text(gettext_noop("this format"))
        reasons.append(Text(not_sanctioned, format=label))
    elif structure != "constructed" and structure not in SANCTIONED_LIMITED:
        reasons.append(Text(not_sanctioned, format=structure))
    if team_size != 2:
        variant = gettext_noop("teams of %(size)s are a casual variant (MTR 3.2, CR 810.11)")
        reasons.append(Text(variant, size=team_size))
    return Sanctioning(tuple(reasons))
