"""Bad input in names (the quality bar "Bad input and faults"): trimmed, NFC, no controls or bidi."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.domain.names import NameError_, clean_name, clean_wizards_id, name_key


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("  Alice  ", "Alice"),
        ("Alice\t \tArcher", "Alice Archer"),
        ("Zoe\u0308", "Zo\u00eb"),
        ("Ångström", "Ångström"),
        ("李小龍", "李小龍"),
    ],
)
def test_clean_name_trims_collapses_and_normalises(raw, clean):
    assert clean_name(raw) == clean


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "blank"),
        ("   ", "blank"),
        ("a\u202eb", "right-to-left"),
        ("a\u2066b", "right-to-left"),
        ("a\u200fb", "right-to-left"),
        ("a\x00b", "control"),
        ("a\nb", "control"),
        ("a\u200bb", "invisible"),
        ("x" * 81, "longer than 80"),
        (None, "text"),
        (42, "text"),
    ],
)
def test_clean_name_refuses_bad_input_with_a_message(raw, message):
    with pytest.raises(NameError_, match=message):
        clean_name(raw)


@pytest.mark.parametrize(
    "raw",
    [
        "Team \U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",  # family
        "Ana \U0001f469\U0001f3fd\u200d\U0001f680",  # woman astronaut, medium skin tone
        "Pride \U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag
        "Trans \U0001f3f3\ufe0f\u200d\u26a7\ufe0f",  # transgender flag
        "Les Bleus \U0001f1eb\U0001f1f7",  # French flag (regional indicators)
        "Lions \U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # England
    ],
)
def test_clean_name_keeps_emoji_sequences(raw):
    """Unicode TR51: ZWJ sequences and subdivision flags are one visible emoji each."""
    assert clean_name(raw) == raw


@pytest.mark.parametrize(
    "raw",
    [
        "a\u200db",  # a joiner between letters
        "\u200dTeam",  # a lone joiner at the start
        "Team \U0001f468\u200d",  # a joiner with nothing after it
        "Team \u200d\U0001f468",  # nothing pictographic before it
        "Flag \U000e0067\U000e0062\U000e007f",  # tags without the black flag
        "Flag \U0001f3f4\U000e0067\U000e0062",  # tags never cancelled
        "Team \U0001f468\u200d\u202e\U0001f469",  # a bidi control stays refused
    ],
)
def test_clean_name_refuses_lone_joiners_and_tags(raw):
    with pytest.raises(NameError_):
        clean_name(raw)


def test_name_key_is_case_insensitive():
    assert name_key("ALICE") == name_key("alice")


@pytest.mark.parametrize(
    ("raw", "clean"), [(" 1234 ", "1234"), ("", None), (None, None), (99, "99")]
)
def test_clean_wizards_id(raw, clean):
    assert clean_wizards_id(raw) == clean


def test_clean_wizards_id_refuses_spaces_inside():
    with pytest.raises(NameError_):
        clean_wizards_id("12 34")


@given(st.text(max_size=200))
def test_clean_name_never_returns_controls_or_outer_spaces(raw):
    try:
        name = clean_name(raw)
    except NameError_:
        return
    assert name == name.strip()
    assert 0 < len(name) <= 80
    assert all(ch.isprintable() or ch == " " for ch in name)
