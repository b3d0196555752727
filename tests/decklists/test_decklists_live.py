"""The decklist editor hears a teammate's or a judge's save at once (core.live, kind
"decklists"): a save announces the team's topic after commit, the pages subscribe to it."""

import json

import pytest
from django.test import Client

from core import live
from decklists.demo import decklist_text
from decklists.services import decklists as svc
from support import actors
from support.catalogue import catalogue  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def _rita(world):
    return world.red.players.get(seat=1)


def test_a_save_announces_the_teams_topic_once(world):
    topic, other = f"decklists:{world.red.pk}", f"decklists:{world.blue.pk}"
    before, other_before = live.version(topic), live.version(other)
    svc.decklist_submit(player=_rita(world), main=decklist_text(0), actor=actors.team(world.red))
    assert live.version(topic) == before + 1
    assert live.version(other) == other_before  # the other team hears nothing


def test_a_refused_save_announces_nothing(world):
    topic = f"decklists:{world.red.pk}"
    before = live.version(topic)
    with pytest.raises(svc.ServiceError):
        svc.decklist_submit(player=_rita(world), main="x" * 200_000, actor=actors.team(world.red))
    assert live.version(topic) == before


def test_the_team_page_follows_its_topic_with_its_key_and_version(world):
    svc.decklist_submit(player=_rita(world), main=decklist_text(0), actor=actors.team(world.red))
    version = live.version(f"decklists:{world.red.pk}")
    page = Client().get(f"/t/{world.red.access_key}/decklists/").content.decode()
    follow = f"/live/decklists/{world.red.pk}/?key={world.red.access_key}"
    assert f'data-follow="{follow}"' in page
    assert f'data-follow-since="{version}"' in page
    assert "js/live.js" in page


def test_the_version_poll_tells_a_follower_what_changed(world):
    url = f"/live/decklists/{world.red.pk}/version?key={world.red.access_key}"
    client = Client()
    first = client.get(url).json()["version"]
    assert client.get(f"{url}&since={first}").status_code == 204  # unchanged
    svc.decklist_submit(player=_rita(world), main=decklist_text(0), actor=actors.team(world.red))
    changed = client.get(f"{url}&since={first}")
    assert changed.status_code == 200
    assert json.loads(changed.content)["version"] == first + 1


def test_a_staff_page_follows_without_a_key(world):
    client = Client()
    client.force_login(world.sam)
    page = client.get(f"/events/{world.event.pk}/decklists/{world.red.pk}/").content.decode()
    assert f'data-follow="/live/decklists/{world.red.pk}/"' in page
