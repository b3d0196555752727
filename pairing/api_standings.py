"""REST API of the standings (docs/api.md "Standings"): the table after a round, and one team's
line with how each number was computed. Seen as the rounds are (pairing.api): staff from the
moment a round is paired, everyone else once it is published."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response

from access import access_event, sees_unpublished
from core.api_views import APIView
from pairing import explain, selectors
from pairing.adapters import percent
from pairing.models import Round
from tournament.models import Event

# --- shapes ------------------------------------------------------------------------------------


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    team = serializers.IntegerField()
    name = serializers.CharField()
    match_points = serializers.IntegerField(help_text="Match Point penalties taken off")
    wins = serializers.IntegerField(help_text="byes included")
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    missed = serializers.IntegerField(
        help_text="rounds missed by a late entry: a match loss each, counted in losses"
    )
    penalty_points = serializers.IntegerField()
    omw = serializers.FloatField()
    gw = serializers.FloatField()
    ogw = serializers.FloatField()
    dropped = serializers.BooleanField()


class StandingsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    order = serializers.ChoiceField(choices=["team", "individual"])
    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(
            choices=["match_points", "omw", "oomw", "gw", "ogw", "random"]
        ),
        help_text="the keys that order the rows, in order; oomw only as the event's local rule",
    )
    seed = serializers.IntegerField(help_text="of the final random tiebreak")
    rows = StandingRowSerializer(many=True)


class StandingExplainedSerializer(StandingRowSerializer):
    round = serializers.IntegerField()
    mw = serializers.FloatField()
    oomw = serializers.FloatField()
    rounds_played = serializers.IntegerField()
    random_key = serializers.IntegerField()
    explanation = serializers.DictField()


AFTER_ROUND = OpenApiParameter(
    "after_round",
    {"type": "integer", "minimum": 0, "maximum": 1000},  # _int_param
    description="Standings after this Swiss round (default: the last complete one)",
)


# --- JSON ----------------------------------------------------------------------------------


def _int_param(request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0 or value > 1000:
        raise exceptions.ValidationError({name: ["Must be a round number (0 or more)."]})
    return value


def standing_json(row, info: selectors.TeamInfo) -> dict:
    return {
        "rank": row.rank,
        "team": row.team,
        "name": info.name,
        "match_points": row.match_points,
        "wins": row.wins,
        "losses": row.losses,
        "draws": row.draws,
        "byes": row.byes,
        "missed": row.missed,
        "penalty_points": row.penalty_points,
        "omw": percent(row.omw),
        "gw": percent(row.gw),
        "ogw": percent(row.ogw),
        "dropped": info.dropped,
    }


# --- views ---------------------------------------------------------------------------------


class StandingsView(APIView):
    @extend_schema(parameters=[AFTER_ROUND], responses=StandingsSerializer)
    def get(self, request, pk: int):
        """The standings in the MTR order (percentages as decimals, 4 places)."""
        event = access_event(request.caller, pk)
        table = selectors.standings(
            event,
            after_round=_after_round(request, event),
            published_only=not sees_unpublished(request.caller, event),
        )
        return Response(
            {
                "round": table.round,
                "order": selectors.settings.of(event).tiebreak_order,
                "tiebreakers": tiebreak_keys(event),
                "seed": table.seed,
                "rows": [standing_json(row, table.teams[row.team]) for row in table.rows],
            }
        )


class TeamStandingView(APIView):
    @extend_schema(
        operation_id="events_standings_team_retrieve",
        parameters=[AFTER_ROUND],
        responses=StandingExplainedSerializer,
    )
    def get(self, request, pk: int, team_id: int):
        """One team's line with OOMW% and how each number was computed."""
        event = access_event(request.caller, pk)
        table = selectors.standings(
            event,
            after_round=_after_round(request, event),
            published_only=not sees_unpublished(request.caller, event),
        )
        row = table.row(team_id)
        if row is None:
            raise exceptions.NotFound("That team has no line in these standings.")
        body = standing_json(row, table.teams[row.team])
        body.update(explain.row_numbers(row))
        body["round"] = table.round
        body["explanation"] = explain.explanation_json(row, table)
        return Response(body)


def tiebreak_keys(event: Event) -> list[str]:
    """The keys of the event's order (MTR 3.1, App. C; OOMW% only as its local rule)."""
    chosen = selectors.settings.of(event)
    if chosen.tiebreak_order == "individual":
        return ["match_points", "omw", "gw", "ogw", "random"]
    if chosen.tiebreak_oomw:
        return ["match_points", "omw", "oomw", "random"]
    return ["match_points", "omw", "random"]


def _after_round(request, event: Event) -> int | None:
    wanted = _int_param(request, "after_round")
    if wanted is None:
        return None
    paired = Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()
    return min(wanted, paired)
