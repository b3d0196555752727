"""Every request gets its caller (``request.caller``, resolved once and lazily); pages answer
access errors like the API: 404 for what is private, login for anonymous callers."""

import json
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.utils.module_loading import import_string
from django.utils.translation import gettext
from django.views.defaults import permission_denied

from core import keylog
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


class _AnswersEarly:
    """A middleware that answers some requests itself (``_takes``, then ``_early``; None: not
    this one) and hands every other one down the chain. In MIDDLEWARE after the middleware whose
    work such an answer needs (the host check and Content-Length: CommonMiddleware;
    X-Frame-Options), before the session and everything that reads it. The language is set here
    as LocaleMiddleware sets it (the switcher's cookie, else the browser's; Content-Language,
    Vary), with its own functions: the whole middleware, which also looks for a language in the
    path, cost a cached hit 0.03 ms more CPU (a tenth of a team page's)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if self._takes(request):
            response = self._early(request)
            if response is not None:
                return response
        return self.get_response(request)

    def _takes(self, request) -> bool:
        raise NotImplementedError

    def _early(self, request) -> HttpResponse | None:
        raise NotImplementedError


class CachedPagesMiddleware(_AnswersEarly):
    """Cached public pages answered before the session, the user and the rest of the middleware
    are loaded (core.pagecache.answers_early): for a GET from a caller who brings nothing of
    their own (no session cookie, so anonymous and without messages in a session; no messages
    cookie; no X-Team-Key or Authorization header; no ``key`` parameter) to a view that marks a
    lookup. Whatever the lookup does not answer goes down the chain as before. The page varies
    by Cookie, as SessionMiddleware would say of it, and by Accept-Language. The CSRF cookie is
    read and set by CsrfViewMiddleware's own methods (in MIDDLEWARE after LocaleMiddleware, so
    that Vary names Cookie first on every answer)."""

    def __init__(self, get_response):
        super().__init__(get_response)
        self.csrf = CsrfViewMiddleware(get_response)

    def _takes(self, request) -> bool:
        return _brings_nothing(request)

    def _early(self, request):
        route = _route(request.path_info, "cached_page")
        if route is None:
            return None
        self.csrf.process_request(request)  # the caller's CSRF secret, from the cookie
        response = _answer_early(request, route, vary=("Cookie", "Accept-Language"))
        if response is None:
            return None
        return self.csrf.process_response(request, response)  # the cookie, on the same response


def sessionless(view: Callable) -> Callable:
    """Mark an API view that answers a team's keyed write (a POST with X-Team-Key and no
    Authorization) without the session, the user or the middleware after
    TeamKeyWritesMiddleware: that middleware calls it for such a request, before they are
    loaded. The view reads the caller from the request's headers itself."""
    view.sessionless = True  # type: ignore[attr-defined]  # an attribute on the view function, read by the middleware
    return view


class TeamKeyWritesMiddleware(_AnswersEarly):
    """A team's keyed write to the API (a phone's game event: a POST with X-Team-Key, no
    Authorization and no query) answered by its view before the session, the user and the rest
    of the middleware are loaded, when the view is marked ``sessionless``. After
    CachedPagesMiddleware in MIDDLEWARE.

    The key throttle is checked here (an address past its unknown keys goes down the chain,
    which answers 429; an unknown key is counted, core.keylog.counted). The key is the caller's
    credential: no session, login or CSRF check is involved (the API checks CSRF for a session's
    requests only)."""

    def _takes(self, request) -> bool:
        meta = request.META
        return (
            request.method == "POST"
            and "HTTP_X_TEAM_KEY" in meta
            and "HTTP_AUTHORIZATION" not in meta
            and not meta.get("QUERY_STRING")  # the whole way checks a query (core.inputs)
            and request.path_info.startswith(API_PREFIX)
        )

    def _early(self, request):
        route = _route(request.path_info, "sessionless")
        if route is None or keylog.refused_address(request):
            return None
        return keylog.counted(
            request, lambda: _answer_early(request, route, vary=("Accept-Language",))
        )


def _answer_early(request, route: tuple, vary: tuple[str, ...]) -> HttpResponse | None:
    """The early answer of ``route`` (handler, args, kwargs) to an anonymous caller, in the
    caller's language as LocaleMiddleware picks it; None, and the request as it was, when the
    handler does not answer."""
    handler, args, kwargs = route
    translation.activate(translation.get_language_from_request(request))
    request.LANGUAGE_CODE = translation.get_language()
    request.user = AnonymousUser()
    request.caller = SimpleLazyObject(lambda: resolve_caller(request))
    response = handler(request, *args, **kwargs)
    if response is None:  # not kept: the chain sets these again, its own way
        del request.user, request.caller
        return None
    response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
    patch_vary_headers(response, vary)
    return response


_routes: dict[tuple[str, str], tuple | None] = {}
_ROUTES_KEPT = 4096


def _route(path: str, mark: str) -> tuple | None:
    """The early handler a view at ``path`` marks with ``mark`` (``cached_page``: its lookup;
    ``sessionless``: the view itself), with the view's arguments, or None. Resolving walks every pattern of the URL
    configuration (a tenth of a millisecond), so the view of a path is kept; the paths seen are
    few (a team's link, a table's events), and the table starts again when full."""
    key = (settings.ROOT_URLCONF, path)
    if key in _routes:
        found = _routes[key]
    else:
        try:
            match = resolve(path)
        except Resolver404:
            found = None
        else:
            found = (match.func, match.args, match.kwargs)
        if len(_routes) >= _ROUTES_KEPT:
            _routes.clear()
        _routes[key] = found
    if found is None:
        return None
    handler = getattr(found[0], mark, None)
    if handler is True:
        handler = found[0]
    return None if handler is None else (handler, found[1], found[2])


def _brings_nothing(request) -> bool:
    """A GET with nothing that could make the page the caller's own (see CachedPagesMiddleware)."""
    if request.method != "GET":
        return False
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME in cookies or CookieStorage.cookie_name in cookies:
        return False
    meta = request.META
    if "HTTP_X_TEAM_KEY" in meta or "HTTP_AUTHORIZATION" in meta:
        return False
    return "key" not in request.GET


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
            # A known caller without the right is an answer, not a fault: the 403 page, which
            # Django logs in one line ("Forbidden: <path>"); raised, its handler would log the
            # whole traceback.
            denied = PermissionDenied("You do not have the right to do this in this event.")
            return permission_denied(request, denied)
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
