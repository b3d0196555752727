"""One translation of errors into JSON answers for the whole API (api.md: never a 500 for bad input)."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from tournament.errors import AccessDenied, NotVisible, ServiceError


def exception_handler(exc, context):
    request = context.get("request")
    if isinstance(exc, ServiceError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, NotVisible):
        exc = exceptions.NotFound()
    elif isinstance(exc, AccessDenied):
        authenticated = request is not None and (
            request.user.is_authenticated or request.auth is not None
        )
        if not authenticated:
            exc = exceptions.NotAuthenticated()
        else:
            exc = exceptions.PermissionDenied("You do not have the right to do this in this event.")
    elif isinstance(exc, DjangoValidationError):
        return Response(
            {"detail": "; ".join(exc.messages), "code": "invalid"},
            status=status.HTTP_400_BAD_REQUEST,
        )
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else None
        if isinstance(codes, str):
            response.data["code"] = codes
    return response
