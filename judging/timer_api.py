"""The Limited timers in the API (docs/api.md "Limited timers"): read every timer of an event
with the server's clock, and start, pause, resume, correct or reset one."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from access import Perm, access_event, can
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from judging.domain.limited_timers import TIMER_KINDS, Step
from judging.selectors import limited_timers as selectors
from judging.services import limited_timers as services
from tournament.models import Event


class StepSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["pick", "review"])
    pack = serializers.IntegerField()
    pick = serializers.IntegerField(help_text="0 for the review after the pack")
    cards = serializers.IntegerField(help_text="cards in the pack when the team picks")
    seconds = serializers.IntegerField()
    direction = serializers.ChoiceField(choices=["left", "right"])


class TimerSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=TIMER_KINDS)
    status = serializers.ChoiceField(choices=["not_started", "running", "paused", "time_called"])
    length_seconds = serializers.IntegerField(allow_null=True)
    remaining_seconds = serializers.IntegerField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)
    warning = serializers.BooleanField(help_text="the last 5 minutes of a build timer")
    step = StepSerializer(allow_null=True)
    step_remaining = serializers.IntegerField(allow_null=True)
    step_ends_at = serializers.DateTimeField(allow_null=True)
    next_step = StepSerializer(allow_null=True)


class TimersSerializer(serializers.Serializer):
    server_now = serializers.DateTimeField()
    timers = TimerSerializer(many=True)
    missing_decklists = serializers.ListField(
        child=serializers.CharField(),
        help_text="with ?missing=1, staff only, once construction's time is called: the teams"
        " whose lists are missing",
    )


class TimerInSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=TIMER_KINDS)
    action = serializers.ChoiceField(choices=services.TIMER_ACTIONS)
    minutes = serializers.IntegerField(required=False, min_value=1)
    release_weekend = serializers.BooleanField(required=False)
    packs = serializers.IntegerField(required=False)
    pack_size = serializers.IntegerField(required=False)
    seconds = serializers.IntegerField(required=False, min_value=0)
    pack = serializers.IntegerField(required=False)
    pick = serializers.IntegerField(required=False)


def _step(step: Step | None) -> dict | None:
    if step is None:
        return None
    return {
        "kind": step.kind,
        "pack": step.pack,
        "pick": step.pick,
        "cards": step.cards,
        "seconds": step.seconds,
        "direction": step.direction,
    }


def timers_json(event: Event, *, staff: bool, now: datetime | None = None) -> dict:
    now = now or timezone.now()
    timers = []
    missing: list[str] = []
    for view in selectors.timers_of(event, now):
        state = view.state
        timers.append(
            {
                "kind": view.kind,
                "status": state.status if state else "not_started",
                "length_seconds": view.timer.length_seconds if view.timer else None,
                "remaining_seconds": state.remaining_seconds if state else None,
                "ends_at": state.ends_at if state else None,
                "warning": bool(state and state.warning),
                "step": _step(state.step) if state else None,
                "step_remaining": state.step_remaining if state else None,
                "step_ends_at": state.step_ends_at if state else None,
                "next_step": _step(state.next_step) if state else None,
            }
        )
        if staff and view.kind == "construction" and state and state.status == "time_called":
            missing = [t.name for t in selectors.missing_decklists(event)]
    return {"server_now": now, "timers": timers, "missing_decklists": missing}


class LimitedTimersView(APIView):
    @extend_schema(responses={200: TimersSerializer})
    def get(self, request, pk: int):
        """The event's Limited timers, computed from their starts, pauses and corrections."""
        event = access_event(request.caller, pk)
        # The missing lists check every team's lists: only when asked, not on every poll.
        staff = _staff(request, event) and request.query_params.get("missing") == "1"
        return Response(TimersSerializer(timers_json(event, staff=staff)).data)

    @extend_schema(
        request=TimerInSerializer, responses={200: TimersSerializer, 409: ErrorSerializer}
    )
    def post(self, request, pk: int):
        """The scorekeeper (or organizer, head judge) runs a timer."""
        event = access_event(request.caller, pk, Perm.MANAGE_CLOCK)
        data = TimerInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        services.timer_act(
            event=event,
            kind=values.pop("kind"),
            action=values.pop("action"),
            data=values,
            by=request.user,
        )
        return Response(TimersSerializer(timers_json(event, staff=False)).data)


def _staff(request, event: Event) -> bool:
    return can(request.caller, Perm.MANAGE_CLOCK, event)
