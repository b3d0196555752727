"""REST API of event files (docs/api.md "Event files")."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response

from access import Perm, access_event
from carry.services import exchange
from carry.views import event_file_response
from core.api_errors import ErrorSerializer
from core.api_views import APIView


class EventExportView(APIView):
    """The event as one file (organizer): what POST /api/v1/events/import/ takes."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, pk: int):
        event = access_event(request.caller, pk, Perm.EDIT_EVENT)
        return event_file_response(event)


class EventImportView(APIView):
    """POST an event file (the JSON body, or a multipart field `file`): a new event, organized
    by the caller, with new ids; 400 {detail, code: bad_event_file} and nothing saved for a
    wrong file."""

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={
            201: inline_serializer(
                "EventImported", {"id": serializers.IntegerField(), "name": serializers.CharField()}
            ),
            400: ErrorSerializer,
        },
    )
    def post(self, request):
        if not request.user.is_authenticated:
            if request.auth is not None:
                raise exceptions.PermissionDenied("A team key cannot import events; log in.")
            raise exceptions.NotAuthenticated()
        upload = request.FILES.get("file")
        data = exchange.parse_upload(upload) if upload is not None else request.data
        event = exchange.event_import(data=data, organizer=request.user)
        return Response({"id": event.pk, "name": event.name}, status=status.HTTP_201_CREATED)
