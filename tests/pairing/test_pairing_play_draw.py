"""Who chooses to play or draw (MTR 9.3, 2.2; pairing.domain.play_draw)."""

import pytest

from pairing import services
from pairing.domain.play_draw import choosers
from pairing.models import PairingChange
from support.rounds import event_with_teams, win_all_a
from tracker import selectors as tracker_selectors


def test_swiss_choosers_are_random_and_fixed_by_the_seed():
    """MTR 9.3: a team chosen at random; the same seed gives the same choice."""
    sides = choosers(200, playoff=False, seed=7)
    assert set(sides) == {"a", "b"}
    assert sides == choosers(200, playoff=False, seed=7)
    assert sides != choosers(200, playoff=False, seed=8)


def test_in_the_playoff_the_higher_seed_chooses():
    """MTR 2.2: the higher seed (side A of a bracket match) chooses."""
    assert choosers(4, playoff=True, seed=7) == ["a"] * 4


@pytest.mark.django_db
def test_paired_matches_record_the_chooser_and_the_tracker_uses_it():
    event, _teams = event_with_teams(8, swiss_rounds=1, top_cut=4)
    first = services.round_pair_next(event=event, seed=3)
    for match in first.matches.filter(team_b__isnull=False):
        assert match.chooses_play_draw in ("a", "b")
        setup = tracker_selectors.build_setup(match)
        assert setup.chooser == match.chooses_play_draw_team_id
    bye = first.matches.filter(team_b__isnull=True).first()
    assert bye is None or bye.chooses_play_draw_team_id is None
    win_all_a(first)
    semis = services.round_pair_next(event=event)
    for match in semis.matches.all():
        assert match.chooses_play_draw_team_id == match.team_a_id  # the higher seed


@pytest.mark.django_db
def test_the_head_judge_sets_the_chooser_and_it_is_logged():
    """MTR 2.2: unless the head judge sets otherwise."""
    event, _teams = event_with_teams(4, swiss_rounds=0, top_cut=4)
    semis = services.round_pair_next(event=event, seed=1)
    match = semis.matches.order_by("table").first()
    services.match_set_play_draw(match=match, team=match.team_b_id, by=event.organizer)
    match.refresh_from_db()
    assert match.chooses_play_draw_team_id == match.team_b_id
    assert PairingChange.objects.filter(event=event, kind="playdraw").count() == 1
