"""Commander's deck rules in a "commander" event (CR 903.3, 903.4, 903.5a-c): the command zone
read from each program's form, 100 cards, singleton, colour identity where the data has it."""

from decklists.domain.cards import CardFacts, CardIndex
from decklists.domain.decklists import parse_decklist
from decklists.domain.problems import read_deck
from decklists.domain.udc import EventRules, is_checked, validate_team
from support.deck_forms import WRITERS
from support.udc import ALICE, BOB, NAMES, codes

RULES = EventRules(structure="constructed", format="commander")
LEGAL = {"commander": "legal"}


def card(name, type_line, identity, **kw):
    return CardFacts(
        name, (), type_line, "Basic" in type_line, None, LEGAL, color_identity=identity, **kw
    )


INDEX = CardIndex(
    [
        card("Kenrith, the Returned King", "Legendary Creature \u2014 Human Noble", "WUBRG"),
        card("Atraxa, Praetors' Voice", "Legendary Creature \u2014 Phyrexian Angel", "WUBG"),
        card("Krenko, Mob Boss", "Legendary Creature \u2014 Goblin Warrior", "R"),
        card("Lightning Bolt", "Instant", "R"),
        card("Counterspell", "Instant", "U"),
        card("Sol Ring", "Artifact", ""),
        card("Llanowar Elves", "Creature \u2014 Elf Druid", "G"),
        card("Mountain", "Basic Land \u2014 Mountain", ""),
        card("Island", "Basic Land \u2014 Island", ""),
        CardFacts("Mystery Card", (), "Sorcery", False, None, LEGAL),  # no colour identity
    ]
)


def read(player, text, sideboard=""):
    main = parse_decklist(text, blank_line_sideboard=RULES.blank_line_rule)
    side = parse_decklist(sideboard, default_section="sideboard")
    return read_deck(player, NAMES[player], main, side, RULES)


def krenko(extra="", mountains=97):
    return f"Commander\n1 Krenko, Mob Boss\nDeck\n1 Lightning Bolt\n1 Sol Ring\n{extra}{mountains} Mountain\n"


def atraxa(islands=97):
    return f"Commander\n1 Atraxa, Praetors' Voice\nDeck\n1 Counterspell\n1 Llanowar Elves\n{islands} Island\n"


def test_a_legal_commander_team_has_no_problem():
    """CR 903.5a: 100 cards with the commander; basics may repeat (CR 903.5b)."""
    problems = validate_team([read(ALICE, krenko()), read(BOB, atraxa())], INDEX, RULES)
    assert problems == []
    assert is_checked(problems)


def test_the_commander_from_each_form_is_the_command_zone_not_a_sideboard():
    """CR 903.3: MTGO, XMage, Cockatrice put it in the sideboard; Arena, Moxfield, Forge in a
    Commander section; MTGO's text after a blank line. None of them is a sideboard."""
    main = [(1, "Lightning Bolt"), (1, "Sol Ring"), (97, "Mountain")]
    for form, write in WRITERS.items():
        deck = read(ALICE, write(main, (), [(1, "Krenko, Mob Boss")]))
        assert [(e.count, e.name) for e in deck.commander] == [(1, "Krenko, Mob Boss")], form
        assert deck.sideboard == (), form
        problems = validate_team([deck, read(BOB, atraxa())], INDEX, RULES)
        assert problems == [], (form, codes(problems))
    deck = read(ALICE, "1 Lightning Bolt\n1 Sol Ring\n97 Mountain", sideboard="1 Krenko, Mob Boss")
    assert [e.name for e in deck.commander] == ["Krenko, Mob Boss"]  # given apart


def test_size_singleton_and_identity_are_checked():
    """CR 903.5a-c: 101 cards, two Sol Rings, a blue card under a red commander."""
    alice = read(ALICE, krenko(extra="1 Sol Ring\n1 Counterspell\n", mountains=96))
    problems = validate_team([alice, read(BOB, atraxa())], INDEX, RULES)
    assert codes(problems) == [
        ("udc_over_limit", "Counterspell"),  # Bob's deck has it too (MTR 8.4)
        ("card_limit_exceeded", "Sol Ring"),
        ("commander_deck_size", None),
        ("color_identity", "Counterspell"),
    ]
    assert (problems[1].count, problems[1].limit) == (2, 1)
    assert "CR 903.5b" in problems[1].message
    assert (problems[2].count, problems[2].limit) == (101, 100)
    assert "outside the commander's colour identity (R)" in problems[3].message


def test_missing_or_wrong_commander():
    """CR 903.3: a commander is named, and it is legendary."""
    no_commander = read(ALICE, "1 Lightning Bolt\n1 Sol Ring\n98 Mountain")
    wrong = read(BOB, "Commander\n1 Llanowar Elves\nDeck\n1 Counterspell\n98 Island")
    problems = validate_team([no_commander, wrong], INDEX, RULES)
    assert codes(problems) == [("commander_missing", None), ("commander_invalid", "Llanowar Elves")]


def test_cards_without_colour_identity_leave_the_team_not_checked():
    """CR 903.5c can be checked only where the card data has colour identities."""
    alice = read(ALICE, krenko(extra="1 Mystery Card\n", mountains=96))
    problems = validate_team([alice, read(BOB, atraxa())], INDEX, RULES)
    assert [(p.code, p.count, p.severity) for p in problems] == [
        ("color_identity_unknown", 1, "warning")
    ]
    assert not is_checked(problems)


def test_shipped_data_without_identities_checks_the_rest(card_index, banlists):
    """The shipped 2022 catalogue has no colour identities: size, singleton and the Commander
    banned list are still checked; colour identity is a warning."""
    rules = EventRules(structure="constructed", format="commander", banlists=banlists)
    alice = read_deck(
        ALICE,
        "Alice",
        parse_decklist("Commander\n1 Krenko, Mob Boss\nDeck\n1 Biorhythm\n98 Mountain"),
        parse_decklist(""),
        rules,
    )
    problems = validate_team([alice, read(BOB, atraxa())], card_index, rules)
    assert ("banned", "Biorhythm") in codes(problems)  # on the Commander banned list
    assert ("color_identity_unknown", None) in codes(problems)
