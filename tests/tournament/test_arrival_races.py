"""Races on PostgreSQL (SQLite has no row locks), docs/rules.md "Sign-ups, solo players,
check-in": thirty solos signing up while the organizer presses "Form teams" (each solo is either
in the draw or still waiting after it, never in two teams, never lost); check-ins and a team's
own drops racing "pair round 1" with check-in on (the event lock: a team that checked in before
the pairing plays, one that did not is dropped as not arrived or checked in too late, and a team
that dropped itself before the pairing is not paired, MTR 2.10)."""

import pytest

from core.errors import ServiceError
from pairing import services as pairing_svc
from pairing.models import MatchTeam, Round
from support import factories
from support.races import race
from support.rounds import event_with_teams
from tournament.models import DropRecord, SoloSignup, Team, TeamCheckIn
from tournament.services import checkin as checkin_svc
from tournament.services import signups as signup_svc
from tournament.services import solo as solo_svc


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("trial", range(2))
def test_thirty_solos_racing_the_organizers_match(trial):
    event = factories.event(factories.user(f"org{trial}"), name="Race 2HG", public=True)
    signup_svc.signups_set_open(event=event, open=True)

    def sign_up(i):
        return lambda: solo_svc.solo_signup(event=event, name=f"Player {i:02d}")

    calls = [sign_up(i) for i in range(15)]
    calls.append(lambda: solo_svc.solos_match(event=event))
    calls += [sign_up(i) for i in range(15, 30)]
    outcomes = race(calls)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    formed = next(o for o in outcomes if isinstance(o, solo_svc.Formed))
    solos = list(SoloSignup.objects.filter(event=event))
    assert len(solos) == 30
    in_draw = {s.pk for _, members in formed.teams for s in members} | {
        s.pk for s in formed.waiting
    }
    for solo in solos:
        if solo.pk in in_draw:
            assert solo.status in ("teamed", "waiting")
        else:  # signed up after the draw committed: still waiting
            assert solo.status == "waiting"
    teamed = [s for s in solos if s.status == "teamed"]
    assert len(teamed) == 2 * len(formed.teams)
    assert len(formed.waiting) == len(in_draw) % 2
    players = [p.name for t in Team.objects.filter(event=event) for p in t.players.all()]
    assert len(players) == len(set(players)) == len(teamed)
    # A second "Form teams" takes everyone left: at most one stays waiting.
    again = solo_svc.solos_match(event=event)
    assert len(again.waiting) == 30 % 2
    assert SoloSignup.objects.filter(event=event, status="teamed").count() == 30


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("trial", range(3))
def test_check_ins_and_self_drops_racing_round_one(trial):
    event, teams = event_with_teams(24)
    checkin_svc.checkin_set_open(event=event, open=True)
    for team in teams[:12]:
        checkin_svc.team_check_in(team=team)
    late, dropping = teams[12:18], teams[18:21]  # teams[21:] never check in

    def check_in(team):
        return lambda: checkin_svc.team_check_in(team=team)

    def drop(team):
        return lambda: checkin_svc.team_drop_self(team=team)

    calls = [check_in(t) for t in late[:3]] + [drop(t) for t in dropping[:2]]
    calls.append(lambda: pairing_svc.round_pair_next(event=event, check_arrivals=False))
    calls += [check_in(t) for t in late[3:]] + [drop(dropping[2])]
    outcomes = race(calls)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    # Only a check-in or a drop after the pairing may be refused (check-in over / dropped).
    assert all(isinstance(e, ServiceError) for e in errors), errors
    assert all(e.code in ("registration_closed", "already_dropped") for e in errors), errors
    round_ = Round.objects.get(event=event, number=1)
    paired = set(MatchTeam.objects.filter(round=round_).values_list("team_id", flat=True))
    for team in Team.objects.filter(event=event):
        checked = TeamCheckIn.objects.filter(team=team).exists()
        kinds = set(DropRecord.objects.filter(team=team).values_list("kind", flat=True))
        if team.pk in paired:
            assert checked, team  # only teams checked in are paired
            assert "not_arrived" not in kinds
        else:
            assert team.dropped, team
            assert team.dropped_after_round is None, team
            assert kinds & {"not_arrived", "self"}, team
    assert {t.pk for t in teams[:12]} <= paired
    assert not {t.pk for t in teams[21:]} & paired
