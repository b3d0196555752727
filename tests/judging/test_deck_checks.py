"""Deck checks (IPG 3.5; MTR 2.6): a team's decks taken at a chosen or random table, the time
taken plus three minutes given back to the table, the outcome, the penalty found linked."""

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import Conflict, ServiceError
from judging import services
from judging.models import DeckCheck, Extension, Penalty
from pairing import services as pairing_services
from support import factories

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_check_gives_the_time_taken_plus_three_minutes(table, world):
    """MTR 2.6: a deck check's extension is the time taken plus three minutes."""
    start = timezone.now() - timedelta(minutes=10)
    check = services.deck_check_start(
        round_=table.round, match=table.match, team=table.red, by=world.judy, now=start
    )
    assert (check.team_id, check.chosen_at_random) == (table.red.pk, False)
    done = services.deck_check_end(
        check=check, outcome="ok", by=world.judy, now=start + timedelta(minutes=6, seconds=10)
    )
    assert done.minutes_taken == 7  # rounded up
    assert (done.extension.minutes, done.extension.reason) == (10, "deck_check")
    assert done.extension.match_id == table.match.pk
    with pytest.raises(Conflict):
        services.deck_check_end(check=check, outcome="ok")


def test_a_random_check_draws_among_the_tables_still_playing(world, four_teams):
    event = world.event
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    first, second = round_.matches.order_by("table")
    pairing_services.match_enter_result(match=first, games_a=1, games_b=0, games_drawn=0)
    picks = set()
    for seed in range(3):
        check = services.deck_check_start(round_=round_, rng=random.Random(seed))
        picks.add(check.match_id)
        with pytest.raises(Conflict):  # the table's check is running: no other table left
            services.deck_check_start(round_=round_, rng=random.Random(seed))
        services.deck_check_end(check=check, outcome="ok")
    assert picks == {second.pk}  # never the finished table
    assert DeckCheck.objects.filter(chosen_at_random=True).count() == 3
    assert {c.team_id for c in DeckCheck.objects.all()} <= {second.team_a_id, second.team_b_id}


def test_no_second_check_of_the_same_team_at_once_and_no_bad_input(table, world):
    services.deck_check_start(round_=table.round, match=table.match, team=table.red)
    with pytest.raises(Conflict):
        services.deck_check_start(round_=table.round, match=table.match, team=table.red)
    check = DeckCheck.objects.get()
    with pytest.raises(ServiceError):
        services.deck_check_end(check=check, outcome="fine")
    assert not Extension.objects.exists()


def test_the_deck_problem_found_is_proposed_as_found_at_a_check_and_linked(table, world):
    """IPG 3.5: a Deck Problem found at a deck check is a Game Loss (a one-point deduction under
    policy match_point)."""
    judy = _client(world.judy)
    url = f"/events/{table.event.pk}/deckchecks/"
    form = {"round": 1, "action": "start", "match": table.match.pk, "team": table.blue.pk}
    assert judy.post(url, form).status_code == 302
    check = DeckCheck.objects.get()
    assert check.team_id == table.blue.pk
    page = judy.get(url).content.decode()
    assert "Decks back: end the check" in page
    judy.post(url, {"round": 1, "action": "end", "check": check.pk, "outcome": "problem"})
    check.refresh_from_db()
    assert check.extension.minutes >= 3
    assert "Issue the penalty found" in judy.get(url).content.decode()
    player = table.player(table.blue)
    issue = {
        "match": table.match.pk,
        "deck_check": check.pk,
        "player": player.pk,
        "infraction": "TE-DP",
        "issue": "1",
    }
    hank = _client(world.hank)
    assert hank.post(f"/events/{table.event.pk}/penalties/new/", issue).status_code == 302
    row = Penalty.objects.get()
    assert (row.deck_check_id, row.variants, row.penalty) == (
        check.pk, ["deck_check"], "match_point",
    )  # fmt: skip
    assert "Match Point" in judy.get(url).content.decode()


def test_a_scorekeeper_cannot_check_decks(table, world):
    response = _client(world.sam).get(f"/events/{table.event.pk}/deckchecks/")
    assert response.status_code == 403


def test_a_team_alone_is_checked_at_its_table_and_a_team_without_one_is_refused(table, world):
    check = services.deck_check_start(round_=table.round, team=table.blue, by=world.judy)
    assert (check.match_id, check.team_id, check.chosen_at_random) == (
        table.match.pk,
        table.blue.pk,
        False,
    )
    elsewhere = factories.event(world.alice, name="Other 2HG")
    late = factories.team(elsewhere, "Team Late", ["Lu", "Lea"])  # no table in this round
    with pytest.raises(ServiceError):
        services.deck_check_start(round_=table.round, team=late, by=world.judy)
    assert DeckCheck.objects.count() == 1


def test_a_check_of_a_chosen_table_is_not_reported_as_random(table, world):
    """A judge who picks the table (and lets Tandem draw one of its two teams) made a chosen
    check, not a random one (issue 23): only a table drawn among the round's is random."""
    check = services.deck_check_start(
        round_=table.round, match=table.match, rng=random.Random(3), by=world.judy
    )
    assert check.team_id in (table.red.pk, table.blue.pk)
    assert check.chosen_at_random is False
