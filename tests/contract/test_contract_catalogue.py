"""The card catalogue through the API (not in docs/api.md): GET /catalogue/ and GET /cards/?q=."""

import pytest
from rest_framework.test import APIClient

from support.contract import API

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def test_catalogue_status_shows_the_dates_of_the_shipped_data():
    body = APIClient().get(f"{API}/catalogue/").json()
    assert body["cards"] >= 30_679
    assert body["cards_date"] == "2022-04-25"
    assert body["banlists_date"] == "2026-09-22"
    assert body["banlists"]["modern"]["banned"] == 52
    assert body["two_headed_giant_bans"] == ["Erayo, Soratami Ascendant"]
    assert "import_cards" in body["how_to_update"]


def test_card_lookup_by_any_spelling_and_did_you_mean():
    anon = APIClient()
    found = anon.get(f"{API}/cards/", {"q": "fire/ice"}).json()
    assert found["card"]["name"] == "Fire // Ice"
    assert found["card"]["faces"] == ["Fire", "Ice"]
    assert found["card"]["legalities"]["modern"] == "legal"
    typo = anon.get(f"{API}/cards/", {"q": "Lightnig Bolt"}).json()
    assert typo["card"] is None
    assert "Lightning Bolt" in typo["suggestions"]
    prefix = anon.get(f"{API}/cards/", {"q": "Relentless"}).json()
    assert "Relentless Rats" in prefix["matches"]
    assert anon.get(f"{API}/cards/", {"q": ""}).status_code == 400
