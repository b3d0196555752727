"""The penalty decision and its effects (docs/rules.md "Penalties"), one test per rule path."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judging.domain.ftmgs import ftmgs_proposal, ftmgs_recipients
from judging.domain.infractions import CATALOGUE, FtmgsOffer, Penalty, Variant
from judging.domain.penalties import (
    SLOW_PLAY_TURNS,
    EarlierPenalty,
    GameLossOutcome,
    PenaltyInputError,
    Policy,
    Rel,
    decide_penalty,
    resolve_game_losses,
)

COMP = Rel.COMPETITIVE
MP = Policy.MATCH_POINT
IPG = Policy.IPG


def warnings(code: str, n: int) -> list[EarlierPenalty]:
    return [EarlierPenalty(code, Penalty.WARNING) for _ in range(n)]


# --- base penalties -----------------------------------------------------------------------


def test_a_first_game_rule_violation_is_a_warning() -> None:
    """IPG 2.5: Warning; nothing else happens to the match."""
    d = decide_penalty("GPE-GRV", COMP)
    assert d.penalty is Penalty.WARNING
    assert not d.upgraded
    assert d.upgraded_from is None
    assert (d.match_points_deducted, d.extra_turns_added) == (0, 0)
    assert (d.ends_game, d.ends_match, d.drops_team, d.leaves_standings) == (False,) * 4
    assert not d.needs_head_judge
    assert d.reasons[0] == "Game Rule Violation (IPG 2.5): Warning."


def test_professional_rel_gives_the_same_penalties_as_competitive() -> None:
    """The current IPG has one penalty per infraction for both RELs."""
    for entry in CATALOGUE:
        comp = decide_penalty(entry.code, COMP)
        pro = decide_penalty(entry.code, Rel.PROFESSIONAL)
        assert (comp.penalty, comp.upgraded) == (pro.penalty, pro.upgraded)


def test_missed_trigger_is_no_penalty_unless_detrimental() -> None:
    """IPG 2.1: no penalty; a Warning for a trigger usually detrimental to its controller."""
    assert decide_penalty("GPE-MT", COMP).penalty is Penalty.NONE
    d = decide_penalty("GPE-MT", COMP, variants=["detrimental_trigger"])
    assert d.penalty is Penalty.WARNING


def test_missed_triggers_without_penalty_never_count_towards_an_upgrade() -> None:
    """IPG 2: only Warnings are upgraded."""
    earlier = [EarlierPenalty("GPE-MT", Penalty.NONE)] * 5
    assert decide_penalty("GPE-MT", COMP, earlier=earlier).penalty is Penalty.NONE


def test_outside_assistance_is_a_match_loss_for_the_head_judge() -> None:
    """IPG 3.2: Match Loss; Game Loss or more is the head judge's (IPG 1.2)."""
    d = decide_penalty("TE-OA", COMP)
    assert d.penalty is Penalty.MATCH_LOSS
    assert d.ends_match
    assert d.needs_head_judge
    assert not d.drops_team


def test_unsporting_conduct_major_is_a_match_loss_and_dq_when_malicious() -> None:
    """IPG 4.2: Match Loss today; Disqualification with malicious intent, no remorse or a
    repeat."""
    assert decide_penalty("USC-MJ", COMP).penalty is Penalty.MATCH_LOSS
    d = decide_penalty("USC-MJ", COMP, variants=[Variant.MALICIOUS])
    assert d.penalty is Penalty.DISQUALIFICATION


@pytest.mark.parametrize("code", ["GPE-HCE", "TE-IS", "TE-MC"])
def test_todays_warnings_not_2009s_game_losses(code: str) -> None:
    """IPG 2.3, 3.9, 3.8: Hidden Card Error, Insufficient Shuffling and Marked Cards are
    Warnings, so nothing is converted."""
    for policy in Policy:
        d = decide_penalty(code, COMP, policy)
        assert d.penalty is Penalty.WARNING
        assert d.match_points_deducted == 0


# --- policy match_point (JG09) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "variant"),
    [
        ("TE-DLP", Variant.DECK_CHECK),  # IPG 3.4: a Decklist Problem found at a deck check
        ("TE-DP", Variant.DECK_CHECK),  # IPG 3.5: found at a deck check
        ("GPE-HCE", Variant.ILLEGAL_FACE_DOWN),  # IPG 2.3: an illegal face-down card
        ("TE-MC", Variant.PATTERN),  # IPG 3.8: a pattern of markings
    ],
)
def test_match_point_policy_converts_todays_game_losses(code: str, variant: Variant | None) -> None:
    """JG09: a Game Loss not reached by upgrade becomes a Match Point penalty: one match point
    off, the game goes on."""
    d = decide_penalty(code, COMP, MP, variants=[variant] if variant else [])
    assert d.penalty is Penalty.MATCH_POINT
    assert d.converted_from is Penalty.GAME_LOSS
    assert d.match_points_deducted == 1
    assert not d.ends_game
    assert not d.ends_match
    assert not d.upgraded


def test_match_point_policy_is_the_default() -> None:
    """docs/rules.md "Penalties": `match_point` is the default policy."""
    assert decide_penalty("TE-DLP", COMP, variants=["deck_check"]).penalty is Penalty.MATCH_POINT


def test_a_decklist_problem_found_without_a_deck_check_keeps_its_game_loss() -> None:
    """JG09 converts "deck errors that would result in a Game Loss and are discovered during a
    deck check"; a list found wrong at a review before the round is a Game Loss (IPG 3.4),
    which in a one-game match ends the match (MTR 9.1)."""
    d = decide_penalty("TE-DLP", COMP, MP)
    assert d.penalty is Penalty.GAME_LOSS
    assert d.converted_from is None
    assert d.ends_match
    assert "not one the 2HG guide converts" in " ".join(d.reasons)


@pytest.mark.parametrize(
    ("code", "variant"),
    [
        ("TE-DLP", Variant.DECK_CHECK),
        ("TE-DP", Variant.DECK_CHECK),
        ("GPE-HCE", Variant.ILLEGAL_FACE_DOWN),
        ("TE-MC", Variant.PATTERN),
    ],
)
def test_in_a_playoff_a_game_loss_is_a_game_loss_under_match_point(code, variant) -> None:
    """IPG 1.1, MTR 9.1: in single elimination a match point means nothing; the Game Loss
    stands and, in a one-game match, the match goes to the opponent (issue 23)."""
    d = decide_penalty(code, COMP, MP, variants=[variant], playoff=True)
    assert d.penalty is Penalty.GAME_LOSS
    assert d.converted_from is None
    assert d.match_points_deducted == 0
    assert d.ends_match
    assert "in a playoff" in " ".join(d.reasons)


def test_decklist_problem_needs_no_head_judge_but_a_deck_problem_game_loss_does() -> None:
    """IPG 1.2; docs/rules.md "Penalties": Decklist Problem and Tardiness are exempt."""
    assert not decide_penalty("TE-DLP", COMP).needs_head_judge
    assert not decide_penalty("TE-DLP", COMP, IPG).needs_head_judge
    assert decide_penalty("TE-DP", COMP, variants=["deck_check"]).needs_head_judge


def test_match_point_policy_never_converts_tardiness() -> None:
    """JG09: never for Tardiness; IPG 3.1: Game Loss, not the head judge's."""
    d = decide_penalty("TE-T", COMP, MP, tardiness_minutes=4)
    assert d.penalty is Penalty.GAME_LOSS
    assert d.converted_from is None
    assert d.match_points_deducted == 0
    assert d.ends_game
    assert d.ends_match
    assert not d.needs_head_judge
    assert not d.drops_team


def test_tardiness_without_minutes_is_the_base_game_loss() -> None:
    assert decide_penalty("TE-T", COMP).penalty is Penalty.GAME_LOSS


def test_match_point_policy_turns_an_upgraded_repeat_into_a_match_loss() -> None:
    """JG09: never a Match Point penalty for a repeat; the upgrade becomes a Match Loss."""
    d = decide_penalty("GPE-GRV", COMP, MP, earlier=warnings("GPE-GRV", 2))
    assert d.penalty is Penalty.MATCH_LOSS
    assert d.upgraded
    assert d.upgraded_from is Penalty.WARNING
    assert d.converted_from is Penalty.GAME_LOSS
    assert d.match_points_deducted == 0
    assert d.ends_match
    assert d.needs_head_judge


def test_a_game_that_cannot_go_on_keeps_its_game_loss() -> None:
    """JG09: if the game physically cannot continue, a Game Loss is still given."""
    d = decide_penalty("TE-MC", COMP, MP, variants=["pattern"], game_cannot_continue=True)
    assert d.penalty is Penalty.GAME_LOSS
    assert d.match_points_deducted == 0
    assert d.ends_game
    # an upgraded repeat still becomes a Match Loss
    d = decide_penalty("TE-SP", COMP, MP, earlier=warnings("TE-SP", 1), game_cannot_continue=True)
    assert d.penalty is Penalty.MATCH_LOSS


def test_a_jar_game_loss_is_not_converted() -> None:
    """JG09 lists IPG Game Losses; the JAR's Game Loss for behaviour stands (Regular REL)."""
    d = decide_penalty("USC-MN", Rel.REGULAR, MP, variants=["not_corrected"])
    assert d.penalty is Penalty.GAME_LOSS
    assert d.ends_game
    assert d.needs_head_judge


# --- policy ipg (IPG 1.1) -----------------------------------------------------------------


def test_ipg_policy_game_loss_ends_the_game_and_so_the_match() -> None:
    """IPG 1.1; MTR 9.1: a Game Loss ends the current game; a 2HG match is one game."""
    d = decide_penalty("TE-DLP", COMP, IPG)
    assert d.penalty is Penalty.GAME_LOSS
    assert d.converted_from is None
    assert d.match_points_deducted == 0
    assert d.ends_game
    assert d.ends_match
    assert not d.applies_to_next_match


def test_ipg_policy_game_loss_between_matches_lands_on_the_next_match() -> None:
    """IPG 1.1, 3.4: given between matches, the Game Loss applies to the team's next match."""
    d = decide_penalty("TE-DLP", COMP, IPG, between_matches=True)
    assert d.penalty is Penalty.GAME_LOSS
    assert d.applies_to_next_match
    assert any("next match" in reason for reason in d.reasons)


def test_ipg_policy_keeps_an_upgraded_game_loss() -> None:
    """IPG 3: a second Tournament Error Warning is a Game Loss; no JG09 conversion."""
    d = decide_penalty("TE-SP", COMP, IPG, earlier=warnings("TE-SP", 1))
    assert d.penalty is Penalty.GAME_LOSS
    assert d.upgraded
    assert d.extra_turns_added == 0


def test_a_match_point_penalty_between_matches_is_taken_at_once() -> None:
    """JG09: the point comes off the team's total; nothing waits for the next match."""
    d = decide_penalty("TE-DLP", COMP, MP, variants=["deck_check"], between_matches=True)
    assert d.penalty is Penalty.MATCH_POINT
    assert d.match_points_deducted == 1
    assert not d.applies_to_next_match


def test_a_match_loss_between_matches_lands_on_the_next_match() -> None:
    """IPG 1.1."""
    d = decide_penalty("USC-IDW", COMP, between_matches=True)
    assert d.penalty is Penalty.MATCH_LOSS
    assert d.applies_to_next_match


@pytest.mark.parametrize(
    ("first", "second", "outcome"),
    [
        (True, True, GameLossOutcome.BOTH_RECORDED_NO_CHANGE),
        (True, False, GameLossOutcome.FIRST_TEAM_LOSES),
        (False, True, GameLossOutcome.SECOND_TEAM_LOSES),
        (False, False, GameLossOutcome.NO_CHANGE),
    ],
)
def test_simultaneous_game_losses(first: bool, second: bool, outcome: GameLossOutcome) -> None:
    """docs/rules.md "Penalties" (IPG 1.1): Game Losses to both teams at once are recorded and
    change nothing."""
    assert resolve_game_losses(first, second) is outcome


# --- upgrades (IPG 2, 3, 4.1) -------------------------------------------------------------


def test_game_play_error_upgrades_on_the_third_warning_for_the_same_infraction() -> None:
    """IPG 2: the third or later Warning for the same Game Play Error is a Game Loss."""
    assert decide_penalty("GPE-LEC", COMP, IPG, earlier=warnings("GPE-LEC", 1)).penalty is (
        Penalty.WARNING
    )
    third = decide_penalty("GPE-LEC", COMP, IPG, earlier=warnings("GPE-LEC", 2))
    assert third.penalty is Penalty.GAME_LOSS
    assert third.upgraded
    assert "Warning number 3" in third.reasons[1]
    fourth = decide_penalty(
        "GPE-LEC",
        COMP,
        IPG,
        earlier=[*warnings("GPE-LEC", 2), EarlierPenalty("GPE-LEC", Penalty.GAME_LOSS, True)],
    )
    assert fourth.upgraded


def test_warnings_for_other_infractions_do_not_count() -> None:
    """IPG 2, 3: the count is per infraction ("the same category")."""
    earlier = warnings("GPE-LEC", 2) + warnings("GPE-HCE", 2) + warnings("TE-SP", 1)
    assert decide_penalty("GPE-GRV", COMP, earlier=earlier).penalty is Penalty.WARNING
    assert decide_penalty("TE-IS", COMP, earlier=earlier).penalty is Penalty.WARNING


def test_tournament_error_upgrades_on_the_second_warning() -> None:
    """IPG 3: a Warning when the player already has one for the same Tournament Error."""
    d = decide_penalty("TE-CPV", COMP, IPG, earlier=warnings("TE-CPV", 1))
    assert d.penalty is Penalty.GAME_LOSS
    assert d.upgraded


def test_unsporting_conduct_minor_upgrades_on_the_second() -> None:
    """IPG 4.1: subsequent Unsporting Conduct — Minor, even for different offences."""
    d = decide_penalty("USC-MN", COMP, MP, earlier=warnings("USC-MN", 1))
    assert d.penalty is Penalty.MATCH_LOSS  # JG09: an upgraded repeat
    assert d.upgraded
    assert "IPG 4.1" in d.reasons[1]


def test_failure_to_maintain_game_state_is_never_upgraded() -> None:
    """docs/rules.md "Penalties": FtMGS is never upgraded."""
    d = decide_penalty("GPE-FMGS", COMP, earlier=warnings("GPE-FMGS", 10))
    assert d.penalty is Penalty.WARNING
    assert not d.upgraded
    assert d.ftmgs is FtmgsOffer.NONE


def test_a_game_loss_variant_is_not_an_upgrade_and_is_not_upgraded_further() -> None:
    """IPG 2: only Warnings are upgraded; an illegal face-down card is a Game Loss on its own."""
    d = decide_penalty(
        "GPE-HCE", COMP, IPG, earlier=warnings("GPE-HCE", 5), variants=["illegal_face_down"]
    )
    assert d.penalty is Penalty.GAME_LOSS
    assert not d.upgraded


def test_an_upgraded_penalty_counts_as_a_warning_offence_and_a_game_loss_one_does_not() -> None:
    """IPG 3: what counts is earlier Warnings, upgraded or not."""
    gl = [EarlierPenalty("TE-DP", Penalty.MATCH_POINT)]
    assert decide_penalty("TE-DP", COMP, earlier=gl).penalty is Penalty.WARNING
    upgraded = [EarlierPenalty("TE-DP", Penalty.MATCH_LOSS, upgraded=True)]
    assert decide_penalty("TE-DP", COMP, earlier=upgraded).upgraded


def test_counts_are_what_the_caller_passes_for_this_day() -> None:
    """IPG 2, 3: counts reset between days; the caller passes only today's penalties."""
    day_two = decide_penalty("TE-SP", COMP, earlier=[])
    assert day_two.penalty is Penalty.WARNING
    assert day_two.extra_turns_added == SLOW_PLAY_TURNS


# --- Slow Play and Tardiness (IPG 3.3, 3.1) -----------------------------------------------


def test_slow_play_adds_two_turns() -> None:
    """IPG 3.3; JG09: Warning and 2 additional turns (the clock decides whether they apply)."""
    d = decide_penalty("TE-SP", COMP)
    assert d.penalty is Penalty.WARNING
    assert d.extra_turns_added == 2
    assert decide_penalty("TE-SP", Rel.REGULAR).extra_turns_added == 0


@pytest.mark.parametrize(
    ("minutes", "penalty", "drops"),
    [
        (0, Penalty.WARNING, False),  # IPG 3.1 downgrade: within the first minute
        (0.9, Penalty.WARNING, False),
        (1, Penalty.GAME_LOSS, False),  # IPG 3.1
        (9.5, Penalty.GAME_LOSS, False),
        (10, Penalty.MATCH_LOSS, True),  # IPG 3.1 upgrade: Match Loss and drop
        (25, Penalty.MATCH_LOSS, True),
    ],
)
def test_tardiness_by_minutes(minutes: float, penalty: Penalty, drops: bool) -> None:
    for policy in Policy:
        d = decide_penalty("TE-T", COMP, policy, tardiness_minutes=minutes)
        assert d.penalty is penalty
        assert d.drops_team is drops
        assert not d.needs_head_judge  # IPG 1.2 exemption
        assert d.match_points_deducted == 0


def test_a_second_tardiness_warning_is_upgraded() -> None:
    """IPG 3: a second Tournament Error Warning; JG09: the repeat becomes a Match Loss."""
    d = decide_penalty("TE-T", COMP, MP, warnings("TE-T", 1), tardiness_minutes=0.5)
    assert d.penalty is Penalty.MATCH_LOSS
    assert d.upgraded


# --- Disqualification ---------------------------------------------------------------------


@pytest.mark.parametrize("code", ["USC-AB", "USC-TTM", "USC-ST", "USC-C"])
def test_disqualification_loses_the_match_and_leaves_the_standings(code: str) -> None:
    """IPG 4.5-4.8; IPG 1.1; MTR 8.2: the team's match is lost and it leaves the standings."""
    d = decide_penalty(code, COMP)
    assert d.penalty is Penalty.DISQUALIFICATION
    assert d.ends_match
    assert d.leaves_standings
    assert d.needs_head_judge
    assert any("nobody advances" in reason for reason in d.reasons)


def test_disqualification_between_matches_ends_no_match() -> None:
    d = decide_penalty("USC-C", COMP, between_matches=True)
    assert d.leaves_standings
    assert not d.ends_match
    assert not d.applies_to_next_match


# --- Regular REL (JAR) --------------------------------------------------------------------


@pytest.mark.parametrize(
    "code", [e.code for e in CATALOGUE if e.code.startswith(("GPE", "TE")) and e.code != "TE-T"]
)
def test_regular_rel_fixes_and_educates(code: str) -> None:
    """JAR: no penalty for game and tournament errors, however many; no upgrade, no FtMGS."""
    d = decide_penalty(code, Rel.REGULAR, earlier=warnings(code, 5))
    assert d.penalty is Penalty.NONE
    assert not d.upgraded
    assert d.ftmgs is FtmgsOffer.NONE
    assert "JAR" in d.reasons[0]


def test_regular_rel_game_loss_variants_do_not_apply() -> None:
    """JAR: the IPG's Game Loss cases are IPG remedies, not Regular REL ones."""
    d = decide_penalty("TE-DP", Rel.REGULAR, variants=["deck_check"])
    assert d.penalty is Penalty.NONE


def test_regular_rel_tardiness() -> None:
    """JAR; docs/rules.md "Penalties": more than 10 minutes late forfeits and drops."""
    assert decide_penalty("TE-T", Rel.REGULAR, tardiness_minutes=5).penalty is Penalty.NONE
    d = decide_penalty("TE-T", Rel.REGULAR, tardiness_minutes=12)
    assert d.penalty is Penalty.MATCH_LOSS
    assert d.drops_team
    assert not d.needs_head_judge


@pytest.mark.parametrize(
    "code", ["USC-MJ", "USC-IDW", "USC-BW", "USC-AB", "USC-TTM", "USC-ST", "USC-C"]
)
def test_regular_rel_serious_problems_disqualify(code: str) -> None:
    """JAR "Serious Problems"."""
    d = decide_penalty(code, Rel.REGULAR)
    assert d.penalty is Penalty.DISQUALIFICATION
    assert d.leaves_standings


def test_regular_rel_unsporting_minor_is_educated_then_a_game_loss() -> None:
    """JAR: asked to stop; a Game Loss if the player makes no attempt to correct it."""
    assert decide_penalty("USC-MN", Rel.REGULAR).penalty is Penalty.NONE
    assert decide_penalty("USC-MN", Rel.REGULAR, variants=["not_corrected"]).penalty is (
        Penalty.GAME_LOSS
    )


# --- Failure to Maintain Game State (IPG 2.6; JG09) ---------------------------------------

TABLE_2HG = [("a1", "a2"), ("b1", "b2")]
TABLE_3HG = [("a1", "a2", "a3"), ("b1", "b2", "b3")]
TABLE_4HG = [("a1", "a2", "a3", "a4"), ("b1", "b2", "b3", "b4")]


def test_ftmgs_goes_to_teammate_and_both_opponents() -> None:
    """JG09: every other player, the teammate included, ticked for a Game Rule Violation."""
    d = decide_penalty("GPE-GRV", COMP)
    assert d.ftmgs is FtmgsOffer.TICKED
    assert ftmgs_proposal(d, TABLE_2HG, "a1") == (("a2", True), ("b1", True), ("b2", True))
    assert ftmgs_proposal(d, TABLE_2HG, "b2") == (("b1", True), ("a1", True), ("a2", True))


def test_ftmgs_in_three_and_four_headed_games() -> None:
    """CR 810.11: 5 others at a 3-headed table, 7 at a 4-headed one."""
    assert ftmgs_recipients(TABLE_3HG, "a2") == ("a1", "a3", "b1", "b2", "b3")
    assert len(ftmgs_recipients(TABLE_4HG, "b4")) == 7
    assert "b4" not in ftmgs_recipients(TABLE_4HG, "b4")


def test_no_ftmgs_for_a_missed_trigger_or_hidden_information() -> None:
    """IPG 2.1, 2.6; docs/rules.md "Penalties"."""
    for code, variants in [
        ("GPE-MT", ["detrimental_trigger"]),
        ("GPE-HCE", ["illegal_face_down"]),
        ("GPE-LEC", []),
        ("GPE-FMGS", []),
        ("GPE-MPE", []),
    ]:
        d = decide_penalty(code, COMP, variants=variants)
        assert d.ftmgs is FtmgsOffer.NONE
        assert ftmgs_proposal(d, TABLE_2HG, "a1") == ()


def test_a_visible_mulligan_error_offers_ftmgs_unticked() -> None:
    d = decide_penalty("GPE-MPE", COMP, variants=["visible"])
    assert d.ftmgs is FtmgsOffer.UNTICKED
    assert ftmgs_proposal(d, TABLE_2HG, "a2") == (("a1", False), ("b1", False), ("b2", False))


def test_an_upgraded_game_rule_violation_still_gives_ftmgs() -> None:
    d = decide_penalty("GPE-GRV", COMP, IPG, earlier=warnings("GPE-GRV", 2))
    assert d.penalty is Penalty.GAME_LOSS
    assert d.ftmgs is FtmgsOffer.TICKED


def test_no_ftmgs_at_regular_rel() -> None:
    """JAR: no penalties for errors, so none for the other players."""
    assert decide_penalty("GPE-GRV", Rel.REGULAR).ftmgs is FtmgsOffer.NONE


@pytest.mark.parametrize(
    ("seating", "offender"),
    [
        ([("a1", "a2")], "a1"),  # one team
        ([("a1", "a2"), ("b1", "b2", "b3")], "a1"),  # unequal teams
        ([("a1",), ("b1",)], "a1"),  # not a 2HG table
        ([("a1", "a2"), ("b1", "b2")], "c1"),  # not at the table
        ([("a1", "a2"), ("b1", "a2")], "a1"),  # a player twice
    ],
)
def test_ftmgs_recipients_rejects_impossible_tables(
    seating: list[tuple[str, ...]], offender: str
) -> None:
    with pytest.raises(PenaltyInputError):
        ftmgs_recipients(seating, offender)


# --- input checks ---------------------------------------------------------------------------


def test_rejects_a_variant_of_another_infraction() -> None:
    with pytest.raises(PenaltyInputError):
        decide_penalty("GPE-GRV", COMP, variants=["deck_check"])
    with pytest.raises(PenaltyInputError):
        decide_penalty("GPE-GRV", COMP, variants=["sideways"])


def test_rejects_minutes_for_anything_but_tardiness_and_negative_minutes() -> None:
    with pytest.raises(PenaltyInputError):
        decide_penalty("TE-SP", COMP, tardiness_minutes=3)
    with pytest.raises(PenaltyInputError):
        decide_penalty("TE-T", COMP, tardiness_minutes=-1)


def test_accepts_plain_strings_for_rel_and_policy() -> None:
    d = decide_penalty("te-dlp", "professional", "ipg")
    assert (d.infraction, d.rel, d.policy, d.penalty) == (
        "TE-DLP",
        Rel.PROFESSIONAL,
        Policy.IPG,
        Penalty.GAME_LOSS,
    )


# --- properties -------------------------------------------------------------------------------

codes = st.sampled_from([entry.code for entry in CATALOGUE])
histories = st.lists(
    st.builds(EarlierPenalty, codes, st.sampled_from(list(Penalty)), st.booleans()), max_size=8
)


@st.composite
def cases(draw: st.DrawFn) -> dict[str, object]:
    code = draw(codes)
    entry = next(e for e in CATALOGUE if e.code == code)
    return {
        "infraction_code": code,
        "rel": draw(st.sampled_from(list(Rel))),
        "policy": draw(st.sampled_from(list(Policy))),
        "earlier": draw(histories),
        "variants": draw(st.sets(st.sampled_from([v.variant for v in entry.variants] or [None])))
        - {None},
        "tardiness_minutes": draw(st.none() | st.floats(0, 60)) if code == "TE-T" else None,
        "between_matches": draw(st.booleans()),
        "game_cannot_continue": draw(st.booleans()),
    }


@settings(max_examples=300, deadline=None)
@given(cases())
def test_the_decision_is_deterministic_and_consistent(case: dict[str, object]) -> None:
    """Same arguments, same decision; never a Match Point penalty under ``ipg``; never an
    upgrade for FtMGS; a point is deducted exactly for a Match Point penalty."""
    first = decide_penalty(**case)  # type: ignore[arg-type]  # a table of cases: each value of its parameter's type
    assert decide_penalty(**case) == first  # type: ignore[arg-type]  # a table of cases: each value of its parameter's type
    if first.policy is Policy.IPG:
        assert first.penalty is not Penalty.MATCH_POINT
        assert first.converted_from is None
    if first.infraction == "GPE-FMGS":
        assert not first.upgraded
        assert first.ftmgs is FtmgsOffer.NONE
    assert first.match_points_deducted == (1 if first.penalty is Penalty.MATCH_POINT else 0)
    assert first.upgraded == (first.upgraded_from is Penalty.WARNING)
    if first.upgraded and first.policy is Policy.MATCH_POINT:
        assert first.penalty is Penalty.MATCH_LOSS
    if first.rel is Rel.REGULAR:
        assert not first.upgraded
        assert first.ftmgs is FtmgsOffer.NONE
    assert first.needs_head_judge == (
        first.penalty.severity >= Penalty.GAME_LOSS.severity
        and first.infraction not in ("TE-T", "TE-DLP")
    )
    assert first.reasons
