"""Races on PostgreSQL (SQLite has no row locks). A drop and "pair next round" at the same moment:
the drop takes the event lock like the round services, so a dropped team is either left out of the
new round or dropped after it (MTR 8.2). Four teams asking for one fixed table: one keeps it."""

import pytest

from core.errors import ServiceError
from pairing import services as pairing_svc
from pairing.models import MatchTeam, Round
from support.races import race
from support.rounds import event_with_teams
from tournament.models import Team
from tournament.services import teams as tournament_teams


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("trial", range(3))
def test_drops_racing_a_pairing_never_leave_a_dropped_team_paired(trial):
    event, teams = event_with_teams(32)
    dropping = teams[:12]

    def drop(team):
        return lambda: tournament_teams.team_drop(team=team)

    calls = [drop(t) for t in dropping[:6]]
    calls.append(lambda: pairing_svc.round_pair_next(event=event))
    calls += [drop(t) for t in dropping[6:]]
    outcomes = race(calls)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    round_ = Round.objects.get(event=event, number=1)
    paired = set(MatchTeam.objects.filter(round=round_).values_list("team_id", flat=True))
    for team in Team.objects.filter(pk__in=[t.pk for t in dropping]):
        assert team.dropped
        if team.pk in paired:
            # Dropped after the pairing committed: it plays round 1 and drops after it.
            assert team.dropped_after_round == 1, team
        else:
            assert team.dropped_after_round is None, team
    # Every team not dropped before the pairing is in it.
    before = {t.pk for t in dropping if t.pk not in paired}
    assert paired == {t.pk for t in teams} - before


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("trial", range(3))
def test_four_teams_asking_for_one_fixed_table_at_once_leave_one_holding_it(trial):
    event, teams = event_with_teams(4)

    def ask(team):
        return lambda: tournament_teams.team_set_fixed_table(team=team, table=7)

    outcomes = race([ask(t) for t in teams])
    kept = [o for o in outcomes if isinstance(o, Team)]
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(kept) == 1, outcomes
    assert len(refused) == 3, outcomes
    assert all(e.field == "fixed_table" for e in refused)
    assert list(Team.objects.filter(event=event, fixed_table=7)) == kept
