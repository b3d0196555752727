"""The access layer (access): loading with the rights check, below the pages and the API.

Personas as in tests/conftest.py: the world's event is private; Red and Blue play in it, Green
plays in another event; Sam keeps score, Judy judges, Alice organizes, Charlie is an outsider.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from access import (
    MAX_ID,
    Caller,
    Perm,
    access_event,
    access_match,
    access_own_match,
    access_player,
    access_round,
    access_round_by_number,
    access_team,
    access_team_by_key,
    can,
    can_on_team,
    may_write_decklists,
    visible_events,
    visible_rounds,
)
from core.errors import AccessDenied, NotVisible
from decklists.errors import DecklistsLocked
from pairing import services
from pairing.models import Match, Round
from support import factories
from support.api_clients import client_for
from tournament.models import Event

HUGE = 10**30


def _user(who) -> Caller:
    return Caller(user=who)


def _team(team) -> Caller:
    return Caller(user=AnonymousUser(), team=team)


def _anon() -> Caller:
    return Caller(user=AnonymousUser())


def _round(world, *, publish: bool) -> Round:
    factories.settings(world.event, swiss_rounds=3)
    world.event.refresh_from_db()
    round_ = services.round_pair_next(event=world.event, seed=1)
    if publish:
        round_ = services.round_publish(round_=round_)
    return round_


def _match(round_: Round) -> Match:
    return round_.matches.get(team_b__isnull=False)


def _lock(event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)


# --- unpublished rounds ---------------------------------------------------------------------


def test_unpublished_round_is_invisible_to_its_own_teams(world):
    round_ = _round(world, publish=False)
    with pytest.raises(NotVisible):
        access_round(_team(world.red), round_.pk)
    with pytest.raises(NotVisible):
        access_match(_team(world.red), _match(round_).pk, Perm.REPORT_RESULT)
    with pytest.raises(NotVisible):
        access_own_match(_team(world.red), _match(round_).pk)


def test_unpublished_round_is_invisible_to_anyone_in_a_public_event(world):
    Event.objects.filter(pk=world.event.pk).update(public=True)
    round_ = _round(world, publish=False)
    for caller in (_anon(), _user(world.charlie), _team(world.green)):
        with pytest.raises(NotVisible):
            access_round(caller, round_.pk)
        with pytest.raises(NotVisible):
            access_round_by_number(caller, world.event.pk, 1)
        with pytest.raises(NotVisible):
            access_match(caller, _match(round_).pk)


def test_unpublished_round_is_visible_to_every_staff_member(world):
    round_ = _round(world, publish=False)
    for who in (world.sam, world.judy, world.hank, world.alice):
        assert access_round(_user(who), round_.pk) == round_
        assert access_round_by_number(_user(who), world.event.pk, 1) == round_
        assert access_match(_user(who), _match(round_).pk).round_id == round_.pk


def test_round_lists_show_unpublished_rounds_to_staff_only(world):
    round_ = _round(world, publish=False)
    for who in (world.sam, world.alice):
        assert list(visible_rounds(_user(who), world.event)) == [round_]
    for caller in (_team(world.red), _anon()):
        assert list(visible_rounds(caller, world.event)) == []
    services.round_publish(round_=round_)
    assert list(visible_rounds(_team(world.red), world.event)) == [round_]


def test_published_round_is_visible_to_the_event_and_its_right_still_checked(world):
    round_ = _round(world, publish=True)
    assert access_round(_team(world.red), round_.pk) == round_
    with pytest.raises(AccessDenied):
        access_round(_team(world.red), round_.pk, Perm.MANAGE_ROUNDS)
    with pytest.raises(NotVisible):
        access_round(_user(world.charlie), round_.pk)  # the event is private


def test_round_by_number_checks_the_right_on_the_event_first(world):
    """Pages: a logged-out scorekeeper is asked to log in even for a round that is not there."""
    Event.objects.filter(pk=world.event.pk).update(public=True)
    with pytest.raises(AccessDenied):
        access_round_by_number(_anon(), world.event.pk, 7, Perm.MANAGE_ROUNDS)
    with pytest.raises(NotVisible):
        access_round_by_number(_user(world.sam), world.event.pk, 7, Perm.MANAGE_ROUNDS)


# --- a team acts only on its own match --------------------------------------------------------


def test_team_reports_its_own_match(world):
    match = _match(_round(world, publish=True))
    for team in (world.red, world.blue):
        assert access_match(_team(team), match.pk, Perm.REPORT_RESULT) == match
        assert access_own_match(_team(team), match.pk) == match


def test_team_key_on_another_teams_match_of_its_event_is_403_and_404_on_its_page(world):
    from support import factories

    factories.team(world.event, "Team Yellow", ["Yan", "Yul"])
    factories.team(world.event, "Team Purple", ["Pia", "Pat"])
    round_ = _round(world, publish=True)
    match = round_.matches.first()
    yellow = world.event.teams.exclude(pk__in=[match.team_a_id, match.team_b_id]).first()
    # The API: a known caller of the event without the right (as before the access layer).
    with pytest.raises(AccessDenied):
        access_match(_team(yellow), match.pk, Perm.REPORT_RESULT)
    with pytest.raises(AccessDenied):
        access_match(_team(yellow), match.pk, Perm.TRACK_GAME)
    # It may still read the match, as anyone who sees the event.
    assert access_match(_team(yellow), match.pk) == match
    # Its private link has no such match.
    with pytest.raises(NotVisible):
        access_own_match(_team(yellow), match.pk)


def test_team_key_on_a_match_of_another_event_is_404(world):
    match = _match(_round(world, publish=True))
    with pytest.raises(NotVisible):
        access_match(_team(world.green), match.pk, Perm.REPORT_RESULT)
    with pytest.raises(NotVisible):
        access_own_match(_team(world.green), match.pk)


def test_staff_holds_the_team_rights_on_any_match(world):
    match = _match(_round(world, publish=True))
    assert access_match(_user(world.sam), match.pk, Perm.REPORT_RESULT) == match
    with pytest.raises(AccessDenied):
        access_match(_user(world.sam), match.pk, Perm.EXTENSIONS)  # a judge's right


def test_match_of_another_event_under_an_event_page_is_404(world):
    match = _match(_round(world, publish=True))
    other = world.other_event
    with pytest.raises(NotVisible):
        access_match(_user(other.organizer), match.pk, Perm.ENTER_RESULTS, event_id=other.pk)


# --- a team key acts in its own event only ------------------------------------------------------


def test_team_key_cannot_act_in_another_event(world):
    green = _team(world.green)
    with pytest.raises(NotVisible):
        access_event(green, world.event.pk)
    with pytest.raises(NotVisible):
        access_team(green, world.red.pk, Perm.READ_DECKLISTS)
    with pytest.raises(NotVisible):
        access_player(green, world.red.players.first().pk, Perm.WRITE_DECKLISTS)
    assert list(visible_events(green)) == [world.other_event]


def test_team_key_reads_its_own_decklists_not_its_neighbours(world):
    assert access_team(_team(world.red), world.red.pk, Perm.READ_DECKLISTS) == world.red
    with pytest.raises(AccessDenied):
        access_team(_team(world.blue), world.red.pk, Perm.READ_DECKLISTS)
    assert access_team(_user(world.sam), world.red.pk, Perm.READ_DECKLISTS) == world.red


def test_team_key_sets_its_seats_but_does_not_manage_its_team(world):
    red = _team(world.red)
    assert access_team(red, world.red.pk, Perm.SET_SEATS) == world.red
    with pytest.raises(AccessDenied):
        access_team(red, world.red.pk, Perm.MANAGE_TEAMS)


def test_access_team_by_key_makes_the_caller_that_team(world):
    caller = _anon()
    assert access_team_by_key(caller, world.red.access_key) == world.red
    assert caller.team == world.red
    for key in ("nope", "", "a\x00b"):
        with pytest.raises(NotVisible):
            access_team_by_key(_anon(), key)


# --- decklists: the lock ------------------------------------------------------------------------


def test_decklists_before_the_lock_are_written_by_the_team_and_the_scorekeeper(world):
    for caller in (_team(world.red), _user(world.sam), _user(world.judy)):
        assert access_team(caller, world.red.pk, Perm.WRITE_DECKLISTS) == world.red
        assert may_write_decklists(caller, world.red)
    with pytest.raises(AccessDenied):
        access_team(_team(world.blue), world.red.pk, Perm.WRITE_DECKLISTS)
    with pytest.raises(NotVisible):
        access_team(_user(world.charlie), world.red.pk, Perm.WRITE_DECKLISTS)


def test_decklists_after_the_lock_are_written_by_judges_only(world):
    _lock(world.event)
    player = world.red.players.first().pk
    for who in (world.judy, world.hank, world.alice):
        assert access_player(_user(who), player, Perm.WRITE_DECKLISTS).team == world.red
    for caller in (_team(world.red), _user(world.sam)):
        with pytest.raises(DecklistsLocked) as raised:
            access_player(caller, player, Perm.WRITE_DECKLISTS)
        assert (raised.value.status, raised.value.code) == (403, "decklists_locked")
        assert not may_write_decklists(caller, access_team(caller, world.red.pk))
    # The lock does not change who may read.
    assert access_team(_team(world.red), world.red.pk, Perm.READ_DECKLISTS) == world.red


def test_a_stranger_is_refused_before_the_lock_is_mentioned(world):
    _lock(world.event)
    with pytest.raises(NotVisible):
        access_team(_user(world.charlie), world.red.pk, Perm.WRITE_DECKLISTS)
    assert not can_on_team(_user(world.charlie), Perm.WRITE_DECKLISTS, world.red)


# --- ids ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [HUGE, MAX_ID + 1, 0, -1, "abc", "²", None, True])
def test_ids_no_row_can_have_are_404(world, bad):
    caller = _user(world.alice)
    for load in (access_event, access_team, access_player, access_round, access_match):
        with pytest.raises(NotVisible):
            load(caller, bad)


def test_the_largest_id_is_looked_up_and_not_found(world):
    with pytest.raises(NotVisible):
        access_event(_user(world.alice), MAX_ID)


@pytest.mark.parametrize(
    "path",
    [
        f"/api/v1/events/{HUGE}/",
        f"/api/v1/teams/{2**63}/decklists/",
        f"/api/v1/matches/{HUGE}/result/",
        f"/api/v1/rounds/{2**63 - 1}/",
        f"/events/{HUGE}/",
        f"/events/1/rounds/{HUGE}/",
    ],
)
def test_huge_ids_in_urls_are_404(world, path):
    assert client_for(world.alice).get(path).status_code == 404
    client = Client()
    client.force_login(world.alice)
    assert client.get(path).status_code == 404


# --- the caller of a request ---------------------------------------------------------------------


def test_staff_role_is_looked_up_once_per_event(world, django_assert_num_queries):
    caller = _user(world.sam)
    with django_assert_num_queries(1):
        assert caller.staff_role(world.event) == "scorekeeper"
        assert can(caller, Perm.VIEW_PRIVATE, world.event)
        assert can(caller, Perm.MANAGE_ROUNDS, world.event)
        assert not can(caller, Perm.DECK_CHECKS, world.event)


def test_api_caller_carries_the_team_of_its_key(world):
    response = client_for(world.red).get(f"/api/v1/teams/{world.red.pk}/")
    assert response.status_code == 200
    assert response.wsgi_request.caller.team == world.red
    assert response.json()["access_key"] == world.red.access_key


def test_page_caller_is_the_logged_in_user(world):
    client = Client()
    client.force_login(world.sam)
    response = client.get(f"/events/{world.event.pk}/")
    assert response.status_code == 200
    caller = response.wsgi_request.caller
    assert caller.user == world.sam
    assert caller.team is None
