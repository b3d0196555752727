"""Team deck checks: Unified Deck Construction (MTR 6.1, 6.2, 8.4, 9.5) and limited 2HG (MTR 9.6)."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decklists.domain.cards import TWO_HEADED_GIANT, UNLIMITED, Banlist, CardFacts, CardIndex
from decklists.domain.decklists import Entry, ParseError
from decklists.domain.udc import (
    CODE_ORDER,
    DeckInput,
    EventRules,
    validate_team,
)
from support import decks
from support.udc import ALICE, BOB, CAROL, codes, deck, errors, swap

BURN = decks.BOROS_BURN

MERFOLK = decks.MERFOLK


@pytest.fixture(scope="module")
def modern(banlists) -> EventRules:
    return EventRules(structure="constructed", format="modern", banlists=banlists)


@pytest.fixture(scope="module")
def modern_old_udc(banlists) -> EventRules:
    return EventRules(
        structure="constructed", format="modern", udc_rule="combined_four", banlists=banlists
    )


@pytest.fixture(scope="module")
def vintage(banlists) -> EventRules:
    return EventRules(structure="constructed", format="vintage", banlists=banlists)


@pytest.fixture(scope="module")
def vintage_old_udc(banlists) -> EventRules:
    return EventRules(
        structure="constructed", format="vintage", udc_rule="combined_four", banlists=banlists
    )


# --- a legal team -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules_name", ["modern", "modern_old_udc"])
def test_validate_team_legal_modern_burn_and_merfolk_has_no_problem(
    card_index, request, rules_name
):
    rules = request.getfixturevalue(rules_name)
    assert validate_team([deck(ALICE, BURN), deck(BOB, MERFOLK)], card_index, rules) == []


# --- MTR 8.4 (default rule): no two decks share a card ---------------------------------------


def test_validate_team_mtr_shared_lightning_bolt_is_udc_over_limit(card_index, modern):
    merfolk = swap(MERFOLK, "16 Island", "14 Island\n2 Lightning Bolt")
    problems = validate_team([deck(ALICE, BURN), deck(BOB, merfolk)], card_index, modern)
    (problem,) = problems
    assert (problem.code, problem.card, problem.players) == (
        "udc_over_limit",
        "Lightning Bolt",
        (ALICE, BOB),
    )
    assert (problem.count, problem.limit) == (2, 1)  # found in 2 decks, allowed in 1
    assert problem.message == (
        "Lightning Bolt is in both Alice's and Bob's decks (4 + 2); under Unified Deck "
        "Construction no two decks of a team may share a card other than basics (MTR 8.4, 9.5)."
    )


def test_validate_team_mtr_one_copy_each_is_still_shared(card_index, modern):
    burn = swap(BURN, "4 Lightning Bolt", "1 Lightning Bolt\n3 Mountain")
    merfolk = swap(MERFOLK, "16 Island", "15 Island\n1 Lightning Bolt")
    problems = validate_team([deck(ALICE, burn), deck(BOB, merfolk)], card_index, modern)
    assert codes(problems) == [("udc_over_limit", "Lightning Bolt")]


def test_validate_team_mtr_five_copies_in_one_deck_is_card_limit_exceeded(card_index, modern):
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Goblin Guide")
    (problem,) = validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, modern)
    assert (problem.code, problem.card, problem.count, problem.limit) == (
        "card_limit_exceeded",
        "Goblin Guide",
        5,
        4,
    )
    assert problem.line == 1  # merged with the first line of Goblin Guide
    assert problem.players == (ALICE,)


def test_validate_team_three_players_all_named(card_index, modern):
    third = "4 Lightning Bolt\n56 Mountain"
    problems = validate_team(
        [deck(ALICE, BURN), deck(BOB, MERFOLK), deck(CAROL, third)], card_index, modern
    )
    (problem,) = problems
    assert problem.players == (ALICE, CAROL)
    assert "both Alice's and Carol's decks (4 + 4)" in problem.message


# --- basics are exempt (MTR 6.1, 8.4; CR 205.4a) -----------------------------------------------


@pytest.mark.parametrize("basic", ["Island", "Snow-Covered Island", "Wastes", "Mountain"])
@pytest.mark.parametrize("rules_name", ["modern", "modern_old_udc"])
def test_validate_team_basics_in_both_decks_and_over_four_allowed(
    card_index, request, rules_name, basic
):
    rules = request.getfixturevalue(rules_name)
    burn = swap(BURN, "8 Mountain", f"8 {basic}")
    merfolk = swap(MERFOLK, "16 Island", f"16 {basic}")
    assert validate_team([deck(ALICE, burn), deck(BOB, merfolk)], card_index, rules) == []


# --- cards with their own limit (MTR 6.1, 8.4 override clause) ---------------------------------


RATS = "20 Relentless Rats\n40 Swamp"


def test_validate_team_relentless_rats_twenty_in_one_deck_allowed(card_index, modern):
    assert validate_team([deck(ALICE, RATS), deck(BOB, MERFOLK)], card_index, modern) == []


def test_validate_team_relentless_rats_in_two_decks_is_udc_over_limit(card_index, modern):
    merfolk = swap(MERFOLK, "16 Island", "15 Island\n1 Relentless Rats")
    (problem,) = validate_team([deck(ALICE, RATS), deck(BOB, merfolk)], card_index, modern)
    assert (problem.code, problem.card, problem.players) == (
        "udc_over_limit",
        "Relentless Rats",
        (ALICE, BOB),
    )
    assert "own deck limit applies to one deck only" in problem.message


def test_validate_team_combined_four_relentless_rats_in_two_decks_allowed(
    card_index, modern_old_udc
):
    # Documented choice: under the old rule a card's own limit applies to the team combined.
    assert validate_team([deck(ALICE, RATS), deck(BOB, RATS)], card_index, modern_old_udc) == []


@pytest.mark.parametrize(
    ("copies", "expected"), [(7, []), (8, [("card_limit_exceeded", "Seven Dwarves")])]
)
def test_validate_team_seven_dwarves_own_limit_of_seven(card_index, modern, copies, expected):
    dwarves = f"{copies} Seven Dwarves\n{60 - copies} Mountain"
    problems = validate_team([deck(ALICE, dwarves), deck(BOB, MERFOLK)], card_index, modern)
    assert codes(problems) == expected
    if expected:
        assert (problems[0].count, problems[0].limit) == (8, 7)


@pytest.mark.parametrize(("alice", "bob", "over"), [(4, 3, False), (4, 4, True)])
def test_validate_team_combined_four_seven_dwarves_team_limit(
    card_index, modern_old_udc, alice, bob, over
):
    decks = [
        deck(ALICE, f"{alice} Seven Dwarves\n{60 - alice} Mountain"),
        deck(BOB, f"{bob} Seven Dwarves\n{60 - bob} Mountain"),
    ]
    problems = validate_team(decks, card_index, modern_old_udc)
    assert codes(problems) == ([("udc_over_limit", "Seven Dwarves")] if over else [])


def test_validate_team_nazgul_nine_allowed_with_legality_unknown_warning(card_index, modern):
    # Nazgûl comes from the Commander-only supplement: its Modern legality is unknown.
    nazgul = "9 Nazgul\n51 Swamp"
    (problem,) = validate_team([deck(ALICE, nazgul), deck(BOB, MERFOLK)], card_index, modern)
    assert (problem.code, problem.card, problem.severity) == (
        "legality_unknown",
        "Nazgûl",
        "warning",
    )
    assert "newer catalogue" in problem.message


def test_validate_team_nazgul_ten_over_own_limit(card_index, modern):
    nazgul = "10 Nazgûl\n50 Swamp"
    problems = validate_team([deck(ALICE, nazgul), deck(BOB, MERFOLK)], card_index, modern)
    assert [(p.code, p.limit) for p in errors(problems)] == [("card_limit_exceeded", 9)]


# --- restricted cards (MTR 6.2, 8.4; before 2016 one per team) ---------------------------------


def test_validate_team_vintage_restricted_one_per_deck(card_index, vintage):
    burn = swap(BURN, "8 Mountain", "6 Mountain\n1 Black Lotus\n1 Brainstorm")
    assert validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, vintage) == []


def test_validate_team_vintage_restricted_two_in_one_deck(card_index, vintage):
    burn = swap(BURN, "8 Mountain", "6 Mountain\n2 Black Lotus")
    (problem,) = validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, vintage)
    assert (problem.code, problem.card, problem.count, problem.limit) == (
        "restricted_over_limit",
        "Black Lotus",
        2,
        1,
    )


def test_validate_team_vintage_restricted_one_in_each_deck_mtr(card_index, vintage):
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Black Lotus")
    merfolk = swap(MERFOLK, "16 Island", "15 Island\n1 Black Lotus")
    problems = validate_team([deck(ALICE, burn), deck(BOB, merfolk)], card_index, vintage)
    assert codes(problems) == [("udc_over_limit", "Black Lotus")]


def test_validate_team_vintage_restricted_one_per_team_combined_four(card_index, vintage_old_udc):
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Ancestral Recall")
    merfolk = swap(MERFOLK, "16 Island", "15 Island\n1 Ancestral Recall")
    (problem,) = validate_team([deck(ALICE, burn), deck(BOB, merfolk)], card_index, vintage_old_udc)
    assert (problem.code, problem.count, problem.limit, problem.players) == (
        "restricted_over_limit",
        2,
        1,
        (ALICE, BOB),
    )


def test_validate_team_vintage_ponder_no_longer_restricted(card_index, vintage):
    # The 2022 catalogue says restricted; the current Vintage list (banlists.json) does not.
    burn = swap(BURN, "8 Mountain", "4 Mountain\n4 Ponder")
    assert validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, vintage) == []


# --- the old rule: combined four (2HG FAQ, MTR before July 2016) -------------------------------


@pytest.mark.parametrize(
    ("alice", "bob", "expected"), [(2, 2, []), (3, 2, [("udc_over_limit", "Lightning Bolt")])]
)
def test_validate_team_combined_four_lightning_bolt_split(
    card_index, modern_old_udc, alice, bob, expected
):
    burn = swap(BURN, "4 Lightning Bolt", f"{alice} Lightning Bolt\n{4 - alice} Mountain")
    merfolk = swap(MERFOLK, "16 Island", f"{16 - bob} Island\n{bob} Lightning Bolt")
    problems = validate_team([deck(ALICE, burn), deck(BOB, merfolk)], card_index, modern_old_udc)
    assert codes(problems) == expected
    if expected:
        assert (problems[0].count, problems[0].limit) == (5, 4)


def test_validate_team_combined_four_five_in_one_deck_over(card_index, modern_old_udc):
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Lightning Bolt")
    (problem,) = validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, modern_old_udc)
    assert (problem.code, problem.count, problem.limit) == ("card_limit_exceeded", 5, 4)


# --- banned and not legal (MTR 6.3-6.7, 9.5) ---------------------------------------------------


@pytest.mark.parametrize("rules_name", ["modern", "vintage"])
def test_validate_team_erayo_banned_in_2hg_constructed(card_index, request, rules_name):
    # The catalogue says Erayo is legal in Modern and Vintage; MTR 9.5 bans it in all 2HG constructed.
    assert (
        card_index.get("Erayo, Soratami Ascendant").legalities[
            request.getfixturevalue(rules_name).format
        ]
        == "legal"
    )
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Erayo, Soratami Ascendant")
    (problem,) = validate_team(
        [deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, request.getfixturevalue(rules_name)
    )
    assert (problem.code, problem.card) == (
        "banned",
        "Erayo, Soratami Ascendant // Erayo's Essence",
    )
    assert "MTR 9.5" in problem.message
    assert problem.line == 16  # "7 Mountain" took line 15


def test_validate_team_erayo_banned_without_loaded_2hg_list(card_index, banlists):
    rules = EventRules(
        structure="constructed", format="legacy", banlists={"legacy": banlists["legacy"]}
    )
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Erayo, Soratami Ascendant")
    assert (
        codes(validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, rules))[0][0]
        == "banned"
    )


def test_validate_team_2hg_list_from_data_applies(card_index):
    rules = EventRules(
        structure="constructed",
        format="modern",
        banlists={TWO_HEADED_GIANT: Banlist(TWO_HEADED_GIANT, banned=frozenset({"Goblin Guide"}))},
        two_headed_giant_bans=frozenset(),
    )
    problems = validate_team([deck(ALICE, BURN), deck(BOB, MERFOLK)], card_index, rules)
    assert codes(problems) == [("banned", "Goblin Guide")]


@pytest.mark.parametrize("card", ["Lotus Field", "Fury", "Yorion, Sky Nomad"])
def test_validate_team_current_modern_ban_replaces_catalogue(card_index, modern, card):
    # Legal in Modern in the 2022 catalogue, banned on the 2026 list.
    assert card_index.get(card).legalities["modern"] == "legal"
    burn = swap(BURN, "8 Mountain", f"7 Mountain\n1 {card}")
    problems = validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, modern)
    assert codes(problems) == [("banned", card)]
    assert problems[0].message.endswith(f"{card} is banned in Modern.")


def test_validate_team_unbanned_card_legal_with_current_list(card_index, modern):
    # Umezawa's Jitte: banned in Modern in 2022, unbanned 2026-05-18.
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Umezawa's Jitte")
    assert validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, modern) == []


def test_validate_team_without_banlist_uses_catalogue_status(card_index):
    rules = EventRules(structure="constructed", format="modern", banlists={})
    burn = swap(BURN, "8 Mountain", "6 Mountain\n1 Umezawa's Jitte\n1 Lotus Field")
    problems = validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, rules)
    assert codes(problems) == [("banned", "Umezawa's Jitte")]


def test_validate_team_not_legal_in_format(card_index, modern):
    merfolk = swap(MERFOLK, "16 Island", "12 Island\n4 Force of Will")
    (problem,) = validate_team([deck(ALICE, BURN), deck(BOB, merfolk)], card_index, modern)
    assert (problem.code, problem.card, problem.players, problem.count) == (
        "not_legal",
        "Force of Will",
        (BOB,),
        4,
    )


# --- names: split, double-faced, typos ----------------------------------------------------------


def test_validate_team_split_card_spellings_are_one_card(card_index, modern):
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Fire/Ice")
    merfolk = swap(MERFOLK, "16 Island", "15 Island\n1 Fire // Ice")
    problems = validate_team([deck(ALICE, burn), deck(BOB, merfolk)], card_index, modern)
    assert codes(problems) == [("udc_over_limit", "Fire // Ice")]


def test_validate_team_front_face_and_full_name_counted_together(card_index, modern):
    merfolk = swap(
        MERFOLK,
        "16 Island",
        "11 Island\n3 Delver of Secrets\n2 Delver of Secrets // Insectile Aberration",
    )
    (problem,) = validate_team([deck(ALICE, BURN), deck(BOB, merfolk)], card_index, modern)
    assert (problem.code, problem.card, problem.count) == (
        "card_limit_exceeded",
        "Delver of Secrets // Insectile Aberration",
        5,
    )


def test_validate_team_unknown_card_suggests_spelling(card_index, modern):
    burn = swap(BURN, "4 Lightning Bolt", "4 Lightening Bolt")
    (problem,) = validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, modern)
    assert (problem.code, problem.card, problem.line, problem.count) == (
        "unknown_card",
        "Lightening Bolt",
        4,
        4,
    )
    assert "Did you mean Lightning Bolt" in problem.message


# --- deck size, sideboard, missing list, parse errors ------------------------------------------


@pytest.mark.parametrize(("mountains", "expected"), [(7, [("deck_too_small", None)]), (8, [])])
def test_validate_team_constructed_minimum_sixty(card_index, modern, mountains, expected):
    burn = swap(BURN, "8 Mountain", f"{mountains} Mountain")
    problems = validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, modern)
    assert codes(problems) == expected
    if expected:
        assert (problems[0].count, problems[0].limit, problems[0].players) == (59, 60, (ALICE,))


def test_validate_team_sideboard_not_allowed_in_constructed(card_index, modern):
    burn = deck(ALICE, BURN, sideboard="2 Smash to Smithereens\n1 Jegantha, the Wellspring")
    (problem,) = validate_team([burn, deck(BOB, MERFOLK)], card_index, modern)
    assert (problem.code, problem.count, problem.players) == ("sideboard_not_allowed", 3, (ALICE,))
    assert "MTR 9.5" in problem.message


def test_validate_team_missing_decklist_and_other_deck_still_checked(card_index, modern):
    missing = DeckInput(player=BOB, player_name="Bob", main=(), submitted=False)
    burn = swap(BURN, "8 Mountain", "7 Mountain")
    problems = validate_team([deck(ALICE, burn), missing], card_index, modern)
    assert [(p.code, p.players) for p in problems] == [
        ("missing_decklist", (BOB,)),
        ("deck_too_small", (ALICE,)),
    ]


def test_validate_team_parse_error_keeps_line(card_index, modern):
    burn = swap(BURN, "4 Rift Bolt", "4 Rift Bolt\nLava Dart")
    problems = validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, modern)
    (problem,) = problems
    assert (problem.code, problem.line, problem.players) == ("parse_error", 6, (ALICE,))
    assert "line 6" in problem.message
    assert "Missing count" in problem.message


def test_validate_team_problems_sorted_by_code_then_card(card_index, modern):
    burn = swap(BURN, "8 Mountain", "1 Mountain\n1 Lotus Field\n1 Fury\n1 Lightening Bolt")
    merfolk = swap(MERFOLK, "16 Island", "15 Island\n1 Goblin Guide")
    problems = validate_team([deck(ALICE, burn), deck(BOB, merfolk)], card_index, modern)
    assert codes(problems) == [
        ("unknown_card", "Lightening Bolt"),
        ("deck_too_small", None),
        ("banned", "Fury"),
        ("banned", "Lotus Field"),
        ("udc_over_limit", "Goblin Guide"),
    ]
    ranks = [CODE_ORDER.index(p.code) for p in problems]
    assert ranks == sorted(ranks)


# --- rules object -----------------------------------------------------------------------------


def test_event_rules_format_name_is_case_insensitive(card_index, banlists):
    rules = EventRules(structure="constructed", format=" Modern ", banlists=banlists)
    burn = swap(BURN, "8 Mountain", "7 Mountain\n1 Lotus Field")
    assert codes(validate_team([deck(ALICE, burn), deck(BOB, MERFOLK)], card_index, rules)) == [
        ("banned", "Lotus Field")
    ]


def test_event_rules_unknown_values_rejected():
    with pytest.raises(ValueError, match="structure"):
        EventRules(structure="cube")  # type: ignore[arg-type]  # a value outside the Literal on purpose
    with pytest.raises(ValueError, match="UDC"):
        EventRules(structure="constructed", udc_rule="combined_eight")  # type: ignore[arg-type]  # a value outside the Literal on purpose


# --- properties -------------------------------------------------------------------------------

# A small world of real cards: ordinary, basic, own-limit and restricted (vintage).
WORLD = [
    "Lightning Bolt",
    "Goblin Guide",
    "Brainstorm",
    "Black Lotus",
    "Relentless Rats",
    "Seven Dwarves",
    "Island",
    "Wastes",
    "Snow-Covered Island",
    "Fire // Ice",
]

team_strategy = st.lists(
    st.dictionaries(
        st.sampled_from(WORLD), st.integers(min_value=1, max_value=9), max_size=len(WORLD)
    ),
    min_size=2,
    max_size=3,
)


def decks_from(team: list[dict[str, int]], order_seed: int = 0) -> list[DeckInput]:
    rng = random.Random(order_seed)
    result = []
    for player, cards in enumerate(team, start=1):
        entries = [
            Entry(name, count, line)
            for line, (name, count) in enumerate(sorted(cards.items()), start=1)
        ]
        rng.shuffle(entries)
        result.append(DeckInput(player, f"Player {player}", entries))
    return result


@settings(max_examples=150, deadline=None)
@given(
    team=team_strategy, seed=st.integers(0, 1000), rule=st.sampled_from(["mtr", "combined_four"])
)
def test_validate_team_problems_do_not_depend_on_line_order(card_index, banlists, team, seed, rule):
    rules = EventRules(structure="constructed", format="vintage", udc_rule=rule, banlists=banlists)
    assert validate_team(decks_from(team, seed), card_index, rules) == validate_team(
        decks_from(team, 0), card_index, rules
    )


@settings(max_examples=150, deadline=None)
@given(team=team_strategy)
def test_validate_team_mtr_udc_flags_exactly_nonbasic_cards_in_two_decks(
    card_index, banlists, team
):
    rules = EventRules(structure="constructed", format="vintage", banlists=banlists)
    problems = validate_team(decks_from(team), card_index, rules)
    decks_holding = Counter(name for cards in team for name in cards)
    expected = {
        name
        for name, decks in decks_holding.items()
        if decks >= 2 and not card_index.get(name).is_basic
    }
    assert {p.card for p in problems if p.code == "udc_over_limit"} == expected


@settings(max_examples=150, deadline=None)
@given(team=team_strategy)
def test_validate_team_combined_four_flags_team_totals(card_index, banlists, team):
    rules = EventRules(
        structure="constructed", format="vintage", udc_rule="combined_four", banlists=banlists
    )
    problems = validate_team(decks_from(team), card_index, rules)
    totals: Counter[str] = Counter()
    for cards in team:
        totals.update(cards)
    limits = {"Black Lotus": 1, "Brainstorm": 1, "Relentless Rats": UNLIMITED, "Seven Dwarves": 7}
    expected = {
        name
        for name, total in totals.items()
        if not card_index.get(name).is_basic and total > limits.get(name, 4)
    }
    copy_codes = {"udc_over_limit", "card_limit_exceeded", "restricted_over_limit"}
    assert {p.card for p in problems if p.code in copy_codes} == expected


def test_validate_team_works_with_small_hand_built_index():
    index = CardIndex(
        [CardFacts("Lightning Bolt", (), "Instant", False, None, {"modern": "legal"})]
    )
    rules = EventRules(structure="constructed", format="modern")
    decks = [
        DeckInput(ALICE, "Alice", [Entry("Lightning Bolt", 4, 1)]),
        DeckInput(BOB, "Bob", [Entry("Lightning Bolt", 1, 1)]),
    ]
    assert [p.code for p in validate_team(decks, index, rules)] == [
        "deck_too_small",
        "deck_too_small",
        "udc_over_limit",
    ]


def test_validate_team_parse_error_on_line_zero_names_the_list(card_index, modern):
    refused = DeckInput(
        ALICE,
        "Alice",
        (),
        parse_errors=(ParseError(0, "The decklist has more than 20,000 lines; it was not read."),),
    )
    problems = validate_team([refused, deck(BOB, MERFOLK)], card_index, modern)
    assert codes(problems) == [("parse_error", None), ("deck_too_small", None)]
    assert problems[0].message.startswith("Alice's decklist, the list: The decklist has more than")
