"""Booster-draft pods (MTR 7.6, 9.7) and the booster-draft playoff (MTR 10.4)."""

import pytest

from core.errors import Conflict, ServiceError
from pairing import services
from pairing.models import MatchTeam
from pairing.selectors import settings as pairing_settings
from support.rounds import event_with_teams, win_all_a
from tournament.services import events as event_svc

pytestmark = pytest.mark.django_db


def _draft(n: int, **values):
    values.setdefault("rel", "competitive")
    return event_with_teams(n, structure="draft", format="", **values)


def test_competitive_swiss_rounds_stay_within_the_pods():
    """MTR 7.6: at Competitive REL teams play only teams of their own pod; 9 teams in pods of 5
    and 4 give one bye (the pod of 5) and no match across pods, round after round."""
    event, _teams = _draft(9, swiss_rounds=3)
    pods = event_svc.event_seat_pods(event=event, seed=4)
    assert sorted(list(pods.values()).count(p) for p in set(pods.values())) == [4, 5]
    for k in range(3):
        round_ = services.round_pair_next(event=event, seed=k)
        for m in round_.matches.filter(team_b__isnull=False):
            assert pods[m.team_a_id] == pods[m.team_b_id]
        assert round_.matches.filter(team_b__isnull=True).count() == 1
        win_all_a(round_)


def test_regular_rel_keeps_the_pods_unless_the_organizer_lifts_them():
    """MTR 7.6: pods bind at every REL; only at Regular REL may the organizer lift them before
    the event (issue 23). By default a Regular REL draft stays within its pods."""
    event, _teams = _draft(8, swiss_rounds=1, rel="regular")
    assert not pairing_settings.of(event).pods_lifted
    pods = event_svc.event_seat_pods(event=event, seed=1)
    for seed in range(6):
        round_ = services.round_pair_next(event=event, seed=seed)
        assert all(
            pods[m.team_a_id] == pods[m.team_b_id]
            for m in round_.matches.filter(team_b__isnull=False)
        )
        services.round_unpair(round_=round_)


def test_pods_are_lifted_only_at_regular_rel():
    """MTR 7.6: the organizer may lift the pods at Regular REL only."""
    event, _teams = _draft(8, swiss_rounds=1)  # Competitive REL
    with pytest.raises(ServiceError) as refused:
        event_svc.event_update(event=event, pods_lifted=True)
    assert "pods_lifted" in refused.value.errors


def test_regular_rel_pairs_across_pods_once_the_organizer_lifts_them():
    """At Regular REL the organizer may lift the pod rule before the event (MTR 7.6)."""
    event, _teams = _draft(8, swiss_rounds=1, rel="regular", pods_lifted=True)
    pods = event_svc.event_seat_pods(event=event, seed=1)
    crossings = 0
    for seed in range(6):
        round_ = services.round_pair_next(event=event, seed=seed)
        crossings += sum(pods[m.team_a_id] != pods[m.team_b_id] for m in round_.matches.all())
        services.round_unpair(round_=round_)
    assert crossings > 0


def test_pods_only_for_a_draft_before_round_1():
    constructed, _ = event_with_teams(4)
    with pytest.raises(ServiceError):
        event_svc.event_seat_pods(event=constructed)
    event, _teams = _draft(4, swiss_rounds=1)
    services.round_pair_next(event=event)
    with pytest.raises(Conflict):
        event_svc.event_seat_pods(event=event)


def test_the_booster_draft_top_8_pairs_draft_seats_1v5_2v6_3v7_4v8():
    """MTR 10.4: the top 8 are seated at random for a draft and play seat 1 v 5, 2 v 6, 3 v 7,
    4 v 8; each team keeps its Swiss seed (the higher seed chooses play or draw)."""
    event, _teams = _draft(10, swiss_rounds=1, top_cut=8)
    win_all_a(services.round_pair_next(event=event, seed=2))
    pairings = set()
    for seed in range(4):
        quarter = services.round_pair_next(event=event, seed=seed)
        seeds = dict(MatchTeam.objects.filter(round=quarter).values_list("team_id", "seed"))
        assert sorted(seeds.values()) == list(range(1, 9))
        pairs = {
            tuple(sorted((seeds[m.team_a_id], seeds[m.team_b_id]))) for m in quarter.matches.all()
        }
        for m in quarter.matches.all():
            assert seeds[m.team_a_id] < seeds[m.team_b_id]
        pairings.add(frozenset(pairs))
        services.round_unpair(round_=quarter)
    assert len(pairings) > 1  # random seats, not the 1v8, 4v5, 2v7, 3v6 of seeds


@pytest.mark.parametrize(
    ("lifted", "english", "spanish"),
    [
        (False, "Teams play only teams of their own pod (MTR 7.6).", "solo juegan contra equipos"),
        (True, "Lifted by the organizer (Regular REL, MTR 7.6)", "Levantados por el organizador"),
    ],
)
def test_the_event_page_says_whether_the_pods_bind(lifted, english, spanish):
    from django.test import Client

    event, _teams = _draft(8, swiss_rounds=1, rel="regular", pods_lifted=lifted)
    assert english in Client().get(f"/events/{event.pk}/").content.decode()
    page = Client().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert spanish in page
