"""The draft pods on paper and on the projector (issue 31; MTR 7.7, 9.7)."""

import re

import pytest
from django.test import Client

from pairing.domain.pod_seats import pod_tables
from support import factories
from tournament.services import events as event_services

pytestmark = pytest.mark.django_db


def _draft(world, n_more: int = 6):
    event = world.event
    event.structure, event.format, event.rel = "draft", "", "competitive"
    event.save(update_fields=["structure", "format", "rel"])
    for i in range(n_more):
        factories.team(event, f"Team {i:02d}")
    event_services.event_seat_pods(event=event, size=4, seed=3)
    return event


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_print_has_a_page_per_pod_with_seats_directions_and_building_tables(world):
    event = _draft(world)
    page = _client(world.sam).get(f"/events/{event.pk}/pods/print/").content.decode()
    assert page.count('class="pod-sheet"') == 2  # 8 teams in pods of 4
    assert "Packs 1, 3, 5: ← left to" in page
    assert "Packs 2, 4, 6: → right to" in page
    assert "players 7–8" in page
    teams = {t.pk: t for t in event.teams.all()}
    tables = pod_tables({pk: t.pod for pk, t in teams.items()}, event.pk)
    seat1 = tables[0].teams[0]
    # seat 1's pack 1 goes to seat 2's team (left is the next seat clockwise)
    row = re.search(rf"<strong>{teams[seat1.team].name}</strong>.*?</tr>", page, re.S)
    assert row is not None
    cells = re.findall(r"<td>([^<]+)</td>", row.group(0))
    assert cells[0] == teams[tables[0].teams[1].team].name
    assert cells[1] == teams[tables[0].teams[-1].team].name


def test_projector_lists_every_pod_and_the_pack_directions(world):
    event = _draft(world)
    event.public = True
    event.save(update_fields=["public"])
    page = Client().get(f"/events/{event.pk}/pods/projector/").content.decode()
    assert page.count('class="pod-card"') == 2
    assert "Packs 2, 4, 6: right →" in page
    assert all(t.name in page for t in event.teams.all())


def test_pod_printout_is_for_staff_only(world):
    event = _draft(world)
    assert _client(world.charlie).get(f"/events/{event.pk}/pods/print/").status_code in (403, 404)
    assert Client().get(f"/events/{event.pk}/pods/projector/").status_code in (403, 404)  # private
