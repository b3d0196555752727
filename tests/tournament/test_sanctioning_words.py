"""The dashboard's sanctioning and structure lines in the reader's language (tournament.presenters,
pairing.presenters), saying what the domain says."""

from django.utils import translation

from pairing.domain.structure import Structure
from pairing.presenters import structure_text
from tournament.domain.sanctioning import sanctioning
from tournament.presenters import sanctioning_text


def _words(structure, format, team_size, round_minutes, teams, rounds):
    return sanctioning_text(
        sanctioning(
            structure=structure,
            format=format,
            team_size=team_size,
            round_minutes=round_minutes,
            teams=teams,
            rounds=rounds,
        )
    )


def test_every_reason_of_the_domain_is_written_in_english_as_the_domain_writes_it():
    # MTR 10.1 (4 teams), 10.2 (2 rounds), App. B (40 minutes), 3.2 (formats), CR 810.11
    check = sanctioning(
        structure="constructed", format="pauper", team_size=3, round_minutes=30, teams=1, rounds=1
    )
    with translation.override("en"):
        words = sanctioning_text(check)
    assert not words.ok
    assert (
        words.line
        == check.line()
        == (
            "Sanctionable: no, because 1 team, fewer than 4 (MTR 10.1); 1 round, fewer than 2"
            " (MTR 10.2); rounds of 30 minutes, under 40 (MTR App. B); Pauper is not a format"
            " sanctioned for Two-Headed Giant (MTR 3.2); teams of 3 are a casual variant (MTR 3.2,"
            " CR 810.11). It runs as a casual event."
        )
    )
    assert len(words.reasons) == 5


def test_the_reasons_in_spanish():
    with translation.override("es"):
        words = _words("sealed", "", 2, 50, 2, 1)
        fine = _words("draft", "", 2, 50, 8, 3)
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
