"""Bodies that the database could not store are refused at the door, for every endpoint:
JSON, form-encoded and multipart alike. Every endpoint takes a JSON object, so any other JSON
value (a list, a string, a number, null) is refused here too, once, for all of them.

A NUL character is refused by PostgreSQL and a lone surrogate (valid in JSON's \\ud800 escapes,
invalid in UTF-8) by every driver: both would otherwise surface as a 500 deep in a query.

JSON nested deeper than MAX_JSON_DEPTH (no endpoint takes more than a few levels) is refused
before anything walks it: recursive code (the checks below, serializers, error formatting) would
otherwise run out of stack on a body of a few kilobytes.
"""

import json

from django.utils.translation import gettext
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

MAX_JSON_DEPTH = 32


def _too_deep(value: object, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when lists and objects nest deeper than `limit` (iterative: no recursion)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _bad_text(value: object) -> str | None:
    if isinstance(value, str):
        if "\x00" in value:
            return gettext("Text may not contain the NUL character.")
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            return gettext("Text contains an invalid character (a lone surrogate).")
        return None
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    for item in items:
        problem = _bad_text(item)
        if problem:
            return problem
    return None


def _too_deep_message() -> str:
    return gettext("JSON nested more than %(max)s levels deep.") % {"max": MAX_JSON_DEPTH}


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_too_deep_message()) from None
        if not isinstance(data, dict):
            raise ParseError(gettext("Send a JSON object."))
        if _too_deep(data):
            raise ParseError(_too_deep_message())
        # Name the field, as every other 400 does.
        errors = {str(k): [p] for k, v in data.items() if (p := _bad_text([k, v]))}
        if errors:
            raise ValidationError(errors)
        return data


def _check_form(data) -> None:
    """A form's fields (a QueryDict): 400 naming each field with a NUL in its name or value."""
    errors = {str(k): [p] for k, values in data.lists() if (p := _bad_text([k, values]))}
    if errors:
        raise ValidationError(errors)


class SafeFormParser(FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        _check_form(data)
        return data


class SafeMultiPartParser(MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        _check_form(parsed.data)
        return parsed


def plain_json_object(body: bytes) -> dict | None:
    """A UTF-8 JSON body that SafeJSONParser takes as it is: the object, else None (a body it
    refuses or changes: the parser then answers, with its reasons). For a view that reads a
    small JSON body without DRF's request machinery."""
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or _too_deep(data) or _bad_text(data):
        return None
    return data


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")  # NaN, Infinity: refused as DRF's strict parser does
