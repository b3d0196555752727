"""The remedy of a deck check's Unified Deck Construction or decklist problem (IPG 3.4, 3.5;
MTR 6.1, 7.1, 8.4, 9.5), worked by hand on a constructed team: Alice (1) and Bob (2)."""

import pytest

from judging.domain.deckfix import (
    DeckFixError,
    basic_named,
    copies_of,
    deck_minimum,
    deck_text,
    default_basic,
    fix_decks,
)

ALICE = {"Lightning Bolt": 4, "Mountain": 20, "Island": 4, "Counterspell": 32}  # 60
BOB = {"Lightning Bolt": 2, "Forest": 18, "Llanowar Elves": 40}  # 60


def test_minimum_constructed_60_limited_40():
    # MTR 6.1 (constructed), MTR 7.1 and 9.6 (limited)
    assert deck_minimum(True) == 60
    assert deck_minimum(False) == 40


def test_udc_shared_card_removed_from_the_chosen_deck_and_topped_up():
    # MTR 9.5: no two decks of a team share a card; the player chose Bob's two copies to go;
    # IPG 3.4: the deck below its minimum gets basic lands.
    fix = fix_decks({1: ALICE, 2: BOB}, "Lightning Bolt", {2: 2}, 60)
    bob = fix.changes[2]
    assert bob.removed == 2
    assert bob.added == 2
    assert bob.basic == "Forest"
    assert bob.after == {"Forest": 20, "Llanowar Elves": 40}
    assert bob.size_before == 60
    assert bob.size_after == 60
    alice = fix.changes[1]
    assert alice.after == ALICE
    assert not alice.changed
    assert fix.holders_after == (1,)  # no longer shared (MTR 9.5)
    assert fix.removed == 2


def test_copies_from_both_decks_may_go():
    fix = fix_decks({1: ALICE, 2: BOB}, "lightning bolt", {1: 1, 2: 2}, 60)
    assert copies_of(fix.changes[1].after, "Lightning Bolt") == 3
    assert fix.changes[1].after["Mountain"] == 21  # Alice's most present basic
    assert fix.holders_after == (1,)


def test_removal_leaving_the_card_shared_is_reported():
    fix = fix_decks({1: ALICE, 2: BOB}, "Lightning Bolt", {1: 1}, 60)
    assert fix.holders_after == (1, 2)  # still shared: the page says so before applying


def test_player_names_the_basic():
    fix = fix_decks({1: ALICE, 2: BOB}, "Lightning Bolt", {2: 2}, 60, basics={2: "swamp"})
    assert fix.changes[2].after["Swamp"] == 2
    assert fix.changes[2].basic == "Swamp"


def test_deck_above_minimum_gets_no_lands():
    big = {**BOB, "Llanowar Elves": 45}  # 65 cards
    fix = fix_decks({2: big}, "Lightning Bolt", {2: 2}, 60)
    assert fix.changes[2].added == 0
    assert fix.changes[2].size_after == 63


def test_limited_minimum_40():
    # MTR 7.1, 9.6: a limited deck of 40 with a card not in the pool
    deck = {"Grizzly Bears": 1, "Island": 9, "Swamp": 8, "Mind Rot": 22}
    fix = fix_decks({1: deck}, "Grizzly Bears", {1: 1}, 40)
    assert fix.changes[1].after["Island"] == 10
    assert fix.changes[1].size_after == 40


def test_only_the_decks_that_lose_cards_are_topped_up():
    short = {"Counterspell": 4, "Island": 30}  # 34 cards: not this remedy's to fix
    fix = fix_decks({1: ALICE, 2: short, 3: {}}, "Lightning Bolt", {1: 4}, 60)
    assert fix.changes[1].added == 4
    assert fix.changes[2].after == short
    assert fix.changes[3].after == {}
    assert not fix.changes[2].changed


def test_default_basic_most_present_else_plains():
    assert default_basic({"Island": 3, "Forest": 5}) == "Forest"
    assert default_basic({"Island": 5, "Forest": 5}) == "Island"  # tie: order WUBRG
    assert default_basic({"Counterspell": 4}) == "Plains"
    assert default_basic({"snow-covered island": 5}) == "Plains"  # only the five basics


def test_card_name_written_differently_is_one_card():
    fix = fix_decks({1: {"Fire/Ice": 4, "Island": 56}}, "Fire // Ice", {1: 4}, 60)
    assert fix.changes[1].after == {"Island": 60}


@pytest.mark.parametrize(
    ("remove", "field"),
    [
        ({}, "remove"),
        ({2: 0}, "remove"),
        ({2: 3}, "remove"),  # Bob holds only 2
        ({2: -1}, "remove"),
        ({9: 1}, "remove"),  # not a player of the team
    ],
)
def test_bad_removals_refused(remove, field):
    with pytest.raises(DeckFixError) as caught:
        fix_decks({1: ALICE, 2: BOB}, "Lightning Bolt", remove, 60)
    assert caught.value.field == field


def test_basics_are_never_the_problem_card():
    # MTR 6.1, 8.4: basics are exempt from copy limits and UDC
    with pytest.raises(DeckFixError):
        fix_decks({1: ALICE}, "Mountain", {1: 1}, 60)


def test_basic_named_only_the_five():
    assert basic_named("island") == "Island"
    for bad in ("Wastes", "Lightning Bolt", None, 3):
        with pytest.raises(DeckFixError):
            basic_named(bad)
    with pytest.raises(DeckFixError):
        fix_decks({1: ALICE, 2: BOB}, "Lightning Bolt", {2: 2}, 60, basics={2: "Wastes"})


def test_deck_text_round_trips_through_the_parser():
    from decklists.domain.decklists import parse_decklist

    parsed = parse_decklist(deck_text(BOB), blank_line_sideboard=False)
    assert {e.name: e.count for e in parsed.main} == BOB
    assert not parsed.errors
