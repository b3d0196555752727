"""REST API of judging (docs/api.md "Penalties", "Clock", "Deck checks"): penalties (issue, list,
rescind), the round clock and a table's time, deck checks (start, end, list).

Rights (docs/api.md "Who may call"): a judge issues and reads penalties (Perm.PENALTIES); a Game
Loss or more (Tardiness and Decklist Problem aside), an override and a rescission are the head
judge's (Perm.SEVERE_PENALTIES): 403 with ``code`` ``head_judge_only`` or
``override_head_judge_only``.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response

from access import Perm, access_event, access_match, access_round, actor_for
from access.judging import access_deck_check, access_penalty
from core.api_errors import ErrorSerializer
from core.api_views import APIView
from judging import selectors, services
from judging.domain.clock import RoundState
from judging.domain.infractions import BY_CODE, Variant
from judging.domain.infractions import Penalty as Code
from judging.models import EXTENSION_REASONS, OUTCOMES, DeckCheck, Penalty
from judging.selectors import clock as clock_selectors
from judging.services import clock as clock_services
from pairing.models import Round
from tournament.models import Event, Player, Team

# --- shapes ----------------------------------------------------------------------------------


class PenaltySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    team = serializers.IntegerField()
    team_name = serializers.CharField()
    round = serializers.IntegerField(allow_null=True, help_text="the round's id")
    round_number = serializers.IntegerField(help_text="the round it counts in; 0 before round 1")
    match = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    infraction = serializers.ChoiceField(choices=sorted(BY_CODE))
    variants = serializers.ListField(child=serializers.CharField())
    penalty = serializers.ChoiceField(choices=[c.value for c in Code])
    proposed = serializers.CharField(
        help_text="a `penalty` code: what Tandem proposed (differs if overridden)"
    )
    upgraded = serializers.BooleanField()
    upgraded_from = serializers.CharField(allow_null=True)
    match_points_deducted = serializers.IntegerField()
    extra_turns_added = serializers.IntegerField()
    related = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="penalties issued with this one (FtMGS to the others, or its cause)",
    )
    notes = serializers.CharField(allow_blank=True)
    reasons = serializers.ListField(child=serializers.CharField())
    override_reason = serializers.CharField(allow_blank=True)
    waiting_for_next_match = serializers.BooleanField()
    no_effect = serializers.BooleanField(help_text="Game Losses to both teams at once")
    issued_by = serializers.CharField(allow_null=True)
    issued_at = serializers.DateTimeField()
    rescinded = serializers.BooleanField()
    rescinded_at = serializers.DateTimeField(allow_null=True)
    rescinded_by = serializers.CharField(allow_null=True)
    rescind_reason = serializers.CharField(allow_blank=True)


class PenaltyCreatedSerializer(PenaltySerializer):
    related_penalties = PenaltySerializer(many=True, help_text="the rows of `related`")


class PenaltyInSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1)
    round = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    infraction = serializers.CharField(max_length=20)
    notes = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    penalty = serializers.ChoiceField(
        choices=[c.value for c in Code], required=False, allow_null=True
    )
    override_reason = serializers.CharField(required=False, allow_blank=True, max_length=1000)
    variants = serializers.ListField(
        child=serializers.ChoiceField(choices=[v.value for v in Variant]),
        required=False,
        max_length=len(Variant),
    )
    ftmgs_to = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        allow_null=True,
        max_length=7,
        help_text="narrows Failure to Maintain Game State to these players; [] issues none",
    )
    tardiness_minutes = serializers.FloatField(
        required=False, allow_null=True, min_value=0, max_value=1000
    )
    game_cannot_continue = serializers.BooleanField(required=False, default=False)
    simultaneous_with = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="a Game Loss given to the other team at the same moment (IPG 1.1)",
    )


class RescindInSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000)


class RescindedSerializer(PenaltySerializer):
    undone = serializers.ListField(
        child=serializers.CharField(), help_text="what was undone, or kept and why"
    )


# --- json --------------------------------------------------------------------------------------


def _name(user) -> str | None:
    return user.get_username() if user is not None else None


def penalty_json(row: Penalty, related: list[int] | None = None) -> dict:
    return {
        "id": row.pk,
        "player": row.player_id,
        "player_name": row.player.name,
        "team": row.team_id,
        "team_name": row.team.name,
        "round": row.round_id,
        "round_number": row.round_number,
        "match": row.match_id,
        "table": row.table,
        "infraction": row.infraction,
        "variants": list(row.variants),
        "penalty": row.penalty,
        "proposed": row.proposed,
        "upgraded": row.upgraded,
        "upgraded_from": row.upgraded_from or None,
        "match_points_deducted": row.match_points_deducted,
        "extra_turns_added": row.extra_turns_added,
        "related": related if related is not None else selectors.related_ids(row),
        "notes": row.notes,
        "reasons": list(row.reasons),
        "override_reason": row.override_reason,
        "waiting_for_next_match": row.pending_next,
        "no_effect": row.no_effect,
        "issued_by": _name(row.issued_by),
        "issued_at": row.issued_at.isoformat(),
        "rescinded": row.rescinded_at is not None,
        "rescinded_at": row.rescinded_at.isoformat() if row.rescinded_at else None,
        "rescinded_by": _name(row.rescinded_by),
        "rescind_reason": row.rescind_reason,
    }


# --- views -----------------------------------------------------------------------------------


def _bad(field: str, message: str) -> exceptions.ValidationError:
    return exceptions.ValidationError({field: [message]})


def _player(event: Event, pk: int) -> Player:
    player = Player.objects.filter(event=event, pk=pk).first()
    if player is None:
        raise _bad("player", "Not a player of this event.")
    return player


def _round(event: Event, pk: int | None) -> Round | None:
    if pk is None:
        return None
    round_ = Round.objects.filter(event=event, pk=pk).first()
    if round_ is None:
        raise _bad("round", "Not a round of this event.")
    return round_


def _simultaneous(event: Event, pk: int | None) -> Penalty | None:
    if pk is None:
        return None
    other = Penalty.objects.filter(event=event, pk=pk).first()
    if other is None:
        raise _bad("simultaneous_with", "Not a penalty of this event.")
    return other


_WHOLE = {"type": "integer", "minimum": 0, "maximum": 10**18 - 1}  # selectors.parse_filters
FILTERS = [
    OpenApiParameter("round", _WHOLE, description="round number"),
    OpenApiParameter("team", _WHOLE, description="team id"),
    OpenApiParameter("player", _WHOLE, description="player id"),
    OpenApiParameter(
        "infraction",
        str,
        enum=sorted(BY_CODE),
        description="infraction code, e.g. GPE-GRV (any case)",
    ),
    OpenApiParameter("rescinded", bool, description="true: only rescinded; false: only standing"),
]


class EventPenaltiesView(APIView):
    @extend_schema(parameters=FILTERS, responses=PenaltySerializer(many=True))
    def get(self, request, pk: int):
        """The event's penalties, oldest first (judges)."""
        event = access_event(request.caller, pk, Perm.PENALTIES)
        rows = selectors.penalties_of(event, selectors.parse_filters(request.query_params))
        return Response([penalty_json(row) for row in rows])

    @extend_schema(
        request=PenaltyInSerializer,
        responses={
            201: PenaltyCreatedSerializer,
            403: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request, pk: int):
        """Issue a penalty: without `penalty`, Tandem works it out (docs/rules.md "Penalties");
        Failure to Maintain Game State goes to the other players (narrowed by `ftmgs_to`)."""
        caller = request.caller
        event = access_event(caller, pk, Perm.PENALTIES)
        data = PenaltyInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        issued = services.penalty_issue(
            event=event,
            actor=actor_for(caller, event),
            wanted=services.PenaltyInput(
                player=_player(event, values["player"]),
                infraction=values["infraction"],
                round_=_round(event, values.get("round")),
                variants=values.get("variants", []),
                notes=values.get("notes", ""),
                penalty=values.get("penalty"),
                override_reason=values.get("override_reason", ""),
                ftmgs_to=values.get("ftmgs_to"),
                tardiness_minutes=values.get("tardiness_minutes"),
                game_cannot_continue=values.get("game_cannot_continue", False),
                simultaneous_with=_simultaneous(event, values.get("simultaneous_with")),
            ),
        )
        children = [penalty_json(row, [issued.penalty.pk]) for row in issued.related]
        body = penalty_json(issued.penalty, [row.pk for row in issued.related])
        body["related_penalties"] = children
        return Response(body, status=status.HTTP_201_CREATED)


class PenaltyRescindView(APIView):
    @extend_schema(
        request=RescindInSerializer,
        responses={200: RescindedSerializer, 409: ErrorSerializer},
    )
    def post(self, request, pk: int):
        """The head judge rescinds a penalty: its effects are undone, both stay in the history."""
        penalty = access_penalty(request.caller, pk, Perm.SEVERE_PENALTIES)
        data = RescindInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        done = services.penalty_rescind(
            penalty=penalty, by=request.user, reason=data.validated_data["reason"]
        )
        row = selectors.penalties_of(penalty.event).get(pk=done.penalty.pk)
        return Response(penalty_json(row) | {"undone": list(done.notes)})


# --- the round clock (docs/api.md "Clock", "Pass at time") -----------------------------------


class ClockSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["not_started", "running", "paused", "time_called"])
    ends_at = serializers.DateTimeField(allow_null=True)
    remaining_seconds = serializers.IntegerField(allow_null=True)
    time_called_at = serializers.DateTimeField(allow_null=True)
    server_now = serializers.DateTimeField()  # the server's clock, for a client's offset


class ClockInSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=services.CLOCK_ACTIONS)
    seconds = serializers.IntegerField(required=False, min_value=0)


class PassingInSerializer(serializers.Serializer):
    passing_at_time = serializers.BooleanField()


class PassingSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    passing_at_time = serializers.BooleanField()


class ExtensionInSerializer(serializers.Serializer):
    minutes = serializers.IntegerField(min_value=1, max_value=clock_services.MAX_EXTENSION)
    reason = serializers.ChoiceField(choices=[r for r, _ in EXTENSION_REASONS])
    began_at = serializers.DateTimeField(
        required=False,
        help_text="once time is called at the table: when the pause began, before the call "
        "(the extension counts from then); without it the extension is refused (409 time_called)",
    )


class ExtensionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    match = serializers.IntegerField()
    minutes = serializers.IntegerField()
    reason = serializers.CharField()
    given_at = serializers.DateTimeField()


def clock_json(round_: Round, state: RoundState | None = None) -> dict:
    now = timezone.now()
    state = state or clock_selectors.clock_of(round_, now)
    return {
        "server_now": now,
        "status": state.status,
        "ends_at": state.ends_at,
        "remaining_seconds": state.remaining_seconds,
        "time_called_at": state.time_called_at,
    }


class RoundClockView(APIView):
    @extend_schema(responses={200: ClockSerializer})
    def get(self, request, pk: int):
        """The round's clock, computed from its start, pauses and corrections."""
        round_ = access_round(request.caller, pk)
        state = clock_selectors.clock_of(round_)
        return Response(ClockSerializer(clock_json(round_, state)).data)

    @extend_schema(
        request=ClockInSerializer, responses={200: ClockSerializer, 409: ErrorSerializer}
    )
    def post(self, request, pk: int):
        """The scorekeeper starts, pauses, resumes or corrects the round's clock."""
        round_ = access_round(request.caller, pk, Perm.MANAGE_CLOCK)
        data = ClockInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        services.clock_act(
            round_=round_, action=values["action"], seconds=values.get("seconds"), by=request.user
        )
        return Response(ClockSerializer(clock_json(round_)).data)


class MatchTimeView(APIView):
    @extend_schema(request=PassingInSerializer, responses={200: PassingSerializer})
    def post(self, request, pk: int):
        """A judge records whether the active team had announced passing at time (MTR 2.4)."""
        match = access_match(request.caller, pk, Perm.EXTENSIONS)
        data = PassingInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.passing_at_time_set(
            match=match, passing=data.validated_data["passing_at_time"], by=request.user
        )
        return Response({"match": match.pk, "passing_at_time": row.passing_at_time})


class MatchExtensionsView(APIView):
    @extend_schema(request=ExtensionInSerializer, responses={201: ExtensionSerializer})
    def post(self, request, pk: int):
        """A judge gives the table a time extension with its reason (MTR 2.6)."""
        match = access_match(request.caller, pk, Perm.EXTENSIONS)
        data = ExtensionInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.extension_give(
            match=match,
            minutes=data.validated_data["minutes"],
            reason=data.validated_data["reason"],
            began_at=data.validated_data.get("began_at"),
            by=request.user,
        )
        body = {
            "id": row.pk,
            "match": match.pk,
            "minutes": row.minutes,
            "reason": row.reason,
            "given_at": row.given_at,
        }
        return Response(ExtensionSerializer(body).data, status=status.HTTP_201_CREATED)


# --- deck checks (docs/api.md "Deck checks") --------------------------------------------------


class DeckCheckSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    match = serializers.IntegerField()
    table = serializers.IntegerField()
    team = serializers.IntegerField()
    team_name = serializers.CharField()
    chosen_at_random = serializers.BooleanField()
    started_at = serializers.DateTimeField()
    started_by = serializers.CharField(allow_null=True)
    ended_at = serializers.DateTimeField(allow_null=True)
    ended_by = serializers.CharField(allow_null=True)
    outcome = serializers.CharField(help_text="ok | problem; empty while the check runs")
    notes = serializers.CharField(allow_blank=True)
    minutes_taken = serializers.IntegerField(allow_null=True, help_text="rounded up")
    extension_minutes = serializers.IntegerField(
        allow_null=True, help_text="given to the table: the time taken plus three (MTR 2.6)"
    )


class DeckCheckInSerializer(serializers.Serializer):
    match = serializers.IntegerField(required=False, help_text="without it: a random table")
    team = serializers.IntegerField(
        required=False, help_text="without it: a random team of the table; alone: its table"
    )


class DeckCheckEndSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=[o for o, _ in OUTCOMES])
    notes = serializers.CharField(required=False, allow_blank=True, default="")


def deck_check_json(check: DeckCheck) -> dict:
    return {
        "id": check.pk,
        "round": check.round_id,
        "match": check.match_id,
        "table": check.match.table,
        "team": check.team_id,
        "team_name": check.team.name,
        "chosen_at_random": check.chosen_at_random,
        "started_at": check.started_at,
        "started_by": _name(check.started_by),
        "ended_at": check.ended_at,
        "ended_by": _name(check.ended_by),
        "outcome": check.outcome,
        "notes": check.notes,
        "minutes_taken": check.minutes_taken,
        "extension_minutes": check.extension.minutes if check.extension is not None else None,
    }


def _checks() -> QuerySet[DeckCheck]:
    return DeckCheck.objects.select_related("match", "team", "extension", "started_by", "ended_by")


class RoundDeckChecksView(APIView):
    @extend_schema(responses=DeckCheckSerializer(many=True))
    def get(self, request, pk: int):
        """The round's deck checks, oldest first (judges)."""
        round_ = access_round(request.caller, pk, Perm.DECK_CHECKS)
        rows = _checks().filter(round=round_).order_by("started_at", "id")
        return Response(DeckCheckSerializer([deck_check_json(c) for c in rows], many=True).data)

    @extend_schema(
        request=DeckCheckInSerializer,
        responses={201: DeckCheckSerializer, 400: ErrorSerializer, 409: ErrorSerializer},
    )
    def post(self, request, pk: int):
        """Take a team's decks (IPG 3.5): at the table and of the team given, or drawn at random
        among the round's tables still playing."""
        round_ = access_round(request.caller, pk, Perm.DECK_CHECKS)
        data = DeckCheckInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        match = None
        if "match" in values:
            match = round_.matches.filter(pk=values["match"]).first()
            if match is None:
                raise _bad("match", gettext("Not a table of this round."))
        team = None
        if "team" in values:
            team = Team.objects.filter(pk=values["team"], event_id=round_.event_id).first()
            if team is None:
                raise _bad("team", gettext("Not a team of this table."))
        check = services.deck_check_start(round_=round_, match=match, team=team, by=request.user)
        body = deck_check_json(_checks().get(pk=check.pk))
        return Response(DeckCheckSerializer(body).data, status=status.HTTP_201_CREATED)


class DeckCheckEndView(APIView):
    @extend_schema(
        request=DeckCheckEndSerializer,
        responses={200: DeckCheckSerializer, 400: ErrorSerializer, 409: ErrorSerializer},
    )
    def post(self, request, pk: int):
        """The decks are back: the outcome, and the table's extension of the time taken plus
        three minutes (MTR 2.6)."""
        check = access_deck_check(request.caller, pk)
        data = DeckCheckEndSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.deck_check_end(
            check=check,
            outcome=data.validated_data["outcome"],
            notes=data.validated_data["notes"],
            by=request.user,
        )
        return Response(DeckCheckSerializer(deck_check_json(_checks().get(pk=check.pk))).data)
