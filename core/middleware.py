"""Every request gets its caller (``request.caller``, resolved once and lazily); pages answer
access errors like the API: 404 for what is private, login for anonymous callers."""

import json

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.utils.functional import SimpleLazyObject
from django.utils.module_loading import import_string
from django.utils.translation import gettext

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


API_PREFIX = "/api/"

# The error code of an answer that was not made by the API's own error translation.
_CODES = {
    400: "bad_request",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    429: "throttled",
    500: "server_error",
    502: "bad_gateway",
    503: "unavailable",
}


class ApiJsonErrorsMiddleware:
    """Every error answer under /api/ is JSON {detail, code} (docs/api.md), also those made
    outside the API's views: an unknown path, a body refused before a view ran, a failing
    database, an exception in a middleware (Django's HTML 500 page is replaced). First in
    MIDDLEWARE, so it sees what every inner layer answered."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            request.path_info.startswith(API_PREFIX)
            and response.status_code >= 400
            and not response.get("Content-Type", "").startswith("application/json")
            and not getattr(response, "streaming", False)
        ):
            return _json_error(response)
        return response


def _json_error(response) -> HttpResponse:
    status = response.status_code
    detail = response.reason_phrase or "Error"
    if status >= 500:
        detail = gettext("Server error: the request was not completed; try again shortly.")
    body = {"detail": detail, "code": _CODES.get(status, "error")}
    answer = HttpResponse(json.dumps(body), status=status, content_type="application/json")
    for header, value in response.items():  # security headers, Retry-After, Allow, ...
        if header.lower() not in ("content-type", "content-length"):
            answer[header] = value
    return answer


# Pages load scripts, styles and images from this site only, and run no inline script or style
# (htmx's own indicator style is turned off in base.html). The live updates (Server-Sent Events)
# and htmx requests go to this site: connect-src 'self'.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
# Django's admin and DRF's browsable API (HTML under /api/) carry inline style attributes;
# scripts stay as strict there.
CONTENT_SECURITY_POLICY_LOOSE_STYLE = CONTENT_SECURITY_POLICY.replace(
    "style-src 'self'", "style-src 'self' 'unsafe-inline'"
)
# No page uses a camera, a microphone, the position or payments; nothing embedded may either.
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), "
    "magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), "
    "serial=(), usb=(), xr-spatial-tracking=(), interest-cohort=(), browsing-topics=()"
)


class SecurityHeadersMiddleware:
    """Content-Security-Policy and Permissions-Policy on every answer that lacks them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            loose = request.path_info.startswith(("/admin/", API_PREFIX))
            response["Content-Security-Policy"] = (
                CONTENT_SECURITY_POLICY_LOOSE_STYLE if loose else CONTENT_SECURITY_POLICY
            )
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
