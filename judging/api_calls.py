"""REST API of judge calls (docs/api.md "Judge calls"): a table calls, judges claim, escalate and
resolve, the calling team withdraws; the event's calls for its staff, one call for staff and the
table's teams.

Rights: the table's teams (X-Team-Key) and the event's staff call and read; judges (Perm.
EXTENSIONS) claim, escalate and resolve, and an escalated call is the head judge's (403
``head_judge_only``); a scorekeeper reads only (403); anyone else, another event's staff
included, gets 404.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response

from access import Perm, actor_for, plays
from access import judging as judging_access
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from core.errors import AccessDenied
from judging.domain.calls import REASONS, RULE_MAX, RULING_MAX, STATUSES
from judging.models.calls import NOTE_MAX, JudgeCall
from judging.selectors import calls as selectors
from judging.services import calls as services
from judging.services.clock import MAX_EXTENSION
from tournament.models import Player


class JoinSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    team = serializers.IntegerField(allow_null=True)
    player = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField(allow_blank=True)


class CallSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField()
    round = serializers.IntegerField(help_text="the round's id")
    match = serializers.IntegerField()
    table = serializers.IntegerField()
    status = serializers.ChoiceField(choices=STATUSES)
    reason = serializers.CharField(allow_blank=True, help_text="one of the reasons, or empty")
    note = serializers.CharField(allow_blank=True)
    called_at = serializers.DateTimeField()
    called_by_team = serializers.IntegerField(allow_null=True, help_text="null: staff called")
    called_by_player = serializers.IntegerField(allow_null=True)
    called_by_staff = serializers.CharField(allow_null=True)
    claimed_at = serializers.DateTimeField(allow_null=True)
    claimed_by = serializers.CharField(allow_null=True, help_text="the judge's name")
    escalated_at = serializers.DateTimeField(allow_null=True)
    escalated_by = serializers.CharField(allow_null=True)
    head_judge = serializers.CharField(allow_null=True, help_text="who took the escalated call")
    resolved_at = serializers.DateTimeField(allow_null=True)
    resolved_by = serializers.CharField(allow_null=True)
    ruling = serializers.CharField(allow_blank=True)
    rule = serializers.CharField(allow_blank=True)
    withdrawn_at = serializers.DateTimeField(allow_null=True)
    seconds_waiting = serializers.IntegerField(help_text="from the call to the first judge")
    unclaimed_too_long = serializers.BooleanField(help_text="open and untaken for 2 minutes")
    minutes_open = serializers.IntegerField(help_text="from the call to its end, rounded up")
    proposed_extension_minutes = serializers.IntegerField(
        allow_null=True,
        help_text="MTR 2.6: pending, what resolving now proposes; resolved, what was proposed",
    )
    extension_minutes = serializers.IntegerField(
        allow_null=True, help_text="the extension given at the ruling (0: none); null before"
    )
    joins = JoinSerializer(many=True)
    penalties = serializers.ListField(child=serializers.IntegerField())


class CallInSerializer(serializers.Serializer):
    reason = serializers.ChoiceField(choices=REASONS, required=False, allow_blank=True)
    note = serializers.CharField(required=False, allow_blank=True, max_length=NOTE_MAX)
    player = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, help_text="the caller's own player"
    )


class ResolveInSerializer(serializers.Serializer):
    ruling = serializers.CharField(max_length=RULING_MAX)
    rule = serializers.CharField(required=False, allow_blank=True, max_length=RULE_MAX)
    extension_minutes = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=MAX_EXTENSION,
        help_text="absent or null: the proposal; 0: none",
    )


def _answer(call: JudgeCall, code: int = status.HTTP_200_OK) -> Response:
    row = selectors.calls().get(pk=call.pk)
    return Response(CallSerializer(selectors.calls_json([row])[0]).data, status=code)


RESPONSES = {200: CallSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}


class MatchJudgeCallsView(APIView):
    @extend_schema(
        request=CallInSerializer,
        responses={201: CallSerializer, 200: CallSerializer, 404: ErrorSerializer},
    )
    def post(self, request, pk: int):
        """Call a judge to the table (its team's key, or staff): 201 the new call; while one is
        pending at the table, 200 with that call, which this one joined."""
        caller = request.caller
        match = judging_access.access_match_calls(caller, pk)
        data = CallInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        team = caller.team if plays(caller.team, match) else None
        player = None
        if values.get("player") is not None:
            player = Player.objects.filter(pk=values["player"], team=team).first()
            if player is None:
                raise exceptions.ValidationError({"player": ["Not a player of your team."]})
        called = services.judge_call(
            match=match,
            team=team,
            player=player,
            by=request.user if team is None else None,
            reason=values.get("reason", ""),
            note=values.get("note", ""),
        )
        return _answer(called.call, status.HTTP_201_CREATED if called.created else 200)


class EventJudgeCallsView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=list(STATUSES)),
            OpenApiParameter("round", int, description="round number"),
        ],
        responses={200: CallSerializer(many=True), 404: ErrorSerializer},
    )
    def get(self, request, pk: int):
        """The event's judge calls, oldest first (its judges and scorekeepers)."""
        event = judging_access.access_event_calls(request.caller, pk)
        wanted = request.query_params.get("status") or None
        if wanted is not None and wanted not in STATUSES:
            raise exceptions.ValidationError({"status": [f"One of {', '.join(STATUSES)}."]})
        round_ = None
        number = request.query_params.get("round")
        if number:
            try:
                wanted_round = int(number)
            except ValueError:
                raise exceptions.ValidationError({"round": ["A round number."]}) from None
            round_ = event.rounds.filter(number=wanted_round).first()
            if round_ is None:
                return Response([])
        rows = selectors.event_calls(event, wanted, round_)
        return Response(CallSerializer(selectors.calls_json(rows), many=True).data)


class JudgeCallView(APIView):
    @extend_schema(responses={200: CallSerializer, 404: ErrorSerializer})
    def get(self, request, pk: int):
        """One call (the event's staff, or the table's teams)."""
        return _answer(judging_access.access_call(request.caller, pk))


class JudgeCallClaimView(APIView):
    @extend_schema(request=None, responses=RESPONSES)
    def post(self, request, pk: int):
        """ "I take it" (judges); an escalated call, a head judge. 409 ``already_claimed`` with
        ``claimed_by`` when another judge took it first."""
        call = judging_access.access_call(request.caller, pk, Perm.EXTENSIONS)
        actor = actor_for(request.caller, call.match.round.event)
        services.judge_call_claim(call=call, actor=actor)
        return _answer(call)


class JudgeCallEscalateView(APIView):
    @extend_schema(request=None, responses=RESPONSES)
    def post(self, request, pk: int):
        """ "Head judge needed" (judges): the head judges' queue shows it first."""
        call = judging_access.access_call(request.caller, pk, Perm.EXTENSIONS)
        services.judge_call_escalate(call=call, by=request.user)
        return _answer(call)


class JudgeCallResolveView(APIView):
    @extend_schema(request=ResolveInSerializer, responses=RESPONSES)
    def post(self, request, pk: int):
        """ "Resolved" (judges; an escalated call, the head judge): the ruling in a line, and the
        table's extension: ``extension_minutes`` absent takes the proposal, 0 gives none."""
        call = judging_access.access_call(request.caller, pk, Perm.EXTENSIONS)
        data = ResolveInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        services.judge_call_resolve(
            call=call,
            actor=actor_for(request.caller, call.match.round.event),
            ruling=values["ruling"],
            rule=values.get("rule", ""),
            extension_minutes=values.get("extension_minutes"),
            now=timezone.now(),
        )
        return _answer(call)


class JudgeCallWithdrawView(APIView):
    @extend_schema(request=None, responses=RESPONSES)
    def post(self, request, pk: int):
        """The calling team withdraws its call (its key); 403 for the other team and staff."""
        call = judging_access.access_call(request.caller, pk)
        team = request.caller.team
        if not plays(team, call.match):
            raise AccessDenied
        services.judge_call_withdraw(call=call, team=team)
        return _answer(call)
