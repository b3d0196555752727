"""The shipped card catalogue in the test database, loaded at most once per test module.

The catalogue is committed to the test database (outside the tests' rolled-back transactions),
so the 30,000 cards are written once per run. A test that flushes the database (browser tests on
the live server) removes it; the next module that needs it loads it again.

Use it in a test module with::

    from support.catalogue import catalogue  # noqa: F401
    pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]
"""

import pytest

SHIPPED_CARDS = 30_679


@pytest.fixture(scope="module")
def catalogue(django_db_setup, django_db_blocker):
    """The shipped catalogue and banlists are in the database (committed)."""
    from decklists import catalogue_cache
    from decklists.models import BanList, Card, CardAlias
    from decklists.services.catalogue import load_shipped

    with django_db_blocker.unblock():
        if (
            Card.objects.count() < SHIPPED_CARDS
            or not BanList.objects.exists()
            or not CardAlias.objects.exists()
        ):
            load_shipped()
        index = catalogue_cache.card_index()
    return index


def load_subset(names) -> None:
    """Load only these cards of the shipped catalogue (and the shipped banlists): instant.

    For live-server tests, which empty the database after each test: the whole catalogue
    would be written again for every test.
    """
    import gzip
    import io
    import json

    from decklists.catalogue import SHIPPED_DIR
    from decklists.services.catalogue import import_banlists, import_cards, read_banlists_file

    wanted = set(names)
    with gzip.open(SHIPPED_DIR / "cards.jsonl.gz", "rt", encoding="utf-8") as lines:
        kept = [line for line in lines if json.loads(line)["name"] in wanted]
    import_cards(fileobj=io.BytesIO("".join(kept).encode()), source="test subset")
    with (SHIPPED_DIR / "banlists.json.gz").open("rb") as fileobj:
        import_banlists(data=read_banlists_file(fileobj), source="shipped banlists")
