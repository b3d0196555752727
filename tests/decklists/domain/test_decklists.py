"""Decklist text parser: paper lists, Arena and MTGO exports, limits and hostile input (MTR 6.1)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decklists.domain.decklists import (
    MAX_CHARS,
    MAX_LINES,
    Entry,
    parse_count_lines,
    parse_decklist,
)


def names_counts(entries):
    return [(entry.name, entry.count) for entry in entries]


@pytest.mark.parametrize(
    "line",
    [
        "4 Lightning Bolt",
        "4x Lightning Bolt",
        "4X Lightning Bolt",
        "4 x Lightning Bolt",
        "4 X Lightning Bolt",
        "4xLightning Bolt",
        "  4   Lightning   Bolt  ",
        "4\tLightning Bolt",
        "4 Lightning Bolt (M11) 146",
        "4 Lightning Bolt (2XM) 129 *F*",
        "4 Lightning Bolt [M11]",
        "4 Lightning Bolt (PLST) LRW-123",
    ],
)
def test_parse_decklist_count_forms(line):
    parsed = parse_decklist(line)
    assert names_counts(parsed.main) == [("Lightning Bolt", 4)]
    assert parsed.errors == ()


def test_parse_decklist_keeps_names_that_start_with_x():
    assert names_counts(parse_decklist("1 Xenagos, God of Revels").main) == [
        ("Xenagos, God of Revels", 1)
    ]


def test_parse_decklist_keeps_parentheses_that_are_part_of_a_name():
    # "Hazmat Suit (Used)" and "B.F.M. (Big Furry Monster)" are real Unstable/Unglued names.
    parsed = parse_decklist("1 Hazmat Suit (Used)\n1 B.F.M. (Big Furry Monster) (UGL) 28")
    assert [e.name for e in parsed.main] == ["Hazmat Suit (Used)", "B.F.M. (Big Furry Monster)"]


def test_parse_decklist_split_card_export_forms():
    parsed = parse_decklist("1 Fire // Ice (MH2) 290\n1 Wear // Tear")
    assert names_counts(parsed.main) == [("Fire // Ice", 1), ("Wear // Tear", 1)]


ARENA_EXPORT = """About
Name Burn for 2HG

Companion
1 Jegantha, the Wellspring (IKO) 222

Deck
4 Lightning Bolt (M11) 146
4 Goblin Guide (ZEN) 126
20 Mountain (ZNR) 381

Sideboard
2 Smash to Smithereens (MM3) 108
"""


def test_parse_decklist_arena_export_sections():
    parsed = parse_decklist(ARENA_EXPORT)
    assert names_counts(parsed.main) == [
        ("Lightning Bolt", 4),
        ("Goblin Guide", 4),
        ("Mountain", 20),
    ]
    # A companion starts outside the game: in the sideboard (MTR 3.16).
    assert names_counts(parsed.sideboard) == [
        ("Jegantha, the Wellspring", 1),
        ("Smash to Smithereens", 2),
    ]
    assert parsed.errors == ()
    assert parsed.main_count == 28
    assert parsed.sideboard_count == 3


@pytest.mark.parametrize("header", ["Sideboard", "Sideboard:", "SIDEBOARD (2)", "SB:", "sb"])
def test_parse_decklist_sideboard_headers(header):
    parsed = parse_decklist(f"Main\n4 Lightning Bolt\n{header}\n2 Duress")
    assert names_counts(parsed.main) == [("Lightning Bolt", 4)]
    assert names_counts(parsed.sideboard) == [("Duress", 2)]


def test_parse_decklist_sb_prefix_line():
    parsed = parse_decklist("4 Lightning Bolt\nSB: 2 Duress\n4 Goblin Guide")
    assert names_counts(parsed.main) == [("Lightning Bolt", 4), ("Goblin Guide", 4)]
    assert names_counts(parsed.sideboard) == [("Duress", 2)]


def test_parse_decklist_mtgo_blank_line_starts_sideboard():
    parsed = parse_decklist("\n4 Lightning Bolt\n4 Goblin Guide\n\n2 Duress\n1 Pyroblast\n\n")
    assert names_counts(parsed.main) == [("Lightning Bolt", 4), ("Goblin Guide", 4)]
    assert names_counts(parsed.sideboard) == [("Duress", 2), ("Pyroblast", 1)]


def test_parse_decklist_2hg_blank_line_is_not_a_sideboard():
    """MTR 9.5: constructed 2HG has no sideboard, so a blank line keeps one section."""
    text = "4 Lightning Bolt\n4 Goblin Guide\n\n24 Mountain\n"
    parsed = parse_decklist(text, blank_line_sideboard=False)
    assert names_counts(parsed.main) == [
        ("Lightning Bolt", 4),
        ("Goblin Guide", 4),
        ("Mountain", 24),
    ]
    assert parsed.sideboard == ()


def test_parse_decklist_2hg_sideboard_header_still_starts_a_sideboard():
    """MTR 9.5: a list that says "Sideboard" has one, so the check can refuse it."""
    text = "4 Lightning Bolt\n\n24 Mountain\nSideboard\n2 Duress\n"
    parsed = parse_decklist(text, blank_line_sideboard=False)
    assert names_counts(parsed.main) == [("Lightning Bolt", 4), ("Mountain", 24)]
    assert names_counts(parsed.sideboard) == [("Duress", 2)]
    parsed = parse_decklist("4 Lightning Bolt\n\nSB: 2 Duress", blank_line_sideboard=False)
    assert names_counts(parsed.sideboard) == [("Duress", 2)]


def test_parse_decklist_blank_lines_with_headers_do_not_start_sideboard():
    parsed = parse_decklist("Deck\n4 Lightning Bolt\n\n4 Goblin Guide\n")
    assert names_counts(parsed.main) == [("Lightning Bolt", 4), ("Goblin Guide", 4)]
    assert parsed.sideboard == ()


def test_parse_decklist_sideboard_only_text():
    parsed = parse_decklist("2 Duress\n\n1 Pyroblast", default_section="sideboard")
    assert parsed.main == ()
    assert names_counts(parsed.sideboard) == [("Duress", 2), ("Pyroblast", 1)]


def test_parse_decklist_comments_ignored():
    parsed = parse_decklist("# Burn\n// creatures\n4 Goblin Guide")
    assert names_counts(parsed.main) == [("Goblin Guide", 4)]
    assert parsed.errors == ()


def test_parse_decklist_duplicates_merged_first_line_kept():
    parsed = parse_decklist(
        "2 Lightning Bolt\n4 Goblin Guide\n2 lightning bolt (M11) 146\n1 Fire/Ice\n1 Fire // Ice"
    )
    assert parsed.main == (
        Entry("Lightning Bolt", 4, 1),
        Entry("Goblin Guide", 4, 2),
        Entry("Fire/Ice", 2, 4),
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Lightning Bolt", "Missing count"),
        ("0 Lightning Bolt", "between 1 and 999"),
        ("1000 Lightning Bolt", "between 1 and 999"),
        ("99999999999999999999999 Lightning Bolt", "between 1 and 999"),
        ("4 (M11) 146", None),  # no name left to strip: kept for the unknown-card check
        ("4 " + "x" * 300, "longer than 200"),
        ("4 Lightning\x00Bolt", "U\\+0000"),
        ("4 Lightning\x07Bolt", "Control"),
        ("4 \u202eBolt Lightning", "Right-to-left"),
        ("4 Lightning\u200fBolt", "Right-to-left"),
        ("4 Lightning\u2028Bolt", "U\\+2028"),
    ],
)
def test_parse_decklist_bad_line_reported_with_line_number(line, message):
    parsed = parse_decklist(f"4 Goblin Guide\n{line}\n4 Monastery Swiftspear")
    assert names_counts(parsed.main)[0] == ("Goblin Guide", 4)
    if message is None:
        assert parsed.errors == ()
        return
    (error,) = parsed.errors
    assert error.line == 2
    assert re.search(message, error.message)


def test_parse_decklist_error_text_shows_invisible_characters():
    (error,) = parse_decklist("4 Lightning\u202eBolt").errors
    assert error.text == "4 Lightning<U+202E>Bolt"


def test_parse_decklist_crlf_and_cr_line_endings_and_bom():
    for text in (
        "\ufeff4 Lightning Bolt\r\n4 Goblin Guide\r\n",
        "4 Lightning Bolt\r4 Goblin Guide",
    ):
        parsed = parse_decklist(text)
        assert parsed.main == (Entry("Lightning Bolt", 4, 1), Entry("Goblin Guide", 4, 2))
        assert parsed.errors == ()


def test_parse_decklist_100000_lines_refused_before_parsing():
    """Refused whole, with one error, before any line is read (its speed: bench_udc.py)."""
    text = "1 Island\n" * 100_000
    parsed = parse_decklist(text)
    assert parsed.main == ()
    (error,) = parsed.errors
    assert error.line == 0
    assert f"{MAX_LINES:,}" in error.message


def test_parse_decklist_too_many_characters_refused():
    (error,) = parse_decklist("4 " + "a" * MAX_CHARS).errors
    assert error.line == 0
    assert "characters" in error.message


def test_parse_decklist_exactly_max_lines_accepted():
    parsed = parse_decklist("1 Island\n" * MAX_LINES)
    assert parsed.errors == ()
    assert names_counts(parsed.main) == [("Island", MAX_LINES)]


def test_parse_decklist_not_text_is_an_error():
    (error,) = parse_decklist(b"4 Lightning Bolt").errors  # type: ignore[arg-type]  # bytes on purpose: the error under test
    assert error.line == 0


def test_parse_count_lines_pool_merges_sections():
    entries, errors = parse_count_lines("3 Plains\n1 Llanowar Elves\n\n2 Plains\nGiant Growth")
    assert names_counts(entries) == [("Plains", 5), ("Llanowar Elves", 1)]
    assert [error.line for error in errors] == [5]


deck_lines = st.one_of(
    st.text(max_size=40),
    st.builds(
        lambda n, name, tail: f"{n} {name}{tail}",
        st.integers(min_value=-5, max_value=1200),
        st.text(min_size=1, max_size=30),
        st.sampled_from(["", " (M11) 146", " *F*", " [MH2]"]),
    ),
    st.sampled_from(["", "Sideboard", "SB:", "Deck", "# note", "Companion", "About"]),
)


@settings(max_examples=300)
@given(st.lists(deck_lines, max_size=40), st.sampled_from(["\n", "\r\n", "\r"]))
def test_parse_decklist_never_raises_and_lines_in_range(lines, newline):
    text = newline.join(lines)
    parsed = parse_decklist(text)
    line_total = len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    for entry in (*parsed.main, *parsed.sideboard):
        assert 1 <= entry.line <= line_total
        assert entry.count >= 1
        assert entry.name == entry.name.strip()
        assert entry.name
    for error in parsed.errors:
        assert 1 <= error.line <= line_total


@given(
    st.lists(
        st.tuples(
            st.integers(1, 999), st.sampled_from(["Lightning Bolt", "Goblin Guide", "Island"])
        ),
        min_size=1,
        max_size=30,
    )
)
def test_parse_decklist_counts_sum_per_card(rows):
    text = "\n".join(f"{count} {name}" for count, name in rows)
    parsed = parse_decklist(text)
    expected: dict[str, int] = {}
    for count, name in rows:
        expected[name] = expected.get(name, 0) + count
    assert dict(names_counts(parsed.main)) == expected
    assert parsed.errors == ()
