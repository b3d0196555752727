"""Services of rounds and results: rows written, rules enforced (MTR 9.1, 2.4, 10.4, App. C, E)."""

import random
from collections import Counter

import pytest

from core.errors import Conflict, ServiceError
from pairing import presenters, selectors, services
from pairing.models import Match, MatchTeam, PairingChange, ResultReport, Round
from support import factories
from support.rounds import event_with_teams, games, match_of, play, win_all_a
from tournament.models import Event
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def test_pair_round_one_seats_every_team_once_and_gives_one_bye_when_odd():
    """MTR App. C: a bye is a match win; one bye when the count is odd."""
    event, teams = event_with_teams(9)
    round_ = services.round_pair_next(event=event, seed=1)
    matches = list(round_.matches.all())
    played = [m for m in matches if m.team_b_id]
    byes = [m for m in matches if not m.team_b_id]
    assert len(played) == 4
    assert len(byes) == 1
    seated = Counter(t for m in matches for t in (m.team_a_id, m.team_b_id) if t)
    assert sorted(seated) == sorted(t.pk for t in teams)
    assert set(seated.values()) == {1}
    bye = byes[0]
    assert (bye.table, bye.status, bye.result, bye.score) == (None, "final", "a", "1-0-0")
    assert sorted(m.table for m in played) == [1, 2, 3, 4]
    assert MatchTeam.objects.filter(round=round_).count() == 9


def test_pair_round_one_starts_the_event_and_closes_registration():
    event, _teams = event_with_teams(4)
    services.round_pair_next(event=event)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    with pytest.raises(Conflict, match="Registration is closed"):
        factories.team(event, "Late Team")


def test_pair_next_round_refused_while_a_result_is_missing():
    event, _teams = event_with_teams(8)
    round_ = services.round_pair_next(event=event)
    first = round_.matches.order_by("table").first()
    services.match_enter_result(match=first, **games(1, 0))
    with pytest.raises(Conflict) as exc:
        services.round_pair_next(event=event)
    assert exc.value.status == 409
    assert exc.value.code == "round_unfinished"
    assert "3 matches without a final result" in exc.value.message
    assert Round.objects.filter(event=event).count() == 1


def test_pair_stores_seat_order_of_each_team_at_pairing():
    """MTR 9.4: the seat order is recorded per match."""
    event, teams = event_with_teams(4)
    tournament_teams.team_set_seats(
        team=teams[0], seat_order=[p.pk for p in teams[0].players.order_by("-seat")]
    )
    round_ = services.round_pair_next(event=event)
    entry = MatchTeam.objects.get(round=round_, team=teams[0])
    assert entry.seats == [p.pk for p in teams[0].players.order_by("seat")]
    assert entry.seats == list(teams[0].players.order_by("-pk").values_list("pk", flat=True))


def test_tables_follow_the_pairing_order_and_a_fixed_table_is_kept():
    event, teams = event_with_teams(8)
    tournament_teams.team_set_fixed_table(team=teams[5], table=2)
    round_ = services.round_pair_next(event=event, seed=4)
    mine = match_of(round_, teams[5])
    assert mine.table == 2
    assert sorted(round_.matches.values_list("table", flat=True)) == [1, 2, 3, 4]


def test_fixed_table_beyond_the_count_keeps_its_number_and_the_rest_stay_compact():
    event, teams = event_with_teams(6)
    tournament_teams.team_set_fixed_table(team=teams[0], table=40)
    round_ = services.round_pair_next(event=event)
    assert match_of(round_, teams[0]).table == 40
    assert sorted(round_.matches.values_list("table", flat=True)) == [1, 2, 40]


def test_second_round_pairs_equal_points_and_avoids_rematches():
    """MTR: teams meet teams on the same match points; nobody meets an opponent twice."""
    event, teams = event_with_teams(8)
    first = services.round_pair_next(event=event, seed=3)
    win_all_a(first)
    winners = {m.team_a_id for m in first.matches.all()}
    second = services.round_pair_next(event=event, seed=3)
    met = {frozenset((m.team_a_id, m.team_b_id)) for m in first.matches.all()}
    for m in second.matches.all():
        assert (m.team_a_id in winners) == (m.team_b_id in winners)
        assert frozenset((m.team_a_id, m.team_b_id)) not in met
    # top tables first: the 3-point pairs sit at tables 1 and 2
    top = second.matches.filter(table__in=[1, 2])
    assert all(m.team_a_id in winners for m in top)


def test_six_rounds_of_twelve_teams_never_repeat_a_pairing():
    event, _teams = event_with_teams(12, swiss_rounds=6)
    seen: set[frozenset] = set()
    for k in range(6):
        round_ = services.round_pair_next(event=event, seed=k)
        for m in round_.matches.filter(team_b__isnull=False):
            pair = frozenset((m.team_a_id, m.team_b_id))
            assert pair not in seen
            seen.add(pair)
        play(round_, random.Random(k))
    assert len(seen) == 36


def test_a_dropped_team_is_not_paired_and_records_the_round_it_dropped_after():
    """MTR 8.2; docs/rules.md: never pairs a dropped team."""
    event, teams = event_with_teams(6)
    first = services.round_pair_next(event=event)
    tournament_teams.team_drop(team=teams[2])
    teams[2].refresh_from_db()
    assert teams[2].dropped_after_round == first.number
    play(first)
    second = services.round_pair_next(event=event)
    assert not MatchTeam.objects.filter(round=second, team=teams[2]).exists()
    assert second.matches.filter(team_b__isnull=True).count() == 1  # 5 teams: one bye


def test_the_bye_goes_to_a_team_without_one():
    """docs/rules.md: the bye goes to the lowest-ranked team that has not had one."""
    event, _teams = event_with_teams(5, swiss_rounds=5)
    byes = []
    for k in range(5):
        round_ = services.round_pair_next(event=event, seed=k)
        byes.append(round_.matches.get(team_b__isnull=True).team_a_id)
        play(round_, random.Random(k))
    assert len(set(byes)) == 5


# --- unpair, publish, swap, tables ---------------------------------------------------------


def test_unpair_removes_the_newest_round_and_reopens_registration_after_round_one():
    event, _teams = event_with_teams(5)
    round_ = services.round_pair_next(event=event)
    assert services.round_unpair(round_=round_) == 1
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION
    assert not Round.objects.filter(event=event).exists()
    assert PairingChange.objects.filter(event=event, kind="unpair").count() == 1


def test_unpair_refused_once_a_result_or_a_report_is_in():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = match_of(round_, teams[0])
    services.match_report_result(match=m, team=teams[0], **games(1, 0))
    with pytest.raises(Conflict) as exc:
        services.round_unpair(round_=round_)
    assert exc.value.code == "round_has_results"
    assert Round.objects.filter(pk=round_.pk).exists()


def test_unpair_refused_for_an_older_round():
    event, _teams = event_with_teams(4)
    first = services.round_pair_next(event=event)
    play(first)
    services.round_pair_next(event=event)
    with pytest.raises(Conflict) as exc:
        services.round_unpair(round_=first)
    assert exc.value.code == "not_newest_round"


def test_publish_bumps_the_version_and_logs_who():
    event, _teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event, by=event.organizer)
    version = round_.version
    services.round_publish(round_=round_, by=event.organizer)
    round_.refresh_from_db()
    assert round_.published
    assert round_.version == version + 1
    log = PairingChange.objects.get(event=event, kind="publish")
    assert log.by == event.organizer
    assert "Published round 1" in log.description


def test_swap_warns_of_a_rematch_and_a_point_difference_and_logs_it():
    event, teams = event_with_teams(8)
    first = services.round_pair_next(event=event, seed=2)
    win_all_a(first)
    second = services.round_pair_next(event=event, seed=2)
    winner_match = second.matches.filter(table=1).get()  # two 3-point teams
    # a 0-point team that met winner_match.team_a in round 1
    old_opponent = first.matches.get(team_a_id=winner_match.team_a_id).team_b_id
    outcome = services.round_swap_teams(
        round_=second, team_1=winner_match.team_b_id, team_2=old_opponent, by=event.organizer
    )
    text = " ".join(outcome.warnings)
    assert "rematch" in text
    assert "have met before" in text
    assert "(3 pts)" in text
    assert "(0 pts)" in text
    assert "points differ" in text
    winner_match.refresh_from_db()
    assert winner_match.team_b_id == old_opponent
    assert "rematch" in presenters.match_note(winner_match)
    log = PairingChange.objects.get(event=event, kind="swap")
    assert log.by == event.organizer
    assert log.warnings == outcome.warnings
    assert MatchTeam.objects.get(round=second, team_id=old_opponent).match_id == winner_match.pk
    assert MatchTeam.objects.filter(round=second).count() == 8


def test_swap_with_the_bye_moves_the_bye_and_warns_of_a_second_bye():
    event, _teams = event_with_teams(5)
    first = services.round_pair_next(event=event, seed=1)
    first_bye = first.matches.get(team_b__isnull=True).team_a_id
    play(first)
    second = services.round_pair_next(event=event, seed=1)
    bye = second.matches.get(team_b__isnull=True)
    outcome = services.round_swap_teams(round_=second, team_1=bye.team_a_id, team_2=first_bye)
    bye.refresh_from_db()
    assert bye.team_a_id == first_bye
    assert bye.status == "final"
    assert any("bye again" in w for w in outcome.warnings)


def test_swap_refused_when_a_match_has_a_result():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    m1, m2 = round_.matches.order_by("table")
    services.match_enter_result(match=m1, **games(1, 0))
    with pytest.raises(Conflict) as exc:
        services.round_swap_teams(round_=round_, team_1=m1.team_a_id, team_2=m2.team_a_id)
    assert exc.value.code == "match_has_result"


def test_swap_of_two_opponents_or_a_stranger_is_a_clear_error():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    m1 = round_.matches.order_by("table").first()
    with pytest.raises(ServiceError, match="already play each other"):
        services.round_swap_teams(round_=round_, team_1=m1.team_a_id, team_2=m1.team_b_id)
    stranger = factories.team(factories.event(), "Stranger")
    with pytest.raises(ServiceError, match="does not play in round 1"):
        services.round_swap_teams(round_=round_, team_1=m1.team_a_id, team_2=stranger.pk)


def test_moving_a_match_to_a_taken_table_swaps_the_two_numbers():
    event, _teams = event_with_teams(6)
    round_ = services.round_pair_next(event=event)
    t1 = round_.matches.get(table=1)
    t3 = round_.matches.get(table=3)
    services.match_set_table(match=t1, table=3, by=event.organizer)
    t1.refresh_from_db()
    t3.refresh_from_db()
    assert (t1.table, t3.table) == (3, 1)
    assert "moved table 1 to table 3" in PairingChange.objects.get(kind="table").description


# --- results -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "result"),
    [
        ((1, 0, 0), "a"),
        ((0, 1, 0), "b"),
        ((1, 0, 1), "a"),
        ((0, 0, 1), "draw"),
        ((0, 0, 0), "draw"),
    ],
)
def test_staff_result_is_final_with_the_derived_result(score, result):
    """MTR 9.1: games won by each team and games drawn; 0-0-0 is an intentional draw (2.5)."""
    event, _teams = event_with_teams(4)
    m = services.round_pair_next(event=event).matches.first()
    m = services.match_enter_result(match=m, **games(*score))
    m.refresh_from_db()
    assert (m.status, m.result, m.score) == ("final", result, "-".join(map(str, score)))


@pytest.mark.parametrize(
    ("score", "code"),
    [
        ((1, 1, 0), "two_wins"),
        ((2, 0, 0), "invalid"),
        ((0, 0, 21), "invalid"),
        ((-1, 0, 0), "invalid"),
    ],
)
def test_impossible_result_is_refused_and_nothing_is_saved(score, code):
    """MTR 9.1: a 2HG match ends at its first won game, so 1-1 cannot happen."""
    event, _teams = event_with_teams(4)
    m = services.round_pair_next(event=event).matches.first()
    with pytest.raises(ServiceError) as exc:
        services.match_enter_result(match=m, **games(*score))
    assert exc.value.status == 400
    assert exc.value.code == code
    m.refresh_from_db()
    assert m.status == "pending"
    assert m.result is None


def test_team_reports_that_agree_make_the_result_final():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = match_of(round_, teams[0])
    a, b = m.team_a, m.team_b
    first = services.match_report_result(match=m, team=a, **games(0, 1, 1))
    assert first.outcome == "reported"
    assert first.match.status == "reported"
    assert first.match.result is None
    second = services.match_report_result(match=m, team=b, **games(0, 1, 1))
    assert second.outcome == "confirmed"
    m.refresh_from_db()
    assert (m.status, m.result, m.score) == ("final", "b", "0-1-1")


def test_team_reports_that_differ_are_disputed_until_staff_decide():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = match_of(round_, teams[0])
    services.match_report_result(match=m, team=m.team_a, **games(1, 0))
    outcome = services.match_report_result(match=m, team=m.team_b, **games(0, 1))
    assert outcome.disputed
    m.refresh_from_db()
    assert m.status == "disputed"
    assert m.result is None
    assert ResultReport.objects.filter(match=m).count() == 2
    services.match_enter_result(match=m, by=event.organizer, **games(1, 0, 1))
    m.refresh_from_db()
    assert (m.status, m.score, m.decided_by) == ("final", "1-0-1", event.organizer)
    assert "settled the dispute" in PairingChange.objects.get(kind="result").description


def test_team_cannot_change_a_final_result_but_may_repeat_it():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event)
    services.round_publish(round_=round_)
    m = match_of(round_, teams[0])
    services.match_enter_result(match=m, **games(1, 0))
    assert (
        services.match_report_result(match=m, team=m.team_b, **games(1, 0)).outcome == "confirmed"
    )
    with pytest.raises(Conflict) as exc:
        services.match_report_result(match=m, team=m.team_b, **games(0, 1))
    assert exc.value.code == "result_final"


def test_team_report_on_an_unpublished_round_is_refused():
    event, teams = event_with_teams(4)
    m = match_of(services.round_pair_next(event=event), teams[0])
    with pytest.raises(Conflict) as exc:
        services.match_report_result(match=m, team=teams[0], **games(1, 0))
    assert exc.value.code == "not_published"


def test_event_finishes_when_the_last_swiss_round_is_final_without_top_cut():
    event, _teams = event_with_teams(4, swiss_rounds=2, top_cut=0)
    for _ in range(2):
        play(services.round_pair_next(event=event))
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    with pytest.raises(Conflict) as exc:
        services.round_pair_next(event=event)
    assert exc.value.code == "event_finished"


# --- top cut (MTR 10.4) --------------------------------------------------------------------


def _ranked(event) -> list[int]:
    return [row.team for row in selectors.standings(event).rows]


def test_top_8_is_seeded_1v8_4v5_2v7_3v6_and_winners_advance_to_the_final():
    """MTR 10.4: top 8 plays 1v8, 4v5, 2v7, 3v6; the winner of 1/8 plays the winner of 4/5."""
    event, _teams = event_with_teams(12, swiss_rounds=3, top_cut=8)
    for k in range(3):
        play(services.round_pair_next(event=event, seed=k), random.Random(k))
    seeds = _ranked(event)[:8]
    quarter = services.round_pair_next(event=event)
    assert quarter.stage == "top_cut"
    assert quarter.number == 4
    pairs = [(m.team_a_id, m.team_b_id) for m in quarter.matches.order_by("table")]
    s = dict(enumerate(seeds, start=1))
    assert pairs == [(s[1], s[8]), (s[4], s[5]), (s[2], s[7]), (s[3], s[6])]
    assert presenters.match_note(quarter.matches.get(table=1)) == "Seed 1 v seed 8"
    # the lower seed wins at tables 1 and 3, the higher seed at 2 and 4
    for m in quarter.matches.all():
        services.match_enter_result(match=m, **(games(0, 1) if m.table in (1, 3) else games(1, 0)))
    semi = services.round_pair_next(event=event)
    assert [(m.team_a_id, m.team_b_id) for m in semi.matches.order_by("table")] == [
        (s[4], s[8]),  # higher seed first: 4 v 8
        (s[3], s[7]),
    ]
    win_all_a(semi)
    final = services.round_pair_next(event=event)
    assert [(m.team_a_id, m.team_b_id) for m in final.matches.all()] == [(s[3], s[4])]
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    services.match_enter_result(match=final.matches.get(), **games(0, 1))
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_top_4_is_seeded_1v4_2v3():
    """MTR 10.4: top 4 plays 1v4, 2v3."""
    event, _teams = event_with_teams(6, swiss_rounds=2, top_cut=4)
    for k in range(2):
        play(services.round_pair_next(event=event, seed=k), random.Random(k))
    s = dict(enumerate(_ranked(event), start=1))
    semi = services.round_pair_next(event=event)
    assert [(m.team_a_id, m.team_b_id) for m in semi.matches.order_by("table")] == [
        (s[1], s[4]),
        (s[2], s[3]),
    ]


def test_playoff_match_cannot_be_a_draw():
    """MTR 2.4: playoff matches may not end in a draw."""
    event, _teams = event_with_teams(4, swiss_rounds=1, top_cut=2)
    play(services.round_pair_next(event=event))
    final = services.round_pair_next(event=event)
    with pytest.raises(ServiceError) as exc:
        services.match_enter_result(match=final.matches.get(), **games(0, 0, 1))
    assert exc.value.code == "playoff_draw"


def test_top_cut_does_not_replace_a_team_that_dropped_after_the_swiss_rounds():
    """MTR 2.10 (issue 23): seed 1 drops after the last Swiss round; the fifth team does not
    come in. Seed 2, the highest-ranked team left, has the bye; seeds 3 and 4 play."""
    event, _teams = event_with_teams(6, swiss_rounds=2, top_cut=4)
    for k in range(2):
        play(services.round_pair_next(event=event, seed=k), random.Random(k))
    ranked = _ranked(event)
    tournament_teams.team_drop(team=event.teams.get(pk=ranked[0]))
    semi = services.round_pair_next(event=event)
    pairs = set(semi.matches.values_list("team_a_id", "team_b_id"))
    assert pairs == {(ranked[1], None), (ranked[2], ranked[3])}


def test_automatic_structure_follows_mtr_app_e():
    """MTR App. E: 9-16 teams play 5 Swiss rounds and a top 4; 4 teams play a top 4 at once."""
    event, _teams = event_with_teams(10, swiss_rounds=None)
    plan = selectors.structure(event)
    assert (plan.swiss_rounds, plan.top_cut, plan.automatic) == (5, 4, True)
    small, _ = event_with_teams(4, swiss_rounds=None)
    first = services.round_pair_next(event=small)
    assert first.stage == "top_cut"
    assert first.matches.count() == 2


def test_six_teams_without_swiss_rounds_play_a_bracket_of_8_with_two_byes():
    """MTR App. E: 5-8 teams play 3 single-elimination rounds; missing seeds are byes."""
    event, _teams = event_with_teams(6, swiss_rounds=None)
    first = services.round_pair_next(event=event, seed=5)
    assert first.stage == "top_cut"
    assert first.matches.filter(team_b__isnull=True).count() == 2
    assert first.matches.filter(team_b__isnull=False).count() == 2
    win_all_a(first)
    semi = services.round_pair_next(event=event)
    assert semi.matches.filter(team_b__isnull=False).count() == 2
    win_all_a(semi)
    final = services.round_pair_next(event=event)
    assert final.matches.count() == 1


def test_a_top_cut_winner_cannot_change_once_the_next_round_is_paired():
    event, _teams = event_with_teams(4, swiss_rounds=1, top_cut=4)
    play(services.round_pair_next(event=event))
    semi = services.round_pair_next(event=event)
    win_all_a(semi)
    services.round_pair_next(event=event)
    m = semi.matches.first()
    with pytest.raises(Conflict) as exc:
        services.match_enter_result(match=m, **games(0, 1))
    assert exc.value.code == "bracket_advanced"
    services.match_enter_result(match=m, **games(1, 0, 2))  # same winner: a correction is fine
    assert Match.objects.get(pk=m.pk).score == "1-0-2"


def test_an_event_with_rounds_can_be_deleted_but_not_a_team_that_played():
    from django.db.models import RestrictedError

    event, teams = event_with_teams(4)
    play(services.round_pair_next(event=event))
    with pytest.raises(RestrictedError):
        teams[0].delete()
    event.delete()
    assert not Match.objects.exists()
    assert not Round.objects.exists()
