"""How many Swiss rounds and how big a top cut an event plays (MTR 10.2, App. E; docs/rules.md
"Swiss rounds and playoffs").

Notes on terminology
--------------------
automatic Swiss rounds
    The organizer left the number empty: it comes from the team count when round 1 is paired.
automatic top cut
    The organizer chose "automatic": the playoff size of MTR App. E for the team count.
no top cut
    The organizer's explicit 0: no playoff, whatever App. E says. With automatic Swiss rounds
    the event then plays enough rounds for one team to stay undefeated (ceil(log2 teams)).
team count
    The teams of round 1 once it is paired, else those registered and not dropped; so the plan
    cannot change after round 1 (MTR 10.2).

Choices where the rules leave one (App. E binds Premier events only):

- An organizer's own top cut (2, 4 or 8) with automatic Swiss rounds: App. E's rounds for the
  count, or, where App. E plays no Swiss round (4-8 teams), enough rounds for one undefeated team,
  so the cut is seeded from Swiss standings rather than by chance.
- Fewer than 4 teams (not sanctionable, MTR 10.1, but playable as a casual event): automatic
  rounds are enough for one undefeated team (1 for 2 teams, 2 for 3) and an automatic cut is none.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.domain.tiebreakers import recommended_structure


@dataclass(frozen=True)
class Structure:
    swiss_rounds: int
    top_cut: int  # 0: none; else the bracket size the organizer or App. E asked for
    automatic: bool  # the Swiss rounds come from the team count
    teams: int
    cut_automatic: bool = False  # the top cut comes from MTR App. E

    @property
    def playoff_rounds(self) -> int:
        """Single-elimination rounds of the bracket (a bracket of 8 plays 3)."""
        return {0: 0, 2: 1, 4: 2, 8: 3}[self.top_cut]

    @property
    def total_rounds(self) -> int:
        return self.swiss_rounds + self.playoff_rounds

    def describe(self) -> str:
        """One line for the dashboard: exactly what will be paired."""
        if self.swiss_rounds:
            text = f"{self.swiss_rounds} Swiss round{'s' if self.swiss_rounds != 1 else ''}"
            text += f", then a top {self.top_cut}" if self.top_cut else ", no top cut"
        elif self.top_cut:
            text = f"No Swiss round: a single-elimination bracket of {self.top_cut}"
        else:
            text = "No round: set Swiss rounds or a top cut"
        sources = []
        if self.automatic:
            sources.append("Swiss rounds")
        if self.cut_automatic:
            sources.append("top cut")
        if sources:
            text += f" ({' and '.join(sources)} from the count of {self.teams} teams)"
        return text + "."


def rounds_for_one_undefeated(teams: int) -> int:
    """The fewest Swiss rounds after which at most one team can be undefeated: ceil(log2 n)."""
    return max(1, (max(teams, 2) - 1).bit_length())


def plan(teams: int, *, swiss_rounds: int | None, top_cut: int, cut_automatic: bool) -> Structure:
    """The structure the event will pair (module notes)."""
    if teams >= 4:
        app_rounds, app_cut = recommended_structure(teams)
    else:
        app_rounds, app_cut = rounds_for_one_undefeated(teams), 0
    cut = app_cut if cut_automatic else top_cut
    if swiss_rounds is not None:
        rounds = swiss_rounds
    elif cut_automatic:
        rounds = app_rounds
    elif cut == 0 or app_rounds == 0:
        rounds = rounds_for_one_undefeated(teams)
    else:
        rounds = app_rounds
    return Structure(rounds, cut, swiss_rounds is None, teams, cut_automatic)
