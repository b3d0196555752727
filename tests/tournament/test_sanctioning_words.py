"""The dashboard's sanctioning and structure lines are written from the domain's values in the
reader's language (tournament.presenters, pairing.presenters), saying what the domain says."""

from django.utils import translation

from pairing.domain.structure import Structure
from pairing.presenters import structure_text
from tournament.domain.sanctioning import sanctioning
from tournament.presenters import SanctioningInputs, sanctioning_text


def _words(inputs: SanctioningInputs):
    return sanctioning_text(sanctioning(**inputs._asdict()), inputs)


def test_every_reason_of_the_domain_is_written_in_english_as_the_domain_writes_it():
    # MTR 10.1 (4 teams), 10.2 (2 rounds), App. B (40 minutes), 3.2 (formats), CR 810.11
    inputs = SanctioningInputs("constructed", "pauper", 3, 30, 1, 1)
    check = sanctioning(**inputs._asdict())
    with translation.override("en"):
        words = sanctioning_text(check, inputs)
    assert not words.ok
    assert words.line == check.line()
    assert len(words.reasons) == 5


def test_the_reasons_in_spanish():
    with translation.override("es"):
        words = _words(SanctioningInputs("sealed", "", 2, 50, 2, 1))
        fine = _words(SanctioningInputs("draft", "", 2, 50, 8, 3))
    assert words.line == (
        "Sancionable: no, porque 2 equipos, menos de 4 (MTR 10.1); 1 ronda, menos de 2 "
        "(MTR 10.2). Se juega como evento casual."
    )
    assert fine.line == "Sancionable: sí."


def test_the_structure_line_says_what_the_domain_says():
    plans = [
        Structure(3, 0, True, 8),
        Structure(4, 8, False, 20, cut_automatic=True),
        Structure(1, 0, False, 2),
        Structure(0, 4, False, 4),
        Structure(0, 0, False, 0),
    ]
    with translation.override("en"):
        assert [structure_text(p) for p in plans] == [p.describe() for p in plans]
    with translation.override("es"):
        assert structure_text(plans[0]) == (
            "3 rondas de suizo, sin top cut (rondas de suizo según el número de equipos, 8)."
        )
        assert structure_text(plans[2]) == "1 ronda de suizo, sin top cut."
