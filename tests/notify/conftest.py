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
