"""Names the card data does not know still count in Unified Deck Construction (MTR 8.4: cards
are counted by English name), by the name as written: a card newer than the data, most often."""

import datetime as dt

from decklists.domain.udc import EventRules, validate_team
from support import decks
from support.udc import ALICE, BOB, codes, deck

NEW_CARD = "Nadu, Winged Wisdom"  # 2024: newer than the shipped 2022 data


def modern(banlists, **dates) -> EventRules:
    return EventRules(structure="constructed", format="modern", banlists=banlists, **dates)


def test_two_teammates_with_the_same_unknown_card_clash(card_index, banlists):
    """MTR 8.4: one deck per card, whether the data knows the card or not."""
    alice = deck(ALICE, decks.BOROS_BURN.replace("8 Mountain", f"1 {NEW_CARD}\n7 Mountain"))
    bob = deck(BOB, decks.MERFOLK.replace("16 Island", "1 nadu, winged wisdom\n15 Island"))
    problems = validate_team([alice, bob], card_index, modern(banlists))
    assert codes(problems) == [
        ("unknown_card", NEW_CARD),
        ("unknown_card", "nadu, winged wisdom"),
        ("udc_over_limit", NEW_CARD),
    ]
    clash = problems[-1]
    assert (clash.players, clash.count, clash.severity) == ((ALICE, BOB), 2, "error")
    assert "both Alice's and Bob's decks (1 + 1)" in clash.message


def test_the_clash_stays_an_error_with_old_card_data(card_index, banlists):
    """Old data makes the unknown name a warning (a newer card?); sharing it is still an error."""
    old = modern(banlists, card_data_date=dt.date(2022, 4, 25), checked_on=dt.date(2026, 11, 22))
    alice = deck(ALICE, decks.BOROS_BURN.replace("8 Mountain", f"1 {NEW_CARD}\n7 Mountain"))
    bob = deck(BOB, decks.MERFOLK.replace("16 Island", f"1 {NEW_CARD}\n15 Island"))
    problems = validate_team([alice, bob], card_index, old)
    assert [(p.code, p.severity) for p in problems] == [
        ("unknown_card", "warning"),
        ("unknown_card", "warning"),
        ("udc_over_limit", "error"),
    ]


def test_five_copies_of_an_unknown_card_in_one_deck(card_index, banlists):
    """MTR 6.1: four copies, known card or not."""
    alice = deck(ALICE, decks.BOROS_BURN.replace("8 Mountain", f"5 {NEW_CARD}\n3 Mountain"))
    problems = validate_team([alice, deck(BOB, decks.MERFOLK)], card_index, modern(banlists))
    assert codes(problems) == [("unknown_card", NEW_CARD), ("card_limit_exceeded", NEW_CARD)]
    assert (problems[1].count, problems[1].limit) == (5, 4)


def test_different_unknown_names_do_not_clash(card_index, banlists):
    alice = deck(ALICE, decks.BOROS_BURN.replace("8 Mountain", f"1 {NEW_CARD}\n7 Mountain"))
    bob = deck(BOB, decks.MERFOLK.replace("16 Island", "1 Psychic Frogg\n15 Island"))
    problems = validate_team([alice, bob], card_index, modern(banlists))
    assert {p.code for p in problems} == {"unknown_card"}
