"""The infraction catalogue against the IPG 2024-09-23, the JAR and docs/rules.md "Penalties"."""

import pytest

from judging.domain.infractions import (
    BY_CODE,
    CATALOGUE,
    Category,
    FtmgsOffer,
    Penalty,
    UnknownInfractionError,
    Variant,
    infraction,
    match_point_convertible_cases,
    search,
)

N = Penalty.NONE

CONTRACT_CODES = (
    "GPE-MT GPE-LEC GPE-HCE GPE-MPE GPE-GRV GPE-FMGS "
    "TE-T TE-OA TE-SP TE-DLP TE-DP TE-LPV TE-CPV TE-MC TE-IS "
    "USC-MN USC-MJ USC-IDW USC-BW USC-AB USC-TTM USC-ST USC-C"
).split()


def test_the_catalogue_holds_exactly_the_contract_codes_in_ipg_order() -> None:
    """docs/api.md "Penalties": the codes are a contract; sections follow IPG 2.1-4.8."""
    assert [entry.code for entry in CATALOGUE] == CONTRACT_CODES
    sections = [entry.section for entry in CATALOGUE]
    assert sections == [f"IPG 2.{n}" for n in range(1, 7)] + [
        f"IPG 3.{n}" for n in range(1, 10)
    ] + [f"IPG 4.{n}" for n in range(1, 9)]


def test_penalty_codes_are_the_contract_codes() -> None:
    """docs/api.md "Penalties": none, warning, game_loss, match_point, match_loss,
    disqualification."""
    assert [p.value for p in Penalty] == [
        "none",
        "warning",
        "game_loss",
        "match_point",
        "match_loss",
        "disqualification",
    ]
    assert Penalty.MATCH_POINT.severity == Penalty.GAME_LOSS.severity


def test_category_follows_the_code_prefix() -> None:
    """IPG 2 Game Play Errors, IPG 3 Tournament Errors, IPG 4 Unsporting Conduct."""
    for entry in CATALOGUE:
        assert entry.code.split("-")[0] == entry.category.value
        assert entry.section.startswith(
            {Category.GAME_PLAY_ERROR: "IPG 2.", Category.TOURNAMENT_ERROR: "IPG 3."}.get(
                entry.category, "IPG 4."
            )
        )


@pytest.mark.parametrize(
    ("code", "penalty"),
    [
        ("GPE-MT", Penalty.NONE),  # IPG 2.1
        ("GPE-LEC", Penalty.WARNING),  # IPG 2.2
        ("GPE-HCE", Penalty.WARNING),  # IPG 2.3: today a Warning, not 2009's Game Loss
        ("GPE-MPE", Penalty.WARNING),  # IPG 2.4
        ("GPE-GRV", Penalty.WARNING),  # IPG 2.5
        ("GPE-FMGS", Penalty.WARNING),  # IPG 2.6
        ("TE-T", Penalty.GAME_LOSS),  # IPG 3.1
        ("TE-OA", Penalty.MATCH_LOSS),  # IPG 3.2
        ("TE-SP", Penalty.WARNING),  # IPG 3.3
        ("TE-DLP", Penalty.GAME_LOSS),  # IPG 3.4
        ("TE-DP", Penalty.WARNING),  # IPG 3.5
        ("TE-LPV", Penalty.WARNING),  # IPG 3.6
        ("TE-CPV", Penalty.WARNING),  # IPG 3.7
        ("TE-MC", Penalty.WARNING),  # IPG 3.8: a Warning today
        ("TE-IS", Penalty.WARNING),  # IPG 3.9: a Warning today
        ("USC-MN", Penalty.WARNING),  # IPG 4.1
        ("USC-MJ", Penalty.MATCH_LOSS),  # IPG 4.2: a Match Loss today
        ("USC-IDW", Penalty.MATCH_LOSS),  # IPG 4.3
        ("USC-BW", Penalty.MATCH_LOSS),  # IPG 4.4
        ("USC-AB", Penalty.DISQUALIFICATION),  # IPG 4.5
        ("USC-TTM", Penalty.DISQUALIFICATION),  # IPG 4.6
        ("USC-ST", Penalty.DISQUALIFICATION),  # IPG 4.7
        ("USC-C", Penalty.DISQUALIFICATION),  # IPG 4.8
    ],
)
def test_base_penalty_at_competitive_and_professional_rel(code: str, penalty: Penalty) -> None:
    """IPG Appendix A; the current IPG gives Professional REL the same penalties."""
    entry = infraction(code)
    assert entry.competitive is penalty
    assert entry.professional_penalty is penalty


@pytest.mark.parametrize(
    ("code", "variant", "penalty"),
    [
        ("GPE-MT", Variant.DETRIMENTAL_TRIGGER, Penalty.WARNING),  # IPG 2.1
        ("GPE-HCE", Variant.ILLEGAL_FACE_DOWN, Penalty.GAME_LOSS),  # IPG 2.3
        ("TE-DP", Variant.DECK_CHECK, Penalty.GAME_LOSS),  # IPG 3.5
        ("TE-MC", Variant.PATTERN, Penalty.GAME_LOSS),  # IPG 3.8
        ("USC-MJ", Variant.MALICIOUS, Penalty.DISQUALIFICATION),  # IPG 4.2
    ],
)
def test_variants_the_ipg_names(code: str, variant: Variant, penalty: Penalty) -> None:
    rule = infraction(code).variant(variant)
    assert rule is not None
    assert rule.competitive is penalty


def test_upgrade_rules() -> None:
    """IPG 2: third Warning for the same Game Play Error; IPG 3: second for the same Tournament
    Error; IPG 4.1: second Unsporting Conduct — Minor; never FtMGS (docs/rules.md
    "Penalties")."""
    for entry in CATALOGUE:
        if entry.code == "GPE-FMGS":
            assert entry.upgrade_at is None
            assert not entry.upgrades
        elif entry.category is Category.GAME_PLAY_ERROR:
            assert entry.upgrade_at == 3
        elif entry.category is Category.TOURNAMENT_ERROR and entry.competitive is not (
            Penalty.MATCH_LOSS
        ):
            assert entry.upgrade_at == 2
    assert infraction("USC-MN").upgrade_at == 2
    assert infraction("USC-MJ").upgrade_at is None


def test_match_point_convertible_game_losses_are_listed_explicitly() -> None:
    """JG09 ("The infractions that carry a Match Point penalty are: deck errors that would
    result in a Game Loss and are discovered during a deck check; GPE—Drawing Extra Cards;
    TE—Insufficient Randomization; TE—Marked Cards-Pattern") applied to today's IPG: a
    Decklist Problem found at a deck check (IPG 3.4), a Deck Problem found at a deck check
    (IPG 3.5), an illegal face-down card (IPG 2.3, Hidden Card Error, which took in Drawing
    Extra Cards), a Marked Cards pattern (IPG 3.8). A Decklist Problem found otherwise keeps its
    Game Loss (issue 23). Never Tardiness."""
    convertible = {
        (entry.code, rule.variant if rule else None)
        for entry in CATALOGUE
        for rule in (None, *entry.variants)
        if (rule.match_point_convertible if rule else entry.match_point_convertible)
    }
    assert convertible == {
        ("TE-DLP", Variant.DECK_CHECK),
        ("TE-DP", Variant.DECK_CHECK),
        ("GPE-HCE", Variant.ILLEGAL_FACE_DOWN),
        ("TE-MC", Variant.PATTERN),
    }
    assert not infraction("TE-T").match_point_convertible
    assert len(match_point_convertible_cases()) == 4
    assert "Decklist Problem: found at a deck check" in match_point_convertible_cases()
    assert "Decklist Problem" not in match_point_convertible_cases()


def test_every_convertible_case_is_a_game_loss() -> None:
    for entry in CATALOGUE:
        if entry.match_point_convertible:
            assert entry.competitive is Penalty.GAME_LOSS
        for rule in entry.variants:
            if rule.match_point_convertible:
                assert rule.competitive is Penalty.GAME_LOSS


def test_ftmgs_only_follows_a_game_rule_violation_or_a_visible_mulligan_error() -> None:
    """IPG 2.6; JG09; docs/rules.md "Penalties": never for Missed Trigger (IPG 2.1), hidden
    information or FtMGS itself."""
    offers = {entry.code: entry.ftmgs for entry in CATALOGUE if entry.ftmgs is not FtmgsOffer.NONE}
    assert offers == {"GPE-GRV": FtmgsOffer.TICKED}
    visible = infraction("GPE-MPE").variant(Variant.VISIBLE)
    assert visible is not None
    assert visible.ftmgs is FtmgsOffer.UNTICKED
    for code in ("GPE-MT", "GPE-LEC", "GPE-HCE", "GPE-FMGS"):
        entry = infraction(code)
        assert entry.ftmgs is FtmgsOffer.NONE
        assert all(rule.ftmgs in (None, FtmgsOffer.NONE) for rule in entry.variants)


def test_head_judge_only_is_game_loss_or_more_except_tardiness_and_decklist_problem() -> None:
    """IPG 1.2; docs/rules.md "Penalties"."""
    only = {entry.code for entry in CATALOGUE if entry.head_judge_only}
    assert only == {"TE-OA", "USC-MJ", "USC-IDW", "USC-BW", "USC-AB", "USC-TTM", "USC-ST", "USC-C"}
    assert not infraction("TE-T").head_judge_only
    assert not infraction("TE-DLP").head_judge_only


def test_regular_rel_outcomes_from_the_jar() -> None:
    """JAR: errors are fixed and explained with no penalty; Serious Problems (aggressive or
    harassing behaviour, cheating and intentional rule breaking, bribery and wagering, improperly
    determining a winner, theft) lead to disqualification."""
    not_none = {entry.code: entry.regular for entry in CATALOGUE if entry.regular is not N}
    assert not_none == {
        code: Penalty.DISQUALIFICATION
        for code in ("USC-MJ", "USC-IDW", "USC-BW", "USC-AB", "USC-TTM", "USC-ST", "USC-C")
    }
    corrected = infraction("USC-MN").variant(Variant.NOT_CORRECTED)
    assert corrected is not None
    assert corrected.regular is Penalty.GAME_LOSS


def test_lookup_is_case_insensitive_and_rejects_unknown_codes() -> None:
    assert infraction(" gpe-grv ") is BY_CODE["GPE-GRV"]
    with pytest.raises(UnknownInfractionError):
        infraction("GPE-DEC")  # Drawing Extra Cards is gone since 2016 (now IPG 2.3)


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("GPE-GRV", "GPE-GRV"),
        ("grv", "GPE-GRV"),
        ("ipg 2.5", "GPE-GRV"),
        ("2.5", "GPE-GRV"),
        ("3.4", "TE-DLP"),
        ("game rule", "GPE-GRV"),
        ("slow", "TE-SP"),
        ("usc major", "USC-MJ"),
        ("Unsporting Conduct — Minor", "USC-MN"),
        ("failure to maintain", "GPE-FMGS"),
        ("CHEATING", "USC-C"),
    ],
)
def test_search_by_code_name_or_section(query: str, first: str) -> None:
    found = search(query)
    assert found
    assert found[0].code == first


def test_search_ranks_an_exact_code_or_section_first_and_needs_every_word() -> None:
    assert [entry.code for entry in search("deck")] == ["TE-DLP", "TE-DP"]
    assert [entry.code for entry in search("deck problem")] == ["TE-DLP", "TE-DP"]
    assert [entry.code for entry in search("decklist")] == ["TE-DLP"]
    assert [entry.code for entry in search("ipg 4")] == [e.code for e in CATALOGUE[15:]]
    assert search("te-t")[0].code == "TE-T"
    assert search("theft")[0].code == "USC-TTM"
    assert search("drawing extra cards") == ()
    assert search("") == CATALOGUE


def test_search_also_reads_the_names_given_and_ignores_accents():
    """The judge types the infraction's name in the page's language (docs/rules.md "Penalties")."""
    names = {"TE-T": "Retraso", "GPE-GRV": "Violación de las reglas del juego"}
    assert [i.code for i in search("violacion", names)] == ["GPE-GRV"]
    assert [i.code for i in search("RETRASO", names)] == ["TE-T"]
    assert search("retraso") == ()
