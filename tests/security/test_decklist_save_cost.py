"""A team key cannot burn CPU with a decklist: saving 999 lines of unknown card names through the
API does no more work than ten would beyond reading the lines: suggestions ("did you mean") are made
for the first unknown names of a list only (decklists.domain.udc.SUGGESTED_NAMES), and the queries
do not grow with the names. The time of such a list is a benchmark: tests/bench/bench_udc.py."""

import random
import string

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decklists import catalogue_cache
from decklists.domain import udc
from support.api_clients import client_for
from support.catalogue import catalogue  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def _unknown_names(n: int, seed: int = 1) -> list[str]:
    """Misspelt real card names (a letter changed): the costly kind, each close to many cards."""
    rng = random.Random(seed)
    index = catalogue_cache.card_index()
    real = sorted(card.name for card in index if len(card.name) > 8)
    names = []
    while len(names) < n:
        name = list(rng.choice(real))
        name[rng.randrange(len(name))] = rng.choice(string.ascii_lowercase)
        typo = "".join(name) + rng.choice(string.ascii_lowercase)
        if typo not in index:
            names.append(typo)
    return names


def _save(world, text: str, client=None):
    player = world.red.players.first()
    return (client or client_for(world.red)).put(
        f"/api/v1/players/{player.pk}/decklist/", {"main": text}, format="json"
    )


def test_999_unknown_names_cost_no_more_searches_or_queries_than_ten(world, monkeypatch):
    """The work of a save does not grow with the unknown names beyond reading the lines: the
    catalogue is searched for suggestions ("did you mean") for the first SUGGESTED_NAMES only,
    and the database is asked the same number of times. (Its time, under 100 ms for this list,
    is measured by tests/bench/bench_udc.py.)"""
    searched: list[str] = []
    index_type = type(catalogue_cache.card_index())
    real_suggest = index_type.suggest

    def counting_suggest(self, name, *args, **kwargs):
        searched.append(name)
        return real_suggest(self, name, *args, **kwargs)

    monkeypatch.setattr(index_type, "suggest", counting_suggest)
    client = client_for(world.red)
    _save(world, "1 Warm up", client)  # the client's first request sets up what a server has
    queries = {}
    for n in (10, 999):
        searched.clear()
        text = "\n".join(f"1 {name}" for name in _unknown_names(n, seed=n))
        with CaptureQueriesContext(connection) as captured:
            response = _save(world, text, client)
        assert response.status_code == 200
        problems = [p for p in response.json()["problems"] if p["code"] == "unknown_card"]
        assert len(problems) == n
        assert len(searched) == udc.SUGGESTED_NAMES
        queries[n] = len(captured)
    assert queries[999] == queries[10], queries


def test_the_first_unknown_names_still_get_suggestions(world):
    text = "1 Lightnig Bolt\n" + "\n".join(f"1 {name}" for name in _unknown_names(50, 9))
    response = _save(world, text)
    problems = [p for p in response.json()["problems"] if p["code"] == "unknown_card"]
    first = next(p for p in problems if p["card"] == "Lightnig Bolt")
    assert "Did you mean" in first["message"]
    assert "Lightning Bolt" in first["message"]
    suggested = [p for p in problems if "Did you mean" in p["message"]]
    assert 1 <= len(suggested) <= udc.SUGGESTED_NAMES
    assert len(problems) == 51
