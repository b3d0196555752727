"""Issuing and rescinding penalties and their effects (docs/rules.md "Penalties"; docs/api.md
"Penalties"): judging.services over the domain decision."""

import pytest

from core.errors import Conflict, ServiceError
from judging import services
from judging.errors import HeadJudgeOnly
from judging.models import Penalty
from judging.selectors import settings as judging_settings
from pairing import selectors as standings
from pairing import services as pairing_services
from pairing.models import Match
from support import actors
from support.rounds import match_of

pytestmark = pytest.mark.django_db


def issue(t, team, code, *, by=None, head_judge=True, seat=1, **kw):
    return actors.issue_penalty(
        event=t.event,
        actor=(actors.head_judge if head_judge else actors.judge)(t.event, by),
        player=t.player(team, seat),
        infraction_code=code,
        **kw,
    )


def lost_by(match, team) -> str:
    """The result of a match the team lost."""
    return "b" if match.team_a_id == team.pk else "a"


def points(event, team, after_round):
    return standings.standings(event, after_round=after_round).row(team.pk).match_points


# --- the decision and the row -------------------------------------------------------------


def test_a_warning_is_stored_with_round_table_and_reasons(table, world):
    issued = issue(table, table.red, "GPE-LEC", by=world.judy, head_judge=False, notes="Saw 2")
    row = issued.penalty
    assert (row.penalty, row.proposed, row.upgraded) == ("warning", "warning", False)
    assert (row.round_id, row.round_number, row.match_id, row.table) == (
        table.round.pk, 1, table.match.pk, 1,
    )  # fmt: skip
    assert row.team_id == table.red.pk
    assert row.issued_by == world.judy
    assert row.notes == "Saw 2"
    assert any("IPG 2.2" in r for r in row.reasons)
    assert issued.related == ()


def test_third_gpe_warning_the_same_day_is_upgraded_then_a_match_loss_under_match_point(table):
    """IPG 2: the third Warning for the same Game Play Error is a Game Loss; JG09: an upgraded
    Game Loss becomes a Match Loss under policy match_point."""
    for _ in range(2):
        assert issue(table, table.red, "GPE-LEC").penalty.penalty == "warning"
    third = issue(table, table.red, "GPE-LEC").penalty
    assert (third.penalty, third.upgraded, third.upgraded_from) == ("match_loss", True, "warning")
    table.match.refresh_from_db()
    assert (table.match.status, table.match.result) == ("final", lost_by(table.match, table.red))


def test_upgrades_count_per_player_not_per_team(table):
    """docs/rules.md "Penalties": upgrades are counted per player."""
    issue(table, table.red, "TE-SP", seat=1)
    assert issue(table, table.red, "TE-SP", seat=2).penalty.penalty == "warning"


def test_a_rescinded_warning_does_not_count_towards_an_upgrade(table, world):
    first = issue(table, table.red, "TE-SP").penalty
    services.penalty_rescind(penalty=first, by=world.hank, reason="Wrong player")
    assert issue(table, table.red, "TE-SP").penalty.penalty == "warning"


def test_slow_play_stores_two_additional_turns(table):
    """IPG 3.3: Warning and two additional turns (stored for the round clock)."""
    row = issue(table, table.red, "TE-SP", head_judge=False).penalty
    assert (row.penalty, row.extra_turns_added) == ("warning", 2)


def test_slow_play_in_the_additional_turns_records_no_turns_added(table):
    """IPG 3.3 (docs/rules.md "Slow Play"): a match already in its additional turns gets the
    Warning and no turns; the penalty records 0 turns added, as the clock counts it."""
    from datetime import timedelta

    from django.utils import timezone

    services.clock_start(round_=table.round, now=timezone.now() - timedelta(minutes=61))
    services.turn_passed(match=table.match)  # additional turn 1
    row = issue(table, table.red, "TE-SP", head_judge=False).penalty
    assert (row.penalty, row.extra_turns_added) == ("warning", 0)
    assert any("no turns are added" in r for r in row.reasons)
    from judging.selectors import clock as sel

    state = sel.states_of(sel.round_tables(table.round))[table.match.pk]
    assert state.extra_turns_total == 3


# --- rights ----------------------------------------------------------------------------------


def test_a_judge_cannot_issue_a_match_loss(table, world):
    with pytest.raises(HeadJudgeOnly) as err:
        issue(table, table.red, "TE-OA", by=world.judy, head_judge=False)
    assert err.value.code == "head_judge_only"
    assert err.value.status == 403
    assert not Penalty.objects.exists()


def test_a_judge_may_issue_a_decklist_problem(table, world):
    """IPG 1.2 exempts Decklist Problem from the head judge's penalties."""
    row = issue(table, table.red, "TE-DLP", by=world.judy, head_judge=False).penalty
    assert row.penalty == "game_loss"  # found without a deck check: not converted (JG09)


def test_a_judge_cannot_override(table, world):
    with pytest.raises(HeadJudgeOnly) as err:
        issue(table, table.red, "GPE-LEC", head_judge=False, penalty="none")
    assert err.value.code == "override_head_judge_only"


def test_a_head_judge_overrides_with_a_reason(table, world):
    row = issue(
        table, table.red, "GPE-LEC", by=world.hank, penalty="none", override_reason="Unclear"
    ).penalty
    assert (row.penalty, row.proposed, row.override_reason) == ("none", "warning", "Unclear")
    assert row.overridden_by == world.hank


def test_an_override_without_a_reason_is_refused_and_nothing_written(table, world):
    """docs/rules.md "Penalties": a head judge may override the proposal, with a reason."""
    with pytest.raises(ServiceError) as err:
        issue(table, table.red, "GPE-LEC", by=world.hank, penalty="none", override_reason="  ")
    assert err.value.field == "override_reason"
    assert not Penalty.objects.exists()
    same = issue(table, table.red, "GPE-LEC", by=world.hank, penalty="warning").penalty
    assert (same.penalty, same.override_reason) == ("warning", "")  # not an override


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"infraction_code": "XX-1"}, "infraction"),
        ({"penalty": "banishment"}, "penalty"),
        ({"notes": "x" * 2001}, "notes"),
    ],
)
def test_bad_input_is_refused_and_nothing_written(table, kw, field):
    kw.setdefault("infraction_code", "GPE-LEC")
    with pytest.raises(ServiceError) as err:
        actors.issue_penalty(
            event=table.event,
            actor=actors.judge(table.event),
            player=table.player(table.red),
            **kw,
        )
    assert field in err.value.errors
    assert not Penalty.objects.exists()


def test_notes_lose_control_characters(table):
    row = issue(table, table.red, "GPE-LEC", notes="a\x00b\u202ec\nd").penalty
    assert row.notes == "abc\nd"


# --- FtMGS ----------------------------------------------------------------------------------


def test_grv_gives_ftmgs_to_the_three_others(table):
    """IPG 2.6, JG09: teammate and both opponents."""
    issued = issue(table, table.red, "GPE-GRV")
    assert {p.player_id for p in issued.related} == table.others(table.red)
    assert {(p.infraction, p.penalty, p.parent_id) for p in issued.related} == {
        ("GPE-FMGS", "warning", issued.penalty.pk)
    }


def test_ftmgs_to_narrows_the_recipients(table):
    others = sorted(table.others(table.red))
    issued = issue(table, table.red, "GPE-GRV", ftmgs_to=others[:1])
    assert [p.player_id for p in issued.related] == others[:1]
    assert issue(table, table.red, "GPE-GRV", ftmgs_to=[]).related == ()


def test_ftmgs_to_a_player_not_at_the_table_is_refused(table, world):
    with pytest.raises(ServiceError) as err:
        issue(table, table.red, "GPE-GRV", ftmgs_to=[world.green.players.first().pk])
    assert "ftmgs_to" in err.value.errors


def test_no_ftmgs_for_a_missed_trigger(table):
    assert issue(table, table.red, "GPE-MT").related == ()
    with pytest.raises(ServiceError):
        issue(table, table.red, "GPE-MT", ftmgs_to=list(table.others(table.red)))


# --- Match Point penalties in the standings ------------------------------------------------


def test_match_point_penalty_counts_from_its_round_on(table, world):
    """A Match Point penalty of round 2 is in the standings after round 2, not after round 1."""
    pairing_services.match_enter_result(match=table.match, games_a=1, games_b=0, games_drawn=0)
    winner = table.red if table.match.team_a_id == table.red.pk else table.blue
    round2 = pairing_services.round_pair_next(event=table.event, seed=2)
    row = issue(table, winner, "TE-DLP", round_=round2, variants=["deck_check"]).penalty
    assert (row.penalty, row.match_points_deducted, row.round_number) == ("match_point", 1, 2)
    match2 = round2.matches.get()
    pairing_services.match_enter_result(match=match2, games_a=0, games_b=0, games_drawn=1)
    assert points(table.event, winner, 1) == 3
    assert points(table.event, winner, 2) == 3 + 1 - 1
    row_after = standings.standings(table.event, after_round=2).row(winner.pk)
    assert row_after.penalty_points == 1


def test_match_point_penalty_leaves_the_game_going(table):
    issue(table, table.red, "TE-DLP", variants=["deck_check"])
    table.match.refresh_from_db()
    assert table.match.status == "pending"


def test_rescinding_a_match_point_penalty_gives_the_point_back(table, world):
    row = issue(table, table.red, "TE-DLP", variants=["deck_check"]).penalty
    pairing_services.match_enter_result(match=table.match, games_a=0, games_b=0, games_drawn=1)
    assert points(table.event, table.red, 1) == 0
    services.penalty_rescind(penalty=row, by=world.hank, reason="Misread the list")
    assert points(table.event, table.red, 1) == 1
    row.refresh_from_db()
    assert row.rescinded_by == world.hank
    assert row.rescind_reason == "Misread the list"


# --- which Game Losses policy match_point converts (JG09; issue 23) ----------------------


def test_a_decklist_problem_from_a_deck_check_is_a_match_point_penalty(table, world):
    """JG09: "Deck errors that would result in a Game Loss and are discovered during a deck
    check" carry a Match Point penalty; a penalty issued from a deck check was found at one."""
    check = services.deck_check_start(round_=table.round, team=table.red, by=world.judy)
    row = issue(table, table.red, "TE-DLP", deck_check=check).penalty
    assert (row.penalty, row.match_points_deducted, row.variants) == (
        "match_point", 1, ["deck_check"],
    )  # fmt: skip
    table.match.refresh_from_db()
    assert table.match.status == "pending"


def test_a_decklist_problem_found_without_a_deck_check_ends_the_one_game_match(table):
    """JG09 converts only deck errors found at a deck check; otherwise IPG 3.4's Game Loss
    stands, and a Game Loss in a one-game match ends it (IPG 1.1; MTR 9.1)."""
    row = issue(table, table.red, "TE-DLP").penalty
    assert (row.penalty, row.match_points_deducted) == ("game_loss", 0)
    table.match.refresh_from_db()
    assert (table.match.status, table.match.result) == ("final", lost_by(table.match, table.red))


def _playoff_match():
    import random

    from support.rounds import event_with_teams, play

    event, _teams = event_with_teams(4, swiss_rounds=1, top_cut=4, rel="competitive")
    play(pairing_services.round_pair_next(event=event, seed=1), random.Random(1))
    semi = pairing_services.round_pair_next(event=event, seed=2)
    pairing_services.round_publish(round_=semi)
    return event, semi.matches.order_by("table").first()


def test_in_a_playoff_a_game_loss_under_match_point_ends_the_match(db):
    """IPG 1.1, MTR 9.1: in single elimination a match point means nothing; a convertible Game
    Loss (a Marked Cards pattern, IPG 3.8) stays a Game Loss and the match goes to the
    opponent, under the default policy match_point too."""
    event, match = _playoff_match()
    assert judging_settings.of(event).penalty_policy == "match_point"
    offender = match.team_a.players.get(seat=1)
    row = actors.issue_penalty(
        event=event,
        actor=actors.head_judge(event),
        player=offender,
        infraction_code="TE-MC",
        variants=["pattern"],
        round_=match.round,
    ).penalty
    assert (row.penalty, row.match_points_deducted) == ("game_loss", 0)
    match.refresh_from_db()
    assert (match.status, match.result) == ("final", "b")


# --- Game Loss and Match Loss on the match -------------------------------------------------


def test_ipg_game_loss_loses_the_current_match(ipg_table):
    t = ipg_table
    row = issue(t, t.red, "TE-DLP").penalty
    assert row.penalty == "game_loss"
    t.match.refresh_from_db()
    red_is_a = t.match.team_a_id == t.red.pk
    assert (t.match.status, t.match.result) == ("final", "b" if red_is_a else "a")
    assert row.result_match_id == t.match.pk


def test_game_loss_between_matches_lands_on_the_next_match(ipg_table, world):
    """IPG 1.1: a Game Loss issued between matches applies to the team's next match."""
    t = ipg_table
    pairing_services.match_enter_result(match=t.match, games_a=0, games_b=0, games_drawn=1)
    row = issue(t, t.red, "TE-DLP").penalty
    assert row.pending_next
    assert row.result_match_id is None
    t.match.refresh_from_db()
    assert t.match.result == "draw"  # the finished match is not touched
    round2 = pairing_services.round_pair_next(event=t.event, seed=2)
    match2 = match_of(round2, t.red)
    row.refresh_from_db()
    assert (row.pending_next, row.result_match_id) == (False, match2.pk)
    assert match2.status == "final"
    assert match2.result == ("b" if match2.team_a_id == t.red.pk else "a")


def test_a_waiting_loss_goes_back_to_waiting_when_its_round_is_unpaired(ipg_table):
    t = ipg_table
    pairing_services.match_enter_result(match=t.match, games_a=1, games_b=0, games_drawn=0)
    row = issue(t, t.red, "TE-DLP").penalty
    round2 = pairing_services.round_pair_next(event=t.event, seed=2)
    pairing_services.round_unpair(round_=round2)
    row.refresh_from_db()
    assert (row.pending_next, row.result_match_id) == (True, None)


def test_simultaneous_game_losses_are_recorded_and_change_nothing(ipg_table):
    """docs/rules.md: Game Losses to both sides at once are recorded and change nothing."""
    t = ipg_table
    first = issue(t, t.red, "TE-DLP").penalty
    second = issue(t, t.blue, "TE-DLP", simultaneous_with=first).penalty
    t.match.refresh_from_db()
    assert (t.match.status, t.match.result) == ("pending", None)
    first.refresh_from_db()
    assert first.no_effect
    assert second.no_effect
    assert Penalty.objects.filter(penalty="game_loss").count() == 2


def test_simultaneous_with_a_penalty_of_the_same_team_is_refused(ipg_table):
    t = ipg_table
    first = issue(t, t.red, "TE-DLP").penalty
    with pytest.raises(ServiceError):
        issue(t, t.red, "TE-DLP", seat=2, simultaneous_with=first)


def test_rescinding_a_match_loss_takes_its_result_back(table, world):
    row = issue(table, table.red, "TE-OA").penalty
    table.match.refresh_from_db()
    assert table.match.status == "final"
    result = services.penalty_rescind(penalty=row, by=world.hank, reason="Not assistance")
    table.match.refresh_from_db()
    assert (table.match.status, table.match.result) == ("pending", None)
    assert any("taken back" in n for n in result.notes)


def test_rescinding_keeps_a_result_changed_since(table, world):
    row = issue(table, table.red, "TE-OA").penalty
    pairing_services.match_enter_result(match=table.match, games_a=0, games_b=0, games_drawn=1)
    result = services.penalty_rescind(penalty=row, by=world.hank, reason="Not assistance")
    table.match.refresh_from_db()
    assert table.match.result == "draw"
    assert any("stands" in n for n in result.notes)


def test_rescinding_twice_is_a_conflict(table, world):
    row = issue(table, table.red, "GPE-LEC").penalty
    services.penalty_rescind(penalty=row, by=world.hank, reason="Oops")
    with pytest.raises(Conflict):
        services.penalty_rescind(penalty=row, by=world.hank, reason="Again")


def test_rescinding_needs_a_reason(table):
    row = issue(table, table.red, "GPE-LEC").penalty
    with pytest.raises(ServiceError) as err:
        services.penalty_rescind(penalty=row, reason="  ")
    assert "reason" in err.value.errors


def test_rescinding_a_grv_rescinds_its_ftmgs(table, world):
    issued = issue(table, table.red, "GPE-GRV")
    services.penalty_rescind(penalty=issued.penalty, by=world.hank, reason="No violation")
    assert not Penalty.objects.standing().exists()
    assert Penalty.objects.count() == 4


# --- Disqualification and Tardiness ----------------------------------------------------------


def test_disqualification_loses_the_match_drops_and_leaves_the_standings(table, world):
    """docs/rules.md: the team's current match is lost, it leaves the standings."""
    row = issue(table, table.red, "USC-C").penalty
    assert row.penalty == "disqualification"
    assert row.dropped_team
    table.match.refresh_from_db()
    assert table.match.status == "final"
    table.red.refresh_from_db()
    assert table.red.dropped
    assert standings.standings(table.event, after_round=1).row(table.red.pk) is None
    assert table.red.pk in standings.disqualified(table.event)


def test_rescinding_a_disqualification_brings_the_team_back(table, world):
    row = issue(table, table.red, "USC-C").penalty
    services.penalty_rescind(penalty=row, by=world.hank, reason="Wrong team")
    table.red.refresh_from_db()
    assert not table.red.dropped
    assert table.red.pk not in standings.disqualified(table.event)
    table.match.refresh_from_db()
    assert table.match.status == "pending"


def test_disqualification_between_matches_drops_without_touching_results(table, world):
    pairing_services.match_enter_result(match=table.match, games_a=1, games_b=0, games_drawn=0)
    row = issue(table, table.red, "USC-AB").penalty
    assert not row.pending_next
    assert row.result_match_id is None
    table.match.refresh_from_db()
    assert table.match.score == "1-0-0"


def test_tardiness_past_ten_minutes_is_a_match_loss_and_a_drop(table, world):
    """IPG 3.1: more than ten minutes late, Match Loss and the player (so the team) dropped."""
    row = issue(table, table.red, "TE-T", head_judge=False, tardiness_minutes=11).penalty
    assert (row.penalty, row.dropped_team) == ("match_loss", True)
    table.red.refresh_from_db()
    table.match.refresh_from_db()
    assert table.red.dropped
    assert table.match.status == "final"


def test_tardiness_keeps_its_game_loss_under_match_point(table):
    """JG09: never a Match Point penalty for Tardiness."""
    row = issue(table, table.red, "TE-T", tardiness_minutes=4).penalty
    assert row.penalty == "game_loss"
    assert Match.objects.get(pk=table.match.pk).status == "final"


def test_regular_rel_gives_no_penalty_for_a_grv(world, make_table):
    t = make_table(world, rel="regular")
    issued = issue(t, t.red, "GPE-GRV")
    assert issued.penalty.penalty == "none"
    assert issued.related == ()


# --- Disqualification after a cut ----------------------------------------------------------


def _top4():
    import random

    from support.rounds import event_with_teams, play

    event, _teams = event_with_teams(6, swiss_rounds=2, top_cut=4)
    for k in range(2):
        play(pairing_services.round_pair_next(event=event, seed=k), random.Random(k))
    return event


def test_dq_during_a_playoff_match_loses_it_and_the_opponent_advances():
    """docs/rules.md "Penalties": a Disqualification loses the current match; after a cut nobody
    advances in the team's place."""
    event = _top4()
    semi = pairing_services.round_pair_next(event=event)
    first, second = semi.matches.order_by("table")
    offender = first.team_a.players.get(seat=1)
    actors.issue_penalty(
        event=event, actor=actors.head_judge(event), player=offender, infraction_code="USC-C"
    )
    first.refresh_from_db()
    assert (first.status, first.result) == ("final", "b")
    pairing_services.match_enter_result(match=second, games_a=1, games_b=0, games_drawn=0)
    final = pairing_services.round_pair_next(event=event).matches.get()
    assert {final.team_a_id, final.team_b_id} == {first.team_b_id, second.team_a_id}


def test_dq_between_playoff_rounds_drops_the_team_and_nobody_takes_the_place():
    """After winning its semifinal, the team is disqualified: it leaves the bracket and nobody
    comes back in; the final gives the one team left a bye (MTR 2.10, docs/rules.md "Drops")."""
    event = _top4()
    semi = pairing_services.round_pair_next(event=event)
    first, second = semi.matches.order_by("table")
    for m in (first, second):
        pairing_services.match_enter_result(match=m, games_a=1, games_b=0, games_drawn=0)
    winner = first.team_a
    dq = actors.issue_penalty(
        event=event,
        actor=actors.head_judge(event),
        player=winner.players.get(seat=1),
        infraction_code="USC-C",
    ).penalty
    assert (dq.penalty, dq.pending_next, dq.dropped_team) == ("disqualification", False, True)
    final = pairing_services.round_pair_next(event=event).matches.get()
    assert (final.team_a_id, final.team_b_id) == (second.team_a_id, None)
    assert final.is_bye
