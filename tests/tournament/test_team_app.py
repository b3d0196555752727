"""The team's page as an app on the phone (tournament/team_views.py): its web app manifest and its
service worker, each under the team's private link and only for a key that opens a team; the
team page and the table page link them from their <head>."""

import json
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from pairing import services as pairing_services
from support import factories
from tournament.services import teams as team_services

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "static"


@pytest.fixture
def teams(db):
    event = factories.event(factories.user("olivia"), name="Friday 2HG", public=True)
    red = factories.team(event, "Los Pumas", ["José Ñúñez", "Zoë Müller"])
    blue = factories.team(event, "Team Blue", ["Bea", "Ben"])
    return red, blue


def _manifest(key: str):
    return Client().get(f"/t/{key}/manifest.webmanifest")


def test_the_manifest_opens_the_teams_own_page_under_its_name(teams):
    red, _blue = teams
    response = _manifest(red.access_key)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    page = f"/t/{red.access_key}/"
    assert manifest["start_url"] == page
    assert manifest["scope"] == page
    assert manifest["id"] == page
    assert manifest["name"] == "Los Pumas · Friday 2HG"
    assert manifest["short_name"] == "Los Pumas"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#16324f"


def test_the_manifest_names_no_other_teams_key_or_name(teams):
    red, blue = teams
    text = _manifest(red.access_key).content.decode()
    assert blue.access_key not in text
    assert "Team Blue" not in text
    other = json.loads(_manifest(blue.access_key).content)
    assert other["start_url"] == f"/t/{blue.access_key}/"
    assert red.access_key not in json.dumps(other)


def test_the_manifest_is_kept_by_the_phone_only_not_by_a_shared_cache(teams):
    response = _manifest(teams[0].access_key)
    assert response["Cache-Control"] == "private, max-age=3600"


@pytest.mark.parametrize("key", ["not-a-key", "x" * 40])
def test_a_wrong_key_has_no_manifest_and_no_worker(teams, key):
    assert _manifest(key).status_code == 404
    assert Client().get(f"/t/{key}/sw.js").status_code == 404


def test_an_old_key_has_no_manifest_once_the_team_has_a_new_one(teams):
    red, _blue = teams
    old = red.access_key
    renewed = team_services.team_new_key(team=red)
    assert _manifest(old).status_code == 404
    assert _manifest(renewed.access_key).status_code == 200


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def test_the_manifests_icons_exist_as_pngs_of_their_stated_sizes(teams):
    manifest = json.loads(_manifest(teams[0].access_key).content)
    sizes = set()
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        width, height = (int(n) for n in icon["sizes"].split("x"))
        name = icon["src"].removeprefix(settings.STATIC_URL).removeprefix("/static/")
        assert _png_size(STATIC / name) == (width, height)
        assert Client().get(icon["src"]).status_code == 200
        sizes.add(width)
    assert sizes == {192, 512}


def test_the_worker_is_a_script_of_the_teams_scope_checked_on_each_update(teams):
    red, _blue = teams
    response = Client().get(f"/t/{red.access_key}/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == f"/t/{red.access_key}/"
    script = response.content.decode()
    assert red.access_key not in script  # the same script for every team: it reads its scope
    assert '"/static/css/tandem.css"' in script
    assert "/live/" in script  # named to be left alone: live updates are never kept


def test_the_team_page_and_the_table_page_link_the_manifest_and_the_worker(teams):
    red, blue = teams
    event = red.event
    round_ = pairing_services.round_pair_next(event=event, seed=1)
    pairing_services.round_publish(round_=round_)
    for path in (f"/t/{red.access_key}/", f"/t/{red.access_key}/table/"):
        page = Client().get(path).content.decode()
        assert f'<link rel="manifest" href="/t/{red.access_key}/manifest.webmanifest">' in page
        assert f'data-worker="/t/{red.access_key}/sw.js"' in page
        assert '<meta name="theme-color" content="#16324f">' in page
        assert blue.access_key not in page
    team_page = Client().get(f"/t/{red.access_key}/").content.decode()
    # the worker splices the live part between these into its offline copy
    assert team_page.index("<!--team-blocks-->") < team_page.index("Table <strong")
    assert team_page.index("Table <strong") < team_page.index("<!--/team-blocks-->")


def test_the_team_page_offers_notify_this_phone_per_player_with_the_teams_key(teams):
    red, blue = teams
    page = Client().get(f"/t/{red.access_key}/").content.decode()
    start = page.index('id="notify"')
    section = page[start : page.index("</section>", start)]
    assert f'data-team-key="{red.access_key}"' in section
    assert 'data-key-url="/api/v1/push/key/"' in section
    assert 'data-subscriptions-url="/api/v1/push/subscriptions/"' in section
    for player in red.players.all():
        assert f'<option value="{player.pk}">{player.name}</option>' in section
    assert blue.access_key not in page
    assert "Bea" not in section
    assert '<script src="/static/js/notify.js" defer></script>' in page


def test_a_dropped_team_is_offered_no_notifications(teams):
    red, _blue = teams
    red.dropped = True
    red.save(update_fields=["dropped"])
    page = Client().get(f"/t/{red.access_key}/").content.decode()
    assert 'id="notify"' not in page
