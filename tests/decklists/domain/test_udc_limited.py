"""Team deck checks in limited 2HG (MTR 9.6, CR 100.4c): decks built from the team's pool with
free basics, the shared sideboard; and who holds which copies."""

import pytest

from decklists.domain.decklists import Entry
from decklists.domain.udc import DeckInput, EventRules, holders, shared_sideboard, validate_team
from support import decks
from support.udc import ALICE, BOB, CAROL, codes, deck, swap

MERFOLK = decks.MERFOLK
BURN = decks.BOROS_BURN


@pytest.fixture(scope="module")
def sealed() -> EventRules:
    return EventRules(structure="sealed", format=None)


# --- limited 2HG (MTR 9.6, CR 100.4c) ------------------------------------------------------------

POOL = [
    Entry("Llanowar Elves", 6, 1),
    Entry("Giant Growth", 2, 2),
    Entry("Black Lotus", 1, 3),
    Entry("Erayo, Soratami Ascendant", 1, 4),
    Entry("Snow-Covered Forest", 1, 5),
    Entry("Wear // Tear", 1, 6),
]


def limited_deck(player: int, text: str) -> DeckInput:
    return deck(player, text)


def test_validate_team_sealed_decks_from_pool_with_free_basics(card_index, sealed):
    # No copy limit, no legality (Black Lotus, Erayo), basic lands added freely (MTR 9.6).
    alice = limited_deck(
        ALICE, "6 Llanowar Elves\n1 Black Lotus\n1 Erayo, Soratami Ascendant\n32 Forest"
    )
    bob = limited_deck(BOB, "2 Giant Growth\n1 Snow-Covered Forest\n1 Wear/Tear\n36 Plains")
    assert validate_team([alice, bob], card_index, sealed, pool=POOL) == []


def test_validate_team_sealed_pool_counts_both_decks_together(card_index, sealed):
    alice = limited_deck(ALICE, "1 Giant Growth\n39 Forest")
    bob = limited_deck(BOB, "2 Giant Growth\n38 Forest")
    (problem,) = validate_team([alice, bob], card_index, sealed, pool=POOL)
    assert (problem.code, problem.card, problem.count, problem.limit, problem.players) == (
        "not_in_pool",
        "Giant Growth",
        3,
        2,
        (ALICE, BOB),
    )


@pytest.mark.parametrize("card", ["Snow-Covered Forest", "Wastes", "Lightning Bolt"])
def test_validate_team_sealed_only_five_basics_are_free(card_index, sealed, card):
    alice = limited_deck(ALICE, f"2 {card}\n38 Forest")
    problems = validate_team([alice, limited_deck(BOB, "40 Island")], card_index, sealed, pool=POOL)
    assert codes(problems) == [("not_in_pool", card)]


def test_validate_team_limited_minimum_forty(card_index, sealed):
    problems = validate_team(
        [limited_deck(ALICE, "39 Forest"), limited_deck(BOB, "40 Island")],
        card_index,
        sealed,
        pool=POOL,
    )
    assert [(p.code, p.count, p.limit) for p in problems] == [("deck_too_small", 39, 40)]


def test_validate_team_limited_without_pool_warns(card_index, sealed):
    problems = validate_team(
        [limited_deck(ALICE, "40 Forest"), limited_deck(BOB, "40 Island")], card_index, sealed
    )
    assert [(p.code, p.severity, p.players) for p in problems] == [
        ("pool_missing", "warning", (ALICE, BOB))
    ]


def test_validate_team_limited_unknown_pool_card_reported(card_index, sealed):
    pool = [*POOL, Entry("Lightening Bolt", 1, 7)]
    problems = validate_team(
        [limited_deck(ALICE, "40 Forest"), limited_deck(BOB, "40 Island")], card_index, sealed, pool
    )
    assert [(p.code, p.card, p.players, p.line) for p in problems] == [
        ("unknown_card", "Lightening Bolt", (), 7)
    ]


def test_shared_sideboard_is_pool_minus_both_decks(card_index):
    alice = limited_deck(ALICE, "4 Llanowar Elves\n36 Forest")
    bob = limited_deck(BOB, "1 Giant Growth\n1 Wear/Tear\n38 Forest")
    remaining = shared_sideboard(POOL, [alice, bob], card_index)
    assert [(e.name, e.count) for e in remaining] == [
        ("Llanowar Elves", 2),
        ("Giant Growth", 1),
        ("Black Lotus", 1),
        ("Erayo, Soratami Ascendant", 1),
        ("Snow-Covered Forest", 1),
    ]


def test_shared_sideboard_without_index_matches_by_name_key():
    pool = [Entry("Fire // Ice", 2, 1), Entry("Forest", 3, 2)]
    decks = [DeckInput(ALICE, "Alice", [Entry("fire/ice", 1, 1), Entry("Forest", 17, 2)])]
    assert shared_sideboard(pool, decks) == [Entry("Fire // Ice", 1, 1)]


# --- holders ----------------------------------------------------------------------------------


def test_holders_lists_copies_per_player(card_index):
    merfolk = swap(MERFOLK, "16 Island", "14 Island\n2 Lightning Bolt")
    table = holders(
        [deck(ALICE, BURN), deck(BOB, merfolk), DeckInput(CAROL, "Carol", (), submitted=False)],
        card_index,
    )
    assert table["Lightning Bolt"] == {ALICE: 4, BOB: 2}
    assert table["Island"] == {BOB: 14}
    assert list(table) == sorted(table, key=str.casefold)
