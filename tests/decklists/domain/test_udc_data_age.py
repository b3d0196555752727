"""Card data that does not know a card's legality never makes a team "legal" (MTR 6.3, 6.7:
each format's card pool; MTR 9.5: the format's legality applies in constructed 2HG)."""

import datetime as dt

import pytest

from decklists.domain.cards import Banlist, CardFacts, CardIndex
from decklists.domain.problems import MAX_ROTATING_DATA_AGE
from decklists.domain.udc import EventRules, is_checked, validate_team
from support import decks
from support.udc import ALICE, BOB, codes, deck, errors

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


@pytest.mark.parametrize("fmt", ["modern", "legacy", "vintage"])
def test_non_rotating_formats_trust_old_legal_cards(card_index, banlists, fmt):
    """MTR 6.4-6.7: a card legal in a format that never rotates stays legal unless banned, and
    the current banned lists say that: old data's "legal" stands, the team is legal."""
    rules = EventRules(
        structure="constructed",
        format=fmt,
        banlists=banlists,
        card_data_date=DATA_2022,
        checked_on=EVENT_DAY,
    )
    assert rules.legalities_outdated
    problems = validate_team(
        [deck(ALICE, decks.BOROS_BURN), deck(BOB, decks.MERFOLK)], card_index, rules
    )
    assert problems == []


@pytest.mark.parametrize(
    ("fmt", "card"),
    [
        ("pioneer", "Brushland"),
        ("pioneer", "Burst Lightning"),
        ("pioneer", "Go for the Throat"),
        ("modern", "Meltdown"),
        ("pauper", "Murmuring Mystic"),
    ],
)
def test_not_legal_in_old_data_is_a_warning_in_every_format(card_index, banlists, fmt, card):
    """MTR 6.4-6.7: these cards were not legal in April 2022 and were reprinted into the format
    since: 2022 data's "not legal" is not trusted, the team is not checked, never illegal."""
    rules = EventRules(
        structure="constructed",
        format=fmt,
        banlists=banlists,
        card_data_date=DATA_2022,
        checked_on=EVENT_DAY,
    )
    alice, bob = deck(ALICE, f"4 {card}\n56 Forest"), deck(BOB, "4 Opt\n56 Island")
    problems = validate_team([alice, bob], card_index, rules)
    assert [(p.code, p.players, p.count, p.severity) for p in problems] == [
        ("legality_outdated", (ALICE,), 4, "warning")
    ]
    assert "2022-04-25" in problems[0].message
    assert not is_checked(problems)
    current = EventRules(structure="constructed", format=fmt, banlists=banlists)
    assert codes(validate_team([alice, bob], card_index, current)) == [("not_legal", card)]


def test_current_bans_and_the_2hg_ban_stay_errors_with_old_data(card_index, banlists):
    """MTR 6.4, 9.5: what the current banned list and the 2HG-only ban say is never outdated."""
    rules = EventRules(
        structure="constructed",
        format="modern",
        banlists=banlists,
        card_data_date=DATA_2022,
        checked_on=EVENT_DAY,
    )
    alice = deck(
        ALICE,
        decks.BOROS_BURN.replace(
            "8 Mountain", "1 Erayo, Soratami Ascendant\n1 Lotus Field\n6 Mountain"
        ),
    )
    problems = validate_team([alice, deck(BOB, decks.MERFOLK)], card_index, rules)
    assert codes(errors(problems)) == [
        ("banned", "Erayo, Soratami Ascendant // Erayo's Essence"),
        ("banned", "Lotus Field"),
    ]


def test_unknown_card_with_old_data_is_a_warning_and_not_checked(card_index, banlists):
    """A card printed after the data (Nadu, Winged Wisdom, 2024): not an error the judge would
    overturn, but never "legal" either. With current data an unknown name is an error."""
    alice = deck(ALICE, decks.BOROS_BURN.replace("8 Mountain", "1 Nadu, Winged Wisdom\n7 Mountain"))
    old = EventRules(
        structure="constructed",
        format="modern",
        banlists=banlists,
        card_data_date=DATA_2022,
        checked_on=EVENT_DAY,
    )
    problems = validate_team([alice, deck(BOB, decks.MERFOLK)], card_index, old)
    assert [(p.code, p.card, p.severity) for p in problems] == [
        ("unknown_card", "Nadu, Winged Wisdom", "warning")
    ]
    assert "too old" in problems[0].message
    assert not is_checked(problems)
    current = EventRules(
        structure="constructed",
        format="modern",
        banlists=banlists,
        card_data_date=EVENT_DAY,
        checked_on=EVENT_DAY,
    )
    problems = validate_team([alice, deck(BOB, decks.MERFOLK)], card_index, current)
    assert [(p.code, p.severity) for p in problems] == [("unknown_card", "error")]


def test_card_without_a_status_in_the_format_leaves_the_team_not_checked(card_index, banlists):
    """MTR 6.4: Nazgûl (Commander-only supplement) has no known Modern status: never "legal"."""
    rules = EventRules(structure="constructed", format="modern", banlists=banlists)
    problems = validate_team(
        [deck(ALICE, "9 Nazgûl\n51 Swamp"), deck(BOB, decks.MERFOLK)], card_index, rules
    )
    assert codes(problems) == [("legality_unknown", "Nazgûl")]
    assert not is_checked(problems)
    assert is_checked([])
