"""One translation of errors into JSON answers for the whole API (docs/api.md: never a 500 for bad input)."""

import logging

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.utils.translation import gettext
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from core.errors import AccessDenied, NotVisible, ServiceError

logger = logging.getLogger("tandem.api")


def exception_handler(exc, context):
    request = context.get("request")
    if isinstance(exc, ServiceError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            {"detail": gettext("The request body is too large."), "code": "too_large"},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, OperationalError | InterfaceError):
        # The database is unreachable or restarting: nothing was saved (the transaction is gone).
        logger.error("Database unavailable", exc_info=exc)
        return Response(
            {
                "detail": gettext("The database is unavailable; try again shortly."),
                "code": "unavailable",
            },
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": "5"},
        )
    if isinstance(exc, TooManyFieldsSent):
        return Response(
            {"detail": gettext("The request has too many fields."), "code": "too_many_fields"},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, NotVisible):
        exc = exceptions.NotFound()
    elif isinstance(exc, AccessDenied):
        authenticated = request is not None and (
            request.user.is_authenticated or request.auth is not None
        )
        if not authenticated:
            exc = exceptions.NotAuthenticated()
        else:
            exc = exceptions.PermissionDenied(
                gettext("You do not have the right to do this in this event.")
            )
    elif isinstance(exc, DjangoValidationError):
        return Response(
            {"detail": "; ".join(exc.messages), "code": "invalid"},
            status=status.HTTP_400_BAD_REQUEST,
        )
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_handler(exc, context)
    if isinstance(exc, exceptions.ValidationError) and response is not None:
        response.data = flatten_errors(response.data)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else None
        if isinstance(codes, str):
            response.data["code"] = codes
    return response


def flatten_errors(data: object) -> dict[str, list[str]]:
    """{field: [messages]} as docs/api.md says, also for nested serializers and lists of objects:
    {"players": {"0": {"name": ["Required."]}}} becomes {"players": ["1: name: Required."]}."""
    if not isinstance(data, dict):
        return {"non_field_errors": _messages(data)}
    return {str(field): _messages(value) for field, value in data.items()}


def _messages(value: object, prefix: str = "") -> list[str]:
    if isinstance(value, dict):
        out: list[str] = []
        for key, inner in value.items():
            label = "" if key == "non_field_errors" else f"{_label(key)}: "
            out.extend(_messages(inner, prefix + label))
        return out
    if isinstance(value, list):
        out = []
        for index, inner in enumerate(value):
            if isinstance(inner, dict | list):
                if inner:
                    out.extend(_messages(inner, f"{prefix}{index + 1}: "))
            else:
                out.append(f"{prefix}{inner}")
        return out
    return [f"{prefix}{value}"]


def _label(key: object) -> str:
    return str(int(str(key)) + 1) if str(key).isdigit() else str(key)


class ErrorSerializer(serializers.Serializer):
    """The schema of an error answer {detail, code} (OpenAPI component "Error"), for every app's
    extend_schema: one definition, so the schema has one component of that name."""

    detail = serializers.CharField()
    code = serializers.CharField()
