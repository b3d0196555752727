"""Card data that does not know a card's legality never makes a team "legal" (MTR 6.3, 6.7:
each format's card pool; MTR 9.5: the format's legality applies in constructed 2HG)."""

import datetime as dt

import pytest

from decklists.domain.cards import Banlist, CardFacts, CardIndex
from decklists.domain.problems import MAX_ROTATING_DATA_AGE
from decklists.domain.udc import EventRules, is_checked, validate_team
from support import decks
from support.udc import ALICE, BOB, codes, deck

DATA_2022 = dt.date(2022, 4, 25)
EVENT_DAY = dt.date(2026, 11, 22)
STANDARD_2022_A = "4 Consider\n56 Island"
STANDARD_2022_B = "4 Play with Fire\n56 Mountain"


def standard(banlists, *, data: dt.date | None, on: dt.date | None) -> EventRules:
    return EventRules(
        structure="constructed",
        format="standard",
        banlists=banlists,
        card_data_date=data,
        checked_on=on,
    )


def test_standard_with_2022_data_is_not_checked_one_warning_per_deck(card_index, banlists):
    """MTR 6.3: Standard's card pool changes with rotation; 2022 data cannot say "legal" in 2026."""
    rules = standard(banlists, data=DATA_2022, on=EVENT_DAY)
    problems = validate_team(
        [deck(ALICE, STANDARD_2022_A), deck(BOB, STANDARD_2022_B)], card_index, rules
    )
    assert codes(problems) == [("legality_outdated", None), ("legality_outdated", None)]
    assert [(p.players, p.count, p.severity) for p in problems] == [
        ((ALICE,), 4, "warning"),
        ((BOB,), 4, "warning"),
    ]
    assert "2022-04-25" in problems[0].message
    assert not is_checked(problems)


def test_standard_not_legal_in_old_data_is_unknown_too(card_index, banlists):
    """MTR 6.3: a card not in 2022 Standard may be legal now (a reprint): no error, not checked."""
    rules = standard(banlists, data=DATA_2022, on=EVENT_DAY)
    problems = validate_team(
        [deck(ALICE, "4 Lightning Bolt\n56 Mountain"), deck(BOB, STANDARD_2022_A)],
        card_index,
        rules,
    )
    assert {p.code for p in problems} == {"legality_outdated"}


def test_standard_with_recent_data_is_checked(card_index, banlists):
    """MTR 6.3: data younger than the limit is trusted: legal cards pass, others are errors."""
    recent = EVENT_DAY - MAX_ROTATING_DATA_AGE
    rules = standard(banlists, data=DATA_2022, on=DATA_2022 + (EVENT_DAY - recent))
    assert (
        validate_team([deck(ALICE, STANDARD_2022_A), deck(BOB, STANDARD_2022_B)], card_index, rules)
        == []
    )
    problems = validate_team(
        [deck(ALICE, "4 Lightning Bolt\n56 Mountain"), deck(BOB, STANDARD_2022_A)],
        card_index,
        rules,
    )
    assert codes(problems) == [("not_legal", "Lightning Bolt")]


def test_standard_with_undated_data_is_not_checked(card_index, banlists):
    """MTR 6.3: card data of unknown age does not know the current Standard pool."""
    rules = standard(banlists, data=None, on=EVENT_DAY)
    problems = validate_team(
        [deck(ALICE, STANDARD_2022_A), deck(BOB, STANDARD_2022_B)], card_index, rules
    )
    assert {p.code for p in problems} == {"legality_outdated"}


def test_banned_cards_are_still_found_with_outdated_data():
    """MTR 6.3, 9.5: the current banned list and the 2HG ban apply whatever the card data's age."""
    index = CardIndex(
        [
            CardFacts("Gran-Gran", (), "Creature", False, None, {"standard": "legal"}),
            CardFacts("Opt", (), "Instant", False, None, {"standard": "legal"}),
            CardFacts("Island", (), "Basic Land", True, None, {"standard": "legal"}),
        ]
    )
    rules = EventRules(
        structure="constructed",
        format="standard",
        banlists={"standard": Banlist("standard", banned=frozenset({"Gran-Gran"}))},
        card_data_date=DATA_2022,
        checked_on=EVENT_DAY,
    )
    problems = validate_team(
        [deck(ALICE, "1 Gran-Gran\n59 Island"), deck(BOB, "4 Opt\n56 Island")], index, rules
    )
    # Alice's other cards are basic lands, always in Standard: only Bob's Opt is unchecked.
    assert codes(problems) == [("banned", "Gran-Gran"), ("legality_outdated", None)]
    assert problems[1].players == (BOB,)


@pytest.mark.parametrize("fmt", ["modern", "legacy", "vintage", "pioneer", "pauper"])
def test_non_rotating_formats_keep_old_data(card_index, banlists, fmt):
    """MTR 6.4-6.7: non-rotating pools change by bans (loaded separately) and by new cards
    (unknown to old data, so reported): the 2022 statuses still hold."""
    rules = EventRules(
        structure="constructed",
        format=fmt,
        banlists=banlists,
        card_data_date=DATA_2022,
        checked_on=EVENT_DAY,
    )
    assert not rules.legalities_outdated
    problems = validate_team(
        [deck(ALICE, decks.BOROS_BURN), deck(BOB, decks.MERFOLK)], card_index, rules
    )
    assert "legality_outdated" not in {p.code for p in problems}


def test_card_without_a_status_in_the_format_leaves_the_team_not_checked(card_index, banlists):
    """MTR 6.4: Nazgûl (Commander-only supplement) has no known Modern status: never "legal"."""
    rules = EventRules(structure="constructed", format="modern", banlists=banlists)
    problems = validate_team(
        [deck(ALICE, "9 Nazgûl\n51 Swamp"), deck(BOB, decks.MERFOLK)], card_index, rules
    )
    assert codes(problems) == [("legality_unknown", "Nazgûl")]
    assert not is_checked(problems)
    assert is_checked([])
