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
- Booster Draft events of 9-16 teams take App. E's Booster Draft playoff row (4 Swiss rounds,
  top 8) instead of 5 rounds and a top 4: with an automatic top cut, and for the automatic Swiss
  rounds before the organizer's own top 8.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.text import Text, gettext_noop, ngettext_noop
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

    def describe(self) -> Text:
        """One line for the dashboard: exactly what will be paired (English words that keep
        their template: pairing.presenters.structure_text says them in the reader's language)."""
        if self.swiss_rounds:
            swiss = ngettext_noop("%(count)s Swiss round", "%(count)s Swiss rounds")
            rounds = Text.counted(swiss, self.swiss_rounds, count=self.swiss_rounds)
            if self.top_cut:
                text = Text(
                    gettext_noop("%(rounds)s, then a top %(cut)s"), rounds=rounds, cut=self.top_cut
                )
            else:
                text = Text(gettext_noop("%(rounds)s, no top cut"), rounds=rounds)
        elif self.top_cut:
            bracket = gettext_noop("No Swiss round: a single-elimination bracket of %(cut)s")
            text = Text(bracket, cut=self.top_cut)
        else:
            text = Text(gettext_noop("No round: set Swiss rounds or a top cut"))
        source = {
            (True, True): gettext_noop(
                "Swiss rounds and top cut from the count of %(teams)s teams"
            ),
            (True, False): gettext_noop("Swiss rounds from the count of %(teams)s teams"),
            (False, True): gettext_noop("top cut from the count of %(teams)s teams"),
        }.get((self.automatic, self.cut_automatic))
        if source:
            text = Text(
                gettext_noop("%(plan)s (%(sources)s)"),
                plan=text,
                sources=Text(source, teams=self.teams),
            )
        return Text(gettext_noop("%(plan)s."), plan=text)


def rounds_for_one_undefeated(teams: int) -> int:
    """The fewest Swiss rounds after which at most one team can be undefeated: ceil(log2 n)."""
    return max(1, (max(teams, 2) - 1).bit_length())


#: MTR App. E: "9-16 [players], Limited with a Booster Draft playoff: 4 Swiss rounds, top 8".
DRAFT_PLAYOFF_TEAMS, DRAFT_PLAYOFF = range(9, 17), (4, 8)


def plan(
    teams: int,
    *,
    swiss_rounds: int | None,
    top_cut: int,
    cut_automatic: bool,
    draft: bool = False,
) -> Structure:
    """The structure the event will pair (module notes); ``draft``: a Booster Draft event."""
    if teams >= 4:
        app_rounds, app_cut = recommended_structure(teams)
    else:
        app_rounds, app_cut = rounds_for_one_undefeated(teams), 0
    if draft and teams in DRAFT_PLAYOFF_TEAMS and (cut_automatic or top_cut == 8):
        app_rounds, app_cut = DRAFT_PLAYOFF
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
