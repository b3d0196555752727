import pytest

from support.push import Receiver


@pytest.fixture
def receiver(settings):
    """A push service on 127.0.0.1, the only host allowed (plain HTTP: a test's receiver)."""
    server = Receiver()
    settings.PUSH_ALLOWED_HOSTS = [server.host]
    settings.PUSH_ALLOW_HTTP = True
    yield server
    server.close()


@pytest.fixture(autouse=True)
def _no_flags_left():
    """Ids come again after a test's rollback: no "this event has subscriptions" in the cache
    for the next test's event of the same id."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
