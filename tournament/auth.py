"""The login throttle in Django's authentication: django-axes' backend, first in
AUTHENTICATION_BACKENDS (settings), refuses a locked-out address or account before the password
is checked. Calls without a request (management commands, the shell) have no address to count
and are not throttled."""

from axes.backends import AxesStandaloneBackend  # type: ignore[import-untyped]  # django-axes ships no type information


class LoginThrottleBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
