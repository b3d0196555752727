"""REST API of a table's game (docs/api.md "Tracker"): read the game, add an event.

Rights (access.access_match): a team reads and writes only the game of a match it plays; staff
read any table of their event (Perm.READ_GAME) and a scorekeeper or judge may write
(Perm.TRACK_GAME). An event the game refuses is a 400 with the domain's code
(tracker.domain.game_model.ErrorCode).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.response import Response

from access import Caller, Joined, Perm, access_match, access_match_by_key_with, plays
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from core.errors import ServiceError
from core.middleware import early_write
from core.parsers import plain_json_object
from tracker import selectors, services
from tracker.domain.game_model import EVENT_TYPES

# --- shapes (the schema; the views answer the dicts of tracker.selectors.api_state) ------------


@extend_schema_field(
    {"type": "string", "pattern": services.CLIENT_ID_RE.pattern, "minLength": 1, "maxLength": 64}
)
class ClientIdField(serializers.CharField):
    """A phone's client_id, documented with the form tracker.services checks."""


class ChangeSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    life = serializers.IntegerField(required=False)
    poison = serializers.IntegerField(required=False)


class TeamStateSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    life = serializers.IntegerField()
    poison = serializers.IntegerField()
    lost = serializers.BooleanField()
    reason = serializers.CharField(
        allow_null=True, help_text="life | poison | conceded | player_lost | opponent_won"
    )


class LogRowSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    game = serializers.IntegerField()
    type = serializers.CharField()
    player = serializers.IntegerField(allow_null=True)
    team = serializers.IntegerField(allow_null=True)
    amount = serializers.IntegerField(allow_null=True)
    changes = ChangeSerializer(many=True)
    text = serializers.CharField(help_text="the event in words, as a judge reads it")
    applied = serializers.BooleanField(help_text="false: undone, or it had no effect")
    undone = serializers.BooleanField()
    undone_by = serializers.IntegerField(allow_null=True)
    at = serializers.DateTimeField(allow_null=True, help_text="when it was entered")
    by = serializers.CharField(help_text="the team or the user who entered it")


class MulliganSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    count = serializers.IntegerField()


class ProposalSerializer(serializers.Serializer):
    games_a = serializers.IntegerField()
    games_b = serializers.IntegerField()
    games_drawn = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    match_over = serializers.BooleanField(
        help_text="false after a drawn game while a new game may follow; true once time is "
        "called in Swiss (MTR 2.4: no new game begins, the draw is the result)"
    )
    no_new_game = serializers.CharField(
        required=False,
        allow_null=True,
        help_text="once time is called after a drawn game: why no new game begins (MTR 2.4)",
    )


class LastActionSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    text = serializers.CharField(help_text="its log row's words")


class GameSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="the game of the match (a restart keeps it)")
    seq = serializers.IntegerField(help_text="the last event's seq; 0 before the first")
    status = serializers.ChoiceField(choices=["playing", "over"])
    turn = serializers.IntegerField()
    active_team = serializers.IntegerField(allow_null=True)
    teams = TeamStateSerializer(many=True)
    winner = serializers.IntegerField(allow_null=True)
    drawn = serializers.BooleanField()
    chooser = serializers.IntegerField(allow_null=True, help_text="chooses play or draw")
    starter = serializers.IntegerField(allow_null=True, help_text="plays first")
    mulligans = MulliganSerializer(many=True)
    proposal = ProposalSerializer(allow_null=True, help_text="the result a finished game proposes")
    last_action = LastActionSerializer(
        allow_null=True,
        help_text="the latest action still in force: what an undo without amount undoes",
    )
    log = LogRowSerializer(many=True)


class EventInSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=sorted(EVENT_TYPES))
    player = serializers.IntegerField(required=False)
    team = serializers.IntegerField(required=False)
    amount = serializers.IntegerField(
        required=False,
        min_value=-1000,
        max_value=1000,
        help_text="undo: the seq to undo; left out, the latest action still in force",
    )
    changes = ChangeSerializer(many=True, required=False)
    client_id = ClientIdField(max_length=64, help_text="the phone's idempotency key")


class AddedSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    state = GameSerializer()


# --- views ------------------------------------------------------------------------------------


class GameView(APIView):
    @extend_schema(responses=GameSerializer)
    def get(self, request, pk: int):
        """The table's game: both teams' life and poison, the turn, the log."""
        match = access_match(request.caller, pk, Perm.READ_GAME)
        return Response(selectors.game_state(match))


class GameEventsView(APIView):
    @extend_schema(
        request=EventInSerializer,
        responses={201: AddedSerializer, 200: AddedSerializer, 400: ErrorSerializer},
    )
    def post(self, request, pk: int):
        """Add an event. The same `client_id` again answers the first answer with 200 (a phone
        may retry); an event the game refuses is a 400 with its code."""
        caller = request.caller
        match = access_match(caller, pk, Perm.TRACK_GAME)
        if not isinstance(request.data, dict):
            raise ServiceError(
                gettext("The body is one event: a JSON object."), code="missing_field"
            )
        data = dict(request.data)
        added = services.game_add_event(
            match=match,
            data=data,
            client_id=data.pop("client_id", None),
            by_user=request.user,
            by_team=caller.team if plays(caller.team, match) else None,
        )
        code = status.HTTP_201_CREATED if added.created else status.HTTP_200_OK
        return Response({"seq": added.seq, "state": added.state}, status=code)


# --- the phones' write, without DRF's machinery ----------------------------------------------
#
# A phone's event (X-Team-Key, a JSON object) is the one request sent 500 times a second during a
# round (issue 10). It is answered here as GameEventsView answers it, with the same statuses,
# bodies and headers, at a fraction of the cost: the team and its match in one query
# (access.access_match_by_key), no DRF request, negotiation or renderer. Every other request,
# and every one this path does not take as it is (a token, an unknown key, a match the key may
# not write, a body the parser would refuse, an Accept or ?format= asking for something else),
# goes to GameEventsView, which answers it as always. core.middleware.TeamKeyWritesMiddleware asks
# this path, before the session, the user and the rest of the middleware are loaded.

_MAX_BODY = 64 * 1024  # an event is a few hundred bytes; a bigger body takes the whole way
_JSON_TYPES = frozenset({"*/*", "application/*", "application/json"})
_HEADERS = {"Allow": "POST, OPTIONS", "Vary": "Accept"}  # what DRF's APIView adds


def _takes_fast_path(request: HttpRequest) -> bool:
    meta = request.META
    if (
        request.method != "POST"
        or "HTTP_X_TEAM_KEY" not in meta
        or "HTTP_AUTHORIZATION" in meta  # a token comes before the team key in DRF
        or meta.get("QUERY_STRING")
        or request.content_type != "application/json"
        or (request.content_params or {}).get("charset", "utf-8").lower() not in ("utf-8", "utf8")
    ):
        return False
    try:
        if not 0 < int(meta.get("CONTENT_LENGTH") or 0) <= _MAX_BODY:
            return False
    except ValueError:
        return False
    accept = meta.get("HTTP_ACCEPT", "*/*")
    return all(part.split(";")[0].strip() in _JSON_TYPES for part in accept.split(","))


def _json_response(data: object, status_code: int) -> HttpResponse:
    """As DRF's JSONRenderer writes it (compact, UTF-8, U+2028 and U+2029 escaped)."""
    return _text_response(services.json_text(data), status_code)


def _added_response(added: services.Added, status_code: int) -> HttpResponse:
    """``{"seq": ..., "state": ...}`` as _json_response writes it, with the state's text as the
    write encoded it when it did (the state is not encoded twice)."""
    if added.state_text is None:
        return _json_response({"seq": added.seq, "state": added.state}, status_code)
    return _text_response(f'{{"seq":{added.seq:d},"state":{added.state_text}}}', status_code)


def _text_response(text: str, status_code: int) -> HttpResponse:
    response = HttpResponse(text.encode(), status=status_code, content_type="application/json")
    for header, value in _HEADERS.items():
        response[header] = value
    return response


_GAME_ROW = Joined(services.GAME_TABLE, services.GAME_MATCH_COLUMN, services.GAME_ROW_COLUMNS)


def _team_write(request: HttpRequest, pk: int) -> HttpResponse | None:
    """The phone's event by the fast path, or None when the whole way must answer it."""
    if not _takes_fast_path(request):
        return None
    data = plain_json_object(request.body)  # the body stays readable for the whole way
    if data is None:
        return None
    try:
        key = request.META["HTTP_X_TEAM_KEY"].strip()
        found = access_match_by_key_with(key, pk, _GAME_ROW)  # the Game row in the same query
        if found is None:
            return None
        team, match, row = found
        request.caller = Caller(AnonymousUser(), team)  # type: ignore[attr-defined]  # the caller, as core.middleware.CallerMiddleware sets it on requests
        added = services.game_add_event(
            match=match,
            data=data,
            client_id=data.pop("client_id", None),
            by_team=team,
            row=services.game_row(row),
        )
    except ServiceError as exc:
        return _json_response(exc.as_dict(), exc.status)
    except (OperationalError, InterfaceError):
        return None  # nothing was saved: the whole way answers as the database allows (503)
    code = status.HTTP_201_CREATED if added.created else status.HTTP_200_OK
    return _added_response(added, code)


# POST /api/v1/matches/{id}/game/events/: GameEventsView, whose phone's event
# core.middleware.TeamKeyWritesMiddleware answers first by _team_write, before the session and the
# rest of the middleware; what _team_write does not take reaches the view.
game_events = early_write(_team_write)(GameEventsView.as_view())
