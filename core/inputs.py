"""Input no form or service should have to survive, refused at the door with a 400 and a message
(never a 500 from deep inside): a NUL character (PostgreSQL cannot store one in text), text that
is not UTF-8 once its %-escapes are decoded, a single value longer than INPUT_VALUE_MAX_CHARS
(no field holds that much; a pasted decklist or CSV is a few kilobytes), and a username longer
than any account's (django-axes records the name it was given in a 255-character column).

What gets past (a value built inside a view, a JSON body) and still makes the database refuse
it is answered the same way: process_exception turns a DataError into that 400.
"""

from __future__ import annotations

import json
import logging
from urllib.parse import unquote_to_bytes

from django.conf import settings
from django.db import DataError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext

log = logging.getLogger("tandem.security")

USERNAME_MAX = 150  # django.contrib.auth's User.username
_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _not_utf8(raw: str | bytes) -> bool:
    data = raw.encode("latin-1", "replace") if isinstance(raw, str) else raw
    try:
        unquote_to_bytes(data.replace(b"+", b" ")).decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def _values(request: HttpRequest):
    yield from request.GET.lists()
    # The API's serializers name the field themselves (a NUL: "Text may not contain the NUL
    # character."); its bodies are checked there.
    if (
        request.method == "POST"
        and request.content_type in _FORM_TYPES
        and not request.path_info.startswith("/api/")
    ):
        yield from request.POST.lists()


def problem(request: HttpRequest) -> str | None:
    """What is wrong with the request's query and form values, in words; None: nothing."""
    query = request.META.get("QUERY_STRING", "")
    if query and _not_utf8(query):
        return gettext("The address is not valid text (UTF-8).")
    if (
        request.method == "POST"
        and request.content_type == _FORM_TYPES[0]
        and not request.path_info.startswith("/api/")
        and _not_utf8(request.body)
    ):
        return gettext("The form's text is not valid (UTF-8).")
    longest = settings.INPUT_VALUE_MAX_CHARS
    for name, values in _values(request):
        field = name[:40]
        if "\x00" in name or len(name) > longest:
            return gettext("The form has a field name that is not valid.")
        for value in values:
            if "\x00" in value:
                return gettext("The %(field)s contains a NUL character.") % {"field": field}
            if len(value) > longest:
                return gettext("The %(field)s is too long (more than %(count)s characters).") % {
                    "field": field,
                    "count": f"{longest:,}",
                }
        if name == "username" and any(len(v) > USERNAME_MAX for v in values):
            return gettext("No username is longer than %(count)s characters.") % {
                "count": USERNAME_MAX
            }
    return None


def bad_request(request: HttpRequest, message: str) -> HttpResponse:
    if request.path_info.startswith("/api/"):
        body = json.dumps({"detail": message, "code": "bad_request"})
        return HttpResponse(body, status=400, content_type="application/json")
    return render(request, "400.html", {"message": message}, status=400)


class SoundInputMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # A body Django itself refuses (too large, too many fields) raises here: its own 400.
        message = problem(request)
        if message is not None:
            log.info("Refused input (%s): %s", request.path, message)
            return bad_request(request, message)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, DataError):
            log.warning("The database refused a value: %s (%s)", exception, request.path)
            return bad_request(
                request, gettext("A value was refused: too long, or characters no text may hold.")
            )
        return None
