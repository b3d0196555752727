"""The pairing's notes are written in the reader's language (pairing.presenters): the stored
notes are data, so a Spanish page shows them in Spanish and an English one in English."""

from django.utils import translation

from pairing import presenters
from pairing.domain.notes import PairingNote

NAMES = {1: "Ada", 2: "Bo", 3: "Cy", 4: "Di", 5: "Ed", 6: "Flo"}


def test_the_notes_in_spanish():
    notes = [
        PairingNote("pair_down", (1, 2), (6, 3), reason="odd_group"),
        PairingNote("bye", (3,), (0,), reason="no_bye_yet", place=12),
        PairingNote("cut_byes", counts=(1, 8, 7)),
        PairingNote("swap_points", (1, 2), (3, 0), table=4),
    ]
    with translation.override("es"):
        texts = [presenters.note_text(note, NAMES) for note in notes]
    assert texts == [
        "Ada (6 pts) baja a jugar contra Bo (3 pts): número impar de equipos con 6 puntos",
        "Cy (0 pts, 12.º) recibe el bye: el equipo peor clasificado sin bye",
        "1 bye en el cuadro de 8: 7 equipos.",
        "Mesa 4: Ada (3 pts) juega contra Bo (0 pts): los puntos no coinciden.",
    ]
    with translation.override("en"):
        assert presenters.note_text(notes[2], NAMES) == "1 bye in the bracket of 8: 7 teams."
