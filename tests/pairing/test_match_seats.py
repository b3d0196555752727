"""Seats per match (MTR 9.4): a team chooses its primary player on its private page before each
match; the choice is what the pairings, the slips and the tracker show for that match, and it
closes once the match has started (pairing.domain.seats)."""

import re

import pytest
from django.test import Client

from core.errors import Conflict, ServiceError
from judging.services.clock import clock_start
from pairing import services
from pairing.models import MatchTeam
from support.rounds import event_with_teams, games, match_of
from tracker.selectors import build_setup

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def paired():
    event, teams = event_with_teams(4)
    round_ = services.round_pair_next(event=event, by=event.organizer, seed=7)
    services.round_publish(round_=round_, by=event.organizer)
    return event, round_, teams[0]


def test_team_page_shows_both_teams_heads_with_seats(paired):
    _event, round_, team = paired
    match = match_of(round_, team)
    opponent = match.team_b if match.team_a_id == team.pk else match.team_a
    page = _text(Client().get(f"/t/{team.access_key}/"))
    for player in [*team.players.all(), *opponent.players.all()]:
        assert player.name in page
    assert "Choose your primary player for this match" in page


def test_the_team_chooses_its_primary_for_this_match_and_every_page_shows_it(paired):
    event, round_, team = paired
    first, second = list(team.players.order_by("seat"))
    client = Client()
    response = client.post(
        f"/t/{team.access_key}/matches/{match_of(round_, team).pk}/seats/",
        {"primary": second.pk},
    )
    assert response.status_code == 302
    entry = MatchTeam.objects.get(round=round_, team=team)
    assert entry.seats == [second.pk, first.pk]
    # The team's registered seats are unchanged: the choice is for this match only.
    assert list(team.players.order_by("seat")) == [first, second]

    pairings = _text(Client().get(f"/events/{event.pk}/rounds/{round_.number}/"))
    assert f"{second.name} · {first.name}" in pairings
    by_name = _text(Client().get(f"/events/{event.pk}/rounds/{round_.number}/?by=name"))
    assert f"{second.name} · {first.name}" in by_name
    staff = Client()
    staff.force_login(event.organizer)
    slips = _text(staff.get(f"/events/{event.pk}/rounds/{round_.number}/slips/"))
    assert re.search(
        rf"{team.name}</strong>.*?Primary</span> <span class=\"slip-name\">{second.name}</span>.*?"
        rf"Secondary</span> <span class=\"slip-name\">{first.name}</span>",
        slips,
    )
    setup = build_setup(match_of(round_, team))
    mine = next(side for side in setup.teams if side.team == team.pk)
    assert mine.players == (second.pk, first.pk)


def test_bad_primary_is_refused_and_nothing_is_saved(paired):
    _event, round_, team = paired
    entry = MatchTeam.objects.get(round=round_, team=team)
    before = entry.seats
    with pytest.raises(ServiceError):
        services.entry_set_seats(entry=entry, primary="someone")
    other = MatchTeam.objects.exclude(team=team).filter(round=round_).first()
    with pytest.raises(ServiceError):
        services.entry_set_seats(entry=entry, primary=other.seats[0])
    entry.refresh_from_db()
    assert entry.seats == before


def test_seats_close_when_the_round_clock_starts(paired):
    _event, round_, team = paired
    entry = MatchTeam.objects.get(round=round_, team=team)
    clock_start(round_=round_)
    with pytest.raises(Conflict, match="round has started"):
        services.entry_set_seats(entry=entry, primary=entry.seats[1])
    page = _text(Client().get(f"/t/{team.access_key}/"))
    assert "Choose your primary player" not in page


def test_seats_close_once_a_result_is_reported(paired):
    _event, round_, team = paired
    match = match_of(round_, team)
    services.match_report_result(match=match, team=team, **games(1, 0))
    entry = MatchTeam.objects.get(round=round_, team=team)
    response = Client().post(
        f"/t/{team.access_key}/matches/{match.pk}/seats/", {"primary": entry.seats[1]}, follow=True
    )
    assert "A result has been reported" in _text(response)
    entry.refresh_from_db()
    assert entry.seats == list(team.players.order_by("seat").values_list("pk", flat=True))


def test_another_team_cannot_choose_seats_for_a_match_it_does_not_play(paired):
    _event, round_, team = paired
    other = MatchTeam.objects.filter(round=round_).exclude(match=match_of(round_, team)).first()
    response = Client().post(
        f"/t/{team.access_key}/matches/{other.match_id}/seats/", {"primary": other.seats[1]}
    )
    assert response.status_code == 404
