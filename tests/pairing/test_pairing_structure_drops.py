"""The structure that is paired (MTR 10.2, App. E) and drops around the cut (MTR 2.10)."""

import pytest

from core.errors import Conflict
from pairing import presenters, selectors, services
from pairing.models import MatchTeam, Round
from support import actors
from support.rounds import event_with_teams, win_all_a
from tournament.models import Event
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def _seeds(round_: Round) -> dict[int, int]:
    """seed -> team id of a playoff round's entries."""
    return {s: t for t, s in MatchTeam.objects.filter(round=round_).values_list("team_id", "seed")}


def test_an_explicit_no_top_cut_plays_swiss_rounds_for_one_undefeated_team():
    """An organizer's "no top cut" with automatic rounds: 6 teams play 3 Swiss rounds, not MTR
    App. E's bracket of 8, and the event ends after them."""
    event, _teams = event_with_teams(6, swiss_rounds=None, top_cut=0, top_cut_automatic=False)
    plan = selectors.structure(event)
    assert (plan.swiss_rounds, plan.top_cut) == (3, 0)
    for _ in range(3):
        round_ = services.round_pair_next(event=event)
        assert round_.stage == "swiss"
        win_all_a(round_)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_the_structure_does_not_change_after_round_1_when_teams_drop():
    """MTR 10.2: the plan is made for round 1's teams; later drops do not change it."""
    event, teams = event_with_teams(9, swiss_rounds=None, top_cut=0, top_cut_automatic=False)
    services.round_pair_next(event=event)
    for team in teams[:4]:
        tournament_teams.team_drop(team=team)
    assert selectors.structure(event).swiss_rounds == 4


def test_pairing_needs_two_teams_and_three_play_as_a_casual_event():
    """MTR 10.1 makes a 3-team event unsanctionable, not unplayable."""
    lone, _ = event_with_teams(1, swiss_rounds=None)
    with pytest.raises(Conflict) as caught:
        services.round_pair_next(event=lone)
    assert caught.value.code == "too_few_teams"
    three, _ = event_with_teams(3, swiss_rounds=None)
    first = services.round_pair_next(event=three)
    assert first.stage == "swiss"
    assert selectors.structure(three).swiss_rounds == 2


def test_no_team_re_enters_after_the_cut():
    """MTR 2.10: re-entry is never allowed after a cut; before it the organizer may."""
    event, teams = event_with_teams(4, swiss_rounds=1, top_cut=2)
    tournament_teams.team_drop(team=teams[0])
    tournament_teams.team_undrop(team=teams[0])
    win_all_a(services.round_pair_next(event=event))
    tournament_teams.team_drop(team=teams[1])
    services.round_pair_next(event=event)  # the top 2
    with pytest.raises(Conflict) as caught:
        tournament_teams.team_undrop(team=teams[1])
    assert caught.value.code == "after_cut"
    teams[1].refresh_from_db()
    assert teams[1].dropped


def test_a_drop_in_the_bracket_gives_the_bye_to_the_highest_ranked_team_left():
    """MTR 2.10: quarterfinal winners are seeds 1, 4, 2, 3; seed 3 drops. Seed 2 does not get a
    walkover: seed 1 gets the bye and seeds 2 and 4 play."""
    event, _teams = event_with_teams(8, swiss_rounds=0, top_cut=8)
    quarters = services.round_pair_next(event=event, seed=3)
    win_all_a(quarters)
    seeds = _seeds(quarters)
    tournament_teams.team_drop(team=event.teams.get(pk=seeds[3]))
    semis = services.round_pair_next(event=event)
    byes = list(semis.matches.filter(team_b__isnull=True).values_list("team_a_id", flat=True))
    assert byes == [seeds[1]]
    played = semis.matches.get(team_b__isnull=False)
    assert (played.team_a_id, played.team_b_id) == (seeds[2], seeds[4])
    assert "MTR 2.10" in " ".join(presenters.round_notes(semis).warnings)
    win_all_a(semis)
    final = services.round_pair_next(event=event)
    match = final.matches.get()
    assert (match.team_a_id, match.team_b_id) == (seeds[1], seeds[2])


def test_the_last_team_left_in_the_bracket_wins_it_with_a_bye():
    event, _teams = event_with_teams(4, swiss_rounds=0, top_cut=4)
    semis = services.round_pair_next(event=event, seed=1)
    win_all_a(semis)
    tournament_teams.team_drop(team=event.teams.get(pk=_seeds(semis)[2]))
    final = services.round_pair_next(event=event)
    assert list(final.matches.values_list("team_a_id", "team_b_id")) == [(_seeds(semis)[1], None)]
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def _after_swiss_top_4(teams: int = 6):
    """6 teams, 2 Swiss rounds, a top 4: the final Swiss standings, best first."""
    event, _teams = event_with_teams(teams, swiss_rounds=2, top_cut=4, rel="competitive")
    for number in (1, 2):
        win_all_a(services.round_pair_next(event=event, seed=number))
    ranked = [row.team for row in selectors.standings(event, after_round=2).rows]
    return event, ranked


def _entries(round_: Round) -> tuple[list[int], list[tuple[int, int | None]]]:
    byes = list(round_.matches.filter(team_b__isnull=True).values_list("team_a_id", flat=True))
    played = list(round_.matches.filter(team_b__isnull=False).values_list("team_a_id", "team_b_id"))
    return byes, played


def test_a_team_that_drops_after_the_last_swiss_round_is_not_replaced():
    """MTR 2.10: a team that drops after the cut is not replaced; the cut is the final Swiss
    standings and the highest-ranked team left gets the bye. Seed 2 drops before the top 4 is
    paired: seed 5 does not come in, the seeds are not renumbered, seed 1 has the bye and
    seeds 3 and 4 play."""
    event, ranked = _after_swiss_top_4()
    tournament_teams.team_drop(team=event.teams.get(pk=ranked[1]))
    semis = services.round_pair_next(event=event, seed=3)
    byes, played = _entries(semis)
    assert byes == [ranked[0]]
    assert played == [(ranked[2], ranked[3])]
    assert ranked[4] not in _seeds(semis).values()
    assert _seeds(semis) == {1: ranked[0], 3: ranked[2], 4: ranked[3]}
    assert "MTR 2.10" in " ".join(presenters.round_notes(semis).warnings)
    win_all_a(semis)
    final = services.round_pair_next(event=event, seed=4)
    assert list(final.matches.values_list("team_a_id", "team_b_id")) == [(ranked[0], ranked[2])]


def test_a_team_disqualified_after_the_last_swiss_round_is_not_replaced():
    """MTR 2.10, IPG 1.1: a disqualification after the Swiss rounds drops the team; nobody
    takes its place in the top 4 (seed 5 stays out), seed 1 gets the bye."""

    event, ranked = _after_swiss_top_4()
    team = event.teams.get(pk=ranked[3])
    actors.issue_penalty(
        event=event,
        actor=actors.head_judge(event),
        player=team.players.get(seat=1),
        infraction_code="USC-C",
    )
    team.refresh_from_db()
    assert team.dropped
    semis = services.round_pair_next(event=event, seed=3)
    byes, played = _entries(semis)
    assert byes == [ranked[0]]
    assert played == [(ranked[1], ranked[2])]
    assert ranked[4] not in _seeds(semis).values()


def test_a_team_that_dropped_during_the_swiss_rounds_is_not_in_the_cut():
    """MTR 2.10: the cut is made of the teams still in after the Swiss rounds; a team that left
    earlier has no seed, and the next team in the standings is in the top 4."""
    event, _teams = event_with_teams(6, swiss_rounds=2, top_cut=4, rel="competitive")
    win_all_a(services.round_pair_next(event=event, seed=1))
    leader = selectors.standings(event, after_round=1).rows[0].team
    tournament_teams.team_drop(team=event.teams.get(pk=leader))
    win_all_a(services.round_pair_next(event=event, seed=2))
    ranked = [
        row.team for row in selectors.standings(event, after_round=2).rows if row.team != leader
    ]
    semis = services.round_pair_next(event=event, seed=3)
    assert sorted(_seeds(semis).values()) == sorted(ranked[:4])
    assert _entries(semis)[0] == []


def test_a_booster_draft_event_of_12_teams_plans_4_rounds_and_a_top_8():
    """MTR App. E's Booster Draft playoff row, chosen when the structure is automatic."""
    event, _teams = event_with_teams(
        12, structure="draft", swiss_rounds=None, top_cut=0, top_cut_automatic=True
    )
    plan = selectors.structure(event)
    assert (plan.swiss_rounds, plan.top_cut) == (4, 8)


def test_awarded_byes_count_as_app_e_says_for_the_structure():
    """MTR App. E: a team with a 1-, 2- or 3-round bye counts as 2, 4 or 8 players (teams).
    15 teams play 5 rounds and a top 4; with one of them holding a 2-round bye they count as
    14 + 4 = 18: 5 rounds and a top 8 (issue 23)."""
    event, teams = event_with_teams(15, swiss_rounds=None, top_cut=0, top_cut_automatic=True)
    assert (selectors.structure(event).swiss_rounds, selectors.structure(event).top_cut) == (5, 4)
    tournament_teams.team_set_awarded_byes(team=teams[0], byes=2)
    plan = selectors.structure(event)
    assert (plan.teams, plan.swiss_rounds, plan.top_cut) == (18, 5, 8)


def test_a_team_with_awarded_byes_is_not_paired_in_those_rounds_and_wins_them():
    """MTR App. E: a 2-round bye means rounds 1 and 2 are byes, each a match win (MTR App. C);
    the team plays from round 3. The others pair as usual (an odd count still gives one bye)."""
    event, teams = event_with_teams(6, swiss_rounds=3, top_cut=0)
    tournament_teams.team_set_awarded_byes(team=teams[0], byes=2)
    for number in (1, 2):
        round_ = services.round_pair_next(event=event, seed=number)
        byes = set(round_.matches.filter(team_b__isnull=True).values_list("team_a_id", flat=True))
        assert teams[0].pk in byes
        assert len(byes) == 2  # the awarded bye and the odd team's
        win_all_a(round_)
    assert selectors.standings(event, after_round=2).row(teams[0].pk).match_points == 6
    third = services.round_pair_next(event=event, seed=3)
    assert not third.matches.filter(team_a=teams[0], team_b__isnull=True).exists()
    with pytest.raises(Conflict):
        tournament_teams.team_set_awarded_byes(
            team=teams[1], byes=1
        )  # fixed once round 1 is paired
