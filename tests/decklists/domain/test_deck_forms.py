"""Every form players export decklists in, read by content (MTR 6.1: main deck and sideboard):
our own example files of each program in tests/fixtures/decklists/ (Windows line endings, byte-
order marks, tabs, trailing spaces, foil marks, comments, metadata), and every form written out
and read back (hypothesis)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decklists.domain.cards import normalize_name
from decklists.domain.decklists import BlankLineRule, parse_decklist
from support.deck_forms import (
    BURN_MAIN,
    BURN_SIDEBOARD,
    COMMANDER_SECTIONS,
    FIXTURE_FORMS,
    WRITERS,
    fixture_text,
)

TWO_HG = BlankLineRule(minimum=60, maximum=15)  # docs/rules.md "Unified Deck Construction"


def cards(entries):
    return [(entry.count, entry.name) for entry in entries]


def keyed(entries):
    return sorted((normalize_name(name), count) for count, name in entries)


@pytest.mark.parametrize("name", sorted(FIXTURE_FORMS))
def test_every_example_file_gives_its_main_deck_and_sideboard(name):
    """MTR 6.1: 60 cards and a 15-card sideboard, whatever program wrote the file."""
    parsed = parse_decklist(fixture_text(name), blank_line_sideboard=TWO_HG)
    assert parsed.errors == ()
    assert keyed(cards(parsed.main)) == keyed(BURN_MAIN)
    assert keyed(cards(parsed.sideboard)) == keyed(BURN_SIDEBOARD)
    assert (parsed.main_count, parsed.sideboard_count) == (60, 15)
    assert parsed.form == FIXTURE_FORMS[name]


@pytest.mark.parametrize(
    ("name", "skipped"),
    [
        ("mtgo.txt", []),
        ("arena.txt", [(1, "header"), (2, "metadata"), (4, "header"), (21, "header")]),
        ("moxfield.txt", [(17, "header")]),
        ("archidekt.txt", [(22, "outside")]),
        (
            "mtggoldfish.txt",
            [
                (1, "header"),
                (6, "header"),
                (13, "header"),
                (17, "header"),
                (24, "total"),
                (26, "header"),
                (33, "total"),
            ],
        ),  # fmt: skip
        ("xmage.dck", [(1, "metadata"), (23, "metadata"), (24, "metadata")]),
        (
            "forge.dck",
            [
                (1, "header"),
                (2, "metadata"),
                (3, "metadata"),
                (4, "header"),
                (6, "header"),
                (22, "header"),
            ],
        ),  # fmt: skip
        ("cockatrice.cod", [(3, "metadata"), (4, "metadata"), (31, "outside")]),
        ("mtgo.dek", [(3, "metadata"), (4, "metadata")]),
        (
            "magic_workstation.mwDeck",
            [(1, "comment"), (2, "comment"), (3, "comment"), (4, "comment"), (20, "header")],
        ),
        ("apprentice.dec", [(1, "comment"), (2, "comment")]),
    ],
)
def test_lines_read_but_not_counted_are_listed_with_their_reason(name, skipped):
    parsed = parse_decklist(fixture_text(name), blank_line_sideboard=TWO_HG)
    assert [(line.line, line.reason) for line in parsed.skipped] == skipped


def test_skipped_lines_keep_their_text():
    parsed = parse_decklist(fixture_text("cockatrice.cod"))
    assert [line.text for line in parsed.skipped] == [
        "deckname: Boros Burn",
        "comments: Two-Headed Giant, Modern",
        "1 Goblin",  # a token: outside the deck
    ]
    parsed = parse_decklist(fixture_text("mtggoldfish.txt"))
    assert parsed.skipped[4].text == "60 Cards"  # never 60 copies of a card named "Cards"


def test_xml_pasted_in_the_text_box_is_read_like_the_file():
    text = fixture_text("mtgo.dek")
    assert cards(parse_decklist(text).main) == cards(parse_decklist(text.strip() + "\n").main)
    assert parse_decklist("  \n" + fixture_text("cockatrice.cod")).main_count == 60


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("4 [WWK:134] Creeping Tar Pit", (4, "Creeping Tar Pit", None)),
        ("SB: 2 [M14:97] Duress", (2, "Duress", "sideboard")),
        ("SB:  1 [M10] Duress", (1, "Duress", "sideboard")),
        ("4 Abrupt Decay|MM3", (4, "Abrupt Decay", None)),
        ("2 Abrupt Decay|RTR|1", (2, "Abrupt Decay", None)),
        ("1 Sol Ring (C21) 263 *F*", (1, "Sol Ring", None)),
        ("1 Sol Ring (C21) 263 *E*", (1, "Sol Ring", None)),
        ("1x Sol Ring (c21) 263 [Ramp]", (1, "Sol Ring", None)),
        ("1x Atraxa, Praetors' Voice (c16) 28 [Commander{top}]", (1, "Atraxa, Praetors' Voice", "commander")),
        ("1x Counterspell (mh2) 267 [Sideboard]", (1, "Counterspell", "sideboard")),
        ("3 Brainstorm #Card Advantage #Draw", (3, "Brainstorm", None)),
        ("1x Sol Ring (cmr) 472 [Ramp] ^Have,#37d67a^", (1, "Sol Ring", None)),
        ("1 Hazmat Suit (Used)", (1, "Hazmat Suit (Used)", None)),
        ("1 Lightning Bolt (PLST) M10-146", (1, "Lightning Bolt", None)),
    ],
)  # fmt: skip
def test_card_lines_of_each_program(line, read):
    parsed = parse_decklist(f"Deck\n{line}")
    section = read[2] or "main"
    entries = {"main": parsed.main, "sideboard": parsed.sideboard, "commander": parsed.commander}
    assert cards(entries[section]) == [read[:2]]
    assert parsed.errors == ()


def test_a_maybeboard_card_is_skipped_not_counted():
    parsed = parse_decklist("Deck\n4 Lightning Bolt\nMaybeboard\n2 Fireblast\nSideboard\n1 Duress")
    assert cards(parsed.main) == [(4, "Lightning Bolt")]
    assert cards(parsed.sideboard) == [(1, "Duress")]
    assert [(s.line, s.reason) for s in parsed.skipped if s.reason == "outside"] == [(4, "outside")]


@pytest.mark.parametrize(
    ("text", "line", "shown"),
    [
        ("4 Lightning Bolt\nBoros Burn by Alice\n56 Mountain", 2, "Boros Burn by Alice"),
        ("4 Lightning Bolt\nLightning Bolt x4\n56 Mountain", 2, "Lightning Bolt x4"),
        ("4 Lightning Bolt\n0 Goblin Guide\n56 Mountain", 2, "0 Goblin Guide"),
    ],
)
def test_an_unreadable_line_is_a_parse_error_with_its_text(text, line, shown):
    parsed = parse_decklist(text)
    (error,) = parsed.errors
    assert (error.line, error.text) == (line, shown)
    assert parsed.main_count == 60


def test_xml_that_is_not_a_decklist_or_is_broken_is_a_parse_error():
    (error,) = parse_decklist("<html><body>Burn</body></html>").errors
    assert "not a decklist Tandem reads" in error.message
    parsed = parse_decklist('<Deck>\n<Cards Quantity="4" Name="Lightning Bolt" />\n<Cards')
    assert cards(parsed.main) == [(4, "Lightning Bolt")]
    (error,) = parsed.errors
    assert error.line == 3
    assert "could not be read" in error.message


def test_xml_with_entities_is_refused_before_it_is_read():
    """Entity expansion ("billion laughs") and external entities: no decklist declares any."""
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE Deck [<!ENTITY a "aaaaaaaaaa">]>'
        '<Deck><Cards Quantity="1" Name="&a;" /></Deck>'
    )
    parsed = parse_decklist(bomb)
    assert parsed.main == ()
    assert "document type declaration" in parsed.errors[0].message


# --- the blank line of an MTGO export in 2HG (docs/rules.md "Unified Deck Construction") ------


def burn(sideboard_cards: int = 15, blank: str = "\n") -> str:
    main = "".join(f"{c} {n}\n" for c, n in BURN_MAIN)
    side = [(c, n) for c, n in BURN_SIDEBOARD]
    text = main + blank
    left = sideboard_cards
    for count, name in side:
        take = min(count, left)
        if take:
            text += f"{take} {name}\n"
        left -= take
    return text + (f"{left} Island\n" if left > 0 else "")


def test_a_block_of_15_after_a_whole_deck_is_the_sideboard():
    """MTR 6.1: an MTGO export (60, blank line, 15) holds a sideboard, never a 75-card deck."""
    parsed = parse_decklist(burn(15), blank_line_sideboard=TWO_HG)
    assert (parsed.main_count, parsed.sideboard_count) == (60, 15)


def test_a_block_of_16_stays_in_the_main_deck():
    """MTR 6.1: a sideboard holds at most 15 cards, so 16 after a blank line are deck cards."""
    parsed = parse_decklist(burn(16), blank_line_sideboard=TWO_HG)
    assert (parsed.main_count, parsed.sideboard_count) == (76, 0)


def test_lands_after_a_blank_line_stay_in_a_60_card_deck():
    """MTR 9.5: spells, a blank line and the lands are one 60-card deck."""
    text = "4 Lightning Bolt\n4 Goblin Guide\n4 Lava Spike\n\n48 Mountain\n"
    parsed = parse_decklist(text, blank_line_sideboard=TWO_HG)
    assert (parsed.main_count, parsed.sideboard_count) == (60, 0)
    short = "4 Lightning Bolt\n52 Mountain\n\n4 Goblin Guide\n"  # 56 before: not a whole deck
    assert parse_decklist(short, blank_line_sideboard=TWO_HG).sideboard == ()


# --- every form written out and read back ------------------------------------------------------

NAMES = [
    "Lightning Bolt", "Goblin Guide", "Counterspell", "Fire // Ice", "Lim-D\u00fbl's Vault",
    "Path to Exile", "Monastery Swiftspear", "Island", "Mountain", "Erayo, Soratami Ascendant",
    "Jace, the Mind Sculptor", "Ach! Hans, Run!", "Kongming, \u201cSleeping Dragon\u201d",
]  # fmt: skip


def card_list(min_size, max_size, max_count):
    return st.lists(
        st.tuples(st.integers(1, max_count), st.sampled_from(NAMES)),
        min_size=min_size,
        max_size=max_size,
        unique_by=lambda pair: pair[1],
    )


@settings(max_examples=60, deadline=None)
@given(
    form=st.sampled_from(sorted(WRITERS)),
    main=card_list(1, 12, 30),
    side=card_list(0, 5, 3),
)
def test_a_list_written_in_any_form_reads_back_the_same(form, main, side):
    main_total = sum(count for count, _ in main)
    if form == "mtgo_text" and side and main_total < 60:
        main = [*main, (60, "Plains")]  # MTGO writes a whole deck before the blank line
    parsed = parse_decklist(WRITERS[form](main, side), blank_line_sideboard=TWO_HG)
    assert parsed.errors == ()
    assert keyed(cards(parsed.main)) == keyed(main)
    assert keyed(cards(parsed.sideboard)) == keyed(side)


@settings(max_examples=30, deadline=None)
@given(form=st.sampled_from(sorted(COMMANDER_SECTIONS)), main=card_list(1, 10, 1))
def test_a_commander_section_reads_back_as_the_command_zone(form, main):
    commander = [(1, "Kenrith, the Returned King")]
    parsed = parse_decklist(WRITERS[form](main, (), commander))
    assert keyed(cards(parsed.commander)) == keyed(commander)
    assert keyed(cards(parsed.main)) == keyed(main)


PUBLISHED = """Boros Burn
by Alice, 1st place at the store championship

60 Cards
Creature (4)
4 Goblin Guide
Instant (4)
4 Lightning Bolt
Land (52)
52 Mountain

Sideboard (15)
15 Path to Exile
"""


def test_a_published_list_copied_with_its_title_reads_the_title_as_metadata():
    """A published list (totals and type headers) starts with its name and author: the lines
    before its first card or header are metadata, not cards missing their count (MTR 6.1)."""
    parsed = parse_decklist(PUBLISHED, blank_line_sideboard=TWO_HG)
    assert not parsed.errors
    assert (parsed.main_count, sum(e.count for e in parsed.sideboard)) == (60, 15)
    assert [(s.line, s.reason, s.text) for s in parsed.skipped][:2] == [
        (1, "metadata", "Boros Burn"),
        (2, "metadata", "by Alice, 1st place at the store championship"),
    ]


def test_a_line_without_a_count_among_the_cards_of_a_published_list_stays_an_error():
    text = PUBLISHED.replace("4 Lightning Bolt", "Lightning Bolt")
    (error,) = parse_decklist(text, blank_line_sideboard=TWO_HG).errors
    assert (error.line, error.text) == (8, "Lightning Bolt")


def test_a_title_without_a_published_list_marker_stays_an_error():
    """No total and no type header: a first line without a count may be a card whose count was
    forgotten, so it is shown as an error rather than read as a name."""
    (error,) = parse_decklist("Boros Burn\n4 Lightning Bolt\n56 Mountain").errors
    assert (error.line, error.text) == (1, "Boros Burn")
