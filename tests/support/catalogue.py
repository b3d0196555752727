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
    from tournament import catalogue_cache
    from tournament.models import BanList, Card
    from tournament.services.catalogue import load_shipped

    with django_db_blocker.unblock():
        if Card.objects.count() < SHIPPED_CARDS or not BanList.objects.exists():
            load_shipped()
        index = catalogue_cache.card_index()
    return index


@pytest.fixture
def catalogue_live(django_db_setup, django_db_blocker):
    """For live-server tests, which empty the database after each test: load it again if gone."""
    from tournament import catalogue_cache
    from tournament.models import BanList, Card
    from tournament.services.catalogue import load_shipped

    with django_db_blocker.unblock():
        if Card.objects.count() < SHIPPED_CARDS or not BanList.objects.exists():
            load_shipped()
        return catalogue_cache.card_index()
