"""A late entry racing "pair round 2" on PostgreSQL (docs/rules.md "Late entry"): both take the
event lock, so the team either entered before the pairing read the teams (a loss in round 1,
paired in round 2) or after round 2 exists (a loss in rounds 1 and 2, paired from round 3);
never paired in a round it also has a loss for, never left out of a round it has no loss for."""

import pytest

from pairing import services as pairing_svc
from pairing.models import MatchTeam, Round
from support.races import race
from support.rounds import event_with_teams, play
from tournament.models import LateEntry
from tournament.services import late as late_svc


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("trial", range(3))
def test_late_entries_racing_the_pairing_of_round_two(trial):
    event, _ = event_with_teams(8, swiss_rounds=4)
    play(pairing_svc.round_pair_next(event=event))

    def enter(i):
        return lambda: late_svc.team_register_late(
            event=event, name=f"Late {i}", players=[f"Late {i}-1", f"Late {i}-2"]
        )

    calls = [enter(i) for i in range(3)]
    calls.append(lambda: pairing_svc.round_pair_next(event=event))
    calls += [enter(i) for i in range(3, 6)]
    outcomes = race(calls)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    round_two = Round.objects.get(event=event, number=2)
    paired = set(MatchTeam.objects.filter(round=round_two).values_list("team_id", flat=True))
    entries = list(LateEntry.objects.filter(team__event=event))
    assert len(entries) == 6
    for entry in entries:
        assert entry.first_round in (2, 3), entry
        assert (entry.team_id in paired) == (entry.first_round == 2), entry
    # The next pairing takes every late team in.
    play(round_two)
    round_three = pairing_svc.round_pair_next(event=event)
    three = set(MatchTeam.objects.filter(round=round_three).values_list("team_id", flat=True))
    assert {e.team_id for e in entries} <= three
