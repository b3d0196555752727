"""The penalty for an infraction and its effects in a 2HG event, as one pure function.

Implements docs/rules.md "Penalties" (REL, who is penalised, the default penalties, upgrades,
"Game Loss in a one-game match", Failure to Maintain Game State, Disqualification, Regular REL)
over the catalogue in ``judging.domain.infractions``.

Glossary
--------
REL
    Rules Enforcement Level (MTR 1.12): ``regular`` follows the JAR, ``competitive`` and
    ``professional`` the IPG.
policy
    The event's ``penalty_policy``. ``match_point`` (default, JG09): a Game Loss the infraction
    gives on its own and that the catalogue marks convertible (deck errors found at a deck
    check, an illegal face-down card, a pattern of marked cards) becomes a Match Point penalty
    (one match point off, the game goes on); an upgraded repeat becomes a Match Loss; Tardiness
    keeps its Game Loss; a game that physically cannot go on still ends in a Game Loss; in a
    playoff a Game Loss stays one (a match point means nothing in single elimination). ``ipg`` (IPG
    1.1): a Game Loss ends the current game, which in 2HG ends the match (MTR 9.1); issued
    between matches it lands on the team's next match.
earlier penalties
    The penalties this player (never the teammate: upgrades are per player) received earlier
    this day. The caller passes only this day's: counts reset between days (IPG 2, IPG 3).
upgraded
    The Warning became a Game Loss because of earlier Warnings (IPG 2, 3, 4.1). A Game Loss a
    variant gives on its first offence (an illegal face-down card, a deck check, a pattern) is
    not "reached by upgrade" in the sense of JG09 and may be converted.
effects
    What the caller applies in the same transaction: match points taken off, additional turns
    (the clock decides whether they still apply), the game or match ended, the team dropped or
    removed from the standings, Failure to Maintain Game State offered to the other players.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.text import Text, gettext_noop
from judging.domain.infractions import (
    FtmgsOffer,
    Infraction,
    Penalty,
    Variant,
    infraction,
)

SLOW_PLAY_TURNS = 2  # IPG 3.3: two additional turns
MATCH_POINT_DEDUCTION = 1  # JG09: the team loses one match point
TARDY_WARNING_MINUTES = 1.0  # IPG 3.1 downgrade: seated before 1 minute has elapsed
TARDY_MATCH_LOSS_MINUTES = 10.0  # IPG 3.1 upgrade; JAR: forfeit and drop
HEADS_PER_TEAM = (2, 3, 4)  # CR 810.1 (2HG); CR 810.11, MTR 8.2 (3- and 4-headed variants)


class Rel(StrEnum):
    REGULAR = "regular"
    COMPETITIVE = "competitive"
    PROFESSIONAL = "professional"


class Policy(StrEnum):
    MATCH_POINT = "match_point"
    IPG = "ipg"


class GameLossOutcome(StrEnum):
    """What Game Losses issued at the same moment do to a match (docs/rules.md "Penalties")."""

    NO_CHANGE = "no_change"  # no Game Loss
    FIRST_TEAM_LOSES = "first_team_loses"
    SECOND_TEAM_LOSES = "second_team_loses"
    BOTH_RECORDED_NO_CHANGE = "both_recorded_no_change"  # IPG 1.1: recorded, no effect


@dataclass(frozen=True, slots=True)
class EarlierPenalty:
    """One penalty the same player received earlier the same day."""

    infraction: str  # API code, e.g. "GPE-GRV"
    penalty: Penalty
    upgraded: bool = False  # a Warning that was upgraded still counts as a Warning offence


@dataclass(frozen=True, slots=True)
class PenaltyDecision:
    """The proposed penalty and everything it does; a head judge may still override it."""

    infraction: str
    rel: Rel
    policy: Policy
    penalty: Penalty
    upgraded: bool
    upgraded_from: Penalty | None
    converted_from: Penalty | None  # the Game Loss a Match Point penalty or Match Loss replaced
    match_points_deducted: int
    extra_turns_added: int
    ends_game: bool
    ends_match: bool
    applies_to_next_match: bool  # issued between matches: the effect lands on the next match
    drops_team: bool
    leaves_standings: bool
    needs_head_judge: bool
    ftmgs: FtmgsOffer
    reasons: tuple[str, ...]


class PenaltyInputError(ValueError):
    """A variant that does not belong to the infraction, or inconsistent arguments."""


def _as_variants(entry: Infraction, variants: Collection[Variant | str]) -> frozenset[Variant]:
    chosen: set[Variant] = set()
    for raw in variants:
        try:
            variant = Variant(raw)
        except ValueError:
            raise PenaltyInputError(
                Text(gettext_noop("unknown variant %(variant)s"), variant=repr(raw))
            ) from None
        if entry.variant(variant) is None:
            raise PenaltyInputError(
                Text(
                    gettext_noop("%(variant)s is not a variant of %(code)s"),
                    variant=variant,
                    code=entry.code,
                )
            )
        chosen.add(variant)
    return frozenset(chosen)


def _earlier_warnings(entry: Infraction, earlier: Sequence[EarlierPenalty]) -> int:
    """Warnings (upgraded or not) this player already had today for the same infraction."""
    return sum(
        1
        for past in earlier
        if past.infraction.strip().upper() == entry.code
        and (Penalty(past.penalty) is Penalty.WARNING or past.upgraded)
    )


def _base_competitive(
    entry: Infraction,
    rel: Rel,
    variants: frozenset[Variant],
    tardiness_minutes: float | None,
    reasons: list[str],
) -> tuple[Penalty, bool, bool]:
    """The IPG penalty before upgrades: (penalty, match-point convertible, team drops)."""
    penalty = entry.professional_penalty if rel is Rel.PROFESSIONAL else entry.competitive
    convertible = entry.match_point_convertible
    reasons.append(
        Text(
            gettext_noop("%(name)s (%(section)s): %(penalty)s."),
            name=entry.name,
            section=entry.section,
            penalty=penalty.label,
        )
    )
    if entry.code == "TE-T" and tardiness_minutes is not None:
        if tardiness_minutes >= TARDY_MATCH_LOSS_MINUTES:
            reasons.append(
                Text(
                    gettext_noop(
                        "Not seated 10 minutes into the round: Match Loss, and the player is dropped"
                        " unless they report to the head judge or scorekeeper before the round ends"
                        " (IPG 3.1 upgrade); one player dropped drops the team (MTR 8.2)."
                    )
                )
            )
            return Penalty.MATCH_LOSS, False, True
        if tardiness_minutes < TARDY_WARNING_MINUTES:
            reasons.append(
                Text(
                    gettext_noop("Seated before 1 minute had elapsed: Warning (IPG 3.1 downgrade).")
                )
            )
            return Penalty.WARNING, False, False
    for variant in sorted(variants):
        rule = entry.variant(variant)
        assert rule is not None  # checked by _as_variants
        if rule.competitive is penalty and rule.match_point_convertible and not convertible:
            # The same Game Loss, found where JG09 converts it (a deck check).
            convertible = True
            reasons.append(Text(gettext_noop("%(meaning)s (JG09)."), meaning=rule.meaning))
        elif rule.competitive.severity > penalty.severity:
            penalty = rule.competitive
            convertible = rule.match_point_convertible
            reasons.append(
                Text(
                    gettext_noop("%(meaning)s: %(penalty)s (%(section)s)."),
                    meaning=rule.meaning,
                    penalty=penalty.label,
                    section=entry.section,
                )
            )
    return penalty, convertible, False


def _base_regular(
    entry: Infraction,
    variants: frozenset[Variant],
    tardiness_minutes: float | None,
    reasons: list[str],
) -> tuple[Penalty, bool]:
    """The JAR outcome: (penalty, team drops). No upgrades at Regular REL."""
    if entry.code == "TE-T":
        if tardiness_minutes is not None and tardiness_minutes >= TARDY_MATCH_LOSS_MINUTES:
            reasons.append(
                Text(
                    gettext_noop(
                        "Regular REL: a player more than 10 minutes late has forfeited the match and is"
                        ' dropped if still absent (JAR; docs/rules.md "Penalties"); the team drops with'
                        " them (MTR 8.2)."
                    )
                )
            )
            return Penalty.MATCH_LOSS, True
        reasons.append(
            Text(gettext_noop("Regular REL: a late player is reminded; no penalty (JAR)."))
        )
        return Penalty.NONE, False
    penalty = entry.regular
    for variant in sorted(variants):
        rule = entry.variant(variant)
        assert rule is not None  # checked by _as_variants
        if rule.regular is not None and rule.regular.severity > penalty.severity:
            penalty = rule.regular
    if penalty is Penalty.DISQUALIFICATION:
        reasons.append(
            Text(
                gettext_noop(
                    "Regular REL: %(name)s is a Serious Problem; the player is disqualified (JAR)."
                ),
                name=entry.name,
            )
        )
    elif penalty is Penalty.GAME_LOSS:
        reasons.append(
            Text(
                gettext_noop(
                    "Regular REL: the player made no attempt to correct the behaviour after being asked"
                    " to stop, so a Game Loss reinforces it (JAR)."
                )
            )
        )
    else:
        reasons.append(
            Text(
                gettext_noop(
                    "Regular REL: %(name)s is fixed and explained, with no penalty (JAR); the"
                    " organizer may still log it. After repeated reminders for the same mistake"
                    " the judge may warn that the next one is a Game Loss (JAR), a choice left to"
                    " the judge."
                ),
                name=entry.name,
            )
        )
    return penalty, False


def decide_penalty(
    infraction_code: str,
    rel: Rel | str,
    policy: Policy | str = Policy.MATCH_POINT,
    earlier: Sequence[EarlierPenalty] = (),
    variants: Collection[Variant | str] = (),
    *,
    tardiness_minutes: float | None = None,
    between_matches: bool = False,
    game_cannot_continue: bool = False,
    playoff: bool = False,
) -> PenaltyDecision:
    """The penalty for ``infraction_code`` and its effects (docs/rules.md "Penalties").

    ``earlier``: this player's penalties earlier this day. ``variants``: the circumstances the
    judge ticked (``judging.domain.infractions.Variant``). ``tardiness_minutes``: how late the
    player was (Tardiness only; without it, the IPG's base Game Loss). ``between_matches``: issued
    after the team's match ended; a Game Loss or Match Loss then lands on its next match.
    ``game_cannot_continue``: the game physically cannot go on, so a Game Loss stays a Game Loss
    under ``match_point`` (JG09). ``playoff``: the match is a single-elimination one, where a
    match point means nothing, so a Game Loss stays a Game Loss and the match goes to the
    opponent. The same arguments always give the same decision.
    """
    entry = infraction(infraction_code)
    rel = Rel(rel)
    policy = Policy(policy)
    chosen = _as_variants(entry, variants)
    if tardiness_minutes is not None:
        if entry.code != "TE-T":
            raise PenaltyInputError(
                Text(gettext_noop("tardiness_minutes is only for Tardiness (TE-T)"))
            )
        if tardiness_minutes < 0:
            raise PenaltyInputError(Text(gettext_noop("tardiness_minutes cannot be negative")))
    reasons: list[str] = []
    upgraded = False
    upgraded_from: Penalty | None = None
    converted_from: Penalty | None = None

    if rel is Rel.REGULAR:
        penalty, drops = _base_regular(entry, chosen, tardiness_minutes, reasons)
        convertible = False
    else:
        penalty, convertible, drops = _base_competitive(
            entry, rel, chosen, tardiness_minutes, reasons
        )
        if penalty is Penalty.WARNING and entry.upgrade_at is not None:
            count = _earlier_warnings(entry, earlier) + 1
            if count >= entry.upgrade_at:
                upgraded, upgraded_from, penalty = True, Penalty.WARNING, Penalty.GAME_LOSS
                reasons.append(_upgrade_reason(entry, count))
        elif entry.code == "GPE-FMGS":
            reasons.append(
                Text(
                    gettext_noop(
                        'Failure to Maintain Game State is never upgraded (docs/rules.md "Penalties").'
                    )
                )
            )

    if penalty is Penalty.GAME_LOSS:
        penalty, converted_from = _apply_policy(
            entry, policy, upgraded, convertible, game_cannot_continue, reasons, playoff=playoff
        )

    return _effects(
        entry,
        rel,
        policy,
        penalty,
        upgraded=upgraded,
        upgraded_from=upgraded_from,
        converted_from=converted_from,
        drops=drops,
        chosen=chosen,
        between_matches=between_matches,
        reasons=reasons,
    )


def _upgrade_reason(entry: Infraction, count: int) -> Text:
    if entry.code == "USC-MN":
        return Text(
            gettext_noop(
                "A later Unsporting Conduct — Minor, for any offence, is a Game Loss (IPG 4.1);"
                " counted for this player only, this day."
            )
        )
    section = "IPG 2" if entry.code.startswith("GPE") else "IPG 3"
    return Text(
        gettext_noop(
            "Warning number %(count)s today for %(name)s: upgraded to a Game Loss (%(section)s);"
            " counted for this player only, never the team, and reset between days."
        ),
        count=count,
        name=entry.name,
        section=section,
    )


def _apply_policy(
    entry: Infraction,
    policy: Policy,
    upgraded: bool,
    convertible: bool,
    game_cannot_continue: bool,
    reasons: list[str],
    *,
    playoff: bool = False,
) -> tuple[Penalty, Penalty | None]:
    """A Game Loss under the event's penalty policy: (penalty, what it replaced)."""
    if policy is Policy.IPG:
        reasons.append(
            Text(
                gettext_noop(
                    "Policy ipg: the Game Loss ends the current game, and with it the 2HG match"
                    " (IPG 1.1; MTR 9.1)."
                )
            )
        )
        return Penalty.GAME_LOSS, None
    if upgraded:
        reasons.append(
            Text(
                gettext_noop(
                    "Policy match_point: a Game Loss reached by upgrade becomes a Match Loss (JG09)."
                )
            )
        )
        return Penalty.MATCH_LOSS, Penalty.GAME_LOSS
    if game_cannot_continue:
        reasons.append(
            Text(
                gettext_noop(
                    "Policy match_point: the game cannot physically go on, so the Game Loss stands (JG09)."
                )
            )
        )
        return Penalty.GAME_LOSS, None
    if convertible and playoff:
        reasons.append(
            Text(
                gettext_noop(
                    "Policy match_point, in a playoff: a match point means nothing in single"
                    " elimination, so the Game Loss stands and the match goes to the opponent"
                    " (IPG 1.1; MTR 9.1)."
                )
            )
        )
        return Penalty.GAME_LOSS, None
    if convertible:
        reasons.append(
            Text(
                gettext_noop(
                    "Policy match_point: in a one-game match a Game Loss is a Match Loss, so it becomes"
                    " a Match Point penalty: the team loses 1 match point and the game goes on (JG09)."
                )
            )
        )
        return Penalty.MATCH_POINT, Penalty.GAME_LOSS
    if entry.code == "TE-T":
        reasons.append(
            Text(
                gettext_noop(
                    "Policy match_point: never for Tardiness; the Game Loss stands (JG09)."
                )
            )
        )
    else:
        reasons.append(
            Text(
                gettext_noop(
                    "Policy match_point: this Game Loss is not one the 2HG guide converts; it stands"
                    " (JG09)."
                )
            )
        )
    return Penalty.GAME_LOSS, None


def _effects(
    entry: Infraction,
    rel: Rel,
    policy: Policy,
    penalty: Penalty,
    *,
    upgraded: bool,
    upgraded_from: Penalty | None,
    converted_from: Penalty | None,
    drops: bool,
    chosen: frozenset[Variant],
    between_matches: bool,
    reasons: list[str],
) -> PenaltyDecision:
    ends_match = penalty in (Penalty.GAME_LOSS, Penalty.MATCH_LOSS, Penalty.DISQUALIFICATION)
    ends_game = ends_match
    applies_next = between_matches and penalty in (Penalty.GAME_LOSS, Penalty.MATCH_LOSS)
    if applies_next:
        reasons.append(
            Text(
                gettext_noop(
                    "Issued between matches: the %(penalty)s applies to the team's next match"
                    " (IPG 1.1)."
                ),
                penalty=penalty.label,
            )
        )
    if penalty is Penalty.DISQUALIFICATION:
        if between_matches:
            ends_game = ends_match = False
        reasons.append(
            Text(
                gettext_noop(
                    "Disqualification: the team loses its current match, if any, and leaves the"
                    " standings; after a cut nobody advances in its place (IPG 1.1; MTR 8.2, 2.10)."
                )
            )
        )
    extra_turns = 0
    if entry.code == "TE-SP" and rel is not Rel.REGULAR and penalty is Penalty.WARNING:
        extra_turns = SLOW_PLAY_TURNS
        reasons.append(
            Text(
                gettext_noop(
                    "Slow Play: 2 additional turns for the match, after any time extensions; none if the"
                    " match is already in additional turns (IPG 3.3; JG09)."
                )
            )
        )
    ftmgs = _ftmgs_offer(entry, rel, chosen)
    if ftmgs is FtmgsOffer.TICKED:
        reasons.append(
            Text(
                gettext_noop(
                    "Failure to Maintain Game State for every other player at the table, teammate"
                    " included; untick a player who could not have seen it (IPG 2.6; JG09)."
                )
            )
        )
    elif ftmgs is FtmgsOffer.UNTICKED:
        reasons.append(
            Text(
                gettext_noop(
                    "The error was visible: Failure to Maintain Game State may go to the other players,"
                    " offered unticked (IPG 2.6; JG09)."
                )
            )
        )
    needs_head_judge = (
        penalty.severity >= Penalty.GAME_LOSS.severity and not entry.head_judge_exempt
    )
    if needs_head_judge:
        reasons.append(
            Text(
                gettext_noop(
                    'Game Loss or more: issued by the head judge (IPG 1.2; docs/rules.md "Penalties").'
                )
            )
        )
    return PenaltyDecision(
        infraction=entry.code,
        rel=rel,
        policy=policy,
        penalty=penalty,
        upgraded=upgraded,
        upgraded_from=upgraded_from,
        converted_from=converted_from,
        match_points_deducted=MATCH_POINT_DEDUCTION if penalty is Penalty.MATCH_POINT else 0,
        extra_turns_added=extra_turns,
        ends_game=ends_game,
        ends_match=ends_match,
        applies_to_next_match=applies_next,
        drops_team=drops,
        leaves_standings=penalty is Penalty.DISQUALIFICATION,
        needs_head_judge=needs_head_judge,
        ftmgs=ftmgs,
        reasons=tuple(reasons),
    )


def _ftmgs_offer(entry: Infraction, rel: Rel, chosen: frozenset[Variant]) -> FtmgsOffer:
    """FtMGS for the others only follows a Game Rule Violation or a visible Mulligan Procedure
    Error, and only at Competitive or Professional REL (the JAR issues no penalties for it)."""
    if rel is Rel.REGULAR:
        return FtmgsOffer.NONE
    offer = entry.ftmgs
    for variant in chosen:
        rule = entry.variant(variant)
        if rule is not None and rule.ftmgs is not None:
            offer = rule.ftmgs
    return offer


def resolve_game_losses(first_team: bool, second_team: bool) -> GameLossOutcome:
    """Game Losses issued at the same moment under policy ``ipg``: to both teams they are recorded
    and change nothing; to one team it loses the game, and so the match (docs/rules.md
    "Penalties"; IPG 1.1)."""
    if first_team and second_team:
        return GameLossOutcome.BOTH_RECORDED_NO_CHANGE
    if first_team:
        return GameLossOutcome.FIRST_TEAM_LOSES
    if second_team:
        return GameLossOutcome.SECOND_TEAM_LOSES
    return GameLossOutcome.NO_CHANGE
