"""core.events: receivers run after commit, never for a rolled-back write, and one failing
receiver neither breaks the others nor the request whose write is already committed."""

import pytest
from django.db import transaction

from core import events
from pairing import services as pairing_svc
from support import factories
from support.rounds import event_with_teams, games
from tournament.models import Event
from tournament.services import events as event_svc
from tournament.services import teams as tournament_teams

SIGNAL: events.Signal[int] = events.Signal("test")


@pytest.mark.django_db(transaction=True)
def test_receivers_run_only_after_the_transaction_commits():
    seen: list[tuple[int, bool]] = []
    with SIGNAL.connected(lambda n: seen.append((n, transaction.get_connection().in_atomic_block))):
        with transaction.atomic():
            SIGNAL.fire(1)
            assert seen == []  # not while the transaction is open
        assert seen == [(1, False)]


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_write_announces_nothing():
    seen: list[int] = []

    def failing_write(n: int) -> None:
        with transaction.atomic():
            SIGNAL.fire(n)
            raise RuntimeError("the write fails")

    with SIGNAL.connected(seen.append):
        with pytest.raises(RuntimeError):
            failing_write(2)
        with transaction.atomic():
            with pytest.raises(RuntimeError):
                failing_write(3)  # an inner savepoint rolled back
            SIGNAL.fire(4)
    assert seen == [4]


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_receivers_run_at_once():
    seen: list[int] = []
    with SIGNAL.connected(seen.append):
        SIGNAL.fire(5)
    assert seen == [5]


def test_a_failing_receiver_is_logged_and_the_others_still_run(caplog):
    seen: list[int] = []

    def broken(n: int) -> None:
        raise ValueError("cache down")

    with SIGNAL.connected(broken), SIGNAL.connected(seen.append):
        SIGNAL.dispatch(6)
    assert seen == [6]
    assert "cache down" in caplog.text


@pytest.fixture
def heard():
    """What each event of core.events announced during a test."""
    log: dict[str, list] = {}
    signals = [events.result_final, events.round_published, events.round_changed,
               events.team_changed]  # fmt: skip
    receivers = []
    for signal in signals:
        receiver = log.setdefault(signal.name, []).append
        receivers.append((signal, receiver))
        signal.connect(receiver)
    yield log
    for signal, receiver in receivers:
        signal.disconnect(receiver)


@pytest.mark.django_db
def test_team_changes_are_announced_on_register_rename_drop_and_undrop(heard):
    event = factories.event(factories.user())
    team = factories.team(event, "Red Giants")
    tournament_teams.team_rename(team=team, name="Blue Giants")
    tournament_teams.team_drop(team=team)
    tournament_teams.team_undrop(team=team)
    assert heard["team_changed"] == [events.TeamChanged(event.pk, team.pk)] * 4


@pytest.mark.django_db
def test_a_refused_change_announces_nothing(heard):
    event = factories.event(factories.user())
    team = factories.team(event, "Red Giants")
    heard["team_changed"].clear()
    with pytest.raises(Exception, match="has not dropped"):
        tournament_teams.team_undrop(team=team)
    assert heard["team_changed"] == []


@pytest.mark.django_db
def test_pairing_publishing_and_a_final_result_are_announced(heard):
    event, _teams = event_with_teams(4)
    round_ = pairing_svc.round_pair_next(event=event)
    assert heard["round_changed"] == [events.RoundChanged(event.pk, round_.pk, 1)]
    pairing_svc.round_publish(round_=round_)
    assert heard["round_published"] == [events.RoundPublished(event.pk, round_.pk)]
    match = round_.matches.filter(team_b__isnull=False).first()
    pairing_svc.match_report_result(match=match, team=match.team_a, **games(1, 0))
    assert heard["result_final"] == []  # one report is not final
    pairing_svc.match_report_result(match=match, team=match.team_b, **games(1, 0))
    assert heard["result_final"] == [events.ResultFinal(event.pk, round_.pk, match.pk)]


@pytest.mark.django_db
def test_the_event_status_follows_round_one_through_the_tournament_service():
    event, _teams = event_with_teams(4)
    round_ = pairing_svc.round_pair_next(event=event)
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    pairing_svc.round_unpair(round_=round_)
    assert Event.objects.get(pk=event.pk).status == Event.Status.REGISTRATION


@pytest.mark.django_db
def test_an_event_status_move_the_life_of_an_event_lacks_is_a_bug():
    event = factories.event(factories.user())
    with pytest.raises(ValueError, match="no move"):
        event_svc.event_set_status(event=event, status=Event.Status.FINISHED)
