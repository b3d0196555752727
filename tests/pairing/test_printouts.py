"""The organizer's printouts as pages: what each shows (the PDF rendering on A4 and Letter is
tested in tests/e2e/test_print_e2e.py)."""

import re

import pytest
from django.test import Client

from core import qr
from pairing import printing, services
from pairing.models import MatchTeam
from support import factories
from support.rounds import event_with_teams, play

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _text(response) -> str:
    assert response.status_code == 200
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.fixture
def paired():
    """Five teams (one bye), players named out of alphabetical order, case and accents mixed."""
    event = factories.event(name="Print Open", swiss_rounds=3)
    factories.team(event, "Red", ["zoe Zamora", "Émile Roux"])
    factories.team(event, "Blue", ["Bea Blau", "adam Abbott"])
    factories.team(event, "Green", ["Gus Grün", "Olga Oliva"])
    factories.team(event, "Gold", ["Ian Iris", "Carla Cruz"])
    factories.team(event, "Grey", ["Dora Dunn", "Yuri Yeo"])
    round_ = services.round_pair_next(event=event, seed=3)
    services.round_publish(round_=round_)
    return event, round_


def test_wall_list_has_every_player_once_by_name_with_table_and_opposing_team(paired):
    event, round_ = paired
    lines = printing.wall(printing.sheets(round_))
    names = [line.player for line in lines]
    assert len(names) == 10 == len(set(names))
    assert names == sorted(names, key=printing.filing_key)
    assert names.index("Émile Roux") < names.index("Gus Grün")  # accents filed as the letter
    assert names[0] == "adam Abbott"
    assert names[-1] == "zoe Zamora"
    for match in round_.matches.select_related("team_a", "team_b"):
        for team, other in ((match.team_a, match.team_b), (match.team_b, match.team_a)):
            if team is None:
                continue
            for player in team.players.all():
                line = next(x for x in lines if x.player == player.name)
                assert (line.team, line.table) == (team.name, match.table)
                assert line.opponent == (other.name if other else None)


def test_wall_page_files_players_under_their_letter_and_marks_the_bye(paired):
    event, round_ = paired
    page = _text(_client(event.organizer).get(f"/events/{event.pk}/rounds/1/print/names/"))
    bye = round_.matches.get(team_b__isnull=True)
    assert "Print Open · round 1" in page
    assert page.index("adam Abbott") < page.index("Bea Blau") < page.index("Émile Roux")
    assert f"bye {bye.team_a.players.first().name} ({bye.team_a.name}) bye: a win" in page
    table_1 = round_.matches.get(table=1)
    first = table_1.team_a.players.order_by("seat").first()
    assert f"1 {first.name} {table_1.team_a.name} v {table_1.team_b.name}" in page


def test_slips_seat_the_players_as_the_match_does_mtr_9_4(paired):
    """The slip shows the seats the match was paired with (primary first), not the team's
    current seats, with a signature line for each player; no slip for the bye."""
    event, round_ = paired
    match = round_.matches.get(table=1)
    entry = MatchTeam.objects.get(match=match, team=match.team_a)
    primary, secondary = match.team_a.players.order_by("seat")
    entry.seats = [secondary.pk, primary.pk]  # this match, the teammate sits as primary
    entry.save()
    page = _text(_client(event.organizer).get(f"/events/{event.pk}/rounds/1/slips/"))
    assert f"Table 1 Print Open · round 1 A {match.team_a.name}" in page
    assert f"Primary {secondary.name} Signature Secondary {primary.name} Signature" in page
    assert page.count("Signature") == 2 * 4  # two tables, four players each
    assert page.count("Games won") == 4
    assert page.count("Games drawn") == 2
    assert "Chooses play or draw" in page
    for m in round_.matches.filter(team_b__isnull=False).select_related("team_a", "team_b"):
        chooser = m.team_a if m.chooses_play_draw == "a" else m.team_b  # MTR 9.3, recorded
        assert f"Chooses play or draw: {chooser.name}" in page
    bye = round_.matches.get(team_b__isnull=True).team_a
    assert bye.name not in page


def test_pairings_by_table_list_both_teams_with_their_players(paired):
    event, round_ = paired
    page = _text(_client().get(f"/events/{event.pk}/rounds/1/print/tables/"))
    for match in round_.matches.select_related("team_a", "team_b"):
        assert match.team_a.name in page
        if match.team_b:
            names = " · ".join(p.name for p in match.team_b.players.order_by("seat"))
            assert f"{match.team_b.name} {names}" in page
    assert "Bye: a win, 3 points" in page


def test_standings_print_every_team_in_order_with_its_players():
    event, teams = event_with_teams(6)
    round_ = services.round_pair_next(event=event, seed=5)
    services.round_publish(round_=round_)
    play(round_)
    page = _text(_client().get(f"/events/{event.pk}/print/standings/?after_round=1"))
    assert "standings after round 1" in page
    positions = [page.index(t.name) for t in teams]
    assert all(p > 0 for p in positions)
    for team in teams:
        names = " · ".join(p.name for p in team.players.order_by("seat"))
        assert f"{team.name} {names}" in page


def test_poster_holds_the_qr_code_of_the_event_page(paired, settings):
    event, _round = paired
    client = _client(event.organizer)
    url = f"http://testserver/events/{event.pk}/"
    html = client.get(f"/events/{event.pk}/print/poster/").content.decode()
    assert url in html
    assert str(qr.svg(url, label=f"QR code of {url}")) in html
    assert "works on this computer only" not in html
    local = client.get(f"/events/{event.pk}/print/poster/", HTTP_HOST="127.0.0.1:8000")
    assert "works on this computer only" in local.content.decode()  # no phone reaches it
    settings.LAN_URL = "http://192.168.1.20:8000"  # LAN mode: the address the phones reach
    lan_url = f"http://192.168.1.20:8000/events/{event.pk}/"
    html = client.get(f"/events/{event.pk}/print/poster/").content.decode()
    assert str(qr.svg(lan_url, label=f"QR code of {lan_url}")) in html
    local = client.get(f"/events/{event.pk}/print/poster/", HTTP_HOST="127.0.0.1:8000")
    assert "works on this computer only" not in local.content.decode()


def test_printouts_load_no_inline_script_or_style(paired):
    """Scripts and styles come from static files (a strict Content-Security-Policy allows no
    inline ones)."""
    event, _round = paired
    client = _client(event.organizer)
    for path in ("rounds/1/print/names/", "rounds/1/print/tables/", "rounds/1/slips/",
                 "print/standings/", "print/poster/"):  # fmt: skip
        html = client.get(f"/events/{event.pk}/{path}").content.decode()
        assert not re.search(r"<style|\sstyle=", html), path
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), path
        assert not re.search(r"<[^>]+\son[a-z]+=", html), path


def test_round_and_standings_pages_link_to_their_printouts(paired):
    event, _round = paired
    client = _client(event.organizer)
    page = client.get(f"/events/{event.pk}/rounds/1/").content.decode()
    for path in ("print/names/", "print/tables/", "slips/"):
        assert f"/events/{event.pk}/rounds/1/{path}" in page
    assert (
        f"/events/{event.pk}/print/standings/"
        in client.get(f"/events/{event.pk}/standings/").content.decode()
    )
    assert (
        f"/events/{event.pk}/print/poster/" in client.get(f"/events/{event.pk}/").content.decode()
    )
