"""Pairing notes as data: stored as JSON and read back unchanged."""

import pytest

from pairing.domain.notes import PairingNote, note_from_data

NOTES = [
    PairingNote("pair_down", (3, 9), (6, 3), reason="odd_group"),
    PairingNote("rematch", (3, 9)),
    PairingNote("bye", (12, 14, 15), (0,), reason="no_bye_yet", place=16),
    PairingNote("bye_match"),
    PairingNote("seeds", (4, 7), seeds=(1, 8)),
    PairingNote("cut_bye", (4, 7)),
    PairingNote("cut_reduced", counts=(8, 4)),
    PairingNote("cut_byes", counts=(2, 8, 6)),
    PairingNote("table_lost", table=3),
    PairingNote("swap_points", (1, 2), (3, 0), table=5),
    PairingNote("swap_bye_again", (1,), counts=(2,)),
]


@pytest.mark.parametrize("note", NOTES, ids=lambda n: n.kind)
def test_note_survives_its_json(note: PairingNote) -> None:
    assert note_from_data(note.as_data()) == note


def test_note_json_holds_only_the_fields_set() -> None:
    assert PairingNote("rematch", (3, 9)).as_data() == {"kind": "rematch", "team_ids": [3, 9]}


def test_note_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown"):
        note_from_data({"kind": "gossip"})
