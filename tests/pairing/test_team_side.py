"""What a team reads is from its own side, and true to its own table: team B that lost 1-0-0
reads "you lost (0-1-0)"; a table with an extension reads its own minutes when the round's time
is called; the judge's page of a table shows a staff result as final, not "playing"."""

import pytest
from django.test import Client

from judging.services import clock as clock_services
from pairing import services
from pairing.models import Match
from pairing.presenters import describe_for, score_for
from support import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(world):
    factories.settings(world.event, swiss_rounds=3)
    services.round_publish(round_=services.round_pair_next(event=world.event, seed=1))
    match = Match.objects.select_related("round", "team_a", "team_b").get(round__event=world.event)
    return world, match


def test_team_b_that_lost_reads_its_own_games_first(table):
    world, match = table
    services.match_enter_result(match=match, games_a=1, games_b=0, games_drawn=0)
    match.refresh_from_db()
    assert score_for(match, match.team_a) == "1-0-0"
    assert score_for(match, match.team_b) == "0-1-0"
    assert describe_for(match, match.team_b).startswith(
        f"{match.team_a.name} beat {match.team_b.name}: you lost, 0-1-0"
    )
    page = Client().get(f"/t/{match.team_b.access_key}/").content.decode()
    assert "Result final: you lost (0-1-0)." in page
    winner = Client().get(f"/t/{match.team_a.access_key}/").content.decode()
    assert "Result final: you won (1-0-0)." in winner


def test_team_b_reads_its_own_games_first_in_spanish(table):
    world, match = table
    services.match_enter_result(match=match, games_a=1, games_b=0, games_drawn=0)
    page = Client().get(f"/t/{match.team_b.access_key}/", HTTP_ACCEPT_LANGUAGE="es")
    assert "(0-1-0)" in page.content.decode()


def test_a_table_with_an_extension_reads_its_own_minutes_when_the_round_time_is_called(table):
    world, match = table
    clock_services.clock_start(round_=match.round)
    clock_services.extension_give(match=match, minutes=5, reason="ruling")
    clock_services.clock_set_remaining(round_=match.round, seconds=0)  # the round's time
    page = Client().get(f"/t/{match.team_a.access_key}/").content.decode()
    assert "Time has been called" not in page
    assert "min left at your table (+5 min extension)." in page


def test_the_judges_table_page_shows_a_staff_result_as_final(table):
    world, match = table
    services.match_enter_result(match=match, games_a=0, games_b=1, games_drawn=0)
    client = Client()
    client.force_login(world.judy)
    page = client.get(f"/events/{world.event.pk}/matches/{match.pk}/game/").content.decode()
    head = page.split('class="table-head"', 1)[1].split("</p>", 1)[0]
    assert "result final: 0-1-0" in head
    assert "playing" not in head


def test_a_second_team_reads_every_line_from_its_side_with_factories(db):
    event = factories.event(factories.user("olivia"), name="Side 2HG", swiss_rounds=3)
    red = factories.team(event, "Red", ["Rita", "Rob"])
    factories.team(event, "Blue", ["Bea", "Ben"])
    services.round_publish(round_=services.round_pair_next(event=event, seed=2))
    match = Match.objects.get(round__event=event)
    services.match_enter_result(match=match, games_a=0, games_b=1, games_drawn=1)
    match.refresh_from_db()
    ours = score_for(match, red)
    assert ours == ("0-1-1" if match.team_a_id == red.pk else "1-0-1")
