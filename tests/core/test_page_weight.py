"""What every page loads: no htmx where no page uses it; an icon, so browsers stop asking."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_pages_without_hx_attributes_do_not_load_htmx(world):
    client = Client()
    client.force_login(world.alice)
    for url in ("/", f"/events/{world.event.pk}/", f"/events/{world.event.pk}/teams/", "/login/"):
        page = client.get(url).content.decode()
        assert "htmx.min.js" not in page, url
        assert " hx-get=" not in page and " hx-post=" not in page  # noqa: PT018


def test_pages_link_an_icon_and_favicon_ico_points_to_it():
    page = Client().get("/login/").content.decode()
    assert 'rel="icon"' in page
    assert "favicon.svg" in page
    response = Client().get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("favicon.svg")
