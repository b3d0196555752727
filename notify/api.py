"""REST API of Web Push (docs/api.md "Push notifications"): the server's application key, and a
phone's subscription for its team (X-Team-Key) made and deleted."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api_errors import ErrorSerializer
from core.api_views import APIView
from core.errors import AccessDenied
from notify import services, vapid
from notify.domain import ENDPOINT_MAX
from tournament.models import Team

# RFC 8291 3: an uncompressed P-256 point (65 bytes, the first 0x04) and a 16-byte secret, in
# base64url with or without its padding.
P256DH = r"^B[A-P][A-Za-z0-9_-]{85}=?$"
AUTH = r"^[A-Za-z0-9_-]{22}(==)?$"


class KeySerializer(serializers.Serializer):
    public_key = serializers.CharField(
        help_text="the VAPID application server key: base64url of the uncompressed P-256 point "
        "(65 bytes), PushManager.subscribe's applicationServerKey"
    )


class SubscriptionKeysSerializer(serializers.Serializer):
    p256dh = serializers.RegexField(
        P256DH, max_length=88, help_text="the browser's P-256 public key (65 bytes), base64url"
    )
    auth = serializers.RegexField(
        AUTH, max_length=24, help_text="the browser's 16-byte auth secret, base64url"
    )


class SubscriptionInSerializer(serializers.Serializer):
    endpoint = serializers.URLField(
        max_length=ENDPOINT_MAX,
        help_text="the push service's address; its host must be in PUSH_ALLOWED_HOSTS",
    )
    keys = SubscriptionKeysSerializer()
    expirationTime = serializers.IntegerField(  # noqa: N815  (the browser's own JSON)
        required=False, allow_null=True, help_text="as the browser gives it; not used"
    )
    player = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=2**31 - 1,
        help_text="the player holding the phone (a player of the team)",
    )
    language = serializers.ChoiceField(
        choices=[code for code, _name in settings.LANGUAGES],
        required=False,
        help_text="of the notifications' words; default: the request's language",
    )


class SubscriptionSerializer(serializers.Serializer):
    id = serializers.IntegerField()


def _team(request) -> Team:
    team = request.caller.team
    if team is None:
        raise AccessDenied()
    return team


class PushKeyView(APIView):
    @extend_schema(responses={200: KeySerializer})
    def get(self, request):
        """The server's VAPID public key, to subscribe with (anyone)."""
        return Response({"public_key": vapid.public_key()})


class PushSubscriptionsView(APIView):
    @extend_schema(
        request=SubscriptionInSerializer,
        responses={201: SubscriptionSerializer, 400: ErrorSerializer, 403: ErrorSerializer},
    )
    def post(self, request):
        """Subscribe this phone to its team's notifications (X-Team-Key): the browser's
        PushSubscription JSON, with the player holding it and the language; the same endpoint
        again updates it (same id). A push service outside PUSH_ALLOWED_HOSTS: 400
        ``push_host_not_allowed``."""
        team = _team(request)
        data = SubscriptionInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        row = services.subscription_save(
            team=team,
            endpoint=values["endpoint"],
            p256dh=values["keys"]["p256dh"],
            auth=values["keys"]["auth"],
            player=values.get("player"),
            language=values.get("language") or (get_language() or "en")[:2],
        )
        return Response({"id": row.pk}, status=status.HTTP_201_CREATED)


class PushSubscriptionView(APIView):
    @extend_schema(request=None, responses={204: None, 403: ErrorSerializer, 404: ErrorSerializer})
    def delete(self, request, pk: int):
        """Unsubscribe (the team's key that subscribed)."""
        services.subscription_delete(team=_team(request), subscription_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
