"""The error pages people see in a browser: CSRF failures (a cleared cookie, a login in another
tab) and a form sent after the session expired. Both keep what was typed and offer to send it
again, with a fresh token, but only for a form that came from this site.

400, 403, 404, 500 and 503 (the database unreachable, server_error) are the templates of the same names in templates/ (Django's handlers).
"""

from __future__ import annotations

import logging
import sys
from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

MAX_RESENT_VALUES = 200
MAX_RESENT_CHARS = 200_000
DATABASE_RETRY_SECONDS = 5  # the 503's Retry-After, as the API's (core/api_errors.py)


def _same_site(request: HttpRequest) -> bool:
    """The form was sent from a page of this site: a cross-site form is never offered again."""
    source = request.META.get("HTTP_ORIGIN") or request.META.get("HTTP_REFERER") or ""
    if not source:
        return False
    host = urlsplit(source).netloc
    return bool(host) and url_has_allowed_host_and_scheme(
        source, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )


def resent_fields(request: HttpRequest) -> list[tuple[str, str]] | None:
    """The POSTed fields to send again (the old token left out), or None when the form cannot
    be offered again: not from this site, with files, or too large to carry."""
    if request.method != "POST" or request.FILES or not _same_site(request):
        return None
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name != "csrfmiddlewaretoken"
        for value in values
    ]
    if (
        len(fields) > MAX_RESENT_VALUES
        or sum(len(n) + len(v) for n, v in fields) > MAX_RESENT_CHARS
    ):
        return None
    return fields


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW: say what happened in words and offer to send the form again."""
    logging.getLogger("django.security.csrf").warning(
        "CSRF check failed: %s (%s)", reason, request.path
    )
    context = {"fields": resent_fields(request), "action": request.get_full_path()}
    return render(request, "errors/csrf.html", context, status=403)


def session_expired(request: HttpRequest) -> HttpResponse:
    """A form sent by someone no longer logged in: nothing was saved; the form is kept."""
    context = {"fields": resent_fields(request), "action": request.get_full_path()}
    return render(request, "errors/session_expired.html", context, status=401)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500 (config/urls.py): the database unreachable (PostgreSQL down or restarting,
    found in a view or in a middleware such as the session's) is a 503 page that says so and when
    to try again; any other fault is the 500 page. Rendered without the request's context, like
    Django's own: nothing in it may need the database."""
    from django.db import InterfaceError, OperationalError
    from django.template import loader
    from django.views import defaults

    exc = sys.exc_info()[1]
    if not isinstance(exc, OperationalError | InterfaceError):
        return defaults.server_error(request)
    body = loader.get_template("503.html").render({"retry_seconds": DATABASE_RETRY_SECONDS})
    response = HttpResponse(body, status=503)
    response["Retry-After"] = str(DATABASE_RETRY_SECONDS)
    return response
