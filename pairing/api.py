"""REST API of rounds, matches and results (docs/api.md "Rounds, clock, matches, results"); the
standings' in pairing.api_standings.

Visibility: a round is seen by staff from the moment it is paired, by everyone else (teams
included) once it is published. Rounds are read through the access layer like everything else.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response

from access import (
    Perm,
    access_event,
    access_match,
    access_round,
    can,
    require,
    sees_unpublished,
)
from core import timing
from core.api_views import APIView
from pairing import presenters, selectors, services
from pairing.domain.match_format import games_bounds
from pairing.models import Match, Round
from tournament.models import Event

GAMES_BOUNDS = games_bounds()

# --- shapes (the schema; the views build the same dicts directly, fast for big rounds) -----


class MatchBriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    team_a = serializers.IntegerField()
    team_b = serializers.IntegerField(allow_null=True, help_text="null: a bye")
    team_a_name = serializers.CharField()
    team_b_name = serializers.CharField(allow_null=True)
    bye = serializers.BooleanField()
    status = serializers.CharField(help_text="pending | reported | disputed | final")
    result = serializers.ChoiceField(choices=Match.Result.values, allow_null=True)
    note = serializers.CharField(help_text="why a pair-down, a rematch, or the playoff seeds")
    chooses_play_draw = serializers.IntegerField(
        allow_null=True, help_text="the team that chooses to play or draw (MTR 9.3); null: a bye"
    )


class RoundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField()
    number = serializers.IntegerField()
    stage = serializers.ChoiceField(choices=Round.Stage.values)
    published = serializers.BooleanField()
    version = serializers.IntegerField()
    bye_note = serializers.CharField(allow_null=True)
    warnings = serializers.ListField(child=serializers.CharField(), help_text="staff only")
    seed = serializers.IntegerField(required=False, help_text="staff only")
    matches = MatchBriefSerializer(many=True)


class PairInSerializer(serializers.Serializer):
    publish = serializers.BooleanField(required=False, default=True)
    confirm = serializers.BooleanField(
        required=False,
        default=False,
        help_text="round 1: pair even though some teams' decklists are missing or illegal",
    )
    request_id = serializers.CharField(
        required=False,
        default="",
        allow_blank=True,
        max_length=64,
        help_text="the client's id of this request: its retry returns the round it paired (200)",
    )


class DecklistGapSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=["missing", "illegal"])


class PairConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    code = serializers.CharField()
    teams = DecklistGapSerializer(
        many=True, required=False, help_text="with code decklists_not_ready"
    )


class RoundBriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    stage = serializers.ChoiceField(choices=Round.Stage.values)
    published = serializers.BooleanField()
    matches = serializers.IntegerField(help_text="matches played at a table (byes not counted)")
    final = serializers.IntegerField()
    disputed = serializers.IntegerField()


class ReportSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    games_a = serializers.IntegerField()
    games_b = serializers.IntegerField()
    games_drawn = serializers.IntegerField()


class MatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    round_number = serializers.IntegerField()
    event = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    team_a = serializers.IntegerField()
    team_b = serializers.IntegerField(allow_null=True)
    team_a_name = serializers.CharField()
    team_b_name = serializers.CharField(allow_null=True)
    bye = serializers.BooleanField()
    games_a = serializers.IntegerField()
    games_b = serializers.IntegerField()
    games_drawn = serializers.IntegerField()
    result = serializers.ChoiceField(choices=Match.Result.values, allow_null=True)
    status = serializers.CharField(help_text="pending | reported | disputed | final")
    chooses_play_draw = serializers.IntegerField(
        allow_null=True, help_text="the team that chooses to play or draw (MTR 9.3); null: a bye"
    )
    time = serializers.DictField(
        allow_null=True, help_text="the round clock (null until it exists)"
    )
    reports = ReportSerializer(many=True, required=False, help_text="staff only")


class ResultInSerializer(serializers.Serializer):
    # The bounds over every match format, for the schema; the service checks the event's own.
    games_a = serializers.IntegerField(min_value=0, max_value=GAMES_BOUNDS["games_a"])
    games_b = serializers.IntegerField(min_value=0, max_value=GAMES_BOUNDS["games_b"])
    games_drawn = serializers.IntegerField(min_value=0, max_value=GAMES_BOUNDS["games_drawn"])
    override = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Staff: replace a final result that differs (without it, 409 result_conflict).",
    )
    note = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=200,
        help_text="staff only: the ruling in a few words, kept in the round's log",
    )


class DisputedSerializer(serializers.Serializer):
    """A 409: `disputed` (with the match) or another conflict, such as a bye's result."""

    detail = serializers.CharField()
    code = serializers.CharField()
    match = MatchSerializer(required=False, help_text="The match, when `code` is `disputed`.")


class SwapInSerializer(serializers.Serializer):
    team_1 = serializers.IntegerField()
    team_2 = serializers.IntegerField()


class SwapOutSerializer(serializers.Serializer):
    warnings = serializers.ListField(child=serializers.CharField())
    round = RoundSerializer()


def _staff(request, event: Event) -> bool:
    """Whether the caller is staff of the event (sees unpublished rounds, warnings, reports)."""
    return sees_unpublished(request.caller, event)


# --- JSON ----------------------------------------------------------------------------------


def match_brief(m: Match) -> dict:
    return {
        "id": m.pk,
        "table": m.table,
        "team_a": m.team_a_id,
        "team_b": m.team_b_id,
        "team_a_name": m.team_a.name,
        "team_b_name": m.team_b.name if m.team_b is not None else None,
        "bye": m.team_b_id is None,
        "status": m.status,
        "result": m.result,
        "note": presenters.match_note(m),
        "chooses_play_draw": m.chooses_play_draw_team_id,
    }


_BRIEF_COLUMNS = (
    "id", "table", "team_a_id", "team_b_id", "team_a__name", "team_b__name", "status", "result",
    "note", "notes", "chooses_play_draw",
)  # fmt: skip


def round_json(round_: Round, *, staff: bool) -> dict:
    # Read as rows, not model instances: the answer of a 2,048-match round is built at once.
    rows = list(
        round_.matches.order_by(F("table").asc(nulls_last=True)).values_list(*_BRIEF_COLUMNS)
    )
    names: dict[int, str] = {}
    for _id, _table, a, b, a_name, b_name, *_rest in rows:
        names[a] = a_name
        if b is not None:
            names[b] = b_name
    notes = presenters.round_notes(round_, names)
    body = {
        "id": round_.pk,
        "event": round_.event_id,
        "number": round_.number,
        "stage": round_.stage,
        "published": round_.published,
        "version": round_.version,
        "bye_note": notes.bye_note,
        "warnings": notes.warnings if staff else [],
        "matches": [_brief_row(row, names) for row in rows],
    }
    if staff:
        body["seed"] = round_.seed
    return body


def _brief_row(row: tuple, names: dict[int, str]) -> dict:
    """``match_brief`` of a row of _BRIEF_COLUMNS."""
    pk, table, a, b, a_name, b_name, status_, result, note, notes, chooses = row
    if notes:
        note = presenters.notes_text(presenters.notes_of(notes), names)
    return {
        "id": pk,
        "table": table,
        "team_a": a,
        "team_b": b,
        "team_a_name": a_name,
        "team_b_name": b_name if b is not None else None,
        "bye": b is None,
        "status": status_,
        "result": result,
        "note": note,
        "chooses_play_draw": a if chooses == "a" else b if chooses == "b" else None,
    }


def match_json(m: Match, *, staff: bool) -> dict:
    body: dict[str, Any] = {
        "id": m.pk,
        "round": m.round_id,
        "round_number": m.round.number,
        "event": m.round.event_id,
        "table": m.table,
        "team_a": m.team_a_id,
        "team_b": m.team_b_id,
        "team_a_name": m.team_a.name,
        "team_b_name": m.team_b.name if m.team_b is not None else None,
        "bye": m.is_bye,
        "games_a": m.games_a,
        "games_b": m.games_b,
        "games_drawn": m.games_drawn,
        "result": m.result,
        "status": m.status,
        "chooses_play_draw": m.chooses_play_draw_team_id,
        "time": selectors.match_times(m.round, [m]).get(m.pk),
    }
    if staff:
        body["reports"] = [
            {
                "team": r.team_id,
                "games_a": r.games_a,
                "games_b": r.games_b,
                "games_drawn": r.games_drawn,
            }
            for r in m.reports.all()
        ]
    return body


# --- views ---------------------------------------------------------------------------------


class EventRoundsView(APIView):
    @extend_schema(responses=RoundBriefSerializer(many=True))
    def get(self, request, pk: int):
        event = access_event(request.caller, pk)
        staff = _staff(request, event)
        rounds = selectors.rounds_with_counts(event, published_only=not staff)
        return Response(
            [
                {
                    "id": r.pk,
                    "number": r.number,
                    "stage": r.stage,
                    "published": r.published,
                    "matches": r.match_count,
                    "final": r.final_count,
                    "disputed": r.disputed_count,
                }
                for r in rounds
            ]
        )

    @extend_schema(
        request=PairInSerializer,
        responses={201: RoundSerializer, 200: RoundSerializer, 409: PairConflictSerializer},
    )
    def post(self, request, pk: int):
        """Pair the next round (Swiss, then the top cut). 409 while a round is unfinished.

        The round is published at once, so teams see their tables and may report, unless the
        body says `{"publish": false}`: then staff check it first and publish it with
        POST /rounds/{id}/publish/ (the pages work that way).

        Round 1 answers 409 `decklists_not_ready` with the `teams` whose lists are missing or
        illegal, unless the body says `{"confirm": true}`.
        """
        event = access_event(request.caller, pk, Perm.MANAGE_ROUNDS)
        body = PairInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        round_ = services.round_pair_next(
            event=event,
            by=request.user,
            check_decklists=not body.validated_data["confirm"],
            check_arrivals=not body.validated_data["confirm"],
            request_id=body.validated_data["request_id"],
        )
        replayed = getattr(round_, "replayed", False)
        if body.validated_data["publish"] and not round_.published:
            round_ = services.round_publish(round_=round_, by=request.user)
        answer = status.HTTP_200_OK if replayed else status.HTTP_201_CREATED
        with timing.phase("answer"):
            answered = round_json(round_, staff=True)
        return Response(answered, status=answer)


class RoundView(APIView):
    @extend_schema(responses=RoundSerializer)
    def get(self, request, pk: int):
        round_ = access_round(request.caller, pk)
        return Response(round_json(round_, staff=_staff(request, round_.event)))

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int):
        """Unpair the newest round while it has no results (409 otherwise)."""
        round_ = access_round(request.caller, pk, Perm.MANAGE_ROUNDS)
        services.round_unpair(round_=round_, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundPublishView(APIView):
    @extend_schema(request=None, responses=RoundSerializer)
    def post(self, request, pk: int):
        round_ = access_round(request.caller, pk, Perm.MANAGE_ROUNDS)
        round_ = services.round_publish(round_=round_, by=request.user)
        return Response(round_json(round_, staff=True))


class RoundSwapView(APIView):
    @extend_schema(request=SwapInSerializer, responses=SwapOutSerializer)
    def post(self, request, pk: int):
        """Swap two teams between their matches (or with the bye); warns of rematches and
        point differences the change creates."""
        round_ = access_round(request.caller, pk, Perm.MANAGE_ROUNDS)
        data = request.data
        outcome = services.round_swap_teams(
            round_=round_,
            team_1=data.get("team_1"),
            team_2=data.get("team_2"),
            by=request.user,
        )
        return Response(
            {"warnings": outcome.warnings, "round": round_json(outcome.round, staff=True)}
        )


class RoundMissingView(APIView):
    @extend_schema(responses=MatchBriefSerializer(many=True))
    def get(self, request, pk: int):
        """Matches without a final result, by table (staff: the floor's list)."""
        round_ = access_round(request.caller, pk, Perm.ENTER_RESULTS)
        return Response([match_brief(m) for m in selectors.missing_results(round_)])


class MatchView(APIView):
    @extend_schema(responses=MatchSerializer)
    def get(self, request, pk: int):
        match = access_match(request.caller, pk)
        return Response(match_json(match, staff=_staff(request, match.round.event)))

    @extend_schema(
        request=inline_serializer(
            "MatchPatch",
            {
                "table": serializers.IntegerField(required=False),
                "chooses_play_draw": serializers.IntegerField(
                    required=False, help_text="a team of the match (head judge)"
                ),
            },
        ),
        responses=MatchSerializer,
    )
    def patch(self, request, pk: int):
        """Move the match to another table (a match already there takes this one's table); the
        head judge may name the team that chooses to play or draw (MTR 2.2)."""
        match = access_match(request.caller, pk, Perm.MANAGE_ROUNDS)
        data = request.data
        if isinstance(data, dict) and "chooses_play_draw" in data:
            require(request.caller, Perm.SEVERE_PENALTIES, match.round.event)
            services.match_set_play_draw(
                match=match, team=data.get("chooses_play_draw"), by=request.user
            )
        if "table" in data:
            services.match_set_table(match=match, table=data.get("table"), by=request.user)
        match.refresh_from_db()
        return Response(match_json(match, staff=True))


class MatchResultView(APIView):
    @extend_schema(
        request=ResultInSerializer,
        responses={200: MatchSerializer, 409: DisputedSerializer},
    )
    def post(self, request, pk: int):
        """Staff: the result is final. A team: `reported`, final when the other team reports
        the same; a different report makes it `disputed` (409 to the second reporter)."""
        caller = request.caller
        match = access_match(caller, pk, Perm.REPORT_RESULT)  # staff, or a team playing it
        data = ResultInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        override = values.pop("override")
        note = values.pop("note", "")
        if can(caller, Perm.ENTER_RESULTS, match.round.event):
            match = services.match_enter_result(
                match=match, by=request.user, override=override, note=note, **values
            )
            return Response(match_json(match, staff=_staff(request, match.round.event)))
        outcome = services.match_report_result(match=match, team=caller.team, **values)
        body = match_json(outcome.match, staff=False)
        if outcome.disputed:
            return Response(
                {
                    "detail": "The other team reported a different result; a judge or the "
                    "scorekeeper will decide.",
                    "code": "disputed",
                    "match": body,
                },
                status=status.HTTP_409_CONFLICT,
            )
        return Response(body)
