"""The infraction catalogue: the IPG infractions under the codes of the API contract, as data.

Implements docs/rules.md "Penalties" (the default penalties, upgrades, Failure to Maintain Game
State, the head-judge rule, Regular REL) and the infraction codes of docs/api.md "Penalties".

Glossary
--------
IPG
    Magic Infraction Procedure Guide, effective 2024-09-23; it governs Competitive and
    Professional REL and gives one penalty per infraction for both (there is no separate
    Professional column any more), so ``Infraction.professional`` is None everywhere.
JAR
    Judging at Regular REL, updated 2024-09-23: fix the error and explain the rule; no penalty
    by default. ``Infraction.regular`` is the JAR outcome (``none`` for every Game Play and
    Tournament Error), and an organizer may still log the call.
JG09
    The "2HG Guide for Judges" (2009): in a one-game match a Game Loss is a Match Loss, so it
    turns some Game Losses into a one-point deduction, the Match Point penalty.
variant
    A circumstance the IPG names inside an infraction that changes its penalty ("an illegal
    face-down card", "found at a deck check", "a pattern"). The judge ticks it; Tandem does not
    guess it. Each variant lists the penalties it gives.
upgrade
    A Warning that becomes a Game Loss because the same player already had Warnings for the same
    infraction this day (IPG 2, IPG 3, IPG 4.1). ``upgrade_at`` is the number of that Warning,
    this one included: 3 for a Game Play Error, 2 for a Tournament Error and for Unsporting
    Conduct — Minor (any offence counts). None: never upgraded.
match_point_convertible
    The Game Loss this infraction (or variant) gives on its own, not by upgrade, is one of
    today's Game Losses that policy ``match_point`` turns into a Match Point penalty (JG09 applied
    to today's IPG). Tardiness never is (JG09).
FtMGS offer
    After a Game Rule Violation every other player at the table gets Failure to Maintain Game
    State (IPG 2.6; JG09), proposed ticked; after a visible Mulligan Procedure Error it is
    proposed unticked; never after a Missed Trigger, a hidden-information error or an FtMGS.
head judge only
    Penalties of Game Loss or more are issued by the head judge, except Tardiness and Decklist
    Problem (IPG 1.2 recommends it; docs/rules.md "Penalties").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from core.text import Text, gettext_noop


class Penalty(StrEnum):
    """Penalty codes of the API contract (docs/api.md "Penalties"), mildest first."""

    NONE = "none"
    WARNING = "warning"
    GAME_LOSS = "game_loss"
    MATCH_POINT = "match_point"  # JG09: a Game Loss in a one-game match, one match point off
    MATCH_LOSS = "match_loss"
    DISQUALIFICATION = "disqualification"

    @property
    def label(self) -> str:
        """The penalty's name in the IPG's words ("Game Loss"), a Text: English as a str,
        translated where it is shown (``core.i18n.localize``)."""
        return _LABELS[self]

    @property
    def severity(self) -> int:
        """Order of severity; a Match Point penalty stands where the Game Loss it replaces does."""
        return _SEVERITY[self]


_LABELS = {
    Penalty.NONE: Text(gettext_noop("no penalty")),
    Penalty.WARNING: Text(gettext_noop("Warning")),
    Penalty.GAME_LOSS: Text(gettext_noop("Game Loss")),
    Penalty.MATCH_POINT: Text(gettext_noop("Match Point penalty")),
    Penalty.MATCH_LOSS: Text(gettext_noop("Match Loss")),
    Penalty.DISQUALIFICATION: Text(gettext_noop("Disqualification")),
}

_SEVERITY = {
    Penalty.NONE: 0,
    Penalty.WARNING: 1,
    Penalty.GAME_LOSS: 2,
    Penalty.MATCH_POINT: 2,
    Penalty.MATCH_LOSS: 3,
    Penalty.DISQUALIFICATION: 4,
}


class Category(StrEnum):
    GAME_PLAY_ERROR = "GPE"  # IPG 2
    TOURNAMENT_ERROR = "TE"  # IPG 3
    UNSPORTING_CONDUCT = "USC"  # IPG 4


class Variant(StrEnum):
    """The circumstances a judge ticks; each belongs to one infraction."""

    DETRIMENTAL_TRIGGER = "detrimental_trigger"  # GPE-MT, IPG 2.1
    ILLEGAL_FACE_DOWN = "illegal_face_down"  # GPE-HCE, IPG 2.3
    VISIBLE = "visible"  # GPE-MPE, IPG 2.4: the others could see it (FtMGS offered)
    DECK_CHECK = "deck_check"  # TE-DP, IPG 3.5; TE-DLP, IPG 3.4 (found at a deck check, JG09)
    PATTERN = "pattern"  # TE-MC, IPG 3.8
    NOT_CORRECTED = "not_corrected"  # USC-MN at Regular REL (JAR)
    MALICIOUS = "malicious"  # USC-MJ, IPG 4.2


class FtmgsOffer(StrEnum):
    """What Tandem proposes for the other players at the table (IPG 2.6; JG09)."""

    NONE = "none"
    TICKED = "ticked"  # each other player, the judge may untick
    UNTICKED = "unticked"  # each other player offered, the judge ticks


@dataclass(frozen=True, slots=True)
class VariantRule:
    """How a variant changes an infraction's penalty."""

    variant: Variant
    meaning: str  # a Text that starts a sentence ("An illegal face-down card ...")
    competitive: Penalty  # at Competitive and Professional REL
    regular: Penalty | None = None  # None: the infraction's Regular REL outcome
    match_point_convertible: bool = False
    ftmgs: FtmgsOffer | None = None  # None: the infraction's offer


@dataclass(frozen=True, slots=True)
class Infraction:
    """One infraction of the catalogue."""

    code: str
    name: str
    section: str  # "IPG 2.5"
    category: Category
    competitive: Penalty
    regular: Penalty  # JAR
    upgrade_at: int | None
    match_point_convertible: bool = False
    ftmgs: FtmgsOffer = FtmgsOffer.NONE
    head_judge_exempt: bool = False
    variants: tuple[VariantRule, ...] = ()
    professional: Penalty | None = None  # None: as at Competitive REL (the current IPG)
    note: str = ""

    @property
    def professional_penalty(self) -> Penalty:
        return self.competitive if self.professional is None else self.professional

    @property
    def head_judge_only(self) -> bool:
        """Its base penalty at Competitive REL is a Game Loss or more, and it is not exempt."""
        return self.competitive.severity >= Penalty.GAME_LOSS.severity and not (
            self.head_judge_exempt
        )

    @property
    def upgrades(self) -> bool:
        return self.upgrade_at is not None

    def variant(self, variant: Variant) -> VariantRule | None:
        return next((rule for rule in self.variants if rule.variant is variant), None)

    def convertible_cases(self) -> tuple[str, ...]:
        """The Game Losses of this infraction that policy ``match_point`` converts, in words."""
        cases = [self.name] if self.match_point_convertible else []
        cases += [
            f"{self.name}: {v.meaning[:1].lower()}{v.meaning[1:]}"
            for v in self.variants
            if v.match_point_convertible
        ]
        return tuple(cases)


GPE = Category.GAME_PLAY_ERROR
TE = Category.TOURNAMENT_ERROR
USC = Category.UNSPORTING_CONDUCT
N, W, GL, ML, DQ = (
    Penalty.NONE,
    Penalty.WARNING,
    Penalty.GAME_LOSS,
    Penalty.MATCH_LOSS,
    Penalty.DISQUALIFICATION,
)

GPE_UPGRADE_AT = 3  # IPG 2: the third or later Warning for the same Game Play Error
TE_UPGRADE_AT = 2  # IPG 3: a Warning when the player already has one for the same error
USC_MINOR_UPGRADE_AT = 2  # IPG 4.1: each later Unsporting Conduct — Minor, for any offence

CATALOGUE: tuple[Infraction, ...] = (
    Infraction(
        "GPE-MT",
        Text(gettext_noop("Missed Trigger")),
        "IPG 2.1",
        GPE,
        N,
        N,
        GPE_UPGRADE_AT,
        variants=(
            VariantRule(
                Variant.DETRIMENTAL_TRIGGER,
                Text(gettext_noop("A trigger usually considered detrimental for its controller")),
                W,
            ),
        ),
        note="no FtMGS for the others: nobody has to point out an opponent's trigger",
    ),
    Infraction(
        "GPE-LEC",
        Text(gettext_noop("Looking at Extra Cards")),
        "IPG 2.2",
        GPE,
        W,
        N,
        GPE_UPGRADE_AT,
    ),
    Infraction(
        "GPE-HCE",
        Text(gettext_noop("Hidden Card Error")),
        "IPG 2.3",
        GPE,
        W,
        N,
        GPE_UPGRADE_AT,
        variants=(
            VariantRule(
                Variant.ILLEGAL_FACE_DOWN,
                Text(gettext_noop("An illegal face-down card (morph, disguise and the like)")),
                GL,
                match_point_convertible=True,
            ),
        ),
    ),
    Infraction(
        "GPE-MPE",
        Text(gettext_noop("Mulligan Procedure Error")),
        "IPG 2.4",
        GPE,
        W,
        N,
        GPE_UPGRADE_AT,
        variants=(
            VariantRule(
                Variant.VISIBLE,
                Text(gettext_noop("Made where the other players could see it")),
                W,
                ftmgs=FtmgsOffer.UNTICKED,
            ),
        ),
    ),
    Infraction(
        "GPE-GRV",
        Text(gettext_noop("Game Rule Violation")),
        "IPG 2.5",
        GPE,
        W,
        N,
        GPE_UPGRADE_AT,
        ftmgs=FtmgsOffer.TICKED,
    ),
    Infraction(
        "GPE-FMGS",
        Text(gettext_noop("Failure to Maintain Game State")),
        "IPG 2.6",
        GPE,
        W,
        N,
        None,
        note='never upgraded, never leads to another FtMGS (docs/rules.md "Penalties")',
    ),
    Infraction(
        "TE-T",
        Text(gettext_noop("Tardiness")),
        "IPG 3.1",
        TE,
        GL,
        N,
        TE_UPGRADE_AT,
        head_judge_exempt=True,
        note="Warning within the first minute; Match Loss and drop at 10 minutes (IPG 3.1)",
    ),
    Infraction("TE-OA", Text(gettext_noop("Outside Assistance")), "IPG 3.2", TE, ML, N, None),
    Infraction(
        "TE-SP",
        Text(gettext_noop("Slow Play")),
        "IPG 3.3",
        TE,
        W,
        N,
        TE_UPGRADE_AT,
        note="plus 2 additional turns (IPG 3.3)",
    ),
    Infraction(
        "TE-DLP",
        Text(gettext_noop("Decklist Problem")),
        "IPG 3.4",
        TE,
        GL,
        N,
        TE_UPGRADE_AT,
        head_judge_exempt=True,
        # JG09 converts "deck errors that would result in a Game Loss and are discovered during
        # a deck check"; a list found wrong otherwise (a review before the round) keeps its
        # Game Loss.
        variants=(
            VariantRule(
                Variant.DECK_CHECK,
                Text(gettext_noop("Found at a deck check")),
                GL,
                match_point_convertible=True,
            ),
        ),
    ),
    Infraction(
        "TE-DP",
        Text(gettext_noop("Deck Problem")),
        "IPG 3.5",
        TE,
        W,
        N,
        TE_UPGRADE_AT,
        variants=(
            VariantRule(
                Variant.DECK_CHECK,
                Text(
                    gettext_noop(
                        "Found at a deck check or when presented for shuffling, with an illegal number"
                        " of cards or too many sideboard cards"
                    )
                ),
                GL,
                match_point_convertible=True,
            ),
        ),
    ),
    Infraction(
        "TE-LPV",
        Text(gettext_noop("Limited Procedure Violation")),
        "IPG 3.6",
        TE,
        W,
        N,
        TE_UPGRADE_AT,
    ),
    Infraction(
        "TE-CPV",
        Text(gettext_noop("Communication Policy Violation")),
        "IPG 3.7",
        TE,
        W,
        N,
        TE_UPGRADE_AT,
    ),
    Infraction(
        "TE-MC",
        Text(gettext_noop("Marked Cards")),
        "IPG 3.8",
        TE,
        W,
        N,
        TE_UPGRADE_AT,
        variants=(
            VariantRule(
                Variant.PATTERN,
                Text(gettext_noop("The markings form a pattern that could give an advantage")),
                GL,
                match_point_convertible=True,
            ),
        ),
    ),
    Infraction(
        "TE-IS", Text(gettext_noop("Insufficient Shuffling")), "IPG 3.9", TE, W, N, TE_UPGRADE_AT
    ),
    Infraction(
        "USC-MN",
        Text(gettext_noop("Unsporting Conduct — Minor")),
        "IPG 4.1",
        USC,
        W,
        N,
        USC_MINOR_UPGRADE_AT,
        variants=(
            VariantRule(
                Variant.NOT_CORRECTED,
                Text(
                    gettext_noop(
                        "The player makes no attempt to correct the behaviour (Regular REL)"
                    )
                ),
                W,
                regular=GL,
            ),
        ),
    ),
    Infraction(
        "USC-MJ",
        Text(gettext_noop("Unsporting Conduct — Major")),
        "IPG 4.2",
        USC,
        ML,
        DQ,
        None,
        variants=(
            VariantRule(
                Variant.MALICIOUS,
                Text(gettext_noop("Malicious intent, no remorse, or repeated")),
                DQ,
            ),
        ),
    ),
    Infraction(
        "USC-IDW",
        Text(gettext_noop("Improperly Determining a Winner")),
        "IPG 4.3",
        USC,
        ML,
        DQ,
        None,
    ),
    Infraction("USC-BW", Text(gettext_noop("Bribery and Wagering")), "IPG 4.4", USC, ML, DQ, None),
    Infraction("USC-AB", Text(gettext_noop("Aggressive Behavior")), "IPG 4.5", USC, DQ, DQ, None),
    Infraction(
        "USC-TTM", Text(gettext_noop("Theft of Tournament Material")), "IPG 4.6", USC, DQ, DQ, None
    ),
    Infraction("USC-ST", Text(gettext_noop("Stalling")), "IPG 4.7", USC, DQ, DQ, None),
    Infraction("USC-C", Text(gettext_noop("Cheating")), "IPG 4.8", USC, DQ, DQ, None),
)

BY_CODE: dict[str, Infraction] = {infraction.code: infraction for infraction in CATALOGUE}


class UnknownInfractionError(KeyError):
    """An infraction code that is not in the contract."""


def infraction(code: str) -> Infraction:
    """The catalogue entry for an API code (``GPE-GRV``); case-insensitive."""
    try:
        return BY_CODE[code.strip().upper()]
    except KeyError:
        raise UnknownInfractionError(code) from None


def match_point_convertible_cases() -> tuple[str, ...]:
    """Every Game Loss policy ``match_point`` converts, in catalogue order (JG09, today's IPG)."""
    return tuple(case for entry in CATALOGUE for case in entry.convertible_cases())


def _words(text: str) -> list[str]:
    """Lower-case words without accents ("Violación" gives "violacion")."""
    plain = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return re.findall(r"[^\W_]+(?:\.[0-9]+)?", plain)


def search(query: str, names: Mapping[str, str] | None = None) -> tuple[Infraction, ...]:
    """Infractions whose code, name or IPG section hold every word of ``query``.

    ``names``: the infractions' names in the reader's language by code, searched as well
    ("retraso" finds Tardiness on a Spanish page); accents are ignored.

    Case and punctuation are ignored ("usc major", "ipg 2.5", "GPE-GRV", "slow"); a word matches
    the start of a word of the entry ("decklist" finds Decklist Problem, "deck" finds both deck
    infractions). An exact code or section comes first; an empty query gives the catalogue.
    """
    wanted = _words(query)
    normalized = " ".join(wanted)
    exact: list[Infraction] = []
    others: list[Infraction] = []
    for entry in CATALOGUE:
        extra = (names or {}).get(entry.code, "")
        words = _words(f"{entry.code} {entry.name} {entry.section} {extra}")
        if not all(any(word.startswith(w) for word in words) for w in wanted):
            continue
        own = {" ".join(_words(entry.code)), " ".join(_words(entry.section))}
        own.add(" ".join(_words(entry.section))[len("ipg ") :])
        (exact if normalized in own else others).append(entry)
    return tuple(exact + others)
