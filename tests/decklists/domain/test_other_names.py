"""Other printed names of a card (MTR 3.6) and MTG Arena's rebalanced "A-" cards in the team
deck check: one card whatever name a list uses (MTR 6.1, 6.2, 8.4)."""

import json

import pytest

from decklists.catalogue import SHIPPED_DIR
from decklists.domain.card_files import read_cards
from decklists.domain.cards import CardFacts, CardIndex
from decklists.domain.udc import EventRules, validate_team
from support import decks
from support.udc import ALICE, BOB, codes, deck, errors

CATALOGUE = SHIPPED_DIR / "cards.jsonl.gz"
PAIRS = SHIPPED_DIR / "flavor-names.json"


@pytest.fixture(scope="module")
def index() -> CardIndex:
    """The shipped catalogue with the shipped other names."""
    pairs = [tuple(pair) for pair in json.loads(PAIRS.read_text(encoding="utf-8"))]
    with CATALOGUE.open("rb") as fileobj:
        return CardIndex(list(read_cards(fileobj)), aliases=pairs)


@pytest.fixture(scope="module")
def modern(banlists) -> EventRules:
    return EventRules(structure="constructed", format="modern", banlists=banlists)


def test_every_shipped_other_name_finds_its_oracle_card(index):
    """MTR 3.6: the 566 shipped pairs all name a card of the shipped catalogue."""
    pairs = json.loads(PAIRS.read_text(encoding="utf-8"))
    assert len(pairs) == 566
    assert index.unresolved_aliases == 0
    for other, oracle in pairs:
        assert index.get(other) is index.get(oracle), other


def test_other_name_is_shown_with_the_oracle_name(index):
    """MTR 3.6: "Krobus" is Academy Manufactor, in any case or accents."""
    assert index.get("krobus").name == "Academy Manufactor"
    assert index.is_other_name("Krobus")
    assert not index.is_other_name("Academy Manufactor")


def test_other_name_in_one_deck_and_oracle_name_in_the_other_break_udc(index, modern):
    """MTR 3.6, 8.4: four Krobus and four Academy Manufactor are one card in two decks."""
    alice = decks.MERFOLK.replace("4 Lord of Atlantis", "4 Krobus")
    bob = decks.BOROS_BURN.replace("4 Goblin Guide", "4 Academy Manufactor")
    problems = validate_team([deck(ALICE, alice), deck(BOB, bob)], index, modern)
    assert codes(errors(problems)) == [("udc_over_limit", "Academy Manufactor")]
    assert errors(problems)[0].players == (ALICE, BOB)


def test_both_names_in_one_deck_count_together_for_four_copies(index, modern):
    """MTR 3.6, 6.1: 2 Krobus + 3 Academy Manufactor are five copies of one card."""
    alice = decks.MERFOLK.replace("4 Lord of Atlantis", "2 Krobus\n3 Academy Manufactor")
    alice = alice.replace("16 Island", "15 Island")
    problems = validate_team([deck(ALICE, alice), deck(BOB, decks.BOROS_BURN)], index, modern)
    (problem,) = errors(problems)
    assert (problem.code, problem.card, problem.count) == (
        "card_limit_exceeded",
        "Academy Manufactor",
        5,
    )
    # issue 23: the message names the other printed name it counted with the card
    assert "Counted with Krobus, another printed name of Academy Manufactor (MTR 3.6)." in str(
        problem.message
    )


def test_other_name_of_a_banned_card_is_banned(index, modern):
    """MTR 3.6, 6.4: "Castle of Aaargh" is Dark Depths, banned in Modern."""
    alice = decks.MERFOLK.replace("4 Lord of Atlantis", "4 Castle of Aaargh")
    problems = validate_team([deck(ALICE, alice), deck(BOB, decks.BOROS_BURN)], index, modern)
    assert codes(errors(problems)) == [("banned", "Dark Depths")]


def test_other_name_of_a_restricted_card_is_restricted(index, banlists):
    """MTR 3.6, 6.2: "Endwalker" is Brainstorm, restricted in Vintage."""
    vintage = EventRules(structure="constructed", format="vintage", banlists=banlists)
    alice = "1 Brainstorm\n1 Endwalker\n58 Island"
    problems = validate_team([deck(ALICE, alice), deck(BOB, decks.BOROS_BURN)], index, vintage)
    (problem,) = errors(problems)
    assert (problem.code, problem.card, problem.count) == ("restricted_over_limit", "Brainstorm", 2)


def test_oracle_name_wins_over_an_other_name_spelt_the_same():
    """MTR 3.6: an other name never hides a real card of that name."""
    bolt = CardFacts("Lightning Bolt", (), "Instant", False, None, {"modern": "legal"})
    shock = CardFacts("Shock", (), "Instant", False, None, {"modern": "legal"})
    index = CardIndex([bolt, shock], aliases=[("Lightning Bolt", "Shock"), ("Zap", "Nowhere")])
    assert index.get("Lightning Bolt") is bolt
    assert index.unresolved_aliases == 1
    assert index.get("Zap") is None


def test_card_file_other_names_are_found():
    """MTR 3.6: other names a card file carries (CardFacts.other_names) find the card."""
    card = CardFacts(
        "Zilortha, Strength Incarnate",
        (),
        "Legendary Creature",
        False,
        None,
        other_names=("Godzilla, King of the Monsters",),
    )
    index = CardIndex([card])
    assert index.get("Godzilla, King of the Monsters") is card


# --- MTG Arena's rebalanced cards --------------------------------------------------------------


def test_rebalanced_card_names_the_paper_card(index):
    """A-cards are Arena-only; the index says which paper card each rebalances."""
    assert index.rebalanced_of("A-Acererak the Archlich").name == "Acererak the Archlich"
    assert (
        index.rebalanced_of("A-Alrund, God of the Cosmos // A-Hakka, Whispering Raven").name
        == "Alrund, God of the Cosmos // Hakka, Whispering Raven"
    )
    assert index.rebalanced_of("Acererak the Archlich") is None


def test_rebalanced_card_and_its_paper_card_clash_between_decks(index, modern):
    """MTR 8.4: "A-X" in one deck and X in the other are reported as one card in two decks;
    the A-card is also not legal in paper (MTR 6.4), and the message says what it rebalances."""
    alice = decks.MERFOLK.replace("4 Lord of Atlantis", "4 A-Acererak the Archlich")
    bob = decks.BOROS_BURN.replace("4 Goblin Guide", "4 Acererak the Archlich")
    problems = validate_team([deck(ALICE, alice), deck(BOB, bob)], index, modern)
    assert codes(errors(problems)) == [
        ("not_legal", "A-Acererak the Archlich"),
        ("udc_over_limit", "Acererak the Archlich"),
    ]
    not_legal, clash = errors(problems)
    assert "rebalanced version of Acererak the Archlich" in not_legal.message
    assert clash.players == (ALICE, BOB)
    assert "A-Acererak the Archlich is MTG Arena's rebalanced version" in clash.message


def test_unknown_rebalanced_card_points_to_the_paper_card(modern):
    """An A-card the catalogue lacks: the message names the paper card to use."""
    bolt = CardFacts("Lightning Bolt", (), "Instant", False, None, {"modern": "legal"})
    index = CardIndex([bolt])
    problems = validate_team([deck(ALICE, "4 A-Lightning Bolt\n56 Mountain")], index, modern)
    unknown = next(p for p in problems if p.code == "unknown_card")
    assert "rebalanced version of Lightning Bolt" in unknown.message
