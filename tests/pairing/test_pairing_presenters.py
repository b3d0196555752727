"""The pairing's notes in words (pairing.presenters): the same sentences as before notes were
data, and rows written before shown as they are."""

import pytest

from pairing import api, presenters, services
from pairing.domain.notes import PairingNote
from pairing.models import Match, Round
from support.rounds import event_with_teams

NAMES = {1: "Ada", 2: "Bo", 3: "Cy", 4: "Di", 5: "Ed", 6: "Flo"}


@pytest.mark.parametrize(
    ("note", "text"),
    [
        (
            PairingNote("pair_down", (1, 2), (6, 3), reason="odd_group"),
            "Ada (6 pts) plays down against Bo (3 pts): odd number of teams on 6 points",
        ),
        (
            PairingNote("pair_down", (1, 2), (1, 0), reason="avoid_rematch"),
            "Ada (1 pt) plays down against Bo (0 pts): pairing within the point groups would "
            "have forced a rematch",
        ),
        (
            PairingNote("rematch", (1, 2)),
            "Ada and Bo meet again: no pairing of this round avoids every rematch",
        ),
        (
            PairingNote("bye", (3,), reason="random"),
            "Cy gets the bye: drawn at random in round 1",
        ),
        (
            PairingNote("bye", (3,), (0,), reason="no_bye_yet", place=12),
            "Cy (0 pts, 12th) gets the bye: lowest-ranked team without a bye",
        ),
        (
            PairingNote("bye", (2, 6, 5, 4, 3), (3,), reason="fewest_byes", place=2),
            "Bo (3 pts, 2nd) gets the bye: every team has had a bye; lowest-ranked team with the "
            "fewest byes whose bye leaves no avoidable rematch (a bye to Flo, Ed, Di and others "
            "would force one)",
        ),
        (PairingNote("bye_match"), "Bye"),
        (PairingNote("seeds", (1, 2), seeds=(1, 8)), "Seed 1 v seed 8"),
        (PairingNote("cut_bye", (1, 2)), "Ada, Bo advance with a bye"),
        (PairingNote("cut_reduced", counts=(8, 4)), "Top 8 reduced to top 4: too few teams."),
        (PairingNote("cut_byes", counts=(2, 8, 6)), "2 byes in the bracket of 8: 6 teams."),
        (PairingNote("table_lost", table=7), "table 7 could not be kept"),
        (
            PairingNote("swap_rematch", (1, 2), table=3),
            "Table 3: rematch: Ada and Bo have met before.",
        ),
        (
            PairingNote("swap_points", (1, 2), (3, 0), table=3),
            "Table 3: Ada (3 pts) plays Bo (0 pts): points differ.",
        ),
        (
            PairingNote("swap_bye_again", (4,), counts=(2,)),
            "Bye: Di gets a bye again (2 byes).",
        ),
    ],
    ids=lambda value: value.kind if isinstance(value, PairingNote) else "",
)
def test_note_text_of_every_kind(note: PairingNote, text: str) -> None:
    assert presenters.note_text(note, NAMES) == text


def test_note_text_of_a_team_without_a_name_names_its_id() -> None:
    assert presenters.note_text(PairingNote("rematch", (1, 77)), NAMES).startswith(
        "Ada and Team 77 meet again"
    )


def test_notes_of_one_match_read_as_one_line() -> None:
    notes = [PairingNote("pair_down", (1, 2), (3, 0), reason="odd_group")]
    notes.append(PairingNote("rematch", (1, 2)))
    assert presenters.notes_text(notes, NAMES) == (
        "Ada (3 pts) plays down against Bo (0 pts): odd number of teams on 3 points; "
        "Ada and Bo meet again: no pairing of this round avoids every rematch"
    )


@pytest.mark.django_db
def test_rows_paired_before_notes_were_data_show_their_words() -> None:
    """A match note and a summary written by the old code reach the API unchanged."""
    event, teams = event_with_teams(5)
    round_ = services.round_pair_next(event=event, seed=3)
    old = "Team AA (3 pts) plays down against Team AB (0 pts): odd number of teams on 3 points"
    round_.matches.filter(team_b__isnull=False).update(notes=[], note=old)
    round_.matches.filter(team_b__isnull=True).update(notes=[], note="Bye")
    Round.objects.filter(pk=round_.pk).update(
        summary={"matches": 2, "bye_team": teams[0].pk, "bye_note": "AA gets the bye: drawn "
                 "at random in round 1", "warnings": [old]}
    )  # fmt: skip
    round_.refresh_from_db()
    body = api.round_json(round_, staff=True)
    assert body["bye_note"] == "AA gets the bye: drawn at random in round 1"
    assert body["warnings"] == [old]
    assert {m["note"] for m in body["matches"]} == {old, "Bye"}


@pytest.mark.django_db
def test_round_notes_name_the_teams_of_a_new_round() -> None:
    event, teams = event_with_teams(5)
    round_ = services.round_pair_next(event=event, seed=3)
    bye = round_.matches.get(team_b__isnull=True)
    assert round_.summary["bye_notes"][0]["team_ids"] == [bye.team_a_id]
    notes = presenters.round_notes(round_)
    assert notes.bye_note == f"{bye.team_a.name} gets the bye: drawn at random in round 1"
    assert presenters.match_note(Match.objects.get(pk=bye.pk)) == "Bye"


def test_swap_point_gap_says_1_pt_not_1_pts():
    from pairing.domain.notes import PairingNote
    from pairing.presenters import note_text

    note = PairingNote("swap_points", team_ids=(1, 2), points=(1, 0), table=4)
    text = note_text(note, {1: "Ada", 2: "Bo"})
    assert "Ada (1 pt)" in text
    assert "Bo (0 pts)" in text
