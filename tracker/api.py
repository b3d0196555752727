"""REST API of a table's game (docs/api.md "Tracker"): read the game, add an event.

Rights (access.access_match): a team reads and writes only the game of a match it plays; staff
read any table of their event (Perm.READ_GAME) and a scorekeeper or judge may write
(Perm.TRACK_GAME). An event the game refuses is a 400 with the domain's code
(tracker.domain.game_model.ErrorCode).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from access import Perm, access_match, plays
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from core.errors import ServiceError
from tracker import selectors, services
from tracker.domain.game_model import EVENT_TYPES

# --- shapes (the schema; the views answer the dicts of tracker.selectors.contract) ------------


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
    match_over = serializers.BooleanField(help_text="false after a drawn game: a new game follows")


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
    log = LogRowSerializer(many=True)


class EventInSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=sorted(EVENT_TYPES))
    player = serializers.IntegerField(required=False)
    team = serializers.IntegerField(required=False)
    amount = serializers.IntegerField(required=False, min_value=-1000, max_value=1000)
    changes = ChangeSerializer(many=True, required=False)
    client_id = serializers.CharField(max_length=64, help_text="the phone's idempotency key")


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
            raise ServiceError("The body is one event: a JSON object.", code="missing_field")
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
