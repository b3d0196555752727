"""Card names, deck limits, the card index and banlists (MTR 6.1-6.7, 8.4, 9.5)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from decklists.domain.cards import (
    TWO_HEADED_GIANT,
    UNLIMITED,
    Banlist,
    BanlistError,
    CardFacts,
    CardIndex,
    deck_limit_from_text,
    normalize_name,
    parse_banlists,
)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Nazgul", "Nazgûl"),
        ("lim-dul's vault", "Lim-Dûl's Vault"),
        ("Lim-D\u00fbl\u2019s Vault", "Lim-Dûl's Vault"),  # curly apostrophe from a web page
        ("Lim-Du\u0302l's Vault", "Lim-Dûl's Vault"),  # combining circumflex (NFD)
        ("  LIGHTNING   bolt ", "Lightning Bolt"),
        ("Fire/Ice", "Fire // Ice"),
        ("Fire//Ice", "Fire // Ice"),
        ("fire  //  ice", "Fire // Ice"),
        ("\u00c6ther Vial", "Aether Vial"),  # the old printed ligature
        ("Kongming, \u201cSleeping Dragon\u201d", 'Kongming, "Sleeping Dragon"'),
        ("Light\u200bning Bolt", "Lightning Bolt"),  # zero-width space is ignored
    ],
)
def test_normalize_name_equal_for_spellings_of_one_card(typed, canonical):
    assert normalize_name(typed) == normalize_name(canonical)


def test_normalize_name_keeps_different_cards_apart(card_index):
    keys = [normalize_name(card.name) for card in card_index]
    assert len(keys) == len(set(keys)) == len(card_index)


@given(st.text(max_size=60))
def test_normalize_name_is_idempotent(text):
    once = normalize_name(text)
    assert normalize_name(once) == once


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("A deck can have any number of cards named Relentless Rats.", UNLIMITED),
        ("A deck can have up to seven cards named Seven Dwarves.", 7),
        ("A deck can have up to nine cards named Nazgûl.", 9),
        ("Flying\nA deck can have up to 12 cards named Test.", 12),
        ("a deck can have up to twenty cards named Test.", 20),
        ("Flying, haste", None),
        ("", None),
        (None, None),
    ],
)
def test_deck_limit_from_text_reads_mtr_6_1_exception(text, limit):
    assert deck_limit_from_text(text) == limit


@pytest.mark.parametrize(
    ("name", "limit"),
    [
        ("Relentless Rats", UNLIMITED),
        ("Shadowborn Apostle", UNLIMITED),
        ("Seven Dwarves", 7),
        ("Nazgûl", 9),
        ("Templar Knight", UNLIMITED),
        ("Lightning Bolt", None),
    ],
)
def test_card_index_deck_limit_of_real_cards(card_index, name, limit):
    assert card_index.get(name).deck_limit == limit


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
        ("delver of secrets // insectile aberration", "Delver of Secrets // Insectile Aberration"),
        ("Brazen Borrower", "Brazen Borrower // Petty Theft"),
        ("Erayo, Soratami Ascendant", "Erayo, Soratami Ascendant // Erayo's Essence"),
        ("Fire/Ice", "Fire // Ice"),
        ("Fire", "Fire // Ice"),  # front face; the back face of Start // Fire is not indexed
        ("Bind", "Bind"),  # a full name wins over the front face of Bind // Liberate
        ("Smelt", "Smelt"),
        ("Bruna, the Fading Light", "Bruna, the Fading Light"),  # meld parts are separate cards
        ("Nazgul", "Nazgûl"),
    ],
)
def test_card_index_get_by_full_name_or_front_face(card_index, typed, name):
    assert card_index.get(typed).name == name


def test_card_index_get_unknown_name_is_none(card_index):
    assert card_index.get("Lightening Bolt") is None
    assert "Lightening Bolt" not in card_index
    assert "Lightning Bolt" in card_index


def test_card_index_basic_supertype_of_real_cards(card_index):
    basics = {card.name for card in card_index if card.is_basic}
    assert {"Island", "Wastes", "Snow-Covered Island", "Snow-Covered Wastes"} <= basics
    assert "Dryad Arbor" not in basics  # a land creature, not basic
    assert "Urza's Tower" not in basics


def test_card_index_size_is_both_catalogue_files(card_index):
    assert len(card_index) == 23_706 + 6_973
    assert len(list(card_index)) == len(card_index)


def test_card_index_first_loaded_wins_on_duplicate_names():
    old = CardFacts(
        "Lightning Bolt", ("Lightning Bolt",), "Instant", False, None, {"modern": "legal"}
    )
    dup = CardFacts("Lightning Bolt", ("Lightning Bolt",), "Instant", False, None, {})
    index = CardIndex([old, dup])
    assert len(index) == 1
    assert index.get("Lightning Bolt").legalities == {"modern": "legal"}


def test_card_index_shared_front_face_prefers_canonical_name(card_index):
    # The supplement holds a reversible duplicate "Bloomvine Regent // Claim Territory // Bloomvine Regent".
    assert card_index.get("Bloomvine Regent").name == "Bloomvine Regent // Claim Territory"


@pytest.mark.parametrize(
    ("typo", "expected"),
    [
        ("Lightening Bolt", "Lightning Bolt"),
        ("lihgtning bolt", "Lightning Bolt"),
        ("Tarmagoyf", "Tarmogoyf"),
        ("Jace the Mind Sculpter", "Jace, the Mind Sculptor"),
        ("Delver of Secret", "Delver of Secrets // Insectile Aberration"),
        ("Erayo", "Erayo, Soratami Ascendant // Erayo's Essence"),
    ],
)
def test_card_index_suggest_finds_intended_card_first(card_index, typo, expected):
    assert card_index.suggest(typo)[0] == expected


def test_card_index_suggest_nothing_for_gibberish(card_index):
    assert card_index.suggest("xqzzyv wvvk") == []
    assert card_index.suggest("") == []


def test_card_index_suggest_returns_at_most_n_distinct_names(card_index):
    names = card_index.suggest("Lightning", n=5)
    assert 1 <= len(names) <= 5
    assert len(set(names)) == len(names)


def test_card_index_suggest_finds_real_cards_for_common_typos(card_index):
    """Speed is measured in tests/bench/bench_udc.py; here only what is suggested."""
    typos = {
        "Lightening Bolt": "Lightning Bolt",
        "Tarmagoyf": "Tarmogoyf",
        "Counterspel": "Counterspell",
        "Swrods to Plowshares": "Swords to Plowshares",
    }
    for typo, card in typos.items():
        assert card in card_index.suggest(typo), typo


def test_card_facts_legalities_are_read_only():
    card = CardFacts("Lightning Bolt", (), "Instant", False, None, {"modern": "legal"})
    assert card.faces == ("Lightning Bolt",)
    with pytest.raises(TypeError):
        card.legalities["modern"] = "banned"


def test_banlist_names_are_normalised():
    banlist = Banlist("modern", banned=frozenset({"Lotus  Field"}), restricted=frozenset())
    assert banlist.banned == {"lotus field"}


def test_parse_banlists_real_file_formats_and_2hg_list(banlists):
    assert {"standard", "pioneer", "modern", "legacy", "vintage", "pauper"} <= set(banlists)
    assert len(banlists["modern"].banned) == 52
    assert len(banlists["vintage"].restricted) == 52
    assert normalize_name("Black Lotus") in banlists["vintage"].restricted
    # MTR 9.5: Erayo is the only 2HG-only ban.
    assert banlists[TWO_HEADED_GIANT].banned == {normalize_name("Erayo, Soratami Ascendant")}


def test_card_index_resolve_names_maps_front_face_to_card(card_index, banlists):
    resolved = card_index.resolve_names(banlists[TWO_HEADED_GIANT].banned)
    assert resolved == {normalize_name("Erayo, Soratami Ascendant // Erayo's Essence")}
    # Unknown names (printed after the 2022 catalogue) are kept as they are.
    assert normalize_name("Nadu, Winged Wisdom") in card_index.resolve_names(
        banlists["modern"].banned
    )


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"formats": []},
        {"formats": {"modern": {"banned": "Lotus Field"}}},
        {"formats": {"modern": {"banned": [3]}}},
        {"formats": {"modern": []}},
        {"formats": {}, TWO_HEADED_GIANT: {"banned_in_all_constructed": [""]}},
    ],
)
def test_parse_banlists_wrong_shape_raises(data):
    with pytest.raises(BanlistError):
        parse_banlists(data)
