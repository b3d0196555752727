"""Names as people type them (tournament.domain.names.search_key): case and accents ignored,
and the letters a keyboard spells otherwise: ß/ss, æ/ae, ø/o."""

import pytest

from tournament.domain.names import search_key


@pytest.mark.parametrize(
    ("registered", "typed"),
    [
        ("José", "jose"),
        ("Zoë", "zoe"),
        ("Müller", "mull"),
        ("Ñúñez", "Nuñez"),
        ("Ñúñez", "nunez"),
        ("Straße", "strasse"),
        ("STRASSE", "straße"),
        ("Æron", "aeron"),
        ("Cæsar", "caesar"),
        ("Bjørn", "bjorn"),
        ("Łukasz", "lukasz"),
        ("Chloé  Dupont", "chloe dupont"),
    ],
)
def test_a_name_is_found_as_typed_without_accents_or_capitals(registered, typed):
    assert search_key(typed) in search_key(registered)


@pytest.mark.parametrize(
    ("one", "other"), [("Jose", "Josef"), ("Ana", "Ada"), ("Mullen", "Müller")]
)
def test_different_names_stay_different(one, other):
    assert search_key(one) != search_key(other)
