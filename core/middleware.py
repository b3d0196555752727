"""Every request gets its caller (``request.caller``, resolved once and lazily); pages answer
access errors like the API: 404 for what is private, login for anonymous callers."""

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.functional import SimpleLazyObject
from django.utils.module_loading import import_string

from core.errors import AccessDenied, NotVisible


def resolve_caller(request):
    """The caller of the request, by the function settings.TANDEM_CALLER_RESOLVER names (core
    imports no app)."""
    return import_string(settings.TANDEM_CALLER_RESOLVER)(request)


class CallerMiddleware:
    """request.caller: resolved on first use, after AuthenticationMiddleware set request.user."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.caller = SimpleLazyObject(lambda: resolve_caller(request))
        return self.get_response(request)


def _form_after_logout(request) -> bool:
    """A form sent to a staff page by someone not logged in, from a page of this site: the
    session ended while it was filled in (a team's own pages, /t/<key>/, have no session)."""
    from core.error_pages import resent_fields

    return (
        request.method == "POST"
        and not request.user.is_authenticated
        and not request.path.startswith("/t/")
        and not request.path.startswith("/api/")
        and resent_fields(request) is not None
    )


class AccessErrorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, NotVisible):
            if _form_after_logout(request):  # a private event's form, the session gone
                from core.error_pages import session_expired

                return session_expired(request)
            raise Http404("Not found.")
        if isinstance(exception, AccessDenied):
            if not request.user.is_authenticated:
                if _form_after_logout(request):  # the session ended while filling it: keep it
                    from core.error_pages import session_expired

                    return session_expired(request)
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied("You do not have the right to do this in this event.")
        return None
