"""REST API of a table's game (docs/api.md "Tracker"): read the game, add an event.

Rights (access.access_match): a team reads and writes only the game of a match it plays; staff
read any table of their event (Perm.READ_GAME) and a scorekeeper or judge may write
(Perm.TRACK_GAME). An event the game refuses is a 400 with the domain's code
(tracker.domain.game_model.ErrorCode).
"""

from __future__ import annotations

import io
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import exceptions, serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.utils.mediatypes import media_type_matches

from access import (
    KEY_MATCH_COLUMNS,
    KEY_MATCH_SQL,
    Caller,
    KeyMatch,
    Perm,
    access_match,
    key_match_params,
    plays,
)
from core import api_errors
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from core.errors import ServiceError
from core.middleware import sessionless
from core.parsers import plain_json_object
from tournament.models import Team
from tracker import game_sql, selectors, services
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


class GameEventsSchema(APIView):
    # The schema of POST .../game/events/ (drf-spectacular reads it from the view's ``cls``):
    # the requests are answered by game_events below, a plain Django view; this class answers
    # nothing.

    @extend_schema(
        request=EventInSerializer,
        responses={201: AddedSerializer, 200: AddedSerializer, 400: ErrorSerializer},
    )
    def post(self, request, pk: int):
        """Add an event. The same `client_id` again answers the first answer with 200 (a phone
        may retry); an event the game refuses is a 400 with its code."""
        raise NotImplementedError  # pragma: no cover - game_events answers


# --- the write: one plain Django view -------------------------------------------------------
#
# POST /api/v1/matches/{id}/game/events/ is answered by game_events, a plain Django view (as
# healthchecks answers its pings): a phone's event is the request sent 500 times a second during a
# round (issue 10). It reads the caller with the API's authentication classes, in their order (a
# token, a team key, a session with its CSRF check), the body with the API's parsers, and answers
# what docs/api.md says with the statuses, bodies and headers of the API's other views (errors
# by core.api_errors). A phone's event (a team key, no token) costs one statement for the access
# check and the Game row together (access.KEY_MATCH_SQL joined with the row by
# tracker.game_sql) and the write's one; core.middleware.TeamKeyWritesMiddleware calls the view
# before the session and the rest of the middleware, which it does not need (``sessionless``).

_API: Any = api_settings  # the classes named in settings.REST_FRAMEWORK, imported
_AUTHENTICATORS = [cls() for cls in _API.DEFAULT_AUTHENTICATION_CLASSES]
_PARSERS = [cls() for cls in _API.DEFAULT_PARSER_CLASSES]
_RENDERS = [cls.media_type for cls in _API.DEFAULT_RENDERER_CLASSES]
_HEADERS = {"Allow": "POST, OPTIONS", "Vary": "Accept"}  # as DRF's views answer
_OPTIONS = {
    "name": "Game Events",
    "description": "",
    "renders": _RENDERS,
    "parses": [parser.media_type for parser in _PARSERS],
}
_KEYED_READ = game_sql.keyed_read_sql(KEY_MATCH_SQL)


@csrf_exempt  # a session's write is checked below, as the API checks it; a key or a token needs none
@sessionless
def game_events(request: HttpRequest, pk: int) -> HttpResponse:
    """Add an event to the match's game (docs/api.md "Tracker")."""
    user: Any = AnonymousUser()
    auth: object = None
    try:
        added = _phones_write(request, pk)
        if added is None:
            _acceptable(request)
            user, auth = _authenticate(request)
            request.user = user
            caller = request.caller = Caller(user, auth if isinstance(auth, Team) else None)  # type: ignore[attr-defined]  # the caller, as core.middleware.CallerMiddleware sets it
            data = _body(request) if request.method == "POST" else None
            if request.method == "OPTIONS":
                return _json_response(_OPTIONS, 200)
            if request.method != "POST":
                raise exceptions.MethodNotAllowed(str(request.method))
            match = access_match(caller, pk, Perm.TRACK_GAME)
            if not isinstance(data, dict):
                raise ServiceError(
                    gettext("The body is one event: a JSON object."), code="missing_field"
                )
            data = dict(data)
            added = services.game_add_event(
                match=match,
                data=data,
                client_id=data.pop("client_id", None),
                by_user=user,
                by_team=caller.team if plays(caller.team, match) else None,
            )
    except Exception as exc:  # noqa: BLE001 - every answer the API's views give; others raise
        return _error(request, exc, user, auth)
    return _added_response(added, 201 if added.created else 200)


def _phones_write(request: HttpRequest, pk: int) -> services.Added | None:
    """A phone's event (a team key, no token, a JSON body) when its key may track the match:
    its answer, the access check and the Game row read in one statement. None when the request
    is not that (the whole way then checks and answers it)."""
    meta = request.META
    if (
        request.method != "POST"
        or "HTTP_AUTHORIZATION" in meta
        or request.content_type != "application/json"
        or (request.encoding or "utf-8").lower() not in ("utf-8", "utf8")
    ):
        return None
    key = meta.get("HTTP_X_TEAM_KEY", "").strip()
    params = key_match_params(key, pk)
    if params is None or not _acceptable(request, answer=False):
        return None
    found = game_sql.keyed_read(_KEYED_READ, params, KEY_MATCH_COLUMNS)
    if found is None:
        return None
    data: Any = plain_json_object(request.body)
    if data is None:  # the parser's refusal, with its reasons
        data = _body(request)
    team, match = KeyMatch(*found[0]).objects(key)
    request.caller = Caller(AnonymousUser(), team)  # type: ignore[attr-defined]  # as above
    return services.game_add_event(
        match=match,
        data=data,
        client_id=data.pop("client_id", None),
        by_team=team,
        row=found[1],
    )


def _acceptable(request: HttpRequest, *, answer: bool = True) -> bool:
    """Whether the Accept header takes one of the API's media types (JSON; HTML, which gets
    JSON here); a 406 as the API's views answer it (with ``answer``) when it does not."""
    accept = request.META.get("HTTP_ACCEPT", "*/*")
    wanted = [part.strip() for part in accept.split(",")]
    if any(media_type_matches(media, part) for part in wanted for media in _RENDERS):
        return True
    if answer:
        raise exceptions.NotAcceptable()
    return False


def _authenticate(request: HttpRequest) -> tuple[Any, object]:
    """(user, auth) as the API's authentication classes find them, in their order; an
    AnonymousUser and None when none does. A session's write must carry its CSRF token."""
    for authenticator in _AUTHENTICATORS:
        if isinstance(authenticator, SessionAuthentication):
            user = getattr(request, "user", None)  # AuthenticationMiddleware's, lazily
            if user is None or not user.is_active:
                continue
            authenticator.enforce_csrf(request)  # type: ignore[arg-type]  # reads the Django request only
            return user, None
        found = authenticator.authenticate(request)  # reads META only
        if found is not None:
            return found
    return AnonymousUser(), None


def _body(request: HttpRequest) -> object:
    """The body as the API's parsers read it (an empty body: nothing; a media type none reads:
    415)."""
    media_type = request.META.get("CONTENT_TYPE", request.META.get("HTTP_CONTENT_TYPE", ""))
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if not length or not media_type:
        form = media_type.split(";")[0].strip() in (
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        )
        return QueryDict("", encoding=request.encoding) if form else {}
    parser = next((p for p in _PARSERS if media_type_matches(p.media_type, media_type)), None)
    if parser is None:
        raise exceptions.UnsupportedMediaType(media_type)
    context = {"request": request, "encoding": request.encoding or settings.DEFAULT_CHARSET}
    parsed = parser.parse(io.BytesIO(request.body), media_type, context)
    if hasattr(parsed, "files"):  # multipart: the fields and the files, as DRF's request.data
        data = parsed.data.copy()
        data.update(parsed.files)
        return data
    return parsed


class _Who:
    """The caller as core.api_errors.exception_handler reads it (``user``, ``auth``)."""

    def __init__(self, user: Any, auth: object) -> None:
        self.user, self.auth = user, auth


def _error(request: HttpRequest, exc: Exception, user: Any, auth: object) -> HttpResponse:
    """The API's answer to ``exc`` (core.api_errors), as DRF's views give it."""
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        failed: Any = exc  # DRF's views set the header's value on the exception
        failed.auth_header = _AUTHENTICATORS[0].authenticate_header(request)
    answer = api_errors.exception_handler(exc, {"request": _Who(user, auth)})
    if answer is None:
        raise exc
    headers = {h: v for h, v in answer.headers.items() if h in ("WWW-Authenticate", "Retry-After")}
    return _json_response(answer.data, answer.status_code, headers)


def _json_response(
    data: object, status_code: int, headers: dict[str, str] | None = None
) -> HttpResponse:
    """As DRF's JSONRenderer writes it (compact, UTF-8, U+2028 and U+2029 escaped)."""
    response = _text_response(services.json_text(data), status_code)
    for header, value in (headers or {}).items():
        response[header] = value
    return response


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


game_events.cls = GameEventsSchema  # type: ignore[attr-defined]  # read by drf-spectacular's endpoint enumerator
game_events.initkwargs = {}  # type: ignore[attr-defined]  # as APIView.as_view sets them
