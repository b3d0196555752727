"""The round clock's services (docs/rules.md "End of round (MTR 2.4) and extensions"): facts
stored by start, pause, resume, correction, extensions, passing at time, turns passed through
the tracker, and the states the selectors compute from them."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core import events
from core.errors import Conflict, ServiceError
from judging import services
from judging.models import ClockPause, Extension, RoundClock
from judging.selectors import clock as sel
from support import actors
from tracker.models import GameEvent

pytestmark = pytest.mark.django_db
MIN = timedelta(minutes=1)


def _state(table, now=None):
    return sel.states_of(sel.round_tables(table.round), now)[table.match.pk]


def test_clock_start_pause_resume_correct_keep_facts(table):
    t0 = timezone.now() - 30 * MIN
    services.clock_start(round_=table.round, now=t0)
    services.clock_pause(round_=table.round, now=t0 + 10 * MIN)
    assert sel.clock_of(table.round, t0 + 12 * MIN).status == "paused"
    services.clock_resume(round_=table.round, now=t0 + 15 * MIN)
    state = sel.clock_of(table.round, t0 + 20 * MIN)
    # 60 minutes (the event's round length) less 15 run: the 5-minute pause does not count
    assert (state.status, state.remaining_seconds) == ("running", 45 * 60)
    services.clock_set_remaining(round_=table.round, seconds=300, now=t0 + 20 * MIN)
    assert sel.clock_of(table.round, t0 + 20 * MIN).ends_at == t0 + 25 * MIN
    assert ClockPause.objects.get(round=table.round).resumed_at == t0 + 15 * MIN
    assert RoundClock.objects.get(round=table.round).length_seconds == 3600


def test_clock_refuses_a_second_start_and_a_pause_when_not_running(table):
    with pytest.raises(Conflict):
        services.clock_pause(round_=table.round)
    services.clock_start(round_=table.round)
    with pytest.raises(Conflict):
        services.clock_start(round_=table.round)
    with pytest.raises(Conflict):
        services.clock_resume(round_=table.round)
    with pytest.raises(ServiceError):
        services.clock_set_remaining(round_=table.round, seconds=-1)


def test_extension_before_time_moves_the_tables_time_called(table):
    t0 = timezone.now() - 30 * MIN
    services.clock_start(round_=table.round, now=t0)
    services.extension_give(match=table.match, minutes=6, reason="deck_check", now=t0 + 5 * MIN)
    state = _state(table, t0 + 61 * MIN)
    # the round's time is called at 60 minutes; the table plays on to 66 (MTR 2.6)
    assert (state.phase, state.extension_minutes, state.remaining_seconds) == ("playing", 6, 300)


def test_extension_refuses_zero_minutes_and_an_unknown_reason(table):
    with pytest.raises(ServiceError):
        services.extension_give(match=table.match, minutes=0, reason="ruling")
    with pytest.raises(ServiceError):
        services.extension_give(match=table.match, minutes=3, reason="coffee")
    assert not Extension.objects.exists()


def test_extension_after_additional_turns_began_is_refused_never_a_silent_201(table):
    """MTR 2.4: the additional turns are not timed; an extension then changes nothing, so it is
    refused with the reason and nothing is stored (issue 23)."""
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    services.turn_passed(match=table.match)  # additional turn 1 begins
    with pytest.raises(Conflict) as refused:
        services.extension_give(
            match=table.match, minutes=3, reason="ruling", began_at=timezone.now() - 5 * MIN
        )
    assert refused.value.code == "additional_turns"
    assert not Extension.objects.exists()
    state = _state(table)
    assert (state.phase, state.extra_turn, state.extension_minutes) == ("extra_turns", 1, 0)


def test_an_extension_after_time_without_its_pause_is_refused(table):
    """MTR 2.4, 2.6 (issue 23): entered in turn 0, a full extension would send the table back to
    timed play for time it never lost; without when the pause began it is refused."""
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    with pytest.raises(Conflict) as refused:
        services.extension_give(match=table.match, minutes=5, reason="ruling")
    assert refused.value.code == "time_called"
    assert "Say when the pause began" in str(refused.value.message)
    assert _state(table).phase == "finishing_turn"
    assert not Extension.objects.exists()


def test_an_extension_after_time_gives_back_only_the_time_lost_before_the_call(table):
    """MTR 2.6: a ruling began 3 minutes ago, 2 minutes before time was called (60 minutes,
    started 61 ago). Its 3 minutes, dated when it began, move the table's time to 2 minutes
    from now: the 2 minutes the table had left when the ruling began."""
    now = timezone.now()
    services.clock_start(round_=table.round, now=now - 61 * MIN)
    with pytest.raises(Conflict) as longer:  # more than the pause has lasted
        services.extension_give(
            match=table.match, minutes=9, reason="ruling", began_at=now - 3 * MIN, now=now
        )
    assert longer.value.code == "beyond_the_pause"
    row = services.extension_give(
        match=table.match, minutes=3, reason="ruling", began_at=now - 3 * MIN, now=now
    )
    assert row.given_at == now - 3 * MIN
    state = _state(table, now)
    assert (state.phase, state.extension_minutes, state.remaining_seconds) == ("playing", 3, 120)


def test_an_extension_whose_pause_began_after_time_is_refused(table):
    now = timezone.now()
    services.clock_start(round_=table.round, now=now - 61 * MIN)
    with pytest.raises(Conflict) as refused:
        services.extension_give(
            match=table.match, minutes=1, reason="ruling", began_at=now - MIN // 2, now=now
        )
    assert refused.value.code == "time_called"
    assert "lost no time before the call" in str(refused.value.message)


def test_the_extension_api_answers_409_after_time_without_the_pause(table, world):
    from django.test import Client

    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    client = Client()
    client.force_login(world.judy)
    answer = client.post(
        f"/api/v1/matches/{table.match.pk}/extensions/",
        {"minutes": 5, "reason": "ruling"},
        content_type="application/json",
    )
    assert answer.status_code == 409
    assert answer.json()["code"] == "time_called"
    began = (timezone.now() - 4 * MIN).isoformat()
    answer = client.post(
        f"/api/v1/matches/{table.match.pk}/extensions/",
        {"minutes": 3, "reason": "ruling", "began_at": began},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content


def test_the_table_page_marks_an_extension_that_does_not_apply(table, world):
    """An extension stored dated after time was called (before this rule) is shown as not
    applied on the table's clock page."""
    from django.test import Client

    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    Extension.objects.create(match=table.match, minutes=4, reason="ruling", given_at=timezone.now())
    client = Client()
    client.force_login(world.judy)
    page = client.get(f"/events/{table.event.pk}/matches/{table.match.pk}/clock/").content.decode()
    assert "not applied: given once time was called" in page
    assert 'name="began_minutes_ago"' in page


def test_slow_play_penalty_during_turn_zero_adds_two_turns(table):
    """IPG 3.3: two additional turns; turn 0 is not "in additional turns" by default."""
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    actors.issue_penalty(
        event=table.event,
        actor=actors.judge(table.event),
        player=table.player(table.red),
        infraction_code="TE-SP",
    )
    state = _state(table)
    assert (state.phase, state.extra_turns_total) == ("finishing_turn", 5)


def test_tardiness_penalty_gives_the_table_its_minutes(table):
    actors.issue_penalty(
        event=table.event,
        actor=actors.judge(table.event),
        player=table.player(table.blue),
        infraction_code="TE-T",
        tardiness_minutes=3.5,
    )
    t0 = timezone.now()
    services.clock_start(round_=table.round, now=t0)
    assert _state(table, t0 + 61 * MIN).extension_minutes == 4  # minutes late, rounded up


def test_round_through_time_and_three_turns_to_a_swiss_draw(table):
    """MTR 2.4 (2HG): turn 0, then three team turns; no winner in Swiss is a draw."""
    red, blue = table.red.pk, table.blue.pk
    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    assert _state(table).phase == "finishing_turn"
    services.turn_passed(match=table.match, next_active=blue)
    assert (_state(table).extra_turn, _state(table).active_team) == (1, blue)
    # an extra turn from a card: Blue takes the next turn too, and it counts (docs/rules.md)
    services.turn_passed(match=table.match, next_active=blue)
    services.turn_passed(match=table.match, next_active=red)
    assert (_state(table).extra_turn, _state(table).active_team) == (3, red)
    services.turn_passed(match=table.match)
    state = _state(table)
    assert (state.phase, state.ending) == ("over", "draw")
    assert GameEvent.objects.filter(match=table.match, type="pass_turn").count() == 4


def test_turn_passed_refuses_a_team_of_another_match(table, world):
    with pytest.raises(ServiceError):
        services.turn_passed(match=table.match, next_active=world.green.pk)


def test_passing_at_time_makes_turn_zero_the_other_teams(table):
    red, blue = table.red.pk, table.blue.pk
    services.clock_start(round_=table.round, now=timezone.now() - 30 * MIN)
    services.turn_passed(match=table.match, next_active=red)
    services.clock_set_remaining(round_=table.round, seconds=0)
    services.passing_at_time_set(match=table.match, passing=True)
    state = _state(table)
    assert (state.phase, state.active_team) == ("finishing_turn", blue)


def test_clock_mark_due_announces_time_called_once(table, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a worker marks it: not the clock's start itself
    heard = []
    with events.time_called.connected(heard.append):
        services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
        first = services.clock_mark_due(round_=table.round)
        second = services.clock_mark_due(round_=table.round)
    assert (first.round_called, second.round_called) == (True, False)
    assert heard == [events.TimeCalled(table.event.pk, table.round.pk)]
    assert RoundClock.objects.get(round=table.round).time_called_marked_at is not None


def test_a_swiss_draw_at_time_is_proposed_on_both_teams_pages(table):
    """MTR 2.4: the additional turns end with no winner, so the Swiss match is a draw; each
    team's page says so and offers the draw as its report."""
    from django.test import Client

    services.clock_start(round_=table.round, now=timezone.now() - 61 * MIN)
    page = Client().get(f"/t/{table.red.access_key}/").content.decode()
    assert "the active team finishes its turn" in page
    for _ in range(4):  # turn 0, then additional turns 1, 2 and 3
        services.turn_passed(match=table.match)
    for team in (table.red, table.blue):
        page = Client().get(f"/t/{team.access_key}/").content.decode()
        assert "no team won, so the match is a draw" in page
        assert 'value="draw" checked' in page


def _semifinal():
    import random

    from pairing import services as pairing_services
    from support.rounds import event_with_teams, play

    event, _teams = event_with_teams(4, swiss_rounds=1, top_cut=4, rel="competitive")
    play(pairing_services.round_pair_next(event=event, seed=1), random.Random(1))
    semi = pairing_services.round_pair_next(event=event, seed=2)
    pairing_services.round_publish(round_=semi)
    services.clock_start(round_=semi, now=timezone.now() - 91 * MIN)  # 90 minutes (MTR App. B)
    return semi, semi.matches.order_by("table").first()


def _life(match, team, amount: int, n: int) -> None:
    from tracker import services as tracker_services

    player = team.players.get(seat=1)
    tracker_services.game_add_event(
        match=match,
        data={"type": "life", "player": player.pk, "amount": amount},
        client_id=f"life-{team.pk}-{n}",
    )


def test_a_playoff_end_at_time_is_proposed_on_the_team_pages(db):
    """MTR 2.4: in a playoff, after the additional turns the team whose life total is not the
    highest loses; each team's page proposes its result, one tap to report."""
    from django.test import Client

    semi, match = _semifinal()
    red, blue = match.team_a, match.team_b
    _life(match, blue, -6, 1)
    for _ in range(4):  # turn 0, then additional turns 1, 2 and 3
        services.turn_passed(match=match)
    page = Client().get(f"/t/{red.access_key}/").content.decode()
    assert "Your team has the highest life total (30 to 24), so you win the match" in page
    assert 'name="outcome" value="won"' in page
    page = Client().get(f"/t/{blue.access_key}/").content.decode()
    assert "so you lose the match" in page
    assert 'name="outcome" value="lost"' in page
    confirm = Client().post(
        f"/t/{red.access_key}/matches/{match.pk}/report/", {"outcome": "won", "drawn": "0"}
    )
    assert confirm.status_code == 200


def test_equal_life_in_a_playoff_is_sudden_death_on_the_team_pages(db):
    from django.test import Client

    semi, match = _semifinal()
    for _ in range(4):
        services.turn_passed(match=match)
    page = Client().get(f"/t/{match.team_a.access_key}/").content.decode()
    assert "equal life totals (30 each)" in page
    assert "play goes on" in page
    assert 'name="outcome" value="won"' not in page.split("End of the playoff match")[1]
